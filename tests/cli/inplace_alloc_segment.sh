# An allocated .BTF inside a loadable segment (as in a linked vmlinux) is
# replaced where it is when the new BTF fits, with the segments, addresses
# and every other section unchanged; when it does not fit, the file is left
# untouched and pahole exits 1 with one line naming it.
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
bad=0
no() { echo "$*"; bad=1; }

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

# Does not fit: refused, untouched.
sum=$(sha256sum tight)
expect_error "too small" tight -- "$PAHOLE" -J tight || bad=1
grep -q 'loadable segment' "$TMP/err.txt" || no "tight: the message does not say why"
[ "$(sha256sum tight)" = "$sum" ] || no "tight: changed"
[ "$(ls | grep -c '\.tmp\.')" -eq 0 ] || no "temporary files left: $(ls | grep '\.tmp\.')"
[ $bad -eq 0 ] || fail "allocated .BTF"
pass "replaced in place when it fits, refused when it does not"
