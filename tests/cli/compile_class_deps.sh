#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pahole --compile -C NAME (and -C with a list): the types NAME needs are
# printed before it, then NAME with its ';', as upstream since v1.26.
# Byte for byte upstream v1.32's text (tests/fixtures/compile/*.C.expected.txt,
# from gen_expected.sh) on deps.c compiled with gcc and clang, DWARF 4 and 5;
# each output compiles with gcc (gcc's objects: clang's nested types are
# printed inside the struct that holds them, upstream's text). And the
# "typedef _Atomic ..." printed first for base types named "atomic_*".
# Where upstream's text defines an unnamed type twice, which C refuses, ours
# defines it once (man pahole, DIFFERENCES FROM UPSTREAM): checked to compile.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
command -v clang >/dev/null || skip "no clang"
FX=$TOP/tests/fixtures/compile
PAHOLE_RUN=("$PAHOLE")
. "$FX/cases.sh"
cd "$TMP" || fail "cannot cd to $TMP"

compiles() { gcc -fsyntax-only -w -x c - <"$1" >/dev/null 2>&1; }

objs=$(deps_objects "$FX") || fail "cannot compile deps.c"
n=0
for obj in $objs; do
	class_cases "$obj" >ours.txt
	if ! cmp -s ours.txt "$FX/${obj%.o}.C.expected.txt"; then
		no "MISMATCH $obj: --compile -C"
		diff ours.txt "$FX/${obj%.o}.C.expected.txt" | head -10
	fi
	case $obj in *-gcc-*) ;; *) continue ;; esac
	for args in $DEPS_NAMES all,later,self anon_struct anon_enum anon_outer,anon_union; do
		"$PAHOLE" --compile -C "$args" "$obj" >c.txt 2>/dev/null
		compiles c.txt || no "MISMATCH $obj: --compile -C $args does not compile"
		n=$((n + 1))
	done
	"$PAHOLE" --compile -a "$obj" >a.txt 2>/dev/null
	compiles a.txt || no "MISMATCH $obj: --compile -a does not compile"
done
obj=$(atomic_object "$FX") || fail "cannot build atomic_names.o"
atomic_cases "$obj" >ours.txt
cmp -s ours.txt "$FX/atomic_names.expected.txt" ||
	{ no "MISMATCH $obj: the atomic typedefs"; diff ours.txt "$FX/atomic_names.expected.txt" | head; }
"$PAHOLE" --compile -C at "$obj" >c.txt 2>/dev/null
compiles c.txt || no "MISMATCH $obj: --compile -C at does not compile"
finish "--compile -C" "--compile -C as upstream v1.32 on 4 objects; $n outputs compile with gcc"
