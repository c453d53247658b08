#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# pahole --compile on whole files: each struct after what it needs, no empty
# line after a struct printed at the top level, packed structs with their
# attribute (also a struct at an offset its alignment forbids), typedefs of
# unnamed types, _Atomic; pahole's options (--hex, --suppress_packed) apply
# to the structs printed, not to what they need. Byte for byte upstream
# v1.32's text (tests/fixtures/compile/*.whole.expected.txt, from
# gen_expected.sh) on deps.c (gcc and clang, DWARF 4 and 5) and on the
# objects of tests/fixtures/layout (DWARF of gcc and clang, BTF); the
# outputs of gcc's objects compile with gcc, but types.c's (upstream's
# text: an array of function pointers written as a function returning
# an array, "complex").
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
command -v clang >/dev/null || skip "no clang"
FX=$TOP/tests/fixtures/compile
PAHOLE_RUN=("$PAHOLE")
. "$FX/cases.sh"
cd "$TMP" || fail "cannot cd to $TMP"

compiles() { gcc -fsyntax-only -w -x c - <"$1" >/dev/null 2>&1; }

# check OBJ EXPECTED
check() {
	whole_cases "$1" >ours.txt
	if ! cmp -s ours.txt "$2"; then
		no "MISMATCH $1: --compile"
		diff ours.txt "$2" | head -10
	fi
	nr=$((nr + 1))
}

objs=$(deps_objects "$FX") || fail "cannot compile deps.c"
nr=0 nc=0
for obj in $objs; do
	check "$obj" "$FX/${obj%.o}.whole.expected.txt"
	case $obj in *-gcc-*) ;; *) continue ;; esac
	"$PAHOLE" --compile "$obj" >c.txt 2>/dev/null
	compiles c.txt || no "MISMATCH $obj: --compile does not compile"
	nc=$((nc + 1))
done
LAYOUT=$(fixture_set layout) || fail "cannot build the layout fixtures"
for obj in "$LAYOUT"/*.o; do
	name=$(basename "$obj")
	cp "$obj" . || fail "cannot copy $obj"
	check "$name" "$FX/layout-${name%.o}.whole.expected.txt"
	case $name in *.clang.o | types.*) continue ;; esac
	"$PAHOLE" --compile "$name" >c.txt 2>/dev/null
	compiles c.txt || no "MISMATCH $name: --compile does not compile"
	nc=$((nc + 1))
done
finish "--compile" "--compile as upstream v1.32 on $nr objects; $nc outputs compile with gcc"
