#!/usr/bin/env bash
# Replays tests/fixtures/cxx/MANIFEST.tsv (C++ layouts from g++ and
# clang++, the set's objects built by its build.sh): every output of
# upstream pahole v1.32 with the same
# exit status (but 1 for a type not found) and stderr, byte for byte, except
# where tests/cxx_known_differences.txt says upstream is wrong and what we
# print instead. A difference it does
# not list fails, and so does an entry of it that no output needs.
. "$TOP/tests/lib.sh"
FIX=$TOP/tests/fixtures/cxx
KNOWN=$TOP/tests/cxx_known_differences.txt
OBJ=$(fixture_set cxx) || fail "cannot build the C++ fixtures"
cp "$FIX"/*.txt "$FIX/MANIFEST.tsv" "$OBJ" && cd "$OBJ" || fail "cannot copy the expected files"

# correct EXPECTED: the expected file with the known differences applied;
# the names of the entries used go to used.txt.
correct() {
	awk -v known="$KNOWN" '
	function add_entry() {
		if (name != "") { n++; names[n] = name; from[n] = f; to[n] = t }
		name = ""; f = ""; t = ""
	}
	BEGIN {
		while ((getline line < known) > 0) {
			if (line ~ /^@@ /) {
				add_entry()
				name = substr(line, 4)
				sub(/:.*/, "", name)
			} else if (name != "" && line ~ /^-/) {
				f = f substr(line, 2) "\n"
			} else if (name != "" && line ~ /^\+/) {
				t = t substr(line, 2) "\n"
			} else {
				add_entry()
			}
		}
		add_entry()
	}
	{ text = text $0 "\n" }
	END {
		for (i = 1; i <= n; i++) {
			out = ""
			rest = text
			while ((at = index(rest, from[i])) > 0) {
				out = out substr(rest, 1, at - 1) to[i]
				rest = substr(rest, at + length(from[i]))
				print names[i] >> "used.txt"
			}
			text = out rest
		}
		printf "%s", text
	}' "$1"
}

: >used.txt
nr=0 same=0 known=0
while IFS=$'\t' read -r expected status cmd; do
	[ "$expected" = expected_file ] && continue
	nr=$((nr + 1))
	args=${cmd#pahole}
	# shellcheck disable=SC2086 # the manifest's arguments are word-split on purpose
	"$PAHOLE" $args >out.txt 2>err.txt
	rc=$?
	why=
	errf=${expected%.expected.txt}.stderr.txt
	status=$(not_found_status "$errf" "$status")
	[ "$rc" = "$status" ] || why="exit $rc, want $status"
	if [ -f "$errf" ]; then
		cmp -s err.txt "$errf" || why="$why stderr differs"
	elif [ -s err.txt ]; then
		why="$why unexpected stderr"
	fi
	if cmp -s out.txt "$expected"; then
		[ -z "$why" ] && same=$((same + 1))
	else
		correct "$expected" >want.txt
		if cmp -s out.txt want.txt; then
			[ -z "$why" ] && known=$((known + 1))
		else
			why="$why stdout differs"
			[ -n "${VERBOSE:-}" ] && diff want.txt out.txt | head -20
		fi
	fi
	if [ -n "$why" ]; then
		no "FAIL $expected ($cmd):$why"
	fi
done < MANIFEST.tsv
for entry in $(awk '/^@@ /{ n = substr($0, 4); sub(/:.*/, "", n); print n }' "$KNOWN"); do
	grep -qx "$entry" used.txt || no "FAIL: known difference '$entry' is not needed"
done
finish "$nr C++ fixture outputs compared" "$nr C++ fixture outputs: $same identical, $known with known differences only"
