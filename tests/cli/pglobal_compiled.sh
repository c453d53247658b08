#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# pglobal -v and -f, and pdwtags, on two units compiled at test time with gcc
# and clang, DWARF 4 and 5, -O0 and -O2, give what upstream v1.32 gives (run
# live; skips where it cannot run): extern declarations inside function
# bodies are variables too (gcc keeps them), listed and counted with the
# unit's own, and pdwtags prints them with "extern".
. "$TOP/tests/lib.sh"

[ -x "$(sibling pglobal)" ] || fail "pglobal is not built"
"$UPSTREAM" pglobal --version >/dev/null 2>&1
[ $? -ne 77 ] || skip "upstream v1.32 cannot be run here"

cat >"$TMP/a.c" <<'EOT'
int defined_here = 1;
static int file_static;
int f(void)
{
	extern int block_ext;
	extern int defined_here;
	static int st;
	{
		extern long nested_ext;
		st += (int)nested_ext;
	}
	return block_ext + defined_here + st++ + file_static;
}
EOT
cat >"$TMP/b.c" <<'EOT'
extern int defined_here;
int block_ext = 2;
long nested_ext;
int g(int x)
{
	extern int defined_here;
	return x + defined_here + block_ext;
}
EOT

# one_build CC DWARF_VERSION OPT NAME
one_build() {
	local s=$4
	compile "$TMP/a.c" "$1" "$2" "$3" "$TMP/a-$s.o" &&
		compile "$TMP/b.c" "$1" "$2" "$3" "$TMP/b-$s.o" ||
		fail "cannot compile with $1"
	same_as_upstream "$s pglobal -v" pglobal -v "$TMP/a-$s.o" "$TMP/b-$s.o"
	same_as_upstream "$s pglobal -f" pglobal -f "$TMP/a-$s.o" "$TMP/b-$s.o"
	same_as_upstream "$s pdwtags" pdwtags "$TMP/a-$s.o"
}
for_each_build one_build
n=$BUILDS
# gcc keeps block-scope extern declarations: one of them must be listed.
if command -v gcc >/dev/null 2>&1; then
	"$(sibling pglobal)" -v "$TMP/a-gcc-5-O0.o" | grep -q "^extern int *block_ext;" ||
		no "gcc: the extern declaration of block_ext in f() is not listed"
fi
finish "pglobal and pdwtags on $n compiled pairs" "$n compiled pairs as upstream v1.32"
