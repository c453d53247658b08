#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Reduced debug info (gcc -femit-struct-debug-baseonly): structs defined in a
# header of another name are declarations everywhere, yet held by value (by
# members, an array, a variable, a parameter). Dedup leaves FWDs, which the
# kernel refuses there; the rule of man/pahole.1: members become bytes of
# their room, other holders get a struct of the name without members and of
# the least room seen; a module on a base with the FWD gets the struct in
# its own BTF. gcc, DWARF 4 and 5, -O0 and -O2: exact types, libbpf parses,
# the kernel accepts both, -j1 and -j3 give the same bytes. Upstream v1.32's
# BTF of the same object is refused by the kernel (checked once).
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cat >"$TMP/held.h" <<'EOT'
struct inner { int a; char c; };
struct lock { unsigned int v; };
typedef struct inner inner_t;
EOT
cat >"$TMP/user.c" <<'EOT'
#include "held.h"
struct outer { struct lock l; long x; inner_t in; struct inner arr[3]; char tail; };
struct outer o;
int take(struct inner v) { return v.a + o.tail; }
EOT
cat >"$TMP/mod.c" <<'EOT'
#include "held.h"
struct m { struct lock l; int z; } mm;
int lk(struct lock l) { return l.v + mm.z; }
EOT
FLAGS="$REF_FLAGS --btf_features=global_var"
BYTES="elem=INT:'unsigned char' index=INT:'int')"
OUTER="STRUCT 'outer' size=56 kflag=0 members={ 'l' off=0 bf=0 type=(ARRAY '' nelems=8 $BYTES;"
OUTER="$OUTER 'x' off=64 bf=0 type=INT:'long int'; 'in' off=128 bf=0 type=(ARRAY '' nelems=8 $BYTES;"
OUTER="$OUTER 'arr' off=192 bf=0 type=(ARRAY '' nelems=24 $BYTES; 'tail' off=384 bf=0 type=INT:'char'; }"
MOD="STRUCT 'm' size=8 kflag=0 members={ 'l' off=0 bf=0 type=(ARRAY '' nelems=4 $BYTES;"
MOD="$MOD 'z' off=32 bf=0 type=INT:'int'; }"

# has CANON LINE: the canonical dump has the line
has() { grep -qxF "$2" "$1"; }
n=0
for dv in $DWARF_VERSIONS; do
	for opt in $OPT_LEVELS; do
		s=dwarf$dv$opt
		for src in user mod; do
			gcc -c -g -gdwarf-"$dv" "$opt" -femit-struct-debug-baseonly -I"$TMP" \
				-o "$TMP/$s-$src.o" "$TMP/$src.c" || fail "$s: cannot compile $src.c"
		done
		u=$TMP/$s-user.btf m=$TMP/$s-mod.btf
		for j in -j1 -j3; do
			"$PAHOLE" $FLAGS $j --btf_encode_detached="$u$j" "$TMP/$s-user.o" ||
				{ no "$s: user $j: exit $?"; continue 2; }
		done
		cmp -s "$u-j1" "$u-j3" || no "$s: -j1 and -j3 give other bytes"
		mv "$u-j1" "$u"
		"$PAHOLE" $FLAGS --btf_base "$u" --btf_encode_detached="$m" "$TMP/$s-mod.o" ||
			{ no "$s: mod: exit $?"; continue; }
		"$BTFCANON" "$u" >"$TMP/u.canon" || { no "$s: libbpf cannot parse it"; continue; }
		"$BTFCANON" -B "$u" "$m" >"$TMP/m.canon" || { no "$s: libbpf cannot parse the module"; continue; }
		has "$TMP/u.canon" "$OUTER" || no "$s: struct outer's members are not bytes of their room"
		has "$TMP/u.canon" "STRUCT 'inner' size=8 kflag=0 members={ }" ||
			no "$s: struct inner (an array's element, a parameter) is not a struct of size 8"
		has "$TMP/u.canon" "FWD 'lock' kflag=0" || no "$s: struct lock (members only) is no FWD"
		has "$TMP/m.canon" "$MOD" || no "$s: the module's members are not bytes"
		has "$TMP/m.canon" "STRUCT 'lock' size=4 kflag=0 members={ }" ||
			no "$s: the module has no struct lock of size 4 (the base's FWD, a parameter)"
		grep -q "^FUNC 'lk' .*'l' STRUCT:'lock'" "$TMP/m.canon" ||
			no "$s: lk's parameter is not the module's struct lock"
		kernel_accepts "$s" "$u"
		kernel_accepts "$s module" "$m" "$u"
		n=$((n + 1))
	done
done
# Upstream writes the FWDs: the kernel refuses its BTF (the reason for the rule).
if "$UPSTREAM" pahole $FLAGS --btf_encode_detached="$TMP/up.btf" "$TMP/dwarf5-O0-user.o" 2>/dev/null; then
	"$BTFLOAD" "$TMP/up.btf" >"$TMP/load.txt" 2>&1 && no "the kernel accepts upstream's BTF: the rule is moot"
	grep -q "Invalid member" "$TMP/load.txt" || no "upstream's BTF not refused for its member"
fi
finish "reduced debug info, held by value" "$n builds: members as bytes, declarations as structs, the kernel accepts"
