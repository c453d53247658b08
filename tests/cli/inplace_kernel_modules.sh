# Modules of the Debian cloud kernel encoded in place on copies, as a
# kernel build does (pahole -J ... --btf_base vmlinux m.ko) with our own
# vmlinux BTF as base: each exits 0, elfcmp finds nothing changed but .BTF,
# and libbpf parses each .BTF as split BTF on that base (btfsplit).
# make check runs every 20th module; KERNEL_ALL=1 (make check-kernel) runs
# all 1,121.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
vmlinux=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
dir=$(all_modules_dir) || fail "cannot extract the modules of $VMLINUX_PKG"
find "$dir" -name '*.ko' | sort >"$TMP/all"
total=$(wc -l <"$TMP/all")
[ "$total" -eq 1121 ] || fail "$total modules in the package, expected 1121"
step=20
[ -n "${KERNEL_ALL:-}" ] && step=1
awk -v s=$step 'NR % s == 1 || s == 1' "$TMP/all" >"$TMP/list"

base=$TMP/vmlinux.btf
"$PAHOLE" $REF_FLAGS -j --btf_encode_detached="$base" "$vmlinux" || fail "vmlinux"
mkdir "$TMP/m"
n=0 batch=()
check_batch() {
	[ ${#batch[@]} -eq 0 ] && return
	"$BTFSPLIT" "$base" "${batch[@]}" >"$TMP/split" || { cat "$TMP/split"; no; }
	tail -n 1 "$TMP/split" >>"$TMP/summary"
	rm -f "${batch[@]}"
	batch=()
}
while read -r ko; do
	copy=$TMP/m/$(echo "${ko#$dir/}" | tr / _)
	cp "$ko" "$copy" || fail "cp"
	if ! "$PAHOLE" $REF_FLAGS --btf_base "$base" "$copy" 2>"$TMP/err"; then
		no "${ko#$dir/}: $(cat "$TMP/err")"; continue
	fi
	"$ELFCMP" "$ko" "$copy" .BTF >"$TMP/cmp" || { echo "${ko#$dir/}:"; cat "$TMP/cmp"; no; }
	n=$((n + 1))
	batch+=("$copy")
	[ ${#batch[@]} -ge 100 ] && check_batch
done <"$TMP/list"
check_batch
parsed=$(awk '{ p += $1 } END { print p }' "$TMP/summary")
[ "$parsed" -eq "$(wc -l <"$TMP/list")" ] || no "only $parsed of $(wc -l <"$TMP/list") parsed"
finish "modules in place" "$n of $total modules encoded in place, all parsed as split BTF on our vmlinux BTF"
