# tags: offline (no network, no kernel package)
# An object with more than 65,280 sections (e_shnum 0, SHN_XINDEX symbols,
# as -ffunction-sections and LTO builds make): the functions, variables
# and types sit in sections past 70,000. Detached and in place, the BTF is
# that of the same code in a few sections, every other section is intact
# (elfcmp), and the layouts print the same.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
cat >m.c <<'EOT'
struct node { struct node *next; int v; unsigned flag:3; };
int walk(struct node *n) { int s = 0; for (; n; n = n->next) s += n->v; return s; }
static int helper(struct node *n, int k) { return n->v * k; }
int use(struct node *n) { return helper(n, 3) + walk(n); }
int counter = 5;
struct node head;
EOT
gcc -g -O1 -ffunction-sections -fdata-sections -S m.c -o m.s || fail "gcc -S"
{
	for i in $(seq 1 70000); do printf '\t.section .data.s%d,"aw"\n\t.byte 1\n' "$i"; done
	cat m.s
} >big.s
gcc -c big.s -o big.o && gcc -c m.s -o small.o || fail "cannot assemble"
[ "$(readelf -h big.o | awk '/Number of section headers/ {print $5}')" = 0 ] ||
	fail "big.o has e_shnum set: not past SHN_LORESERVE"
readelf -sW big.o | grep -q ' 700[0-9][0-9] walk$' || fail "walk is not past section 70000"
F="$REF_FLAGS --btf_features=global_var"
"$PAHOLE" $F --btf_encode_detached=small.btf small.o || fail "small.o"
for j in -j1 -j2; do
	rm -f big.btf
	"$PAHOLE" $F $j --btf_encode_detached=big.btf big.o || { no "big.o $j: failed"; continue; }
	cmp -s small.btf big.btf || no "big.o $j: BTF differs from the small object's"
done
grep -c '^FUNC \|^VAR ' <("$BTFCANON" big.btf) | grep -qx 4 || no "not 2 FUNCs and 2 VARs"
cp big.o inplace.o
"$PAHOLE" $F inplace.o 2>err.txt || no "in place: $(cat err.txt)"
"$ELFCMP" big.o inplace.o .BTF >cmp.txt || { no "in place: other sections changed:"; cat cmp.txt; }
objcopy --dump-section .BTF=inplace.btf inplace.o junk 2>/dev/null
cmp -s inplace.btf small.btf || no "in place: .BTF differs"
"$PAHOLE" small.o >small.txt && "$PAHOLE" big.o >big.txt || no "printing failed"
cmp -s small.txt big.txt || no "layouts differ"
[ -s big.txt ] || no "nothing printed"
finish "many sections" "over 70,000 sections: BTF and layouts as with a few, detached and in place"
