# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Inputs that once crashed pahole (found by the fuzz harnesses or the
# bad-input matrix), kept in tests/fuzz/regressions/: each now ends with
# exit 0, or exit 1 and one line on stderr naming the file; never a signal,
# a hang or a sanitizer report, and the input is left unchanged.
. "$TOP/tests/lib.sh"
dir=$TOP/tests/fuzz/regressions/dwarf
[ -d "$dir" ] || skip "no DWARF regression inputs"
[ -d "$TOP/tests/fuzz/regressions/btf" ] || skip "no BTF regression inputs"
n=0
for f in "$dir"/*; do
	[ -f "$f" ] || continue
	n=$((n + 1))
	name=$(basename "$f")
	cp "$f" "$TMP/$name" || fail "cannot copy $f"
	sum=$(cksum <"$TMP/$name")
	# The legacy defaults, and the kernel's features (float among them).
	for flags in "" "$REF_FLAGS"; do
		timeout 60 "$PAHOLE" -J -j2 $flags --btf_encode_detached="$TMP/out.btf" \
			"$TMP/$name" >/dev/null 2>"$TMP/err"
		rc=$?
		lines=$(wc -l <"$TMP/err")
		if [ $rc -ne 0 ] && { [ $rc -ne 1 ] || [ "$lines" -ne 1 ] ||
				      ! grep -qF "$name" "$TMP/err"; }; then
			echo "$name: exit $rc, $lines stderr lines:"
			head -n 5 "$TMP/err"
			no
		elif grep -q -E 'Sanitizer|runtime error' "$TMP/err"; then
			echo "$name: sanitizer report:"; head -n 5 "$TMP/err"; no
		else
			echo "$name: exit $rc $(head -n 1 "$TMP/err")"
		fi
	done
	[ "$(cksum <"$TMP/$name")" = "$sum" ] || no "$name: input changed"
done
# BTF inputs, printed as pahole -F btf prints them (plain and -E): exit 0 or
# 1 with one line, within the time limit (crafted BTF can make a printout
# explode: it is cut short, not left to run for hours).
for f in "$TOP"/tests/fuzz/regressions/btf/*; do
	[ -f "$f" ] || continue
	name=$(basename "$f")
	cp "$f" "$TMP/$name" || fail "cannot copy $f"
	sum=$(cksum <"$TMP/$name")
	for opt in "" -E; do
		n=$((n + 1))
		timeout 60 "$PAHOLE" -F btf $opt "$TMP/$name" >/dev/null 2>"$TMP/err"
		rc=$?
		lines=$(wc -l <"$TMP/err")
		if [ $rc -ne 0 ] && { [ $rc -ne 1 ] || [ "$lines" -ne 1 ]; }; then
			echo "$name $opt: exit $rc, $lines stderr lines:"
			head -n 5 "$TMP/err"
			no
		elif grep -q -E 'Sanitizer|runtime error' "$TMP/err"; then
			echo "$name $opt: sanitizer report:"; head -n 5 "$TMP/err"; no
		else
			echo "$name $opt: exit $rc"
		fi
	done
	[ "$(cksum <"$TMP/$name")" = "$sum" ] || no "$name: input changed"
done
finish "a regression input misbehaves" "$n runs of regression inputs"
