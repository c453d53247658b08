# The nine reference modules, encoded as split BTF on the v1.32 vmlinux
# reference, have upstream's module BTF: the whole canonical text (FUNCs,
# VARs, DATASEC), every type the base has referenced and none repeated.
# The reference is upstream's output deduplicated again over the base
# (tests/reference/v1.32/README.md); deduplicated until nothing changes
# (btf_split_dedup.h), ours has its very bytes.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
base=$REF_BTF
n=0 funcs=0
for rel in $REF_MODULES; do
	name=$(basename "$rel")
	ref=$REF_DIR/$name.ko.btf
	[ -f "$ref" ] || fail "missing $ref"
	ko=$(module_path "$rel") || skip "cannot fetch $VMLINUX_PKG"
	"$PAHOLE" $REF_FLAGS --btf_base "$base" --btf_encode_detached="$TMP/$name.btf" "$ko" ||
		{ no "$name: encoding failed"; continue; }
	"$BTFCANON" -B "$base" "$TMP/$name.btf" >"$TMP/ours" || fail "btfcanon on ours"
	"$BTFCANON" -B "$base" "$ref" >"$TMP/ref" || fail "btfcanon on $ref"
	if ! diff "$TMP/ours" "$TMP/ref" >"$TMP/diff"; then
		echo "$name: canonical text differs:"; grep '^[<>]' "$TMP/diff" | cut -c1-200 | head -n 20
		no
	fi
	cmp -s "$TMP/$name.btf" "$ref" ||
		no "$name: $(stat -c %s "$TMP/$name.btf") bytes, not the reference's $(stat -c %s "$ref")"
	n=$((n + 1))
	funcs=$((funcs + $(grep -c '^FUNC ' "$TMP/ref")))
done
finish "module BTF differs" "$n modules ($funcs FUNCs) canonically equal and byte-identical"
