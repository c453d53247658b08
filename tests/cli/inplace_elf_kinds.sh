# tags: offline (no network, no kernel package)
# .BTF in place in ELF files of other shapes: 32-bit and big-endian objects
# (clang cross targets; the BTF follows the file's byte order), a file that
# already needs extended section numbering (more than 65,279 sections, as
# -ffunction-sections kernels), and one whose new .BTF is the 65,280th
# section, which makes the count move into section 0.
. "$TOP/tests/lib.sh"
BPFTOOL=/usr/sbin/bpftool
[ -x "$BPFTOOL" ] || skip "no $BPFTOOL"
command -v llvm-objcopy >/dev/null || skip "no llvm-objcopy"
command -v clang >/dev/null || skip "no clang"
cd "$TMP" || fail "no temp dir"
printf 'struct s { int a; long b; struct s *next; } y;\n' >t.c
n=0

# check FILE: -J in place on a copy of FILE gives the detached bytes and
# changes nothing else.
check() {
	local f=$1
	"$PAHOLE" -J --btf_encode_detached="$f.want" "$f" || { no "$f: detached failed"; return; }
	cp "$f" "$f.new"
	"$PAHOLE" -J "$f.new" || { no "$f: in place failed"; return; }
	llvm-objcopy --dump-section .BTF="$f.dump" "$f.new" junk || { no "$f: no .BTF"; return; }
	cmp -s "$f.dump" "$f.want" || no "$f: .BTF differs from the detached output"
	"$ELFCMP" "$f" "$f.new" .BTF >"$f.cmp" || { no "$f: elfcmp:"; cat "$f.cmp"; }
	"$BPFTOOL" btf dump file "$f.new" >/dev/null 2>&1 || no "$f: bpftool cannot read it"
	n=$((n + 1))
}

for target in i386-linux-gnu s390x-linux-gnu powerpc-linux-gnu; do
	clang --target=$target -g -c t.c -o $target.o 2>/dev/null || continue
	check $target.o
done
[ -e s390x-linux-gnu.o ] && { od -A n -t x1 -N 2 s390x-linux-gnu.o.want | grep -q 'eb 9f' ||
	no "s390x: BTF not big-endian"; }

# sections N OUT: t.c plus N one-byte sections.
sections() {
	{ gcc -g -S -o - t.c; awk -v n="$1" 'BEGIN { for (i = 0; i < n; i++)
		printf ".section .x%d,\"a\"\n.byte 1\n", i }'; } >"$2.s" && gcc -c "$2.s" -o "$2"
}
base=$(gcc -g -c t.c -o plain.o && readelf -hW plain.o | sed -n 's/.*Number of section headers: *//p')
sections $((66000 - base)) many.o || fail "assembling 66,000 sections"
readelf -hW many.o | grep -q 'Number of section headers: *0 (' || fail "no extended numbering"
check many.o
sections $((65279 - base)) edge.o || fail "assembling 65,279 sections"
check edge.o
readelf -hW edge.o.new | grep -q 'Number of section headers: *0 (65280)' ||
	no "edge.o: $(readelf -hW edge.o.new | grep 'Number of section headers')"
finish "ELF kinds" "$n files: 32-bit, big-endian, extended section numbering"
