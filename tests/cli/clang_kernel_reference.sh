# A clang 14 / lld 14 built 6.1 kernel's link-step input (.tmp_vmlinux.btf,
# with lld's empty allocated .BTF) gives upstream v1.32's BTF with the 6.1
# build's flags and with today's, detached and written in place, at every -j.
# clang puts concrete instances before their abstract origins; lld leaves a
# .BTF too small for the new contents.
. "$TOP/tests/lib.sh"
dir=$REF_DIR/clang-kernel
in=$CLANG_KERNEL
[ -f "$in" ] || fail "missing $in"
command -v xz >/dev/null || fail "no xz"
cd "$TMP" || fail "no temp dir"
xz -dc "$in" >in.elf || fail "xz"
OLD="-J --btf_gen_floats -j --lang_exclude=rust --skip_encoding_btf_inconsistent_proto --btf_gen_optimized"
NEW="-J --btf_features=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func,decl_tag_kfuncs --lang_exclude=rust"
runs=0
check() { # NAME REF FLAGS...
	local name=$1 ref=$dir/$2 j
	shift 2
	for j in "" -j1 -j2 -j3; do
		rm -f out.btf
		"$PAHOLE" "$@" $j --btf_encode_detached=out.btf in.elf ||
			{ no "$name $j: detached encoding failed"; continue; }
		cmp -s out.btf "$ref" || no "$name $j: detached output differs from $(basename "$ref")"
		cp in.elf ip.elf
		"$PAHOLE" "$@" $j ip.elf 2>err.txt || no "$name $j: in place failed: $(cat err.txt)"
		[ -s err.txt ] && no "$name $j: messages in place: $(head -n 2 err.txt)"
		objcopy --only-section=.BTF --set-section-flags .BTF=alloc,readonly \
			--strip-all ip.elf ip.btf.o 2>/dev/null || no "$name $j: objcopy --only-section"
		objcopy --dump-section .BTF=ip.btf ip.btf.o junk 2>/dev/null
		cmp -s ip.btf "$ref" || no "$name $j: .BTF written in place differs from $(basename "$ref")"
		runs=$((runs + 1))
	done
}
check 6.1-flags ref-6.1-flags.btf $OLD
check modern-flags ref-modern-flags.btf $NEW
finish "clang kernel" "$runs runs (two flag sets, four -j), detached and in place, byte-identical"
