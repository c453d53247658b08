# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Unusual but valid inputs encode with exit 0, no signal, nothing on stderr,
# the input unchanged, and the same types (canonical text) as the plain
# build: compressed debug sections (-gz), DWARF 2, 3, 4 and 5, a 32-bit
# object (-m32), a big-endian object (s390x; the BTF in its byte order),
# DWARF 4 and 5 type units (-fdebug-types-section) in linked files, with
# -j1 and -j4. Type units in an unlinked object, which libdw cannot read,
# are refused with one line.
. "$TOP/tests/lib.sh"
cd "$TMP" || fail "no temp dir"
# No plain char (its sign differs on s390x) and no include.
cat >src.c <<'EOC'
enum color { RED, GREEN = 5, BLUE = 100 };
typedef unsigned long word_t;
struct node { struct node *next; const signed char *name; int flags : 3, kind : 5; };
union value { long l; double d; unsigned char c[8]; };
struct holder {
	struct node head;
	union value v[4];
	enum color c;
	word_t (*fn)(struct node *, int, ...);
	volatile word_t counter;
	struct { int inner; } anon;
} h;
int use(struct holder *p) { return p->head.flags + p->anon.inner; }
EOC
n=0
# encode WHAT FILE [FLAGS]: exit 0, silent, input unchanged; FILE.canon written.
encode() {
	local what=$1 f=$2 rc sum
	shift 2
	n=$((n + 1))
	sum=$(sha256sum "$f")
	"$PAHOLE" -J "$@" --btf_encode_detached="$f.btf" "$f" >/dev/null 2>err
	rc=$?
	if [ $rc -ne 0 ] || [ -s err ]; then
		echo "$what: exit $rc:"; head -n 5 err; no; return 1
	fi
	[ "$(sha256sum "$f")" = "$sum" ] || no "$what: input changed"
	canon_types "$f.btf" >"$f.canon" || { no "$what: btfcanon failed"; return 1; }
}
# same WHAT FILE REF: FILE's types equal REF's.
same() {
	cmp -s "$2.canon" "$3.canon" && return
	echo "$1: types differ from $3:"; diff "$3.canon" "$2.canon" | head -n 10; no
}
so() { gcc -g -shared -nostdlib -fPIC "$@" src.c; }

gcc -c -g -gdwarf-5 src.c -o plain.o && encode "plain" plain.o || fail "plain object"
gcc -c -g -gz src.c -o gz.o || fail "gcc -gz"
readelf -SW gz.o | grep -q 'debug_info .* C ' || readelf -SW gz.o | grep -q zdebug ||
	fail "gcc -gz gave no compressed section"
encode "-gz" gz.o && same "-gz" gz.o plain.o
for v in 2 3 4 5; do
	gcc -c -g -gdwarf-$v src.c -o dwarf$v.o || fail "gcc -gdwarf-$v"
	encode "DWARF $v" dwarf$v.o && same "DWARF $v" dwarf$v.o plain.o
done

gcc -m32 -c -g src.c -o m32.o || fail "gcc -m32 (gcc-multilib)"
encode "-m32" m32.o &&
	grep -q "^STRUCT 'node' size=12 " m32.o.canon || no "-m32: struct node is not 12 bytes"

clang --target=s390x-linux-gnu -g -c src.c -o be.o || fail "clang s390x"
clang -g -c src.c -o le.o || fail "clang"
encode "s390x" be.o && encode "x86_64 clang" le.o && same "s390x" be.o le.o
[ "$(od -An -tx1 -N2 be.o.btf | tr -d ' ')" = eb9f ] ||
	no "s390x: BTF is not big endian: $(od -An -tx1 -N4 be.o.btf)"
[ "$(od -An -tx1 -N2 le.o.btf | tr -d ' ')" = 9feb ] ||
	no "x86_64: BTF is not little endian"

so -o plain.so && encode "plain .so" plain.so || fail "plain .so"
for v in 4 5; do
	so -gdwarf-$v -fdebug-types-section -o types$v.so || fail "gcc -fdebug-types-section"
	for j in 1 4; do
		encode "DWARF $v type units -j$j" types$v.so -j$j &&
			same "DWARF $v type units -j$j" types$v.so plain.so
	done
	gcc -c -g -gdwarf-$v -fdebug-types-section src.c -o types$v.o || fail "gcc"
	expect_error "DWARF $v type units, unlinked" types$v.o -- \
		"$PAHOLE" -J --btf_encode_detached=out.btf types$v.o || no
	grep -q "link it first" err.txt || no "unlinked type units: no advice"
done
finish "valid inputs" "$n encodings"
