# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Split DWARF (-gsplit-dwarf), gcc and clang, DWARF 4 (GNU) and 5: each .dwo
# file prints as /usr/bin/pahole prints it; a skeleton binary, whose .dwo
# files libdw finds by DW_AT_dwo_name and DW_AT_comp_dir, encodes (the same
# bytes at -j1 and -j3) and prints as the same program built without
# -gsplit-dwarf; with one .dwo gone, both jobs exit 1 with one line naming it.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
cd "$TMP" || fail "no temp dir"
cat >a.c <<'EOF2'
struct point { int x, y; long z; };
struct list { struct list *next; struct point p; char name[12]; };
static int __attribute__((noinline)) walk(struct list *l, int k)
{
	int s = 0;

	for (; l; l = l->next)
		s += l->p.x * k;
	return s;
}
int sum(struct list *l) { return walk(l, 3); }
EOF2
cat >b.c <<'EOF2'
struct point { int x, y; long z; };
struct other { struct point *pp; unsigned flags:3, mode:5; union { int i; float f; } u; };
enum colour { RED, GREEN = 7 };
int use(struct other *o, enum colour c) { return o->flags + o->pp->y + c; }
int main(void) { return 0; }
EOF2
runs=0
for cc in gcc clang; do
	for v in 4 5; do
		d=$cc-$v
		mkdir $d && cd $d || fail "mkdir"
		for s in a b; do
			$cc -g -gdwarf-$v -O2 -gsplit-dwarf -c ../$s.c -o $s.o || fail "$d: $cc -gsplit-dwarf"
		done
		$cc -o prog a.o b.o && $cc -g -gdwarf-$v -O2 -o plain ../a.c ../b.c || fail "$d: link"
		[ -f a.dwo ] && [ -f b.dwo ] || fail "$d: no .dwo files: the fixture is wrong"
		readelf -S prog | grep -q "\.debug_info" && ! readelf -wN -wi prog | grep -q DW_TAG_structure_type ||
			fail "$d: prog is not a skeleton binary: the fixture is wrong"
		for s in a b; do
			/usr/bin/pahole $s.dwo >ref.$s.txt 2>&1
			"$PAHOLE" $s.dwo >ours.$s.txt 2>&1 || no "$d: printing $s.dwo: exit $?"
			grep -q '^struct point {' ref.$s.txt || fail "$d: /usr/bin/pahole printed no struct from $s.dwo"
			cmp -s ref.$s.txt ours.$s.txt || { no "$d: $s.dwo prints differently"; diff ref.$s.txt ours.$s.txt | head -5; }
		done
		for f in plain prog; do
			for j in 1 3; do
				"$PAHOLE" -j$j -J --btf_encode_detached=$f.$j.btf $f 2>err ||
					no "$d: encoding $f at -j$j: $(cat err)"
			done
			cmp -s $f.1.btf $f.3.btf || no "$d: $f: -j1 and -j3 differ"
			"$BTFCANON" $f.1.btf >$f.canon || fail "btfcanon"
			"$PAHOLE" $f >$f.txt 2>&1 || no "$d: printing $f: exit $?"
		done
		grep -q "^FUNC 'walk'\|^FUNC 'sum'" plain.canon || fail "$d: no FUNC in the plain build's BTF"
		cmp -s plain.canon prog.canon || { no "$d: BTF of the skeleton differs"; diff plain.canon prog.canon | head -5; }
		cmp -s plain.txt prog.txt || { no "$d: layouts of the skeleton differ"; diff plain.txt prog.txt | head -5; }
		mv a.dwo a.dwo.gone
		for job in "-J --btf_encode_detached=miss.btf" ""; do
			expect_error "$d: missing a.dwo" a.dwo -- "$PAHOLE" $job prog || no "$d: missing a.dwo (${job:-print})"
		done
		[ -e miss.btf ] && no "$d: output written without a.dwo"
		runs=$((runs + 1))
		cd .. || fail "cd"
	done
done
finish "split DWARF" "$runs builds: .dwo printing, skeleton BTF and layouts as without -gsplit-dwarf, missing .dwo"
