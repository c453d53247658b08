# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Hand-written DWARF with deep or cyclic type references
# (tests/fuzz/crafted/type_bounds.S): chains of 300,000 pointers or typedefs,
# 300,000 nested structs, a const/volatile cycle, a typedef of itself under
# a bitfield and an array of itself. Each fails with one line naming the
# file and exit 1, within seconds, without overflowing a stack; a chain of
# ten pointers still encodes.
. "$TOP/tests/lib.sh"
src=$TOP/tests/fuzz/crafted/type_bounds.S
cd "$TMP" || fail "no temp dir"
for c in 1 2 3 4 5; do
	gcc -c -DCASE=$c -DDEPTH=300000 "$src" -o case$c.o || fail "cannot assemble case $c"
	sum=$(cksum <case$c.o)
	expect_error "case $c" case$c.o -- timeout 60 "$PAHOLE" -J -j2 \
		--btf_encode_detached=out.btf case$c.o || no
	[ "$(cksum <case$c.o)" = "$sum" ] || no "case $c: input changed"
done
for c in 1 2 5; do
	grep -q "case$c.o.*nested too deeply" <("$PAHOLE" -J --btf_encode_detached=out.btf \
		case$c.o 2>&1) || no "case $c: not reported as too deep"
done
gcc -c -DCASE=1 -DDEPTH=10 "$src" -o short.o || fail "cannot assemble"
"$PAHOLE" -J --btf_encode_detached=short.btf short.o || no "a short chain fails"
[ "$("$BTFCANON" short.btf | grep -o "PTR ''" | wc -l)" -eq 10 ] ||
	no "the short chain does not give 10 pointers"
finish "deep or cyclic types"
