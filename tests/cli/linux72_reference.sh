# SPDX-License-Identifier: GPL-2.0-only
# Linux 7.2 as Debian unstable builds it (gcc 16), with the flags of its
# scripts/Makefile.btf (attributes, layout): the vmlinux BTF at -j1, -j2, -j3
# and written in place is upstream v1.32's on libbpf 1.8 byte for byte,
# header and kind layout section included; without layout the header has
# 24 bytes and no layout section, without attributes no type attribute;
# the nine reference modules, split on the package's vmlinux, are
# upstream's from the type section on (its libbpf 1.8 writes a 32-byte
# header); pahole built against libbpf 1.7 writes the same bytes; the
# layout texts (-F btf --sort, -F dwarf --sizes, -C) are upstream's.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
D=$(k72_dir) || skip "cannot fetch $K72_PKG from Debian unstable"
V=$D/vmlinux
cd "$TMP" || fail "no temp dir"
xz -dc "$K72_REF_BTF" >ref.btf || fail "cannot read $K72_REF_BTF"
n=0
# same WHAT FILE WANT: FILE is WANT byte for byte.
same() {
	n=$((n + 1))
	cmp -s "$2" "$3" || no "$1: differs from upstream's ($(stat -c %s "$2") bytes, want $(stat -c %s "$3"))"
}
# types FILE: the type section on, without the header.
types() {
	tail -c +$(($(od -An -tu4 -j4 -N4 "$1" | tr -d ' ') + 1)) "$1"
}
# section FILE OFF: the section whose offset and length are the header's
# words at byte OFF + 4 and OFF + 8 (types: 4, strings: 12).
section() {
	local hdr off len
	hdr=$(od -An -tu4 -j4 -N4 "$1" | tr -d ' ')
	off=$(od -An -tu4 -j$(($2 + 4)) -N4 "$1" | tr -d ' ')
	len=$(od -An -tu4 -j$(($2 + 8)) -N4 "$1" | tr -d ' ')
	tail -c +$((hdr + off + 1)) "$1" | head -c "$len"
}
# header FILE: hdr_len, and with a 32-byte header the layout section's offset and length.
header() {
	od -An -tu4 -j4 -N4 "$1" | tr -d ' \n'
	[ "$(od -An -tu4 -j4 -N4 "$1" | tr -d ' ')" -lt 32 ] || od -An -tu4 -j24 -N8 "$1" | tr -s ' '
}
for j in -j1 -j2 -j3; do
	"$PAHOLE" $K72_FLAGS $j --btf_encode_detached=v$j.btf "$V" || fail "vmlinux $j"
	same "vmlinux $j" v$j.btf ref.btf
done
cp "$V" vmlinux || fail "cannot copy the vmlinux"
"$PAHOLE" $K72_FLAGS -j vmlinux || fail "vmlinux in place"
objcopy --dump-section .BTF=inplace.btf vmlinux junk && rm -f junk vmlinux || no "no .BTF written"
same "vmlinux in place" inplace.btf ref.btf

# layout and attributes exactly when asked.
"$PAHOLE" ${K72_FLAGS//--btf_features=layout/} -j --btf_encode_detached=nolayout.btf "$V" ||
	fail "vmlinux without layout"
[ "$(header nolayout.btf)" = 24 ] || no "without layout: header $(header nolayout.btf), want 24 bytes"
[ "$(header v-j2.btf)" = "32 3014904 80" ] || no "with layout: header $(header v-j2.btf)"
cmp -s <(section nolayout.btf 4) <(section ref.btf 4) &&
	cmp -s <(section nolayout.btf 12) <(section ref.btf 12) ||
	no "without layout: types or strings differ from upstream's"
"$PAHOLE" ${K72_FLAGS//--btf_features=attributes/} -j --btf_encode_detached=noattr.btf "$V" ||
	fail "vmlinux without attributes"
for f in v-j2 noattr; do
	"$BTFCANON" $f.btf | grep -c "^TYPE_TAG 'address_space(1)' kflag=1 " >$f.count
done
[ "$(cat v-j2.count) $(cat noattr.count)" = "1 0" ] ||
	no "address_space(1) attributes: $(cat v-j2.count) with, $(cat noattr.count) without (want 1, 0)"

# The nine modules, on the package's own vmlinux (its .BTF).
for rel in $REF_MODULES; do
	name=$(basename "$rel")
	"$PAHOLE" $K72_FLAGS --btf_base "$V" --btf_encode_detached="$name.btf" "$D/kernel/$rel.ko" ||
		{ no "$name: failed"; continue; }
	xz -dc "$K72_REF/$name.ko.btf.xz" >"$name.ref" || fail "no reference for $name"
	[ "$(header "$name.btf")" = 24 ] || no "$name: header $(header "$name.btf"), want 24 bytes"
	n=$((n + 1))
	cmp -s <(types "$name.btf") <(types "$name.ref") ||
		no "$name: differs from upstream's ($(stat -c %s "$name.btf") bytes, want $(stat -c %s "$name.ref"))"
done

# Built against libbpf 1.7: the same bytes.
newer_pahole "$TMP/build"
case $? in
0)	"$NEWER" $K72_FLAGS -j2 --btf_encode_detached=newer.btf "$V" || fail "vmlinux with libbpf 1.7"
	same "vmlinux, libbpf $NEWER_VERSION" newer.btf ref.btf
	for rel in $REF_MODULES; do
		name=$(basename "$rel")
		"$NEWER" $K72_FLAGS --btf_base "$V" --btf_encode_detached="$name.newer" "$D/kernel/$rel.ko" ||
			{ no "$name: failed with libbpf $NEWER_VERSION"; continue; }
		n=$((n + 1))
		cmp -s "$name.newer" "$name.btf" || no "$name: libbpf $NEWER_VERSION changes the bytes"
	done ;;
1)	fail "$NEWER_WHY" ;;
*)	echo "not compared with libbpf 1.7: $NEWER_WHY" ;;
esac

# The layout texts.
"$PAHOLE" -F btf --sort ref.btf >sort.txt || no "-F btf --sort failed"
xz -dc "$K72_REF/btf-sort.txt.xz" | cmp -s - sort.txt || no "-F btf --sort differs"
"$PAHOLE" -F dwarf --sizes "$V" >sizes.txt || no "-F dwarf --sizes failed"
xz -dc "$K72_REF/dwarf-sizes.txt.xz" | cmp -s - sizes.txt || no "-F dwarf --sizes differs"
"$PAHOLE" -F dwarf -C task_struct,sk_buff,inode,bpf_prog,net_device "$V" >c.txt || no "-C failed"
cmp -s "$K72_REF/dwarf-C-5.txt" c.txt || no "-C task_struct,... differs"
finish "Linux 7.2" "$n BTF files as upstream's; --sort, --sizes and -C texts as upstream's"
