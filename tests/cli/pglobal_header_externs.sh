# SPDX-License-Identifier: GPL-2.0-only
# pglobal -v on C variables declared in a header and defined in one unit, as
# in every kernel: gcc's definition takes its name from the declaration
# (DW_AT_specification) and has no DW_AT_external of its own, so upstream
# v1.32 counts the declarations only and prints the first, "extern". Ours
# must print what v1.32 prints, for gcc and clang, DWARF 4 and 5, the units
# as separate files and linked into one. A variable without a type is the
# documented difference (man/pglobal.1): ours names it, v1.32 prints ";;".
#
# Was: the definitions counted and printed (6.1 vmlinux: 7,342 lines of
# 16,500 other than v1.32's).
. "$TOP/tests/lib.sh"
"$UPSTREAM" pglobal --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
cat >h.h <<'EOC'
struct key { int enabled; long calls; };
extern struct key hook_a, hook_b;
extern int counter;
extern const char *names[4];
EOC
printf '#include "h.h"\nint use_a(void) { return hook_a.enabled + counter + !!names[0]; }\n' >a.c
printf '#include "h.h"\nstruct key hook_a = { 1, 0 };\nint use_b(void) { return hook_b.enabled; }\n' >b.c
printf '#include "h.h"\nint counter = 3;\nstruct key hook_b;\nconst char *names[4];\n' >c.c
printf 'extern void region_start;\nvoid *where(void) { return &region_start; }\n' >v.c
n=0
for cc in gcc clang; do
	for dv in 4 5; do
		for f in a b c v; do
			$cc -c -g -gdwarf-$dv $f.c -o $f.$cc$dv.o 2>/dev/null || fail "cannot compile $f.c with $cc"
		done
		ld -r a.$cc$dv.o b.$cc$dv.o c.$cc$dv.o -o all.$cc$dv.o || fail "ld -r"
		same_as_upstream "$cc DWARF $dv, three files" pglobal -v a.$cc$dv.o b.$cc$dv.o c.$cc$dv.o
		same_as_upstream "$cc DWARF $dv, linked" pglobal -v all.$cc$dv.o
		n=$((n + 2))
	done
done
"$(sibling pglobal)" -v all.gcc5.o >gcc5.txt || no "pglobal -v all.gcc5.o fails"
grep -q '^extern struct key  *hook_a;; /\* 1 \*/$' gcc5.txt || no "gcc: hook_a not extern and counted 1"
"$(sibling pglobal)" -v v.gcc5.o >void.txt || no "pglobal -v v.gcc5.o fails"
grep -q '^extern void  *region_start;; /\* 0 \*/$' void.txt || no "a variable without a type: $(head -n 1 void.txt)"
finish "pglobal -v, header externs" "$n runs as v1.32's; a variable without a type named"
