# Plays the BTF steps of a 6.16-6.19 kernel build (kernel-usage.md 1.1, 1.3,
# 1.5) on the Debian cloud kernel, with the exact command lines:
#   LLVM_OBJCOPY="objcopy" pahole -J -j2 --btf_features=... \
#       --btf_features=attributes --lang_exclude=rust .tmp_vmlinux1
#   objcopy --only-section=.BTF --set-section-flags .BTF=alloc,readonly \
#       --strip-all .tmp_vmlinux1 .tmp_vmlinux1.btf.o
#   printf '\1' | dd of=.tmp_vmlinux1.btf.o conv=notrunc bs=1 seek=16
# then, per module (in-tree, and external with distilled_base):
#   LLVM_OBJCOPY="objcopy" pahole -J ... [--btf_features=distilled_base] \
#       --btf_base vmlinux m.ko
# and the 7.0 module line (--btf_encode_detached=m.ko.BTF.1), which must
# write the same bytes. .tmp_vmlinux1 is the vmlinux with its .BTF renamed
# away, as the first link of a build has none.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
ELFCMP=$TOP/build/elfcmp
BPFTOOL=/usr/sbin/bpftool
[ -x "$BPFTOOL" ] || skip "no $BPFTOOL"
vmlinux=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
cd "$TMP" || fail "no temp dir"
FLAGS="-J -j2 --btf_features=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func,decl_tag_kfuncs --btf_features=attributes --lang_exclude=rust"

objcopy --rename-section .BTF=.BTF.linked "$vmlinux" .tmp_vmlinux1 || fail "objcopy rename"
ln .tmp_vmlinux1 before || fail "ln"
LLVM_OBJCOPY="objcopy" "$PAHOLE" $FLAGS .tmp_vmlinux1 || fail "pahole on .tmp_vmlinux1"
"$ELFCMP" before .tmp_vmlinux1 .BTF >cmp.txt || { no "vmlinux: elfcmp:"; cat cmp.txt; }
rm -f before
objcopy --only-section=.BTF --set-section-flags .BTF=alloc,readonly --strip-all \
	.tmp_vmlinux1 .tmp_vmlinux1.btf.o 2>/dev/null || fail "objcopy --only-section=.BTF"
printf '\1' | dd of=.tmp_vmlinux1.btf.o conv=notrunc bs=1 seek=16 status=none || fail "dd"
readelf -hW .tmp_vmlinux1.btf.o | grep -q 'Type: *REL' || no ".btf.o is not ET_REL"
readelf -SW .tmp_vmlinux1.btf.o | grep -q '\.BTF  *PROGBITS .* A ' || no ".btf.o: .BTF not alloc"
objcopy --dump-section .BTF=vmlinux.btf .tmp_vmlinux1.btf.o junk || no "no .BTF in .btf.o"
nv=$("$BPFTOOL" btf dump file .tmp_vmlinux1.btf.o | grep -c '^\[') || no "bpftool: .btf.o"
"$BTFLOAD" .tmp_vmlinux1.btf.o >load.txt 2>&1
case $? in
0) loaded="the kernel accepts it" ;;
3) loaded="loading not permitted here" ;;
*) no "the kernel rejects the vmlinux BTF: $(tail -n 3 load.txt)" ;;
esac

# The final vmlinux links that object in; its .BTF is the module base.
ln -s .tmp_vmlinux1 vmlinux
nm=0
for rel in fs/xfs/xfs drivers/net/virtio_net net/ipv4/tcp_bbr drivers/net/veth; do
	name=$(basename "$rel")
	ko=$(module_path "$rel") || skip "cannot fetch $VMLINUX_PKG"
	for kind in in-tree external; do
		extra=
		[ $kind = external ] && extra=--btf_features=distilled_base
		cp "$ko" "$name.ko" || fail "cp"
		LLVM_OBJCOPY="objcopy" "$PAHOLE" $FLAGS $extra --btf_base vmlinux "$name.ko" ||
			{ no "$name ($kind): pahole failed"; continue; }
		"$ELFCMP" "$ko" "$name.ko" .BTF >cmp.txt || { no "$name: elfcmp:"; cat cmp.txt; }
		"$BPFTOOL" -B vmlinux.btf btf dump file "$name.ko" >dump.txt 2>&1 ||
			no "$name ($kind): bpftool: $(tail -n 1 dump.txt)"
		readelf -SW "$name.ko" | grep -q '\.BTF\.base' && no "$name ($kind): .BTF.base"
		nm=$((nm + 1))
	done
	# 7.0: detached, same flags, same bytes.
	"$PAHOLE" $FLAGS --btf_base ./vmlinux --btf_encode_detached="$name.ko.BTF.1" "$ko" ||
		no "$name: 7.0 line failed"
	objcopy --dump-section .BTF="$name.dump" "$name.ko" junk
	cmp -s "$name.dump" "$name.ko.BTF.1" || no "$name: 7.0 detached bytes differ from in place"
	rm -f "$name.ko" "$name.dump"
done
finish "kernel build" "vmlinux: $nv types, $loaded; $nm module runs"
