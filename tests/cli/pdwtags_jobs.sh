#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# pdwtags and pglobal print the same bytes at every -j: a file of many CUs
# (many_cus) and, unless QUICK, tcp_bbr.ko.
. "$TOP/tests/lib.sh"
PDWTAGS=$(sibling pdwtags)
PGLOBAL=$(sibling pglobal)
[ -x "$PDWTAGS" ] && [ -x "$PGLOBAL" ] || fail "pdwtags or pglobal is not built"
so=$(many_cus "$TMP/m" 40 gcc) || fail "cannot build the many-CU object"
files="$so"
[ -n "${QUICK:-}" ] || files="$files $(module_path net/ipv4/tcp_bbr)"
n=0
for f in $files; do
	for cmd in "$PDWTAGS" "$PGLOBAL -v" "$PGLOBAL -f"; do
		# shellcheck disable=SC2086 # $cmd is a program and its option
		$cmd "$f" >"$TMP/j0.txt" || no "${cmd##*/} $f: exit $?"
		[ -s "$TMP/j0.txt" ] || no "${cmd##*/} $f: no output"
		for j in -j1 -j2 -j8; do
			n=$((n + 1))
			# shellcheck disable=SC2086
			$cmd $j "$f" >"$TMP/j.txt" || no "${cmd##*/} $j $f: exit $?"
			cmp -s "$TMP/j0.txt" "$TMP/j.txt" || no "${cmd##*/} $j $f: output differs"
		done
	done
done
finish "-j outputs" "$n runs at -j1, -j2, -j8 as without -j"
