# The Debian cloud vmlinux, encoded with the kernel's flags, has exactly the
# types of upstream v1.32's output (functions, variables and tags aside).
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
v=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
ref=$REF_BTF
[ -f "$ref" ] || fail "missing $ref"
"$PAHOLE" $REF_FLAGS -j1 --btf_encode_detached="$TMP/vmlinux.btf" "$v" ||
	fail "encoding failed"
canon_types "$TMP/vmlinux.btf" >"$TMP/ours.txt" || fail "btfcanon failed on ours"
canon_types "$ref" >"$TMP/ref.txt" || fail "btfcanon failed on the reference"
[ -s "$TMP/ref.txt" ] || fail "empty reference canon"
if ! diff "$TMP/ours.txt" "$TMP/ref.txt" >"$TMP/diff.txt"; then
	echo "$(grep -c '^<' "$TMP/diff.txt") lines only ours, $(grep -c '^>' "$TMP/diff.txt") only the reference:"
	head -n 30 "$TMP/diff.txt"
	fail "canonical types differ"
fi
pass "$(wc -l <"$TMP/ours.txt") canonical type lines identical"
