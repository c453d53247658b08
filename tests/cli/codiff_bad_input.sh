#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# codiff on damaged and odd inputs: every file of the fuzz corpora and
# regressions of the DWARF and BTF harnesses (tests/fuzz), as the old side
# against a fixture object (new.o of tests/fixtures/codiff) and against itself, ends with exit 0, or exit 1
# and one line on stderr; never a signal, a hang or a sanitizer report. The
# codiff harness's regressions (two BTF blobs each) must finish in 20s.
. "$TOP/tests/lib.sh"
CODIFF=$(sibling codiff)
[ -x "$CODIFF" ] || fail "no $CODIFF"
OBJ=$(fixture_set codiff) || fail "cannot build the codiff fixtures"
OTHER=$OBJ/new.o
n=0
for f in "$TOP"/tests/fuzz/regressions/{dwarf,btf}/* "$TOP"/tests/fuzz/corpus/{dwarf,btf}/*; do
	[ -f "$f" ] || continue
	for args in "-V $f $OTHER" "-V -F btf,dwarf $OTHER $f" "-t $f $f"; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # word-split on purpose
		timeout 60 "$CODIFF" $args >/dev/null 2>"$TMP/err"
		rc=$?
		lines=$(wc -l <"$TMP/err")
		if [ $rc -gt 1 ] || { [ $rc -eq 1 ] && [ "$lines" -ne 1 ]; } ||
		   grep -qE 'Sanitizer|runtime error' "$TMP/err"; then
			echo "codiff $args: exit $rc, $lines stderr lines:"; head -n 3 "$TMP/err"
			no
		fi
	done
done
# The codiff harness's inputs: two BTF blobs, the first as long as the
# first two bytes (little endian) say, after three bytes.
for f in "$TOP"/tests/fuzz/regressions/codiff/*; do
	[ -f "$f" ] || continue
	len=$(od -An -tu2 -N2 --endian=little "$f" | tr -d ' ')
	tail -c +4 "$f" >"$TMP/both"
	head -c "$len" "$TMP/both" >"$TMP/a.btf"
	tail -c +$((len + 1)) "$TMP/both" >"$TMP/b.btf"
	for args in "-V -F btf $TMP/a.btf $TMP/b.btf" "-V -F btf $TMP/a.btf $TMP/a.btf" \
		    "-t -F btf $TMP/b.btf $TMP/a.btf"; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # word-split on purpose
		timeout 20 "$CODIFF" $args >/dev/null 2>"$TMP/err"
		rc=$?
		if [ $rc -gt 1 ] || grep -qE 'Sanitizer|runtime error' "$TMP/err"; then
			no "codiff $args ($(basename "$f")): exit $rc"
		fi
	done
done
[ $n -gt 0 ] || fail "no inputs found"
finish "$n codiff runs on bad inputs" "$n codiff runs on fuzz inputs: exit 0, or 1 with one line"
