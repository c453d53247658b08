# SPDX-License-Identifier: GPL-2.0-only
# pdwtags on variables without a type ("extern void x;", as the kernel's
# __start_notes): ours names them, "extern void x; /* size: 0 */" and in a
# function "void x;", where upstream v1.32 prints ";" with a size it never
# set and "(null) x" (man/pdwtags.1, DIFFERENCES). Through lib.sh's
# pdwtags_norm, which takes those out, the texts are the same.
. "$TOP/tests/lib.sh"
"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
printf 'extern void region_start;\nvoid *where(void) { return &region_start; }\nvoid *inner(void) { extern void mark; return &mark; }\n' >tv.c
gcc -g -c tv.c -o tv.o 2>/dev/null || fail "gcc failed"
SAME_FILTER=pdwtags_norm SAME_STATUS=0 same_as_upstream "pdwtags, normalised" pdwtags tv.o
grep -q '^extern void  *region_start; /\* size: 0 \*/$' "$TMP/got.txt" ||
	no "region_start not named"
grep -q "$(printf '^\tvoid mark; /\\* scope: unknown \\*/')" "$TMP/got.txt" ||
	no "mark in inner() not void"
grep -q '(null) mark' "$TMP/want.txt" ||
	no "upstream no longer prints (null) mark (a difference gone?)"
finish "typeless variables" "named; the rest as v1.32's"
