# SPDX-License-Identifier: GPL-2.0-only
# --btf_base as an ELF file, as kernel builds pass the vmlinux: the base is
# read from the file's .BTF section. Modules encoded on the upstream
# vmlinux BTF inside an ELF file give the same bytes as on the raw file,
# without -j and with -j2; an ELF file without .BTF, or with a .BTF that is
# no BTF, is refused with libbpf's reason in one line.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
raw=$REF_BTF
[ -f "$raw" ] || fail "missing $raw"
cd "$TMP" || fail "no temp dir"
echo 'int x;' >e.c
gcc -c e.c -o e.o || fail "gcc"
objcopy --add-section .BTF="$raw" e.o base.o || fail "objcopy"
n=0
for rel in net/ipv4/tcp_bbr drivers/net/veth fs/overlayfs/overlay; do
	ko=$(module_path "$rel") || skip "cannot fetch $VMLINUX_PKG"
	"$PAHOLE" $REF_FLAGS --btf_base "$raw" --btf_encode_detached=raw.btf "$ko" ||
		fail "$rel on the raw base"
	for j in "" -j2; do
		n=$((n + 1))
		# shellcheck disable=SC2086
		"$PAHOLE" $REF_FLAGS $j --btf_base base.o --btf_encode_detached=elf.btf "$ko" ||
			{ no "$rel $j: the ELF base is refused"; continue; }
		cmp -s raw.btf elf.btf || no "$rel $j: differs on the ELF base"
	done
done
echo 'this is no BTF' >junk
objcopy --add-section .BTF=junk e.o junk.o || fail "objcopy"
expect_error "ELF without .BTF" e.o -- "$PAHOLE" -J --btf_base e.o \
	--btf_encode_detached=out.btf e.o || no
expect_error "ELF with a bad .BTF" junk.o -- "$PAHOLE" -J --btf_base junk.o \
	--btf_encode_detached=out.btf e.o || no
finish "the ELF base and the raw base differ" "$n module encodings on an ELF base give the raw base's bytes"
