# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --phase_stats prints every phase with its counts on stderr, and changes
# nothing in the output.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
command -v gcc >/dev/null || skip "no gcc"
so=$(many_cus "$TMP/many" 12 gcc) || fail "cannot build the many-CU object"

"$PAHOLE" $REF_FLAGS -j2 --btf_encode_detached="$TMP/plain.btf" "$so" 2>"$TMP/plain.err" ||
	fail "plain run: $(cat "$TMP/plain.err")"
"$PAHOLE" $REF_FLAGS -j2 --phase_stats --btf_encode_detached="$TMP/stats.btf" "$so" \
	2>"$TMP/stats.err" || fail "--phase_stats run: $(cat "$TMP/stats.err")"
cat "$TMP/stats.err"
cmp -s "$TMP/plain.btf" "$TMP/stats.btf" || fail "--phase_stats changed the output"
[ -s "$TMP/plain.err" ] && fail "a plain run printed: $(cat "$TMP/plain.err")"

for p in elf_symbols dwarf_loading encoding functions dedup writing total; do
	grep -qE "^pahole:   $p +[0-9]+\.[0-9]{2} +[0-9]+" "$TMP/stats.err" ||
		fail "no line for the $p phase"
done
grep -q "dwarf_loading .* 12 CUs, [1-9][0-9]* DIEs, .* on 3 threads" "$TMP/stats.err" ||
	fail "the loading line does not count 12 CUs, their DIEs and 3 threads (-j2 and the main one)"
# The loading seconds split into reading the DWARF and the encoder's share.
split=$(grep -oE "[0-9.]+ s of loading on 3 threads \([0-9.]+ s reading DWARF, [0-9.]+ s preparing the encoding\)" \
	"$TMP/stats.err") || fail "the loading line does not split reading and preparing"
echo "$split" | tr -d '(' | awk '{ d = $1 - ($8 + $12); exit !(d < 0.016 && d > -0.016) }' ||
	fail "reading and preparing do not add up to the loading: $split"
# The serial line: the phases but loading, summed (to rounding).
sum=$(awk '$2 != "dwarf_loading" && $2 != "total" && $3 ~ /^[0-9.]+$/ { s += $3 }
	END { printf "%.2f", s }' "$TMP/stats.err")
line=$(grep -E "^pahole:   serial [0-9.]+ s \(the main thread, not loading\), loading [0-9.]+ s \(3 threads\): at N cores about [0-9.]+ \+ [0-9.]+ / N s$" \
	"$TMP/stats.err") || fail "no serial line with 3 threads"
serial=$(echo "$line" | awk '{ print $3 }')
awk -v a="$serial" -v b="$sum" 'BEGIN { d = a - b; exit !(d < 0.03 && d > -0.03) }' ||
	fail "serial $serial s is not the main thread's phases but loading ($sum s)"
types=$("$BTFCANON" "$TMP/stats.btf" >/dev/null && bpftool btf dump file "$TMP/stats.btf" | grep -c '^\[')
grep -q "dedup .* [1-9][0-9]* types before, $types after" "$TMP/stats.err" ||
	fail "the dedup line does not end with the $types types written"
size=$(stat -c %s "$TMP/stats.btf")
grep -q "writing .* $size bytes" "$TMP/stats.err" || fail "the writing line does not say $size bytes"
pass "every phase listed, 12 CUs, $types types, $size bytes; output unchanged"
