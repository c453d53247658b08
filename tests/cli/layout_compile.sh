#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pahole --compile (and --skip_emitting_atomic_typedefs) against Debian's
# pahole 1.24, on every fixture of the matrix and on the sources below.
#
# 1.24 refuses --compile on DWARF ("--compile currently only works with
# BTF"), so 1.24 reads BTF that our pahole encoded into a copy of each
# object (-F btf). Ours must print the same from that BTF, and from the
# object's DWARF too, but where DWARF says more (DWARF_KNOWN below); and
# its output must compile with gcc wherever 1.24's does.
#
# Differences allowed, applied to the texts before comparing:
#   - Empty lines: since v1.25 (as ours, v1.32's) no empty line follows a
#     struct printed at the top level; 1.24 prints one. Empty lines are
#     not compared (tests/cli/compile_*.sh compare ours with v1.32's text
#     byte for byte).
#   - -C: 1.24 prints the type alone, without its ';' and the types it
#     needs; since v1.26 (as ours) those come first and the ';' after it.
#     The end of ours, less the ';', must be 1.24's text.
#   - Flexible arrays: 1.24 has no "XXX last struct has a flexible array"
#     and "flexible array members:" comments (section 12, added in 1.28).
#   - Multi-dimensional arrays: BTF has them as arrays of arrays since
#     v1.32; 1.24 prints those with the dimensions reversed (int a[4][2]
#     for int a[2][4]). The dimensions of such arrays are not compared.
#   - Atomic typedefs: 1.24 has no --skip_emitting_atomic_typedefs and
#     never emits "typedef _Atomic ...;" (each followed by an empty line).
#     Ours with the option must equal 1.24 without it.
# Where 1.24 itself is wrong or older on a fixture, the fixture is listed
# in KNOWN below with the reason; its differences are reported, not failed,
# and the checks with gcc still apply.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
[ -x /usr/bin/pahole ] || skip "no reference pahole at /usr/bin/pahole"
REF=/usr/bin/pahole
cd "$TMP" || fail "cannot cd to $TMP"

# Fixtures (source name) where 1.24's text is wrong or older.
KNOWN="
enums.c		1.24 prints the values of signed BTF enums as unsigned
cxx_layouts.cc	1.24 finds 65532-byte holes in C++ classes read from BTF
nullptr_type.cc	1.24 stops at a typedef of void (tag not found, please report)
tags_annotations.c	1.24 prints <ERROR> for pointers with type tags (clang)
"

cat >refs.c <<'EOF'
#include <stdatomic.h>
struct later;
struct self { struct self *next, *prev; struct later *later; int v; };
typedef unsigned int u32;
typedef u32 chain1;
typedef chain1 chain2;
enum color { RED, GREEN = 5, BLUE = 7 };
typedef enum { E_A, E_B } anon_enum;
typedef struct { int x; char y; } anon_struct;
typedef union { long l; double d; } anon_union;
typedef int (*handler_fn)(struct self *, anon_struct *, enum color);
typedef void (*void_fn)(void);
struct later { struct self s; chain2 c; int (*cb)(struct later *, handler_fn); };
struct all {
	struct self self;
	struct later *lp;
	enum color color;
	anon_enum ae;
	anon_struct as;
	anon_union au;
	handler_fn h;
	void_fn vf[2];
	void (*fp)(int, struct all *);
	union { int i; float f; };
	struct { long l; struct { char c; } deep; } inner;
	struct { int a, b; } *anon_ptr;
	_Atomic int ai;
	atomic_long al;
	atomic_uint au2;
	_Atomic unsigned long long aull;
	_Atomic(struct self *) aptr;
	const volatile int cv;
	int arr[4][2];
	const char *name;
	unsigned int bits:3, more:5;
	chain1 tail[];
};
struct all all_var;
struct later later_var;
/* A typedef named as its struct defines both names. */
typedef struct same same;
struct same { int s; };
/* BTF dedup makes these two unnamed structs one: reached first as a member,
 * it must still be printed with its typedef. */
struct twin_user { struct { int val; } direct; };
typedef struct { int val; } twin_t;
struct twin_user2 { twin_t t; same s; };
struct twin_user twin_var;
struct twin_user2 twin2_var;
EOF

cat >wait_queue.c <<'EOF'
/* A typedef reached again through a member's prototype (upstream's wait_queue_t). */
typedef struct wq_entry wq_entry_t;
typedef int (*wq_func_t)(wq_entry_t *wait, unsigned mode, int flags, void *key);
struct wq_entry { unsigned int flags; void *private; wq_func_t func; struct wq_entry *next; };
struct wq_head { int lock; wq_entry_t head; };
struct wq_head wq_head_var;
EOF

cat >quirks.c <<'EOF'
/* Upstream's text, not C: the second typedef of an unnamed enum prints a
 * bare "typedef "; one of an unnamed struct repeats the body. */
typedef enum { QA, QB } qa_t, qb_t;
typedef struct { int v; } sa_t, sb_t;
struct q { qa_t a; qb_t b; sa_t c; sb_t d; };
struct q q_var;
EOF

# at.c with its base types renamed "atomic_*" in the assembly: the atomic
# typedefs are for base types of such names.
cat >at.c <<'EOF'
struct at {
	long long int ll; short unsigned int us; _Bool b; signed char sc; long unsigned int ul;
	int i;
};
struct at at_var;
EOF

nr=0 compiled=0 known=0 ncs=0

# compiles FILE: the text compiles as C.
compiles() { gcc -fsyntax-only -w -x c - <"$1" >/dev/null 2>&1; }

# as_1_24: our text on stdin with the newer comments and the atomic
# typedefs (each with the empty line after it) taken out, and no empty lines.
as_1_24() {
	awk '
	function flush() { if (held) print ""; held = 0 }
	/^$/ { if (drop_blank) { drop_blank = 0; next } flush(); held = 1; next }
	/^\t*\/\* XXX last struct has a flexible array \*\/$/ { held = 0; drop_blank = 1; next }
	/^\t*\/\* flexible array members: .* \*\/$/ { drop_blank = 0; next }
	/^typedef _Atomic .*;$/ { flush(); drop_blank = 1; next }
	{ flush(); drop_blank = 0; print }
	END { flush() }' | no_dims | no_blank
}

# no_dims: [A][B]... (two dimensions or more) as [*].
no_dims() { sed -E 's/(\[[0-9]*\]){2,}/[*]/g'; }

# no_blank: the text on stdin without its empty lines.
no_blank() { grep -v '^$'; }

# same_text A B: files A and B equal but for their empty lines.
same_text() { cmp -s <(no_blank <"$1") <(no_blank <"$2"); }

# From DWARF, our text must be 1.24's from the BTF of the same object,
# but where DWARF says more than BTF (source and compiler: * for any).
DWARF_KNOWN="
arrays.c	*	DWARF keeps the dimensions of arrays of arrays
atomic.c	*	DWARF keeps _Atomic, BTF drops it
refs	*	DWARF keeps _Atomic, BTF drops it
struct_union.c	clang	clang's nested types are printed inside their struct
pfunct_emit_kinds.c	clang	clang's nested types are printed inside their struct
"

# known_reason OBJ [LIST]: why OBJ's source is in KNOWN (or LIST), if it is.
known_reason() {
	local src cc=gcc
	src=$(basename "$1")
	case $src in *-clang-*) cc=clang ;; esac
	src=${src%%-gcc-*}
	src=${src%%-clang-*}
	printf '%s\n' "${2:-$KNOWN}" | awk -F '\t+' -v s="$src" -v cc="$cc" '
		$1 == s && NF == 2 { print $2; found = 1 }
		$1 == s && NF == 3 && ($2 == "*" || $2 == cc) { print $3; found = 1 }
		END { exit !found }'
}

# check_obj OBJ: every comparison for one object.
check_obj() {
	local obj=$1 btf=$1.btf.o name reason dreason
	cp "$obj" "$btf" || { no "MISMATCH $obj: cannot copy"; return; }
	if ! "$PAHOLE" -J "$btf" >"$btf.log" 2>&1; then
		no "MISMATCH $obj: our -J failed"; return
	fi
	nr=$((nr + 1))
	"$PAHOLE" -F btf --compile "$btf" >ours.txt 2>/dev/null
	"$REF" -F btf --compile "$btf" >ref.txt 2>/dev/null
	no_dims <ref.txt | no_blank >ref_nd.txt
	"$PAHOLE" -F btf --compile --skip_emitting_atomic_typedefs "$btf" >ours_skip.txt 2>/dev/null
	if reason=$(known_reason "$obj"); then
		as_1_24 <ours.txt | cmp -s - ref_nd.txt ||
			{ echo "note: $(basename "$obj"): differs from 1.24: $reason"; known=$((known + 1)); }
	else
		as_1_24 <ours.txt | cmp -s - ref_nd.txt ||
			{ no "MISMATCH $obj: --compile -F btf"; as_1_24 <ours.txt | diff - ref_nd.txt | head -10; }
		as_1_24 <ours_skip.txt | cmp -s - ref_nd.txt ||
			no "MISMATCH $obj: --compile --skip_emitting_atomic_typedefs -F btf"
		grep -q '^typedef _Atomic' ours_skip.txt &&
			no "MISMATCH $obj: --skip_emitting_atomic_typedefs still emits"
	fi
	if [ -s ref.txt ] && compiles ref.txt; then
		compiles ours.txt || no "MISMATCH $obj: our BTF output does not compile"
		compiled=$((compiled + 1))
	fi
	"$PAHOLE" --compile "$obj" >ours_dwarf.txt 2>/dev/null
	if ! as_1_24 <ours_dwarf.txt | cmp -s - ref_nd.txt; then
		if dreason=$(known_reason "$obj" "$DWARF_KNOWN") ||
		   dreason=$(known_reason "$obj"); then
			echo "note: $(basename "$obj"): from DWARF: $dreason"
		else
			no "MISMATCH $obj: --compile from DWARF is not 1.24's from BTF"
			as_1_24 <ours_dwarf.txt | diff - ref_nd.txt | head -6
		fi
	fi
	# clang's nested types are printed inside the struct that holds them
	# (upstream's text), which C rejects.
	case $(basename "$obj") in
	*-gcc-*)
		if [ -s ref.txt ] && compiles ref.txt; then
			compiles ours_dwarf.txt || no "MISMATCH $obj: our DWARF output does not compile"
		fi ;;
	esac
	[ -z "$reason" ] || return
	# -C NAME, each struct and union 1.24 lists with -s; in refs.c also
	# enums and typedefs (not of an unnamed struct: 1.24 indents its
	# members otherwise, section 12).
	local names
	names=$("$REF" -F btf -s "$btf" 2>/dev/null | cut -f1 | head -20)
	case $(basename "$obj") in
	refs-*) names="$names color anon_enum chain2 handler_fn void_fn same" ;;
	esac
	for name in $names; do
		"$REF" -F btf --compile -C "$name" "$btf" 2>/dev/null | no_dims | no_blank >ref_c.txt
		"$PAHOLE" -F btf --compile -C "$name" "$btf" 2>/dev/null | as_1_24 |
			tail -n "$(wc -l <ref_c.txt)" | sed '$ s/;$//' >ours_c.txt
		cmp -s ours_c.txt ref_c.txt ||
			{ no "MISMATCH $obj: --compile -C $name"; diff ours_c.txt ref_c.txt | head -6; }
		ncs=$((ncs + 1))
	done
}

objs=$(fixture_objects "$TMP/fx") || fail "the fixtures do not compile"
for cc in $COMPILERS; do
	command -v "$cc" >/dev/null 2>&1 || continue
	for dv in $DWARF_VERSIONS; do
		for src in refs wait_queue quirks; do
			compile "$src.c" "$cc" "$dv" -O0 "$src-$cc-$dv.o" || fail "cannot compile $src.c"
			objs="$objs $TMP/$src-$cc-$dv.o"
		done
	done
done
for obj in $objs; do
	check_obj "$obj"
done

# The atomic typedefs, hand-derived from upstream's rules for the names.
gcc -g -S -o at.s at.c || fail "cannot compile at.c"
sed -e 's/"long long int"/"atomic_llong"/; s/"short unsigned int"/"atomic_ushort"/' \
    -e 's/"_Bool"/"atomic_bool"/; s/"signed char"/"atomic_schar"/' \
    -e 's/"long unsigned int"/"atomic_ulong"/' at.s >at_renamed.s
gcc -c -o at.o at_renamed.s || fail "cannot assemble at_renamed.s"
cat >at_want.txt <<'EOF'
typedef _Atomic long long atomic_llong;

typedef _Atomic unsigned short atomic_ushort;

typedef _Atomic _Bool atomic_bool;

typedef _Atomic signed char atomic_schar;

typedef _Atomic unsigned long atomic_ulong;

EOF
"$PAHOLE" --compile at.o >at_ours.txt 2>at_err.txt ||
	fail "--compile at.o failed: $(head -1 at_err.txt)"
head -10 at_ours.txt | cmp -s - at_want.txt ||
	{ diff at_ours.txt at_want.txt | head; no "MISMATCH at.o: the atomic typedefs"; }
compiles at_ours.txt || no "MISMATCH at.o: --compile output does not compile"
"$PAHOLE" --compile --skip_emitting_atomic_typedefs at.o >at_skip.txt 2>/dev/null
grep -q '_Atomic' at_skip.txt && no "MISMATCH at.o: --skip_emitting_atomic_typedefs still emits"
# 1.24 reads the same BTF: ours with the option is 1.24's text; without,
# 1.24's text after the typedef lines and the empty line each adds.
cp at.o at.btf.o && "$PAHOLE" -J at.btf.o >/dev/null 2>&1 || fail "-J at.btf.o failed"
"$REF" -F btf --compile at.btf.o >at_ref.txt 2>/dev/null
"$PAHOLE" -F btf --compile --skip_emitting_atomic_typedefs at.btf.o >at_skip_btf.txt 2>/dev/null
same_text at_skip_btf.txt at_ref.txt || no "MISMATCH at.btf.o: --skip_emitting_atomic_typedefs -F btf"
"$PAHOLE" -F btf --compile at.btf.o >at_btf.txt 2>/dev/null
head -10 at_btf.txt | cmp -s - at_want.txt || no "MISMATCH at.btf.o: the atomic typedefs from BTF"
same_text <(tail -n +11 at_btf.txt) at_ref.txt ||
	no "MISMATCH at.btf.o: --compile -F btf after the typedefs"

# BTF that C cannot spell: a prototype taking a pointer to itself and a
# 3000 typedefs long chain. Any text, but exit 0 or 1 and no crash.
python3 - <<'PY' || fail "cannot write hostile.btf"
import struct
def ty(name, kind, vlen, st):
    return struct.pack("<III", name, (kind << 24) | vlen, st)
strs = b"\0int\0s\0f\0t\0"
types = [ty(1, 1, 0, 4) + struct.pack("<I", (1 << 24) | 32),      # [1] int
         ty(0, 13, 1, 1) + struct.pack("<II", 0, 3),               # [2] int (*)(self)
         ty(0, 2, 0, 2)]                                          # [3] pointer to [2]
n = 3000
types += [ty(9, 8, 0, 5 + i if i < n - 1 else 1) for i in range(n)]  # [4..] t -> t -> int
types.append(ty(5, 4, 2, 16) + struct.pack("<III", 7, 3, 0) + struct.pack("<III", 9, 4, 64))
t = b"".join(types)
hdr = struct.pack("<HBBIIIII", 0xeB9F, 1, 0, 24, 0, len(t), len(t), len(strs))
open("hostile.btf", "wb").write(hdr + t + strs)
PY
"$PAHOLE" -F btf --compile hostile.btf >/dev/null 2>hostile.err
rc=$?
[ "$rc" -le 1 ] || no "MISMATCH hostile.btf: exit $rc: $(head -1 hostile.err)"

[ "$compiled" -gt 0 ] || fail "no 1.24 output compiled: nothing checked with gcc"
finish "checks on $nr objects" "$nr objects ($known where 1.24 differs, known), $ncs -C types: --compile as 1.24" \
	"from BTF and DWARF; $compiled compile with gcc"
