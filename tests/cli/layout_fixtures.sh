#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Replays tests/fixtures/layout/MANIFEST.tsv on the set's objects (built by
# its build.sh): every expected output of upstream pahole v1.32, byte for
# byte, with the same exit status (but where -C names a type that is not
# there: man/pahole.1, DIFFERENCES FROM UPSTREAM), and the same stderr
# where one is recorded (libbpf's own lines aside, its "no debugging
# information" in our words: lib.sh's upstream_stderr). Also: the set's X.btf
# files, as build.sh adds them to the X.btf.o objects, are what
# upstream's pahole -J encodes from X.o where upstream runs.
. "$TOP/tests/lib.sh"
FIX=$TOP/tests/fixtures/layout
OBJ=$(fixture_set layout) || fail "cannot build the layout fixtures"
cd "$OBJ" || fail "cannot cd to $OBJ"

nr=0
while IFS=$'\t' read -r expected status cmd; do
	[ "$expected" = expected_file ] && continue
	nr=$((nr + 1))
	args=${cmd#pahole}
	# shellcheck disable=SC2086 # the manifest's arguments are word-split on purpose
	"$PAHOLE" $args >out.txt 2>err.txt
	rc=$?
	why=
	errf=$FIX/${expected%.expected.txt}.stderr.txt
	status=$(not_found_status "$errf" "$status")
	[ "$rc" = "$status" ] || why="exit $rc, want $status"
	cmp -s out.txt "$FIX/$expected" || why="$why stdout differs"
	if [ -f "$errf" ]; then
		upstream_stderr "$errf" >want_err.txt
		grep -v 'libbpf:' err.txt >got_err.txt
		cmp -s got_err.txt want_err.txt || why="$why stderr differs"
	elif [ -s err.txt ]; then
		why="$why stderr: $(head -n 1 err.txt)"
	fi
	if [ -n "$why" ]; then
		no "FAIL $expected ($cmd):$why"
		[ -n "${VERBOSE:-}" ] && diff out.txt "$FIX/$expected" | head -20
	else
		echo "ok   $expected"
	fi
done <"$FIX/MANIFEST.tsv"

# The committed raw BTF is still upstream's -J output for the objects this
# machine's compilers build (skipped where upstream cannot run).
btf=0
for x in holes bitfields attrs nested types cacheline; do
	cp "$x.o" "$TMP/j.o" || fail "cannot copy $x.o"
	"$UPSTREAM" pahole -J "$TMP/j.o" >/dev/null 2>&1
	rc=$?
	[ $rc -eq 77 ] && break
	[ $rc -eq 0 ] && objcopy --dump-section .BTF="$TMP/j.btf" "$TMP/j.o" "$TMP/junk.o" &&
		cmp -s "$TMP/j.btf" "$FIX/$x.btf" || no "$x.btf is not what upstream's pahole -J encodes from $x.o"
	btf=$((btf + 1))
done
finish "$nr fixture outputs compared" "$nr fixture outputs identical; $btf of 6 .btf files as upstream encodes them"
