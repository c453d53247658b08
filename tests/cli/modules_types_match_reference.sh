# Kernel modules (ET_REL, relocated by libdwfl) encoded as split BTF on the
# v1.32 vmlinux reference have exactly the types of upstream's module BTF.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
base=$REF_BTF
n=0
for rel in fs/xfs/xfs arch/x86/kvm/kvm net/ipv4/tcp_bbr; do
	name=$(basename "$rel")
	ko=$(module_path "$rel") || skip "cannot fetch $VMLINUX_PKG"
	"$PAHOLE" $REF_FLAGS --btf_base "$base" --btf_encode_detached="$TMP/$name.btf" "$ko" ||
		{ no "$name: encoding failed"; continue; }
	canon_types "$TMP/$name.btf" "$base" >"$TMP/ours" || fail "btfcanon on ours"
	canon_types "$REF_DIR/$name.ko.btf" "$base" >"$TMP/ref" || fail "btfcanon on ref"
	[ -s "$TMP/ref" ] || fail "empty reference canon for $name"
	if ! diff "$TMP/ours" "$TMP/ref" >"$TMP/diff"; then
		echo "$name: canonical types differ:"; head -n 20 "$TMP/diff"; no
	fi
	n=$((n + $(wc -l <"$TMP/ours")))
done
finish "module types differ" "$n canonical type lines identical over 3 modules"
