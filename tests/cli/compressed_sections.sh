# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Compressed debug sections read as libdw reads them: the legacy GNU
# .zdebug_* form (gcc -gz=zlib-gnu, objcopy --compress-debug-sections=zlib-gnu)
# and SHF_COMPRESSED (-gz=zlib) give the same BTF, canonically, and the same
# printed layouts as the uncompressed build, at -j1 and -j3; objects (whose
# .zdebug sections carry relocations), executables and a shared object of
# many CUs; compressed symbol tables too. A section that cannot be
# decompressed is a one-line error.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
command -v objcopy >/dev/null 2>&1 || skip "no objcopy"

runs=0
# same_as PLAIN COMPRESSED: BTF canonical text and printed layouts agree.
same_as() {
	local plain=$1 z=$2 j f
	readelf -SW "$z" | grep -qE '\.zdebug_info| C ' ||
		fail "$z has no compressed debug section: the fixture is wrong"
	for j in 1 3; do
		runs=$((runs + 1))
		for f in "$plain" "$z"; do
			"$PAHOLE" -j"$j" -J --btf_encode_detached="$f.btf" "$f" >/dev/null 2>"$f.err" ||
				{ no "ENCODE FAILED: $f -j$j: $(cat "$f.err")"; return; }
			"$BTFCANON" "$f.btf" >"$f.canon" || fail "btfcanon failed on $f.btf"
			"$PAHOLE" -j"$j" "$f" >"$f.txt" 2>&1
			"$PAHOLE" -j"$j" -C foo,bar,obj,same_name "$f" >"$f.c.txt" 2>&1
		done
		[ -s "$plain.canon" ] && [ -s "$plain.txt" ] || fail "no output for $plain"
		for f in canon txt c.txt; do
			if ! cmp -s "$plain.$f" "$z.$f"; then
				echo "DIFFERENT ($f, -j$j): $z"
				diff "$plain.$f" "$z.$f" | head -5
				no
			fi
		done
	done
}

cat >"$TMP/a.c" <<'EOF'
struct foo { int a; char b; long c; struct foo *next; };
struct bar { short x; struct foo f; unsigned int bits:3, more:5; const char *name; };
int fa(struct foo *f) { return f->a; }
long fb(struct bar *b, int k) { return b->f.c + k + b->name[0]; }
int main(void) { struct bar b = { 0 }; return fa(&b.f) + (int)fb(&b, 1); }
EOF
n=0
for dv in 4 5; do
	for opt in -O0 -O2; do
		p=$TMP/a-$dv$opt
		gcc -g -gdwarf-$dv $opt -c -o "$p.o" "$TMP/a.c" || fail "gcc cannot compile"
		for gz in zlib-gnu zlib; do
			gcc -g -gdwarf-$dv $opt -gz=$gz -c -o "$p-$gz.o" "$TMP/a.c" ||
				fail "gcc -gz=$gz cannot compile"
			same_as "$p.o" "$p-$gz.o"
			gcc -g -gdwarf-$dv $opt -gz=$gz -o "$p-$gz" "$TMP/a.c" || fail "gcc cannot link"
			gcc -g -gdwarf-$dv $opt -o "$p" "$TMP/a.c"
			same_as "$p" "$p-$gz"
			n=$((n + 2))
		done
	done
done
for cc in gcc clang; do
	command -v "$cc" >/dev/null 2>&1 || continue
	so=$(many_cus "$TMP/many-$cc" 30 "$cc") || fail "cannot build the many-CU object with $cc"
	for gz in zlib-gnu zlib; do
		objcopy --compress-debug-sections=$gz "$so" "$so-$gz" || fail "objcopy failed"
		same_as "$so" "$so-$gz"
		n=$((n + 1))
	done
done

# Symbol tables compressed (SHF_COMPRESSED, which no toolchain writes by
# default but the ELF format allows): decompressed as libdwfl does, the
# same BTF as the plain file, for an executable and an object.
zsym() {	# zsym IN OUT: .symtab and .strtab zlib-compressed, moved to the end
	python3 - "$1" "$2" <<'EOF'
import struct, sys, zlib
b = bytearray(open(sys.argv[1], 'rb').read())
shoff, = struct.unpack_from('<Q', b, 0x28)
shentsize, shnum, shstrndx = struct.unpack_from('<HHH', b, 0x3a)
fmt = '<IIQQQQIIQQ'
def sh(i): return list(struct.unpack_from(fmt, b, shoff + i * shentsize))
names = sh(shstrndx)[4]
for i in range(1, shnum):
    h = sh(i)
    if bytes(b[names + h[0]:b.index(0, names + h[0])]) not in (b'.symtab', b'.strtab'):
        continue
    data = bytes(b[h[4]:h[4] + h[5]])
    comp = struct.pack('<IIQQ', 1, 0, len(data), h[8] or 1) + zlib.compress(data)
    while len(b) % 8:
        b.append(0)
    h[4], h[5], h[2], h[8] = len(b), len(comp), h[2] | 0x800, 8
    b += comp
    struct.pack_into(fmt, b, shoff + i * shentsize, *h)
open(sys.argv[2], 'wb').write(b)
EOF
}
for p in "$TMP/a-5-O2" "$TMP/a-5-O2.o"; do
	zsym "$p" "$p-zsym" || fail "cannot compress the symbol table of $p"
	for f in "$p" "$p-zsym"; do
		"$PAHOLE" -j3 -J --btf_encode_detached="$f.sym.btf" "$f" ||
			no "ENCODE FAILED: $f"
	done
	cmp -s "$p.sym.btf" "$p-zsym.sym.btf" || no "DIFFERENT: $p-zsym"
	"$BTFCANON" "$p-zsym.sym.btf" | grep -q "^FUNC 'fb'" ||
		no "no functions from the compressed symbol table of $p"
	n=$((n + 1))
done

# Compressed streams damaged past their header: libdw skips such a
# section; we say which one it is.
z=$TMP/a-5-O2-zlib-gnu
info=$(readelf -SW "$z" | sed -n 's/.*\] \.zdebug_info *[A-Z]* *[0-9a-f]* \([0-9a-f]*\) \([0-9a-f]*\).*/\1 \2/p')
[ -n "$info" ] || fail "no .zdebug_info in $z"
set -- $info
cp "$z" "$TMP/damaged"
printf '\377\377\377\377\377\377\377\377' |
	dd of="$TMP/damaged" bs=1 seek=$((0x$1 + 14)) conv=notrunc status=none
expect_error "damaged .zdebug_info" "$TMP/damaged" -- "$PAHOLE" "$TMP/damaged" || no
grep -q "\.zdebug_info" "$TMP/err.txt" || fail "the error does not name .zdebug_info"
expect_error "damaged .zdebug_info, -J" "$TMP/damaged" -- \
	"$PAHOLE" -J --btf_encode_detached="$TMP/damaged.btf" "$TMP/damaged" || no

finish "$runs runs, compressed against uncompressed" "$n compressed builds x -j1/-j3: the same canonical BTF and layouts as uncompressed"
