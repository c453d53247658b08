#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# pdwtags prints what upstream pdwtags v1.32 printed (tests/fixtures/pdwtags,
# made with tests/tools/upstream only) for gcc and clang objects, DWARF 4 and
# 5, -O0 and -O2, -V, the layout fixture set (DWARF and -F btf), the C++
# fixture set (both sets built at test time by fixture_set) and the Debian
# kernel's tcp_bbr.ko. Before comparing, upstream's errors (man/pdwtags.1,
# DIFFERENCES) are taken out of its text:
# - a function returning void, and a variable without a type of its own,
#   get a size upstream reads from memory that is not a type (a number of
#   millions, different at each run): ours is 0;
# - a variable without a name of its own (a definition that takes it, and
#   its type unless it completes it, "x[7]" for "x[]", from its "extern"
#   declaration; the concrete copies of an inlined function's locals)
#   upstream prints as "; /* size: N */": ours prints the definition with
#   its name, the copies not at all;
# - BTF's qualified void (types.btf.o's volatile void): upstream's size is
#   read outside the type too;
# - C++: a using-declaration in a namespace names what it imports (upstream
#   looks the import up in the wrong table and names an unrelated function or
#   variable: in namespaces.*.o, each imports Nested); rvalue references,
#   pointers to members and their sizes, vtables' entries and DWARF 5's
#   static members (classes*.o) differ, so of those only the types' ids and
#   first lines are compared.
. "$TOP/tests/lib.sh"
PDWTAGS=$(sibling pdwtags)
FIX=$TOP/tests/fixtures/pdwtags
[ -x "$PDWTAGS" ] || fail "$PDWTAGS is not built"
L=$(fixture_set layout) || fail "cannot build the layout fixtures"
C=$(fixture_set cxx) || fail "cannot build the C++ fixtures"

n=0
# check NAME EXPECTED ARGS...: our output of ARGS against EXPECTED.
check() {
	local name=$1 want=$2
	shift 2
	n=$((n + 1))
	run_quiet "$name" "$PDWTAGS" "$@" || return
	pdwtags_norm "$want" >"$TMP/want.n"
	pdwtags_norm "$TMP/out.txt" >"$TMP/out.n"
	if [ "${CXX_HEADS:-}" ]; then
		for f in want out; do
			grep -A1 -E '^/\* [0-9]+ \*/$' "$TMP/$f.n" | grep -v -e '^--$' -e '&&' \
				-e 'ptr_to_member' -e 'rvalue' >"$TMP/$f.h"
		done
		cmp -s "$TMP/out.h" "$TMP/want.h" ||
			{ echo "$name: type ids differ:"; diff "$TMP/out.h" "$TMP/want.h" | head; no; }
		return
	fi
	cmp -s "$TMP/out.n" "$TMP/want.n" || differs "$name" "$TMP/out.n" "$TMP/want.n"
}

for o in "$FIX"/tags.*.o "$FIX"/other.*.o; do
	check "$(basename "$o")" "${o%.o}.txt" "$o"
done
check "-V" "$FIX/tags.gcc.dwarf5.O0.V.txt" -V "$FIX/tags.gcc.dwarf5.O0.o"
for o in "$L"/*.o; do
	b=$(basename "$o" .o)
	check "layout $b" "$FIX/layout.$b.txt" "$o"
done
for b in holes nested types; do
	NORM_QUAL=1 check "layout $b -F btf" "$FIX/layout.$b.F_btf.txt" -F btf "$L/$b.btf.o"
done
for o in "$FIX"/namespaces.*.o; do
	NORM_USING=1 check "$(basename "$o")" "${o%.o}.txt" "$o"
done
for o in "$C"/templates*.o; do
	b=$(basename "$o" .o)
	check "cxx $b" "$FIX/cxx.$b.txt" "$o"
done
for o in "$C"/classes*.o; do
	b=$(basename "$o" .o)
	CXX_HEADS=1 check "cxx $b (type ids)" "$FIX/cxx.$b.txt" "$o"
done
if [ -z "${QUICK:-}" ] && bbr=$(module_path net/ipv4/tcp_bbr); then
	gzip -dc "$FIX/tcp_bbr.txt.gz" >"$TMP/tcp_bbr.txt"
	check "tcp_bbr.ko" "$TMP/tcp_bbr.txt" "$bbr"
else
	echo "tcp_bbr.ko: skipped (no kernel package)"
fi
finish "$n outputs against upstream's" "$n outputs as upstream v1.32's (its errors aside)"
