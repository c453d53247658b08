#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Replays tests/fixtures/codiff/MANIFEST.tsv (upstream v1.32 codiff's output
# on two versions of one C file, from gcc DWARF 5 and 4 and from clang): each
# command, from the set's objects (its build.sh) with our codiff in place of the
# leading "codiff", must give the expected file byte for byte, the exit
# status given and, where NAME.stderr.txt exists, that stderr (else none).
# One difference on purpose (man/codiff.1): without the two files, a usage
# error (exit 64) that says what is missing, where upstream exits 1 with
# only its "Try codiff --help" line.
. "$TOP/tests/lib.sh"
CODIFF=$(sibling codiff)
FIX=$TOP/tests/fixtures/codiff
[ -x "$CODIFF" ] || fail "no $CODIFF"
OBJ=$(fixture_set codiff) || fail "cannot build the codiff fixtures"
cp "$FIX"/*.txt "$FIX/MANIFEST.tsv" "$OBJ" && cd "$OBJ" || fail "cannot copy the expected files"

nr=0
while IFS=$'\t' read -r expected status cmd; do
	[ "$expected" = expected_file ] && continue
	nr=$((nr + 1))
	args=${cmd#codiff}
	[ "$args" != "$cmd" ] || fail "$expected: the command does not start with codiff"
	# shellcheck disable=SC2086 # the manifest's arguments are word-split on purpose
	"$CODIFF" $args >out.txt 2>err.txt
	rc=$?
	why=
	errf=${expected%.expected.txt}.stderr.txt
	if [ "$expected" = noargs.expected.txt ]; then
		status=64 errf=ours.noargs.txt
		echo "codiff: two files are needed, OLD and NEW" >"$errf"
	fi
	[ "$rc" = "$status" ] || why=" exit $rc, want $status"
	if [ -f "$errf" ]; then
		cmp -s err.txt "$errf" || why="$why; stderr differs"
	elif [ -s err.txt ]; then
		why="$why; unexpected stderr: $(head -n 1 err.txt)"
	fi
	if ! cmp -s out.txt "$expected"; then
		why="$why; stdout differs"
		[ -n "${VERBOSE:-}" ] && diff "$expected" out.txt | head -20
	fi
	if [ -n "$why" ]; then
		no "FAIL $expected ($cmd):$why"
	fi
done < MANIFEST.tsv
[ "$nr" -ge 16 ] || fail "the manifest has $nr commands, expected 16 or more"
finish "$nr codiff fixture outputs compared" "$nr codiff fixture outputs identical, exit status and stderr too"
