# SPDX-License-Identifier: GPL-2.0-only
# Blocks nested deeper than 16 (an inline function expanded in itself, as
# the kernel's pci_bus_get_depth is): upstream indents with 16 tabs at most
# and pads the "// LINE" column as if the line began there. pfunct -i and
# pdwtags print what v1.32 prints, for gcc and clang.
#
# Was: the padding grew by 8 spaces a level past 16.
. "$TOP/tests/lib.sh"
"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
{
	echo 'int deep(int x)'
	echo '{'
	for i in $(seq 1 20); do echo "if (x > $i) { int v$i = x * $i;"; done
	echo 'x++;'
	for i in $(seq 20 -1 1); do echo "x += v$i; }"; done
	echo 'return x;'
	echo '}'
} >deep.c
n=0
for cc in gcc clang; do
	$cc -c -g -O0 deep.c -o deep.$cc.o || fail "$cc failed"
	same_as_upstream "$cc pfunct -i" pfunct -i deep.$cc.o
	same_as_upstream "$cc pdwtags" pdwtags deep.$cc.o
	n=$((n + 2))
done
grep -q "$(printf '^\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\tint v20;')" "$TMP/got.txt" || no "no variable 16 tabs deep"
finish "deep blocks" "$n outputs as v1.32's"
