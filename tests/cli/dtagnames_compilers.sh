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
	same_as_upstream "$(basename "$o")" dtagnames "$o"
done
# shellcheck disable=SC2086 # one argument per object
SAME_STATUS=0 same_as_upstream "all $nr objects at once" dtagnames $objs
finish "dtagnames on $nr compiled fixtures" "$nr objects (gcc, clang, DWARF 4 and 5, -O0, -O2) as upstream v1.32"
