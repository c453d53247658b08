# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# codiff OLD.a NEW.a diffs two ar archives CU by CU, their members with
# DWARF one after the other, as upstream v1.32 does (pahole and pfunct read
# the same archives). Compared with v1.32 run live on archives built here:
# gcc and clang, DWARF 4 and 5, members that change structs and functions,
# one without DWARF, one added; with -s, -f, -t, -V and at -j1 and -j3. A
# corrupt archive is one line naming it and exit 1.
. "$TOP/tests/lib.sh"
command -v ar >/dev/null 2>&1 || skip "no ar"
CODIFF=$(sibling codiff)

cd "$TMP" || fail "no temp dir"
"$UPSTREAM" codiff --version >/dev/null 2>&1
[ $? -eq 77 ] && up= || up=1
# sources DIR GEN: three members; GEN 2 grows a struct, changes a function
# and adds one.
sources() {
	mkdir -p "$1"
	cat >"$1/m1.c" <<SRC
struct s1 { int a; char b; $([ "$2" = 2 ] && echo 'long grown;') };
int f1(struct s1 *p) { return p->a$([ "$2" = 2 ] && echo ' + p->b * 3'); }
SRC
	cat >"$1/m2.c" <<SRC
struct s2 { long x; struct s1 *p; };
long f2(struct s2 *p) { return p->x; }
$([ "$2" = 2 ] && echo 'long f2_new(struct s2 *p) { return p->x * 2; }')
SRC
	printf 'int nodwarf(int x) { return x; }\n' >"$1/nd.c"
}
ran=0
for cc in gcc clang; do
	command -v "$cc" >/dev/null 2>&1 || continue
	for v in 4 5; do
		for gen in 1 2; do
			d=$cc-$v-$gen
			sources "$d" "$gen"
			(cd "$d" && "$cc" -g -gdwarf-$v -O1 -c m1.c && "$cc" -g -gdwarf-$v -O1 -c m2.c &&
			 "$cc" -O1 -c nd.c && ar rc lib.a m1.o nd.o m2.o) || fail "$cc cannot build $d"
		done
		old=$cc-$v-1/lib.a new=$cc-$v-2/lib.a
		for o in "" -s -f -t -V "-f -V"; do
			for j in -j1 -j3; do
				"$CODIFF" $o $j "$old" "$new" >ours.txt 2>ours.err
				rc=$?
				[ $rc -eq 0 ] || { no "$cc DWARF $v codiff $o $j: exit $rc: $(head -n 1 ours.err)"; continue; }
				grep -q 'struct s1' ours.txt || case $o in -f*) true ;; *) false ;; esac || no "$cc DWARF $v $o $j: struct s1's change missing"
				[ -n "$up" ] || continue
				# upstream's codiff has no -j
				SAME_OURS=$j same_as_upstream "$cc DWARF $v codiff $o $j" \
					codiff $o "$old" "$new"
				ran=$((ran + 1))
			done
		done
	done
done
[ "$ran" -gt 0 ] || echo "upstream v1.32 cannot run here: outputs not compared with it"
# A corrupt archive: one line naming it, exit 1.
printf '!<arch>\nm1.o/           0           0     0     644     999999    `\n\177ELF' >bad.a
"$CODIFF" bad.a "$new" >out.txt 2>err.txt
rc=$?
[ $rc -eq 1 ] || no "corrupt archive: exit $rc, want 1"
[ "$(wc -l <err.txt)" -eq 1 ] && grep -q 'bad.a' err.txt || no "corrupt archive: $(cat err.txt)"
finish "codiff on archives" "archives diffed member by member as v1.32 does ($ran runs compared)"
