# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Parameter and variable locations are decoded without libdw, and give what
# libdw gives: with PAHOLE_TEST_LOCATIONS=check every DW_AT_location is read
# both ways and a difference fails the run. Over the fixtures, objects with
# many location lists (gcc and clang, DWARF 2 to 5, -O2, also 32-bit and big
# endian) and some kernel modules; the decoder itself must read nearly all.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
ENV=PAHOLE_TEST_LOCATIONS

# The variable is read: an unknown value is refused.
env $ENV=x "$PAHOLE" $REF_FLAGS --btf_encode_detached="$TMP/x.btf" /dev/null 2>"$TMP/err"
rc=$?
[ "$rc" -eq 64 ] || fail "$ENV=x: exit $rc, want 64: $(cat "$TMP/err")"

total=0 fallbacks=0 files=0

# check FILE [PAHOLE ARGS...]: encodes FILE in check mode; adds its counts.
check() {
	local f=$1 line n k
	shift
	rm -f "$TMP/out.btf"
	if ! env $ENV=check "$PAHOLE" $REF_FLAGS "$@" --btf_encode_detached="$TMP/out.btf" \
			"$f" 2>"$TMP/err"; then
		fail "$(basename "$f"): $(head -3 "$TMP/err")"
	fi
	line=$(grep 'locations checked: ' "$TMP/err") || fail "$(basename "$f"): no count line"
	n=$(echo "$line" | sed 's/.*locations checked: \([0-9]*\),.*/\1/')
	k=$(echo "$line" | sed 's/.*left to libdw: \([0-9]*\)$/\1/')
	total=$((total + n)) fallbacks=$((fallbacks + k)) files=$((files + 1))
	LAST_N=$n LAST_K=$k
}

# The fixtures, with each compiler, DWARF version and optimisation level.
for obj in $(fixture_objects "$TMP/fx") ; do
	check "$obj"
done
[ "$files" -gt 0 ] || skip "no fixture could be compiled"

# Parameters live across calls get location lists at -O2; entry values,
# pieces of a struct, DW_OP_addr/addrx of globals.
cat >"$TMP/lists.c" <<'EOC'
struct pair { long a, b; };
struct big { long x[4]; };
extern void sink(long v);
extern long source(void);
extern void sink_pair(struct pair p);
extern void sink_ptr(const void *p);
int counter;
static int hidden[16];
long table[8] = { 1, 2, 3 };

__attribute__((noinline)) long walk(long a, long b, int c, char *d)
{
	long s = 0;
	int i;

	for (i = 0; i < c; i++) {
		sink(a + i);
		s += source() * b;
		if (d[i] == 0)
			break;
		a = s ^ b;
	}
	sink(s);
	return a + b + s;
}

__attribute__((noinline)) long two(struct pair p, long k)
{
	sink(p.a);
	sink_pair(p);
	k += source();
	sink(k + p.b);
	return k;
}

__attribute__((noinline)) long many(long a, long b, long c, long d, long e, long f, long g)
{
	sink(a);
	sink(b + c);
	sink(d * e);
	sink(f - g);
	return a + g;
}

__attribute__((noinline)) int unused_param(int x, int y)
{
	sink(y);
	return hidden[y & 15]++;
}

__attribute__((noinline)) long by_ref(struct big b, long *out)
{
	struct pair local = { b.x[0], b.x[1] };

	sink_ptr(&local);
	*out = b.x[2];
	counter++;
	return b.x[3] + table[(int)b.x[0] & 7];
}

static __attribute__((noinline)) long cloned(long a, long unused, long c)
{
	sink(a);
	sink(c);
	return a * c;
}

long use_all(long v, char *s)
{
	struct pair p = { v, v + 1 };
	struct big b = { { v, v, v, v } };
	long out;

	return walk(v, v + 2, 3, s) + two(p, v) + many(v, 1, 2, 3, 4, 5, v) +
	       unused_param(1, (int)v) + by_ref(b, &out) + cloned(v, 0, v + 3) + out;
}
EOC
# lists_object CC FLAGS SECTION: compiles and checks the lists object; the
# decoder must read every location itself.
lists=0
lists_object() {
	local cc=$1 flags=$2 sec=$3 obj
	obj=$TMP/lists-$cc-$(echo "$flags" | tr -c 'a-z0-9' '_').o
	"$cc" -c -g $flags -O2 -o "$obj" "$TMP/lists.c" || fail "cannot compile with $cc $flags"
	readelf -S -W "$obj" | grep -q " $sec " || fail "$cc $flags: no $sec section"
	check "$obj"
	[ "$LAST_N" -ge 15 ] || fail "$cc $flags: only $LAST_N locations"
	[ "$LAST_K" -eq 0 ] || fail "$cc $flags: $LAST_K of $LAST_N locations left to libdw"
	lists=$((lists + 1))
}
for cc in $COMPILERS; do
	command -v "$cc" >/dev/null 2>&1 || continue
	lists_object "$cc" -gdwarf-4 .debug_loc
	lists_object "$cc" -gdwarf-5 .debug_loclists
done
# DWARF 2 and 3 (list offsets as data4), 4-byte addresses, big endian: when
# the compiler can.
if command -v gcc >/dev/null 2>&1; then
	lists_object gcc -gdwarf-2 .debug_loc
	lists_object gcc -gdwarf-3 .debug_loc
	echo 'int x;' | gcc -m32 -c -x c -o "$TMP/m32.o" - 2>/dev/null &&
		lists_object gcc "-m32 -gdwarf-4" .debug_loc
fi
if command -v clang >/dev/null 2>&1 &&
   echo 'int x;' | clang --target=s390x-linux-gnu -c -x c -o "$TMP/be.o" - 2>/dev/null; then
	lists_object clang "--target=s390x-linux-gnu -gdwarf-5" .debug_loclists
fi
[ "$lists" -gt 0 ] || skip "neither gcc nor clang found"

mods="kernel modules not run in check-quick"
if [ -z "$QUICK" ]; then
	base=$REF_BTF
	[ -f "$base" ] || fail "missing $base"
	for rel in fs/xfs/xfs arch/x86/kvm/kvm net/netfilter/nf_tables drivers/net/veth \
		   net/ipv4/tcp_bbr; do
		ko=$(module_path "$rel") || skip "cannot fetch $VMLINUX_PKG"
		check "$ko" --btf_base "$base"
	done
	mods="5 of them kernel modules"
fi
# Nearly all are the decoder's own: libdw reads only what it does not know.
[ $((fallbacks * 100)) -le "$total" ] ||
	fail "$fallbacks of $total locations left to libdw, more than 1%"
pass "$files objects ($mods): $total locations decoded as libdw does, $fallbacks left to libdw"
