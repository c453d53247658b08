# The 9 reference modules, split on the v1.32 vmlinux reference BTF:
# - detached: the types equal upstream's module BTF (btfcanon -t; functions
#   and variables are compared elsewhere once they are encoded);
# - in place, on copies: the .BTF section holds exactly the detached bytes,
#   nothing else changed (elfcmp: every other section's header and bytes,
#   the symbol table, the program headers), and bpftool reads it as split
#   BTF on the base.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
ELFCMP=$TOP/build/elfcmp
BPFTOOL=/usr/sbin/bpftool
[ -x "$BPFTOOL" ] || skip "no $BPFTOOL"
base=$REF_BTF
nbase=$("$BPFTOOL" btf dump file "$base" | grep -c '^\[') || fail "bpftool cannot read $base"
lines=0
for rel in $REF_MODULES; do
	name=$(basename "$rel")
	ko=$(module_path "$rel") || skip "cannot fetch $VMLINUX_PKG"
	"$PAHOLE" $REF_FLAGS --btf_base "$base" --btf_encode_detached="$TMP/$name.btf" "$ko" ||
		{ no "$name: detached encoding failed"; continue; }
	canon_types "$TMP/$name.btf" "$base" >"$TMP/ours" || fail "btfcanon on ours"
	canon_types "$REF_DIR/$name.ko.btf" "$base" >"$TMP/ref" || fail "btfcanon on ref"
	[ -s "$TMP/ref" ] || fail "empty reference canon for $name"
	diff "$TMP/ours" "$TMP/ref" >"$TMP/diff" ||
		{ no "$name: canonical types differ:"; head -n 20 "$TMP/diff"; }
	lines=$((lines + $(wc -l <"$TMP/ours")))

	cp "$ko" "$TMP/$name.ko" || fail "cp"
	"$PAHOLE" $REF_FLAGS --btf_base "$base" "$TMP/$name.ko" || { no "$name: in place failed"; continue; }
	objcopy --dump-section .BTF="$TMP/$name.dump" "$TMP/$name.ko" "$TMP/junk" ||
		no "$name: no .BTF after pahole -J"
	cmp -s "$TMP/$name.dump" "$TMP/$name.btf" || no "$name: .BTF differs from the detached output"
	"$ELFCMP" "$ko" "$TMP/$name.ko" .BTF >"$TMP/cmp" || { no "$name: elfcmp:"; cat "$TMP/cmp"; }
	"$BPFTOOL" -B "$base" btf dump file "$TMP/$name.ko" >"$TMP/dump" 2>&1 ||
		no "$name: bpftool: $(tail -n 1 "$TMP/dump")"
	grep -q "^\[$(( $(grep -c '^\[' "$TMP/dump") + nbase ))\] " "$TMP/dump" ||
		no "$name: bpftool's ids do not continue the base's $nbase types"
	rm -f "$TMP/$name.ko" "$TMP/$name.dump" "$TMP/junk"
done
finish "reference modules" "9 modules: $lines canonical type lines as upstream, .BTF in place equal to detached"
