# SPDX-License-Identifier: GPL-2.0-only
# --prettify with the Debian kernel's types, as upstream's man page does it:
# the vmlinux's own ELF header and section headers, with types from its
# DWARF and from the reference BTF, and a perf.data recorded here decoded
# with the kernel's perf_event_header and enum perf_event_type (a CU of
# some hundred thousand types); each byte for byte as Debian's pahole 1.24.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
[ -x /usr/bin/pahole ] && /usr/bin/pahole --version | grep -qx 'v1.24' ||
	skip "no Debian pahole 1.24 to compare with"
BTF=$REF_BTF
[ -f "$BTF" ] || skip "no reference BTF in $REF_DIR"
V=$(vmlinux_path) || skip "cannot fetch the Debian kernel package"
cd "$TMP" || fail "no temp dir"

n=0
# same NAME OPTIONS...: ours and 1.24 print the same, both exiting 0.
same() {
	local what=$1 rc rc_ref
	shift
	n=$((n + 1))
	/usr/bin/pahole "$@" >ref.out 2>ref.err
	rc_ref=$?
	"$PAHOLE" "$@" >our.out 2>our.err
	rc=$?
	if [ $rc -ne 0 ] || [ $rc_ref -ne 0 ] || [ ! -s our.out ] || ! cmp -s ref.out our.out; then
		echo "$what: exit $rc (1.24: $rc_ref), output differs (< 1.24, > ours):"
		diff ref.out our.out | head -20
		cat our.err
		no
	fi
	cp our.out "$what.out"
}
same header-dwarf --header elf64_hdr --prettify "$V" "$V"
same header-btf -F btf --header elf64_hdr --prettify "$V" "$BTF"
grep -qx '	.e_machine = 62,' header-btf.out || fail "the ELF header is not x86-64's"
shoff=$(python3 -c 'import struct, sys
print(struct.unpack_from("<Q", open(sys.argv[1], "rb").read(64), 0x28)[0])' "$V") ||
	fail "cannot read e_shoff"
same sections -F btf -C elf64_shdr --seek_bytes "$shoff" --count 4 --skip 1 \
	--prettify "$V" "$BTF"

if command -v perf >/dev/null; then
	for ev in "" "-e task-clock" "-e cpu-clock" "-e dummy"; do
		rm -f perf.data
		perf record -q $ev -o perf.data -- true >perf.log 2>&1 && [ -s perf.data ] && break
	done
fi
if [ -s perf.data ]; then
	read -r off size < <(python3 -c 'import struct, sys
print(*struct.unpack_from("<QQ", open(sys.argv[1], "rb").read(104), 0x28))' perf.data) ||
		fail "cannot read the perf.data header"
	same perf -F btf -C 'perf_event_header(sizeof,type,type_enum=perf_event_type)' \
		--seek_bytes "$off" --size_bytes "$size" --prettify perf.data "$BTF"
	same perf-filter -F btf --hex \
		-C 'perf_event_header(sizeof,type,type_enum=perf_event_type,type==MMAP)' \
		--seek_bytes "$off" --size_bytes "$size" --prettify perf.data "$BTF"
fi
finish "--prettify with the kernel's types differs from 1.24's" "$n commands with the kernel's DWARF and BTF print as 1.24's"
