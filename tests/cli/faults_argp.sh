# SPDX-License-Identifier: GPL-2.0-only
# Each allocation argp_parse() makes (glibc's argp) fails once, in pahole
# and the programs that start with cli__main(): exit 1 with one line
# saying that memory ran out, or the right output. argp returns ENOMEM
# without a word; pahole exited 1 and the others 64 (a usage error),
# silently.
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
[ -f "$TOP/build/failalloc.so" ] || fail "no build/failalloc.so"
fault_shims_usable
cd "$TMP" || fail "no temp dir"
fixture_cp . layout/holes.o pfunct/funcs.o codiff/old.o codiff/new.o || fail "fixtures"
export FAILALLOC_IN=argp_parse
runs=0
check() { # PROG ARGS...
	"$BUILD_DIR/$1" "${@:2}" >good.txt || fail "$1 without a fault"
	alloc_sweep "$1" - good.txt -- "$BUILD_DIR/$1" "${@:2}" || no
	[ "$SWEEP_ERRORS" -gt 0 ] || no "$1: no allocation in argp_parse failed"
	runs=$((runs + SWEPT))
}
check pahole -C rec_gappy holes.o
check pfunct funcs.o
check codiff old.o new.o
check pdwtags holes.o
check pglobal -v holes.o
check dtagnames holes.o
finish "argp out of memory" "$runs runs: argp's failed allocations end with one line"
