#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Loader threads by the size of the DWARF (dwarf_loader.c): without the test
# hook that tests/run sets, -j3 on a fixture of a few KB of DIEs loads on the
# main thread alone (--phase_stats: "on 1 thread"), and the BTF is the same
# bytes as with every worker; with the Debian kernel package (not QUICK),
# btrfs.ko (8 MB of DIEs) at -j3 takes a worker besides the main thread.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
gcc -c -g -o "$TMP/f.o" "$TOP/tests/fixtures/struct_union.c" || fail "gcc"
# threads FILE JOBS: the loading threads --phase_stats gives, without the hook.
threads() {
	env -u PAHOLE_TEST_ALL_WORKERS "$PAHOLE" -J "$2" --phase_stats \
		--btf_encode_detached="$TMP/out.btf" "$1" 2>&1 >/dev/null |
		sed -nE 's/.* of loading on ([0-9]+) threads?.*/\1/p'
}
n=$(threads "$TMP/f.o" -j3)
[ "$n" = 1 ] || no "a small fixture at -j3: $n threads, want 1"
cp "$TMP/out.btf" "$TMP/alone.btf"
PAHOLE_TEST_ALL_WORKERS=1 "$PAHOLE" -J -j3 --btf_encode_detached="$TMP/all.btf" "$TMP/f.o" ||
	fail "encoding with every worker"
cmp -s "$TMP/alone.btf" "$TMP/all.btf" || no "other bytes with every worker"
if [ -z "$QUICK" ] && ko=$(module_path fs/btrfs/btrfs); then
	n=$(threads "$ko" -j3)
	[ "$n" = 2 ] || no "btrfs.ko at -j3: $n threads, want 2"
fi
finish "loader threads not by the DWARF's size" "threads by the DWARF's size"
