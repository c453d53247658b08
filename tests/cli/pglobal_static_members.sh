#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# A C++ static data member defined outside its class (int S::count = 3;) is a
# variable of the unit: its definition names the declaration in the class as
# its specification, and takes its name and type from there. pglobal -v lists
# it and pdwtags prints it, for g++ and clang++, DWARF 4 and 5, -O0 and -O2;
# the declaration in the class is not listed. Upstream v1.32 lists the
# declaration (extern) and prints the definition as a bare ";" (man pages,
# DIFFERENCES).
. "$TOP/tests/lib.sh"
BIN=$(dirname "$PAHOLE")
[ -x "$BIN/pglobal" ] || fail "pglobal is not built"

cat >"$TMP/s.cc" <<'EOT'
struct Counter {
	static int count;
	static const long limit;
	int local;
	int bump() { return ++count + local; }
};
int Counter::count = 3;
const long Counter::limit = 7;
int plain_global;
int use(Counter *c) { return c->bump() + (int)Counter::limit + plain_global; }
EOT

one_build() {
	local s=$4
	"$1" -c -g -gdwarf-"$2" "$3" -o "$TMP/$s.o" "$TMP/s.cc" || fail "cannot compile with $1"
	"$BIN/pglobal" -v "$TMP/$s.o" >"$TMP/v.txt" 2>"$TMP/err.txt" ||
		{ no "$s: pglobal -v exits $?: $(head -n 1 "$TMP/err.txt")"; return; }
	grep -q "^int  *count;; /\* 0 \*/$" "$TMP/v.txt" || differs "$s: pglobal -v lacks count" "$TMP/v.txt" /dev/null
	grep -Eq "^const long( int)? +limit;; /\* 0 \*/$" "$TMP/v.txt" ||
		differs "$s: pglobal -v lacks limit" "$TMP/v.txt" /dev/null
	grep -q "^int  *plain_global;;" "$TMP/v.txt" || no "$s: pglobal -v lacks plain_global"
	! grep -q "extern" "$TMP/v.txt" || differs "$s: a class's declaration listed" "$TMP/v.txt" /dev/null
	"$BIN/pdwtags" "$TMP/$s.o" >"$TMP/d.txt" 2>"$TMP/err.txt" || { no "$s: pdwtags exits $?"; return; }
	sed -n '/^\/\* Variables: \*\//,/^\/\* Constants: \*\//p' "$TMP/d.txt" >"$TMP/vars.txt"
	grep -q "^int  *count; /\* size: 4 \*/$" "$TMP/vars.txt" || differs "$s: pdwtags lacks count" "$TMP/vars.txt" /dev/null
	! grep -q "^;" "$TMP/vars.txt" || differs "$s: pdwtags prints a variable without name" "$TMP/vars.txt" /dev/null
}
COMPILERS="g++ clang++"
for_each_build one_build
finish "static data members on $BUILDS builds" "$BUILDS builds: each defined static member listed and printed by its name"
