#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Inputs the tools harness (tests/fuzz/fuzz_tools.c) found, kept in
# tests/fuzz/regressions/tools/: pdwtags (and -V), pglobal -v and -f,
# prefcnt, dtagnames and scncopy -a each end within a minute with exit 0,
# or exit 1 and one line; never a signal or a sanitizer report. scncopy's
# copy may not grow past 64 MB (a section aligned to 2^35 once made libelf
# write 32 GB of padding) and is left behind only on success.
. "$TOP/tests/lib.sh"
BIN=$(dirname "$PAHOLE")
dir=$TOP/tests/fuzz/regressions/tools
for p in pdwtags pglobal prefcnt dtagnames scncopy; do
	[ -x "$BIN/$p" ] || fail "$BIN/$p is not built"
done
[ -d "$dir" ] || skip "no tools regression inputs"
cd "$TMP" || fail "cannot cd to $TMP"
n=0
for f in "$dir"/*; do
	[ -f "$f" ] || continue
	for cmd in pdwtags "pdwtags -V" "pglobal -v" "pglobal -f" prefcnt dtagnames; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # a program and its option
		damaged_input "$cmd" "$f" timeout 60 "$BIN"/$cmd
	done
	n=$((n + 1))
	rm -f copy.o
	(ulimit -f 65536; timeout 60 "$BIN/scncopy" -a -o copy.o "$f") >/dev/null 2>err.txt
	rc=$?
	lines=$(wc -l <err.txt)
	if [ $rc -gt 1 ] || { [ $rc -eq 1 ] && [ "$lines" -ne 1 ]; }; then
		no "scncopy -a $f: exit $rc, $lines stderr lines: $(head -n 2 err.txt)"
	elif [ $rc -eq 1 ] && [ -e copy.o ]; then
		no "scncopy -a $f: exit 1, but copy.o is left"
	fi
	grep -q -E 'Sanitizer|runtime error' err.txt && no "scncopy -a $f: $(head -n 2 err.txt)"
done
finish "a tools regression input misbehaves" "$n runs of tools regression inputs"
