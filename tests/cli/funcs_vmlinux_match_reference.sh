# The Debian cloud vmlinux, encoded with the kernel's flags, gives upstream
# v1.32's BTF: the whole canonical text (FUNCs with their prototypes and
# parameter names, VARs, DATASEC, DECL_TAGs) and the very bytes.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
v=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
ref=$REF_BTF
[ -f "$ref" ] || fail "missing $ref"
"$PAHOLE" $REF_FLAGS -j1 --btf_encode_detached="$TMP/vmlinux.btf" "$v" ||
	fail "encoding failed"
"$BTFCANON" "$TMP/vmlinux.btf" >"$TMP/ours.txt" || fail "btfcanon failed on ours"
"$BTFCANON" "$ref" >"$TMP/ref.txt" || fail "btfcanon failed on the reference"
funcs=$(grep -c '^FUNC ' "$TMP/ref.txt")
[ "$funcs" -gt 40000 ] || fail "only $funcs FUNCs in the reference canon"
if ! diff "$TMP/ours.txt" "$TMP/ref.txt" >"$TMP/diff.txt"; then
	echo "$(grep -c '^<' "$TMP/diff.txt") lines only ours, $(grep -c '^>' "$TMP/diff.txt") only the reference:"
	grep '^[<>]' "$TMP/diff.txt" | cut -c1-200 | head -n 30
	fail "canonical text differs"
fi
cmp "$TMP/vmlinux.btf" "$ref" || fail "canonically equal, but the bytes differ"
pass "$(wc -l <"$TMP/ours.txt") canonical lines ($funcs FUNCs) equal, bytes identical"
