# pahole -J on a copy of Debian's vmlinux, whose .BTF is allocated inside a
# loadable segment: replaced where it is (same offset and address, file size
# unchanged), its bytes those of --btf_encode_detached, every other section,
# the symbol table and the program headers unchanged (elfcmp), and bpftool
# reads the BTF from the ELF file.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
ELFCMP=$TOP/build/elfcmp
BPFTOOL=/usr/sbin/bpftool
[ -x "$BPFTOOL" ] || skip "no $BPFTOOL"
vmlinux=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
cd "$TMP" || fail "no temp dir"
cp "$vmlinux" vmlinux || fail "cp"
"$PAHOLE" $REF_FLAGS -j --btf_encode_detached=want.btf "$vmlinux" || fail "detached"
"$PAHOLE" $REF_FLAGS -j vmlinux || fail "in place"
objcopy --dump-section .BTF=dump.btf vmlinux junk && rm -f junk || no "no .BTF"
cmp -s dump.btf want.btf || no ".BTF differs from the detached output"
"$ELFCMP" "$vmlinux" vmlinux .BTF || no "elfcmp found differences"
where() { readelf -SW "$1" | sed -n 's/^ *\[ *[0-9]*\] \.BTF  *PROGBITS  *\([0-9a-f]*\) \([0-9a-f]*\) .*/\1 \2/p'; }
[ "$(where "$vmlinux")" = "$(where vmlinux)" ] ||
	no ".BTF moved: $(where "$vmlinux") -> $(where vmlinux)"
[ "$(stat -c %s "$vmlinux")" = "$(stat -c %s vmlinux)" ] || no "the file size changed"
n=$("$BPFTOOL" btf dump file vmlinux 2>&1 | grep -c '^\[') || no "bpftool cannot read it"
finish "vmlinux in place" "$(stat -c %s want.btf) bytes of .BTF in place, $n types read back by bpftool"
