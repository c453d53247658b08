# SPDX-License-Identifier: GPL-2.0-only
# pfunct -i on functions that use __func__: gcc's __func__ has no source line
# (DW_AT_decl_line), which ours prints as 0 where upstream v1.32 prints
# memory it never set (a number that changes from run to run: 32761, then
# 32697 in btrfs.ko's 149 of them; man/pfunct.1, DIFFERENCES). All else is
# v1.32's, byte for byte, for gcc at -O0 and -O2.
. "$TOP/tests/lib.sh"
"$UPSTREAM" pfunct --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
cat >f.c <<'EOC'
#include <stdio.h>
void report(int err);
static inline __attribute__((always_inline)) void panic_on(int err)
{
	if (err)
		printf("%s: %d\n", __func__, err);
}
void report(int err)
{
	int twice = err * 2;
	panic_on(twice);
	printf("%s\n", __func__);
}
EOC
n=0
for opt in -O0 -O2; do
	gcc -g $opt -c f.c -o f$opt.o || fail "cannot compile"
	# Upstream's number on __func__'s line is taken out; nothing else may differ.
	SAME_FILTER=func_line_norm SAME_STATUS=0 \
		same_as_upstream "$opt: pfunct -i" pfunct -i f$opt.o
	grep -q '__func__; .*//  *0$' "$TMP/got.txt" || no "$opt: __func__ without its line as 0"
	n=$((n + 1))
done
finish "pfunct -i, __func__" "$n objects as v1.32's but __func__'s line, 0"
