#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# pglobal -v and -f print what upstream pglobal v1.32 printed
# (tests/fixtures/pglobal, made with tests/tools/upstream only) for gcc and
# clang objects of two units, DWARF 4 and 5, -O0 and -O2, the layout fixture
# set (built at test time: fixture_set; DWARF and -F btf), and tcp_bbr.ko;
# no option is a usage error.
# One difference, upstream's error (man/pglobal.1, DIFFERENCES): a variable
# defined by a DIE that takes its name from a declaration (gcc's
# DW_AT_specification) is left out by upstream, which prints the
# declaration, "extern", and counts one fewer; ours prints the definition.
# A line of ours that is upstream's without "extern " and counts one more is
# that case.
. "$TOP/tests/lib.sh"
PGLOBAL=$(sibling pglobal)
FIX=$TOP/tests/fixtures/pglobal
OBJ=$TOP/tests/fixtures/pdwtags
[ -x "$PGLOBAL" ] || fail "$PGLOBAL is not built"
L=$(fixture_set layout) || fail "cannot build the layout fixtures"

# same OURS UPSTREAM: line by line, the same or the case above.
same() {
	awk 'NR == FNR { up[FNR] = $0; n = FNR; next }
	     { if ($0 == up[FNR]) next
	       u = up[FNR]; o = $0
	       if (u !~ /^extern /) exit 1
	       sub(/^extern /, "", u)
	       cu = u; sub(/.*\/\* /, "", cu); sub(/ \*\//, "", cu)
	       co = o; sub(/.*\/\* /, "", co); sub(/ \*\//, "", co)
	       sub(/\/\* [0-9]+ \*\//, "", u); sub(/\/\* [0-9]+ \*\//, "", o)
	       if (u != o || co != cu + 1) exit 1 }
	     END { if (FNR != n) exit 1 }' "$2" "$1"
}

n=0
# check NAME EXPECTED ARGS...
check() {
	local name=$1 want=$2
	shift 2
	n=$((n + 1))
	run_quiet "$name" "$PGLOBAL" "$@" || return
	same "$TMP/out.txt" "$want" || differs "$name" "$TMP/out.txt" "$want"
}

for cc in gcc clang; do
	for dv in 4 5; do
		for opt in O0 O2; do
			s=$cc.dwarf$dv.$opt
			check "$s -v" "$FIX/$s.v.txt" -v "$OBJ/tags.$s.o" "$OBJ/other.$s.o"
			check "$s -f" "$FIX/$s.f.txt" -f "$OBJ/tags.$s.o" "$OBJ/other.$s.o"
		done
	done
done
check "layout -v" "$FIX/layout.v.txt" -v "$L"/*.o
check "layout -f" "$FIX/layout.f.txt" -f "$L"/*.o
check "layout -f -F btf" "$FIX/layout.f.F_btf.txt" -f -F btf "$L"/*.btf.o
# Without -v or -f, upstream lists nothing and exits 0; ours is a usage
# error that says so (man/pglobal.1).
"$PGLOBAL" "$L/holes.o" >"$TMP/none.out" 2>"$TMP/none.err"
[ $? -eq 64 ] && [ ! -s "$TMP/none.out" ] && [ "$(cat "$TMP/none.err")" = \
	"pglobal: -v (variables) or -f (functions) says what to list" ] ||
	no "no option: not the usage error: $(cat "$TMP/none.err")"
check "-v -f: -v" "$FIX/layout.v.txt" -v -f "$L"/*.o
if [ -z "${QUICK:-}" ] && bbr=$(module_path net/ipv4/tcp_bbr); then
	check "tcp_bbr.ko -v" "$FIX/tcp_bbr.v.txt" -v "$bbr"
	check "tcp_bbr.ko -f" "$FIX/tcp_bbr.f.txt" --functions "$bbr"
else
	echo "tcp_bbr.ko: skipped (no kernel package)"
fi
finish "$n outputs against upstream's" "$n outputs as upstream v1.32's (its error aside)"
