#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pdwtags and pglobal never crash on bad input: a missing file, one that is
# not ELF, an object without debugging information, a truncated one, each
# exit 1 with one line naming the file; every input of the fuzz corpora and
# regressions (DWARF and BTF) exits 0 or 1, and on 1 its last stderr line
# names the file (before it, at most libbpf's own reason). Run with
# PAHOLE_BUILD=build-asan, this is the sanitizers' check of both.
. "$TOP/tests/lib.sh"
PDWTAGS=$(sibling pdwtags)
PGLOBAL=$(sibling pglobal)
FUZZ=$TOP/tests/fuzz
[ -x "$PDWTAGS" ] && [ -x "$PGLOBAL" ] || fail "pdwtags or pglobal is not built"
L=$(fixture_set layout) || fail "cannot build the layout fixtures"
cd "$TMP" || fail "cannot cd to $TMP"

echo hello >notelf
echo 'int x;' >nodebug.c && gcc -c -o nodebug.o nodebug.c || fail "gcc"
head -c 1000 "$L/holes.o" >trunc.o
for prog in "$PDWTAGS" "$PGLOBAL -v" "$PGLOBAL -f"; do
	for f in nosuch.o notelf nodebug.o trunc.o; do
		# shellcheck disable=SC2086 # $prog is a program and its option
		expect_error "${prog##*/} $f" "$f" -- $prog "$f" || no
	done
	# shellcheck disable=SC2086
	expect_error "${prog##*/} -F btf" holes.o -- $prog -F btf "$L/holes.o" || no
done
# No file: a usage error, as argp's.
"$PDWTAGS" >/dev/null 2>&1; [ $? -eq 64 ] || no "pdwtags without a file: not exit 64"
"$PGLOBAL" -v >/dev/null 2>&1; [ $? -eq 64 ] || no "pglobal without a file: not exit 64"
"$PDWTAGS" -j0 x >/dev/null 2>&1; [ $? -eq 64 ] || no "pdwtags -j0: not exit 64"

n=0
# run FILE PROG ARGS...: one run on damaged input, checked.
run() {
	n=$((n + 1))
	damaged_input "${2##*/}" "$@"
}
# pdwtags reads all pglobal does (bodies too): pglobal on the regressions
# only; of the DWARF corpus, one input in four (pfunct_bad_input reads all).
for f in "$FUZZ"/regressions/*/* $(ls "$FUZZ"/corpus/dwarf/* | awk 'NR % 4 == 1'); do
	[ -f "$f" ] || continue
	run "$f" "$PDWTAGS"
done
for f in "$FUZZ"/regressions/*/*; do
	[ -f "$f" ] || continue
	run "$f" "$PGLOBAL" -f
done
for f in "$FUZZ"/regressions/btf/* "$FUZZ"/corpus/btf/*; do
	[ -f "$f" ] || continue
	run "$f" "$PDWTAGS" -F btf
done
[ "$n" -gt 100 ] || fail "only $n runs: fuzz inputs missing"
finish "bad input" "bad files: one line, exit 1; $n runs on damaged inputs exit 0 or 1"
