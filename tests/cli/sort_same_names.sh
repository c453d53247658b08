#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# --sort with structs and unions of one name in several CUs, as upstream
# v1.32 (run live; skips where it cannot run): ordered by name, size, member
# count and member layout while no two are alike by those; when two are
# (the same struct in two CUs), everything ordered again by member names and
# types, one of each kept. Plain and with --compile, gcc and clang, DWARF 4
# and 5, -O0 and -O2.
. "$TOP/tests/lib.sh"
"$UPSTREAM" pahole --version >/dev/null 2>&1
[ $? -ne 77 ] || skip "upstream v1.32 cannot be run here"

cat >"$TMP/a.c" <<'EOT'
struct foo { int a; long b; };
union foo_u { int a; };
struct bar { char c; };
void f1(struct foo *p, struct bar *q) {}
EOT
cat >"$TMP/b.c" <<'EOT'
union foo { int a; char b[12]; };
void f2(union foo *p) {}
EOT
cat >"$TMP/c.c" <<'EOT'
struct foo { char c; };
void f3(struct foo *p) {}
EOT
cat >"$TMP/d.c" <<'EOT'
struct bar { char c; };
struct foo { int a; long b; };
void f4(struct bar *q, struct foo *p) {}
EOT

one_build() {
	local s=$4 f
	for f in a b c d; do
		compile "$TMP/$f.c" "$1" "$2" "$3" "$TMP/$f-$s.o" || fail "cannot compile with $1"
	done
	ld -r -o "$TMP/abc-$s.o" "$TMP/a-$s.o" "$TMP/b-$s.o" "$TMP/c-$s.o" || fail "ld -r"
	ld -r -o "$TMP/abcd-$s.o" "$TMP/abc-$s.o" "$TMP/d-$s.o" || fail "ld -r"
	same_as_upstream "$s --sort, no two alike" pahole --sort "$TMP/abc-$s.o"
	same_as_upstream "$s --sort --compile, no two alike" pahole --sort --compile "$TMP/abc-$s.o"
	same_as_upstream "$s --sort, two alike" pahole --sort "$TMP/abcd-$s.o"
	same_as_upstream "$s --sort --compile, two alike" pahole --sort --compile "$TMP/abcd-$s.o"
}
for_each_build one_build
finish "--sort of same-name types on $BUILDS builds" "$BUILDS builds, 4 runs each, as upstream v1.32"
