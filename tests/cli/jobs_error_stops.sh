# SPDX-License-Identifier: GPL-2.0-only
# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# A corrupt CU in the middle of a file stops the run cleanly at every -j:
# exit 1, the same single line on stderr (the first bad CU in CU order,
# although a worker may meet a later bad CU first), no thread left blocked
# (a hang ends in timeout), and no output file.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
[ -x "$DWARFMUTATE" ] || fail "$DWARFMUTATE is not built"
command -v gcc >/dev/null || skip "no gcc"

so=$(many_cus "$TMP/many" 60 gcc) || fail "cannot build the many-CU object"
cp "$so" "$TMP/bad.so" || fail "cannot copy $so"
# Shifting a unit's abbreviation offset by 5 bytes makes its DIEs undecodable
# while every unit header stays valid.
"$DWARFMUTATE" "$TMP/bad.so" 20 5 && "$DWARFMUTATE" "$TMP/bad.so" 35 5 ||
	fail "cannot corrupt $TMP/bad.so"
sum=$(cksum <"$TMP/bad.so")

runs=0 first=""
for j in 1 2 3 8 64; do
	for w in "" --cu_window=1 --cu_window=100; do
		runs=$((runs + 1))
		rm -f "$TMP/out.btf"
		timeout 120 "$PAHOLE" $REF_FLAGS -j"$j" $w --btf_encode_detached="$TMP/out.btf" \
			"$TMP/bad.so" >/dev/null 2>"$TMP/err"
		rc=$?
		lines=$(wc -l <"$TMP/err")
		[ -z "$first" ] && first=$(cat "$TMP/err")
		if [ "$rc" -ne 1 ] || [ "$lines" -ne 1 ]; then
			echo "-j$j $w: exit $rc with $lines stderr lines (want 1 and 1):"
			sed 's/^/    /' "$TMP/err"
			no
		elif [ "$(cat "$TMP/err")" != "$first" ]; then
			no "-j$j $w: '$(cat "$TMP/err")' differs from -j1's '$first'"
		elif [ -e "$TMP/out.btf" ]; then
			no "-j$j $w: an output file was written"
		fi
	done
done
# CU 20 is the 21st source in the order many_cus linked them.
srcs=($(cd "$TMP/many" && echo u*.c))
case $first in
*bad.so:\ ${srcs[20]}:*) ;;
*) no "the message names the wrong CU or file: $first" ;;
esac
[ "$(cksum <"$TMP/bad.so")" = "$sum" ] || fail "the input file changed"
finish "$runs runs on a damaged input" "$runs runs: exit 1, one line, first bad CU: $first"
