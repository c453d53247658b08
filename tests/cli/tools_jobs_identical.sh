# SPDX-License-Identifier: GPL-2.0-only
# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# pfunct and codiff load DWARF on -j threads as pahole does: on an object of
# 24 CUs (and one of 20 for codiff), their output at -j1, -j3 and -j8 is the output without -j, byte
# for byte (make check-sanitize runs this under ThreadSanitizer).
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
bin=$(dirname "$PAHOLE")
obj=$(many_cus "$TMP/many" 24 gcc) || fail "cannot build the many-CU object"
other=$(many_cus "$TMP/fewer" 20 gcc) || fail "cannot build the 20-CU object"
same() { # NAME CMD...: the output of CMD with no -j, then with each -j
	local name=$1 j
	shift
	"$@" >"$TMP/serial.txt" 2>"$TMP/err" || { no "$name: exit $?: $(head -n 2 "$TMP/err")"; return; }
	[ -s "$TMP/serial.txt" ] || { no "$name: printed nothing"; return; }
	for j in -j1 -j3 -j8; do
		"$1" "$j" "${@:2}" >"$TMP/jobs.txt" 2>"$TMP/err" || { no "$name $j: exit $?"; continue; }
		cmp -s "$TMP/serial.txt" "$TMP/jobs.txt" || no "$name $j: output differs"
	done
}
same "pfunct --all" "$bin/pfunct" --all "$obj"
same "pfunct -i" "$bin/pfunct" -i "$obj"
same "pfunct -s" "$bin/pfunct" -s "$obj"
same "codiff -V" "$bin/codiff" -V "$obj" "$other"
same "codiff -s" "$bin/codiff" -s "$other" "$obj"
finish "output depends on -j" "pfunct and codiff print the same at -j1, -j3 and -j8 as without -j"
