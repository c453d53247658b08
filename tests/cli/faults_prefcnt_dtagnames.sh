#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Each allocation of prefcnt and dtagnames (every library's too) fails
# once: exit 1 with one line saying that memory ran out, or the right
# output. Was: where the DWARF loader's list of units could not grow (and
# other allocations that no message followed), prefcnt and dtagnames exited
# 1 without a word (the tools of tool_load.c always said "out of memory"
# then); and dtagnames, which walked the DIEs with libdw, crashed (SIGSEGV
# in dwarf_getabbrev(), allocation 26 on holes.o) where an allocation of
# libdw 0.188 had failed while it read the unit headers: it reads them
# with our reader now.
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
[ -f "$TOP/build/failalloc.so" ] || fail "no build/failalloc.so"
fault_shims_usable
cd "$TMP" || fail "no temp dir"
fixture_cp . layout/holes.o pfunct/funcs.o || fail "fixtures"
runs=0 errors=0
check() { # PROG ARGS...
	"$BUILD_DIR/$1" "${@:2}" >good.txt || fail "$1 without a fault"
	alloc_sweep "$*" - good.txt -- "$BUILD_DIR/$1" "${@:2}" || no
	runs=$((runs + SWEPT)) errors=$((errors + SWEEP_ERRORS))
}
check prefcnt funcs.o
check prefcnt -j3 funcs.o
check dtagnames holes.o
[ "$errors" -gt 0 ] || no "no allocation failed"
finish "prefcnt and dtagnames out of memory" "$runs runs, $errors out of memory, each said"
