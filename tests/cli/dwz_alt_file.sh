# tags: offline (no network, no kernel package)
# Where the supplementary file of "dwz -m" is looked for: the path that
# .gnu_debugaltlink names (relative to the file, also where a symbolic link
# to it leads), inside the unpacked debug
# tree the file lies in when the path is absolute (as Debian's packages
# name /usr/lib/debug/.dwz/...), and by build-id under .build-id; a file
# there with another build-id is not taken. A missing one is a one-line
# error naming it, exit 1, for encoding and printing alike.
. "$TOP/tests/lib.sh"
command -v dwz >/dev/null || skip "no dwz"
command -v gcc >/dev/null || skip "no gcc"
cp "$TOP"/tests/fixtures/dwz/* "$TMP/" || fail "cannot copy fixtures"
cd "$TMP" || fail "no temp dir"
SRCS="dwz_main.c dwz_u1.c dwz_u2.c dwz_u3.c"
LINK=/usr/lib/debug/.dwz/x86_64-linux-gnu/pahole-dwz-test.debug
[ -e "$LINK" ] && skip "$LINK exists on this machine"
gcc -g -O1 -o prog $SRCS || fail "build"
gcc -g -gdwarf-4 -O1 -o other $SRCS || fail "build"
"$PAHOLE" $REF_FLAGS --btf_encode_detached=orig.btf prog || fail "encoding before dwz"
"$BTFCANON" orig.btf >orig.canon || fail "btfcanon"
cp prog m1 && cp prog m2 && cp other o1 && cp other o2 || fail "cp"
dwz -m alt.debug -M "$LINK" m1 m2 || fail "dwz -m"
dwz -m other.debug o1 o2 || fail "dwz -m (other)"
readelf -p .gnu_debugaltlink m1 | grep -qF "$LINK" || fail "dwz did not record $LINK"
id=$(readelf -n alt.debug | sed -n 's/.*Build ID: *//p')
[ -n "$id" ] || fail "the supplementary file has no build-id"

# found DIR: m1 in DIR/usr/lib/debug encodes as the program before dwz.
found() {
	mkdir -p "$1/usr/lib/debug" && cp m1 "$1/usr/lib/debug/m1" || return 1
	"$PAHOLE" $REF_FLAGS --btf_encode_detached="$1.btf" "$1/usr/lib/debug/m1" ||
		{ echo "$1: exit $?"; return 1; }
	"$BTFCANON" "$1.btf" | cmp -s - orig.canon || { echo "$1: BTF differs"; return 1; }
}
mkdir -p tree/usr/lib/debug/.dwz/x86_64-linux-gnu && cp alt.debug "tree$LINK" || fail "cp"
found tree || no
mkdir -p "byid/usr/lib/debug/.build-id/${id:0:2}" &&
	cp alt.debug "byid/usr/lib/debug/.build-id/${id:0:2}/${id:2}.debug" || fail "cp"
found byid || no
# A relative name, through a symbolic link to the file: beside the real file.
cp prog r1 && cp prog r2 && dwz -m rel.debug r1 r2 || fail "dwz -m (relative)"
mkdir -p real via && mv r1 rel.debug real/ && ln -s ../real/r1 via/r1 || fail "mv"
"$PAHOLE" $REF_FLAGS --btf_encode_detached=via.btf via/r1 || no "through a link: exit $?"
"$BTFCANON" via.btf 2>/dev/null | cmp -s - orig.canon || no "through a link: BTF differs"
# The right name, the wrong file: not taken.
mkdir -p wrong/usr/lib/debug/.dwz/x86_64-linux-gnu && cp other.debug "wrong$LINK" &&
	cp m1 wrong/usr/lib/debug/m1 || fail "cp"
expect_error "another file's supplementary file" "$LINK" -- \
	"$PAHOLE" $REF_FLAGS --btf_encode_detached=x.btf "$TMP/wrong/usr/lib/debug/m1" || no
expect_error "missing supplementary file, encoding" "$LINK" -- \
	"$PAHOLE" $REF_FLAGS --btf_encode_detached=x.btf m1 || no
expect_error "missing supplementary file, printing" "$LINK" -- "$PAHOLE" m1 || no
[ -s x.btf ] && no "BTF written without the supplementary file"
finish "supplementary file lookup" "found beside, in the unpacked tree and by build-id; a missing one exits 1"
