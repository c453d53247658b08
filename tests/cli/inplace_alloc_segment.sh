# tags: offline (no network, no kernel package)
# An allocated .BTF inside a loadable segment (as in a linked vmlinux) is
# replaced where it is when the new BTF fits, with the segments, addresses
# and every other section unchanged. When it does not fit (lld leaves an
# empty one in .tmp_vmlinux.btf), its contents go after the other sections,
# its header (address, flags) kept, and tools that take .BTF out by name,
# as kernel builds do, read the new BTF.
. "$TOP/tests/lib.sh"
ELFCMP=$TOP/build/elfcmp
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
cat >a.c <<'EOT'
struct point { int x, y; };
struct node { struct node *next; struct point p; unsigned flag:3; } head;
__attribute__((section(".BTF"), used)) const char btf_area[SIZE] = { 1 };
int main(void) { return head.p.x; }
EOT
gcc -g -DSIZE=65536 a.c -o roomy && gcc -g -DSIZE=16 a.c -o tight || fail "gcc"
readelf -lW roomy | grep -A20 'Section to Segment' | grep -q '\.BTF' ||
	skip "the linker put .BTF outside the segments"

# Fits: replaced in place.
"$PAHOLE" -J --btf_encode_detached=roomy.want roomy || fail "detached"
cp roomy roomy.new
"$PAHOLE" -J roomy.new || no "roomy: pahole -J failed"
objcopy --dump-section .BTF=roomy.dump roomy.new junk || no "roomy: no .BTF"
cmp -s roomy.dump roomy.want || no "roomy: .BTF differs from the detached output"
"$ELFCMP" roomy roomy.new .BTF || no "roomy: other parts changed"
old=$(readelf -SW roomy | grep '\.BTF ' | awk '{print $3, $4, $5, $8, $NF}')
new=$(readelf -SW roomy.new | grep '\.BTF ' | awk '{print $3, $4, $5, $8, $NF}')
[ "$old" = "$new" ] || no "roomy: .BTF type, address, offset, flags or alignment moved: $old -> $new"
[ "$(stat -c %s roomy)" = "$(stat -c %s roomy.new)" ] || no "roomy: the file size changed"
./roomy.new; [ $? -eq 0 ] || no "roomy: the program no longer runs"

# Does not fit: moved out of the segment, address and flags kept.
"$PAHOLE" -J --btf_encode_detached=tight.want tight || fail "detached"
cp tight tight.new
"$PAHOLE" -J tight.new 2>err.txt || no "tight: pahole -J failed: $(cat err.txt)"
[ -s err.txt ] && no "tight: messages: $(cat err.txt)"
objcopy --dump-section .BTF=tight.dump tight.new junk || no "tight: no .BTF"
cmp -s tight.dump tight.want || no "tight: .BTF differs from the detached output"
objcopy --only-section=.BTF --set-section-flags .BTF=alloc,readonly --strip-all \
	tight.new tight.btf.o 2>/dev/null || no "tight: objcopy --only-section=.BTF"
objcopy --dump-section .BTF=tight.dump2 tight.btf.o junk 2>/dev/null
cmp -s tight.dump2 tight.want || no "tight: .BTF taken out by name differs"
"$ELFCMP" tight tight.new .BTF || no "tight: other parts changed"
old=$(readelf -SW tight | grep '\.BTF ' | awk '{print $3, $4, $8, $NF}')
new=$(readelf -SW tight.new | grep '\.BTF ' | awk '{print $3, $4, $8, $NF}')
[ "$old" = "$new" ] || no "tight: .BTF type, address, flags or alignment changed: $old -> $new"
off=$((0x$(readelf -SW tight.new | grep '\.BTF ' | awk '{print $5}')))
shoff=$(readelf -hW tight | awk '/Start of section headers/ {print $5}')
[ "$off" -ge "$shoff" ] ||
	no "tight: .BTF not moved after the other sections (offset $off)"
./tight.new; [ $? -eq 0 ] || no "tight: the program no longer runs"
[ "$(ls | grep -c '\.tmp\.')" -eq 0 ] || no "temporary files left: $(ls | grep '\.tmp\.')"
finish "allocated .BTF" "replaced in place when it fits, moved out with its header kept when it does not"
