#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pfunct --compile and -b on a file of two units that share a struct print
# each type once for the whole file, so that --compile's output compiles
# (gcc -fsyntax-only), with gcc and clang, DWARF 4 and 5, -O0 and -O2.
# Upstream v1.32 forgets the types it printed at each unit and prints them
# again: its output redefines struct s (man/pfunct.1, DIFFERENCES).
. "$TOP/tests/lib.sh"
PFUNCT=$(sibling pfunct)
[ -x "$PFUNCT" ] || fail "$PFUNCT is not built"
cat >"$TMP/m1.c" <<'EOT'
struct s { int a; long b; };
typedef struct s s_t;
int fa(struct s *p) { return p->a; }
int fb(s_t *p) { return p->a + 1; }
EOT
cat >"$TMP/m2.c" <<'EOT'
struct s { int a; long b; };
struct t { char c; };
int fc(struct s *p, struct t *q) { return p->a + q->c; }
EOT
# one_build CC DWARF_VERSION OPT NAME
one_build() {
	local s=$4
	compile "$TMP/m1.c" "$1" "$2" "$3" "$TMP/m1.o" &&
		compile "$TMP/m2.c" "$1" "$2" "$3" "$TMP/m2.o" &&
		ld -r "$TMP/m1.o" "$TMP/m2.o" -o "$TMP/m-$s.o" || fail "cannot build with $1"
	"$PFUNCT" --compile "$TMP/m-$s.o" >"$TMP/c.c" || no "$s: --compile: exit $?"
	[ "$(grep -c '^struct s {' "$TMP/c.c")" = 1 ] ||
		no "$s: --compile prints struct s $(grep -c '^struct s {' "$TMP/c.c") times"
	grep -q '^int fc(struct s \* p, struct t \* q)$' "$TMP/c.c" ||
		no "$s: --compile lacks fc() of the second unit"
	gcc -fsyntax-only -x c "$TMP/c.c" 2>"$TMP/gcc.txt" ||
		no "$s: --compile's output does not compile: $(head -n 1 "$TMP/gcc.txt")"
	"$PFUNCT" -b -f fc "$TMP/m-$s.o" >"$TMP/b.txt" || no "$s: -b -f fc: exit $?"
	[ "$(grep -c '^struct s {' "$TMP/b.txt")" = 1 ] ||
		no "$s: -b -f fc prints struct s $(grep -c '^struct s {' "$TMP/b.txt") times"
}
for_each_build one_build
n=$BUILDS
finish "pfunct --compile on $n two-unit files" "$n two-unit files: each type once, --compile's output compiles"
