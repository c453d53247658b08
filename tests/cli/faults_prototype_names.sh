# SPDX-License-Identifier: GPL-2.0-only
# Each allocation of fmemopen() (the printer builds a prototype's name
# through it) fails once in codiff, whose function changes compare and show
# prototypes: exit 1 with one line saying that memory ran out, or the right
# output. Was: the name read "<ERROR: out of memory>", so that an unchanged
# function was listed as changed ("same_fn | +0") and the totals were
# wrong, exit 0.
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
[ -f "$TOP/build/failalloc.so" ] || fail "no build/failalloc.so"
cd "$TMP" || fail "no temp dir"
cp "$SHARED/fixtures/codiff/old.o" "$SHARED/fixtures/codiff/new.o" . || fail "fixtures"
export FAILALLOC_IN=fmemopen
"$BUILD_DIR/codiff" old.o new.o >good.txt || fail "codiff without a fault"
alloc_sweep "codiff" - good.txt -- "$BUILD_DIR/codiff" old.o new.o || no
[ "$SWEEP_ERRORS" -gt 0 ] || no "no allocation in fmemopen failed"
finish "prototype names out of memory" "$SWEPT runs: fmemopen's failed allocations end with one line"
