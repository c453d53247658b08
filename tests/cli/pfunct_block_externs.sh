# SPDX-License-Identifier: GPL-2.0-only
# pfunct -i on "extern" declarations inside a function's blocks (as the
# kernel's console_driver or zero_pfn): a declaration has no location, and
# its scope is "unknown", as upstream v1.32 prints it, for gcc and clang at
# -O0 and -O2.
#
# Was: "optimized" (41 lines of the 6.1 vmlinux's pfunct -i).
. "$TOP/tests/lib.sh"
"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
cat >x.c <<'EOC'
int answer(int x)
{
	extern int ready_flag;
	{
		extern long zero_page;
		return x + ready_flag + (int)zero_page;
	}
}
EOC
n=0
for cc in gcc clang; do
	for opt in -O0 -O2; do
		$cc -g $opt -c x.c -o x.o || fail "$cc failed"
		same_as_upstream "$cc $opt pfunct -i" pfunct -i x.o
		[ $cc = clang ] || grep -q 'zero_page; /\* scope: unknown \*/' "$TMP/got.txt" ||
			no "$cc $opt: zero_page's scope is not unknown"
		n=$((n + 1))
	done
done
finish "block externs" "$n objects as v1.32's"
