#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pfunct -G, -H, -I, -t and -i on tests/fixtures/pfunct_inline.c built by gcc
# -O2, where the shared fixture has nothing to show. What upstream's source
# says they print:
#  -H  functions not declared inline that were inlined (DW_AT_inline 1):
#      made_inline only;
#  -G  functions declared inline and not inlined (DW_AT_inline 2): none,
#      gcc marks both declared inline functions 3; with those 3s turned
#      into 2s in the assembly, kept_inline and never_inlined;
#  -I  "NAME: COUNT BYTES" for each function with inline expansions in
#      its body: the three callers;
#  -t  a header, then a line per function expanded more than once:
#      kept_inline and made_inline.
# Each output is then compared byte for byte with Debian's pfunct 1.24,
# which has the same options.
. "$TOP/tests/lib.sh"
PFUNCT=$(sibling pfunct)
REF=/usr/bin/pfunct
[ -x "$PFUNCT" ] || fail "$PFUNCT is not built"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
cp "$TOP/tests/fixtures/pfunct_inline.c" . || fail "cannot copy the fixture"
gcc -g -gdwarf-4 -O2 -c pfunct_inline.c -o inl.o || fail "gcc -O2"
gcc -g -gdwarf-4 -O2 -S -dA pfunct_inline.c -o inl.s || fail "gcc -S"
# The DW_AT_inline values of the declared inline functions, 3 to 2.
sed 's/^\(\s*\.byte\s*\)0x3\(\s*# DW_AT_inline\)$/\10x2\2/' inl.s >noinl.s
grep -q '0x2.*# DW_AT_inline$' noinl.s || skip "gcc marked no function declared inline and inlined"
gcc -c noinl.s -o noinl.o || fail "assembling noinl.s"

# expect WHAT EXPECTED_FILE -- ARGS: our output must be EXPECTED_FILE's.
expect() {
	local what=$1 want=$2
	shift 3
	if ! "$PFUNCT" "$@" >got.txt 2>err.txt; then
		no "$what: exit $?: $(head -3 err.txt)"; return
	fi
	if ! diff -u "$want" got.txt >diff.txt; then
		echo "$what differs from upstream's rule:"; cat diff.txt; no
	fi
}
printf 'made_inline\n' >H.want
expect "-H" H.want -- -H inl.o
: >G.want
expect "-G" G.want -- -G inl.o
printf 'never_inlined\nkept_inline\n' >G2.want
"$PFUNCT" -G noinl.o | LC_ALL=C sort -r >got.txt
diff -u G2.want got.txt || no "-G on the 2s: not kept_inline and never_inlined"

"$PFUNCT" -I inl.o >I.txt || fail "-I exited $?"
for f in caller_a caller_b caller_c; do
	grep -qE "^$f: [1-9][0-9]* [1-9][0-9]*\$" I.txt || no "-I: no '$f: N BYTES'"
done
[ "$(wc -l <I.txt)" -eq 3 ] || { echo "-I: not three lines:"; cat I.txt; no; }

"$PFUNCT" -t inl.o >t.txt || fail "-t exited $?"
head -n 1 t.txt | grep -qxF 'name                              totsz /  exp# = avgsz  src#' ||
	no "-t: not upstream's header: $(head -n 1 t.txt)"
tail -n +2 t.txt | awk '{ print $1 }' | LC_ALL=C sort >t.names
printf 'kept_inline\nmade_inline\n' | diff -u - t.names || no "-t: not the functions expanded twice"

# The body of a caller lists the expansions -I counts.
"$PFUNCT" -i inl.o >i.txt || fail "-i exited $?"
grep -qE '^	made_inline\(int v\); /\* size=[0-9]+, low_pc=0x[0-9a-f]+ \*/ +// +[0-9]+$' i.txt ||
	no "-i: no made_inline expansion line"

if [ -x "$REF" ]; then
	for obj in inl.o noinl.o; do
		for opt in -G -H -I -t -i -P -V; do
			"$REF" $opt "$obj" >ref.txt 2>&1
			"$PFUNCT" $opt "$obj" >ours.txt 2>&1
			cmp -s ref.txt ours.txt ||
				{ echo "$opt $obj: not as $REF:"; diff ref.txt ours.txt | head; no; }
		done
	done
	vs=", and as $REF"
else
	vs=" ($REF not installed)"
fi
finish "pfunct's inline listings are not upstream's" "-G -H -I -t -i as upstream's source says$vs"
