#!/usr/bin/env bash
# Replays ../shared/fixtures/layout/MANIFEST.tsv: every expected output of
# upstream pahole v1.32 (v1.31's where 1.32 prints the same), byte for
# byte, with the same exit status, and the same stderr where one is
# recorded (libbpf's own lines aside).
. "$(dirname "$0")/../lib.sh"
FIX=$SHARED/fixtures/layout
[ -f "$FIX/MANIFEST.tsv" ] || skip "no $FIX/MANIFEST.tsv"
fixture_copy "$FIX" || fail "cannot copy the fixtures"
cd "$TMP" || fail "cannot cd to $TMP"

nr=0
while IFS=$'\t' read -r expected status cmd; do
	[ "$expected" = expected_file ] && continue
	nr=$((nr + 1))
	args=${cmd#pahole}
	# shellcheck disable=SC2086 # the manifest's arguments are word-split on purpose
	"$PAHOLE" $args >out.txt 2>err.txt
	rc=$?
	why=
	errf=${expected%.txt}.stderr.txt
	status=$(not_found_status "$errf" "$status")
	[ "$rc" = "$status" ] || why="exit $rc, want $status"
	cmp -s out.txt "$expected" || why="$why stdout differs"
	if [ -f "$errf" ]; then
		grep -v 'libbpf:' "$errf" >want_err.txt
		grep -v 'libbpf:' err.txt >got_err.txt
		cmp -s got_err.txt want_err.txt || why="$why stderr differs"
	fi
	if [ -n "$why" ]; then
		no "FAIL $expected ($cmd):$why"
		[ -n "${VERBOSE:-}" ] && diff out.txt "$expected" | head -20
	else
		echo "ok   $expected"
	fi
done < MANIFEST.tsv
finish "$nr fixture outputs compared" "$nr fixture outputs identical"
