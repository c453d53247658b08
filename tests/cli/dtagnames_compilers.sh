#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# dtagnames on tests/fixtures compiled with gcc and clang, DWARF 4 and 5,
# -O0 and -O2 (inline expansions, lexical blocks, call sites) gives what
# upstream v1.32's dtagnames gives, run live (skips where it cannot run);
# all the objects at once too, in one run each.
. "$TOP/tests/lib.sh"
DTAGNAMES=$(sibling dtagnames)

[ -x "$DTAGNAMES" ] || fail "no $DTAGNAMES"
"$UPSTREAM" dtagnames --version >/dev/null 2>&1
[ $? -ne 77 ] || skip "upstream v1.32 cannot be run here"
objs=$(fixture_objects "$TMP/obj") || fail "cannot compile the fixtures"
nr=0
for o in $objs; do
	nr=$((nr + 1))
	"$UPSTREAM" dtagnames "$o" >"$TMP/want.txt" 2>/dev/null
	want=$?
	"$DTAGNAMES" "$o" >"$TMP/got.txt" 2>"$TMP/err.txt"
	rc=$?
	[ $rc -eq $want ] || no "$(basename "$o"): exit $rc, upstream $want: $(head -n 1 "$TMP/err.txt")"
	cmp -s "$TMP/want.txt" "$TMP/got.txt" || no "$(basename "$o"): output differs from upstream's"
done
# shellcheck disable=SC2086 # one argument per object
"$UPSTREAM" dtagnames $objs >"$TMP/want.txt" 2>/dev/null
# shellcheck disable=SC2086
"$DTAGNAMES" $objs >"$TMP/got.txt" || no "all objects at once: exit $?"
cmp -s "$TMP/want.txt" "$TMP/got.txt" || no "all $nr objects at once: output differs from upstream's"
finish "dtagnames on $nr compiled fixtures" "$nr objects (gcc, clang, DWARF 4 and 5, -O0, -O2) as upstream v1.32"
