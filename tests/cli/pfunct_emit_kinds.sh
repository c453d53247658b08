#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# pfunct -b on tests/fixtures/pfunct_emit_kinds.c (gcc and clang, -O0), from
# DWARF and from the BTF our pahole -J makes of it: "typedef struct matcher
# matcher;" is printed though struct matcher was (a typedef is a kind of
# its own), and in BTF box_t's unnamed struct, walked first through a
# pointer, is printed with box_t's name when a parameter needs box_t.
# Each output is v1.32's, byte for byte, where tests/tools/upstream runs.
. "$TOP/tests/lib.sh"
PFUNCT=$(sibling pfunct)

[ -x "$PFUNCT" ] || fail "$PFUNCT is not built"
cd "$TMP" || fail "no temp dir"
cp "$TOP/tests/fixtures/pfunct_emit_kinds.c" . || fail "cannot copy the fixture"
"$UPSTREAM" pfunct --version >/dev/null 2>&1
[ $? -eq 77 ] && up= || up=1
bad=0 n=0 compared=0
for cc in gcc clang; do
	command -v $cc >/dev/null || continue
	$cc -g -O0 -c pfunct_emit_kinds.c -o $cc.o || fail "$cc"
	"$PAHOLE" -J --btf_encode_detached=$cc.btf $cc.o || fail "pahole -J $cc.o"
	for in in "$cc.o" "-F btf $cc.btf"; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # word-split on purpose
		"$PFUNCT" -b $in >ours.txt 2>&1 || no "$in: exit $?"
		grep -qx 'typedef struct matcher matcher;' ours.txt || no "$in: no typedef matcher"
		case $in in -F*) grep -qx '} box_t;' ours.txt || no "$in: no box_t";; esac
		[ -n "$up" ] || continue
		# shellcheck disable=SC2086
		SAME_STDERR=1 same_as_upstream "$in" pfunct -b $in
		compared=$((compared + 1))
	done
done
[ $n -gt 0 ] || skip "neither gcc nor clang"
[ $bad -eq 0 ] || fail "pfunct -b"
pass "$n inputs, $compared compared with v1.32's"
