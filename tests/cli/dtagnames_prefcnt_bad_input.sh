#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# dtagnames and prefcnt (which probe their files alike, input_format.c) on
# bad input: a missing file, a text file, an ELF file without debugging
# information, an ELF file cut short (after a good file), and .debug_info
# or .debug_abbrev cut short, each exit 1 with one line naming the file and
# nothing printed; every file of the fuzz corpora and regressions ends with
# exit 0, or 1 and one line, never a signal or a hang.
. "$TOP/tests/lib.sh"
SECTMUTATE=$TOP/build/sectmutate
for p in dtagnames prefcnt; do
	[ -x "$(dirname "$PAHOLE")/$p" ] || fail "no $(dirname "$PAHOLE")/$p"
done
OBJ=$(fixture_set layout)/types.o || fail "cannot build the fixture set layout"
cd "$TMP" || fail "cannot cd to $TMP"
cp "$OBJ" good.o && printf 'not ELF\n' >text.txt && cp /bin/true nodebug &&
	head -c 3000 good.o >cut.o || fail "cannot make the inputs"
cp good.o info.o && "$SECTMUTATE" info.o .debug_info truncate 10 || fail "sectmutate"
cp good.o abbrev.o && "$SECTMUTATE" abbrev.o .debug_abbrev truncate 10 || fail "sectmutate"
n=0
# bad_inputs PROG: the checks of the header, of PROG; no() each failed one
bad_inputs() {
	local p=$1 PROG=$(dirname "$PAHOLE")/$1 f rc
	# the files are checked before any is read: nothing is printed
	for f in missing.o text.txt nodebug cut.o; do
		expect_error "$p: $f" "$f" -- "$PROG" good.o "$f" || no
		[ ! -s "$TMP/err.out" ] || no "$p: $f: output printed"
	done
	for f in info.o abbrev.o; do
		expect_error "$p: $f" "$f" -- "$PROG" "$f" || no
		[ ! -s "$TMP/err.out" ] || no "$p: $f: output printed"
	done
	# QUICK (the sanitizer builds): the regressions and one corpus input in four.
	for f in "$TOP"/tests/fuzz/regressions/{dwarf,btf}/* \
		 $(ls "$TOP"/tests/fuzz/corpus/{dwarf,btf}/* | awk -v q="${QUICK:-}" 'q == "" || NR % 4 == 1'); do
		[ -f "$f" ] || continue
		[ $p = prefcnt ] || n=$((n + 1))
		timeout 60 "$PROG" "$f" >/dev/null 2>err.txt
		rc=$?
		if [ $rc -gt 1 ] || { [ $rc -eq 1 ] && [ "$(wc -l <err.txt)" -ne 1 ]; }; then
			no "$p: $(basename "$f"): exit $rc, $(wc -l <err.txt) stderr lines"
		fi
	done
}
bad_inputs dtagnames
bad_inputs prefcnt
[ $n -gt 0 ] || fail "no fuzz inputs found"
finish "dtagnames or prefcnt on bad input" "dtagnames and prefcnt: 6 bad files refused in one line; $n fuzz inputs: exit 0, or 1 with one line"
