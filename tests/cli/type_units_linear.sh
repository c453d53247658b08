# SPDX-License-Identifier: GPL-2.0-only
# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# Type units (gcc -fdebug-types-section, DWARF 4's .debug_types and DWARF
# 5's DW_UT_type units) are loaded by the CUs that reach them, and those no
# CU reached in one CU after the last: 2,000 chained structs (each holds
# the one before it and points to it), with a second CU that uses some of
# them, give the BTF of the same source built without type units
# (canonically, at -j1 and -j3; with a variable and a function whose types
# only they reach) and the same layouts, and the DIEs read
# (--phase_stats) stay within twice those of the plain build (read once
# per type unit reached, they were over a thousand times as many). A third
# CU left out by -X still gives its type unit's struct, as upstream, which
# loads every type unit, does.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
cd "$TMP" || fail "no temp dir"
n=2000
{
	echo 'struct s0 { int v; };'
	i=1
	while [ $i -lt $n ]; do
		echo "struct s$i { struct s$((i - 1)) *prev; struct s$((i - 1)) m; int v$i; };"
		i=$((i + 1))
	done
} >types.h
{ echo '#include "types.h"'; echo "struct s$((n - 1)) *last;"; echo 'int main(void) { return 0; }'; } >a.c
{
	echo '#include "types.h"'
	echo 'int use(struct s1000 *p, struct s7 *q) { return p->v1000 + q->v7; }'
	echo 'struct vonly { int vo; } v5;'
	echo 'struct ronly { int ro; } get0(int i) { struct ronly r = { i }; return r; }'
} >b.c
echo 'struct only_c { long oc; } oc_var;' >c.c
gcc -g -gdwarf-4 -O1 -o plain a.c b.c c.c || fail "gcc"
gcc -g -gdwarf-4 -O1 -fdebug-types-section -o tu4 a.c b.c c.c || fail "gcc -gdwarf-4 -fdebug-types-section"
gcc -g -gdwarf-5 -O1 -fdebug-types-section -o tu5 a.c b.c c.c || fail "gcc -gdwarf-5 -fdebug-types-section"
readelf -S tu4 | grep -q '\.debug_types' || fail "tu4 has no .debug_types: the fixture is wrong"
readelf -wi tu5 | grep -q 'DW_TAG_type_unit' || fail "tu5 has no type unit: the fixture is wrong"
dies() { # FILE: DIEs read, from --phase_stats
	"$PAHOLE" --phase_stats -J --btf_encode_detached=/dev/null "$1" 2>&1 |
		sed -n 's/.*dwarf_loading.* CUs, \([0-9]*\) DIEs.*/\1/p'
}
plain_dies=$(dies plain)
[ -n "$plain_dies" ] && [ "$plain_dies" -gt "$((n * 4))" ] || fail "plain: DIE count '$plain_dies'"
for f in plain tu4 tu5; do
	for j in 1 3; do
		"$PAHOLE" -j$j -J --btf_features=global_var --btf_encode_detached=$f.j$j.btf $f 2>err ||
			fail "$f -j$j: $(cat err)"
	done
	cmp -s $f.j1.btf $f.j3.btf || fail "$f: -j1 and -j3 differ"
	"$BTFCANON" $f.j1.btf >$f.canon || fail "btfcanon $f"
	"$PAHOLE" $f | sort >$f.sorted.txt
	"$PAHOLE" -C s1999,s1000,s7 $f >$f.c.txt
done
grep -q "^STRUCT 's1999'" plain.canon || fail "plain: no struct s1999 in its BTF"
grep -q "^VAR 'v5' linkage=1 type=STRUCT:'vonly'" plain.canon || fail "plain: no VAR v5 in its BTF"
grep -q "^FUNC 'get0' .*ret=STRUCT:'ronly'" plain.canon || fail "plain: no FUNC get0 in its BTF"
for f in tu4 tu5; do
	cmp -s plain.canon $f.canon || { diff plain.canon $f.canon | head -5; fail "$f: BTF differs"; }
	cmp -s plain.sorted.txt $f.sorted.txt || fail "$f: printed layouts differ"
	cmp -s plain.c.txt $f.c.txt || { diff plain.c.txt $f.c.txt | head -5; fail "$f: -C differs"; }
	d=$(dies $f)
	[ -n "$d" ] && [ "$d" -le $((plain_dies * 2)) ] ||
		fail "$f: $d DIEs read against $plain_dies without type units"
	echo "$f: $d DIEs read, plain $plain_dies"
	for j in 1 3; do
		"$PAHOLE" -j$j -X c.c -J --btf_encode_detached=$f.x$j.btf $f 2>err ||
			fail "$f -X c.c: $(cat err)"
	done
	cmp -s $f.x1.btf $f.x3.btf || fail "$f -X c.c: -j1 and -j3 differ"
	"$BTFCANON" $f.x1.btf >$f.x.canon || fail "btfcanon $f -X c.c"
	grep -q "^STRUCT 'only_c'" $f.x.canon || fail "$f -X c.c: no struct only_c, which no CU reached"
	grep -q "^STRUCT 's1999'" $f.x.canon || fail "$f -X c.c: no struct s1999"
done
pass "type units: same BTF and layouts as without them, DIEs read linear"
