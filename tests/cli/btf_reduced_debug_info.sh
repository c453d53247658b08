#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Reduced debug info (gcc -femit-struct-debug-baseonly, what the kernel's
# CONFIG_DEBUG_INFO_REDUCED passes): a struct defined in a header of another
# name is a declaration, and one without a name (a typedef of an anonymous
# struct) has no name for a FWD. It is encoded as an empty struct of size 0
# (man/pahole.1); upstream v1.32 fails on it ("FWD (anon) Error emitting BTF
# type"). gcc, DWARF 4 and 5, -O0 and -O2: the encoding succeeds silently,
# libbpf parses it, the kernel accepts it, bpftool's C of it compiles.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cat >"$TMP/shapes.h" <<'EOT'
typedef struct { int a; long b; } anon_t;
typedef union { int i; float f; } anon_u;
struct named { int x; };
EOT
cat >"$TMP/user.c" <<'EOT'
#include "shapes.h"
anon_t *ap;
anon_u *up;
struct named *np;
int use(anon_t *p, anon_u *u, struct named *n) { return p->a + u->i + n->x; }
EOT
n=0
for dv in $DWARF_VERSIONS; do
	for opt in $OPT_LEVELS; do
		s=dwarf$dv$opt
		gcc -c -g -gdwarf-"$dv" "$opt" -femit-struct-debug-baseonly -I"$TMP" \
			-o "$TMP/$s.o" "$TMP/user.c" || fail "$s: cannot compile"
		readelf -wi "$TMP/$s.o" | grep -A1 DW_TAG_structure_type | grep -q DW_AT_declaration ||
			fail "$s: gcc gave no declaration"
		"$PAHOLE" $REF_FLAGS --btf_encode_detached="$TMP/$s.btf" "$TMP/$s.o" \
			>"$TMP/out.txt" 2>&1 || { no "$s: exit $?: $(head -n 1 "$TMP/out.txt")"; continue; }
		[ -s "$TMP/out.txt" ] && no "$s: output: $(head -n 1 "$TMP/out.txt")"
		"$BTFCANON" "$TMP/$s.btf" >"$TMP/$s.canon" || { no "$s: libbpf cannot parse it"; continue; }
		grep -qxF "TYPEDEF 'anon_t' type=(STRUCT '' size=0 kflag=0 members={ })" "$TMP/$s.canon" ||
			no "$s: anon_t is not an empty struct"
		grep -qxF "TYPEDEF 'anon_u' type=(UNION '' size=0 kflag=0 members={ })" "$TMP/$s.canon" ||
			no "$s: anon_u is not an empty union"
		grep -qxF "FWD 'named' kflag=0" "$TMP/$s.canon" || no "$s: struct named is no FWD"
		"$BTFLOAD" "$TMP/$s.btf" >"$TMP/load.txt" 2>&1 ||
			no "$s: the kernel refuses it: $(tail -n 1 "$TMP/load.txt")"
		if command -v bpftool >/dev/null; then
			bpftool btf dump file "$TMP/$s.btf" format c >"$TMP/x.h" &&
				printf '#include "x.h"\nint main(void) { return 0; }\n' >"$TMP/x.c" &&
				gcc -fsyntax-only "$TMP/x.c" || no "$s: bpftool's C does not compile"
		fi
		n=$((n + 1))
	done
done
finish "reduced debug info" "$n objects with nameless declarations encoded, parsed, accepted"
