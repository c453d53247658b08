#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# An input cut short by another program while it is read: libelf and libdw
# map their files, so a read past the new end raises SIGBUS (man/pahole.1,
# FILES CHANGED WHILE READ). build/truncmap.so truncates the input to 4096
# bytes just after its Nth mapping, for N = 1, 2, ... until a run maps it
# fewer times: pahole -J (detached and in place), -C, the default print,
# pfunct, pdwtags. Each run must exit 1 with one line on stderr naming the
# input (or exit 0 if the file was not cut), never end by a signal, never
# leave a temporary file or a detached output.
#
# Was: SIGBUS (exit 135) without a message in pahole -C, the default print,
# pfunct and pdwtags.
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
SHIM=$TOP/build/truncmap.so
[ -f "$SHIM" ] || fail "no build/truncmap.so"
fault_shims_usable
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
# Enough DWARF to span many pages past the first.
gcc -c -g -O0 -o big.o "$TOP/dwarves.c" -I"$TOP" -I"$TOP/build" || fail "cannot compile a fixture"
runs=0 cut=0
# sweep WHAT -- PROG ARGS... (in.o is the input)
sweep() {
	local what=$1 n rc
	shift 2
	for n in $(seq 1 40); do
		rm -f out.btf ./*.tmp.* cut.txt
		cp big.o in.o
		LD_PRELOAD=$SHIM TRUNCMAP_PATH=in.o TRUNCMAP_N=$n TRUNCMAP_REPORT=cut.txt \
			"$@" >out.txt 2>err.txt
		rc=$? runs=$((runs + 1))
		if [ ! -e cut.txt ]; then
			[ $rc -eq 0 ] || no "$what: N=$n, not cut: exit $rc: $(head -n 1 err.txt)"
			return
		fi
		cut=$((cut + 1))
		[ $rc -eq 1 ] || no "$what: N=$n: exit $rc (1 wanted): $(head -n 1 err.txt)"
		[ "$(grep -c '' err.txt)" -eq 1 ] || no "$what: N=$n: not one line on stderr: $(head -n 3 err.txt)"
		grep -q "in\.o" err.txt || no "$what: N=$n: the message names no in.o: $(cat err.txt)"
		[ -e out.btf ] && no "$what: N=$n: a detached output was written"
		ls ./*.tmp.* >/dev/null 2>&1 && no "$what: N=$n: a temporary file was left: $(ls ./*.tmp.*)"
	done
	no "$what: still mapping after 40 mappings"
}
sweep "pahole -J detached" -- "$PAHOLE" -J --btf_encode_detached=out.btf in.o
sweep "pahole -J in place" -- "$PAHOLE" -J in.o
sweep "pahole -C" -- "$PAHOLE" -C cu in.o
sweep "pahole" -- "$PAHOLE" in.o
sweep "pfunct" -- "$BUILD_DIR/pfunct" in.o
sweep "pdwtags" -- "$BUILD_DIR/pdwtags" in.o
[ $cut -gt 0 ] || no "no run had its input cut"
finish "input cut while read" "$runs runs, $cut with the input cut: exit 1, one line, nothing left"
