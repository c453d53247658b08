# SPDX-License-Identifier: GPL-2.0-only
# Each allocation our own code makes (not the libraries') fails once, for
# pahole -C, plain pahole, pfunct, codiff, pdwtags and pglobal -v on small
# fixtures: exit 1 with one line saying that memory ran out, or the right
# output; never a crash.
#
# Was: pfunct and pahole freed a file whose CUs they kept when they could
# not grow the list of kept files (a crash, later); -C's list of names, a
# CU's layout or printer, and codiff's unit index failed silently (exit 1,
# nothing said); a struct whose layout could not be allocated was printed
# without its members, exit 0 (pahole; pdwtags and pglobal -v, which prints
# an anonymous struct whole, until they checked it too).
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
[ -f "$TOP/build/failalloc.so" ] || fail "no build/failalloc.so"
fault_shims_usable
cd "$TMP" || fail "no temp dir"
fixture_cp . layout/holes.o pfunct/funcs.o codiff/old.o codiff/new.o || fail "fixtures"
cc -g -O0 -c "$TOP/tests/fixtures/anon_globals.c" -o anon_globals.o || fail "cc"
runs=0 errors=0
check() { # PROG ARGS...
	"$BUILD_DIR/$1" "${@:2}" >good.txt || fail "$1 without a fault"
	FAILALLOC_FROM=$BUILD_DIR/$1 alloc_sweep "$*" - good.txt -- "$BUILD_DIR/$1" "${@:2}" || no
	runs=$((runs + SWEPT)) errors=$((errors + SWEEP_ERRORS))
}
check pahole -C rec_gappy holes.o
check pahole holes.o
check pfunct funcs.o
check codiff old.o new.o
check pdwtags holes.o
check pglobal -v anon_globals.o
[ "$errors" -gt 0 ] || no "no allocation failed"
finish "out of memory in our code" "$runs runs, $errors ended with one line saying memory ran out"
