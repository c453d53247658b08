#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pahole --compile across compile units: a struct or union named as one of
# another kind printed already is printed as NAME__1 (C has one namespace
# for the tags); a forward declaration of a struct defined afterwards in its
# CU is printed again where another CU needs one. Byte for byte upstream
# v1.32's text (tests/fixtures/compile/shadow_*.expected.txt, from
# gen_expected.sh), on shadow_a.c and shadow_b.c linked in both orders (gcc
# and clang, DWARF 4 and 5), but for one difference: an enum named as a
# struct printed already is renamed too, where upstream's text does not
# compile (man pahole, DIFFERENCES FROM UPSTREAM); ours compiles.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
command -v clang >/dev/null || skip "no clang"
FX=$TOP/tests/fixtures/compile
PAHOLE_RUN=("$PAHOLE")
. "$FX/cases.sh"
cd "$TMP" || fail "cannot cd to $TMP"

compiles() { gcc -fsyntax-only -w -x c - <"$1" >/dev/null 2>&1; }

objs=$(shadow_objects "$FX") || fail "cannot build the shadow objects"
nr=0
for obj in $objs; do
	shadow_cases "$obj" >ours.txt
	# Upstream's names for the enum ours renames (same width: the columns stay).
	sed -e 's/^enum bar__1 {/enum bar {/' -e 's/enum bar__1 /enum bar    /' ours.txt >as_upstream.txt
	if ! cmp -s as_upstream.txt "$FX/${obj%.o}.expected.txt"; then
		no "MISMATCH $obj"
		diff as_upstream.txt "$FX/${obj%.o}.expected.txt" | head -10
	fi
	"$PAHOLE" --compile "$obj" >c.txt 2>/dev/null
	compiles c.txt || no "MISMATCH $obj: --compile does not compile"
	nr=$((nr + 1))
done
finish "--compile across CUs" "--compile across CUs as upstream v1.32 on $nr objects, compiling"
