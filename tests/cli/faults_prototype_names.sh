# SPDX-License-Identifier: GPL-2.0-only
# Each allocation of fmemopen() (the printer builds a prototype's name
# through it) fails once in codiff, whose function changes compare and show
# prototypes, and in pahole, pdwtags, pfunct -b and pglobal -v on pointers
# to function pointers: exit 1 with one line saying that memory ran out, or
# the right output. Was: the name read "<ERROR: out of memory>", exit 0;
# codiff listed an unchanged function as changed ("NAME | +0") and its
# totals were wrong.
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
[ -f "$TOP/build/failalloc.so" ] || fail "no build/failalloc.so"
fault_shims_usable
cd "$TMP" || fail "no temp dir"
OBJ=$(fixture_set codiff) || fail "cannot build the codiff fixtures"
cp "$OBJ/old.o" "$OBJ/new.o" . || fail "fixtures"
cc -g -O0 -c "$TOP/tests/fixtures/fn_pointer_names.c" -o fp.o || fail "cc"
export FAILALLOC_IN=fmemopen
runs=0
check() { # PROG ARGS...
	"$BUILD_DIR/$1" "${@:2}" >good.txt || fail "$1 without a fault"
	alloc_sweep "$*" - good.txt -- "$BUILD_DIR/$1" "${@:2}" || no
	[ "$SWEEP_ERRORS" -gt 0 ] || no "$*: no allocation in fmemopen failed"
	runs=$((runs + SWEPT))
}
check codiff old.o new.o
check pahole fp.o
check pdwtags fp.o
check pfunct -b fp.o
check pglobal -v fp.o
finish "prototype names out of memory" "$runs runs: fmemopen's failed allocations end with one line"
