# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# A C array declared in a header without its size and defined with it
# (extern const char *names[]; ... const char *names[4] = ...): gcc's
# definition names the declaration (DW_AT_specification) but has a type of
# its own. pdwtags prints the definition with that type, names[4], 32 bytes,
# as upstream v1.32 sizes it (it leaves the name out: man/pdwtags.1).
#
# Was: the declaration's type, names[0], size 0.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
printf 'extern const char *names[];\nconst char *names[4] = { "a", "b" };\n' >a.c
n=0
for dv in 4 5; do
	gcc -c -g -gdwarf-$dv a.c -o a$dv.o || fail "cannot compile"
	"$(sibling pdwtags)" a$dv.o >out.txt || { no "DWARF $dv: pdwtags fails"; continue; }
	grep -q '^const char  *\* *names\[4\]; /\* size: 32 \*/$' out.txt ||
		no "DWARF $dv: no names[4] of 32 bytes: $(grep names out.txt | tr '\n' '|')"
	n=$((n + 1))
done
finish "completed arrays" "$n objects: the definition's own type"
