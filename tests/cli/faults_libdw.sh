# SPDX-License-Identifier: GPL-2.0-only
# Each allocation libdw (with libdwfl and libebl) makes fails once while
# pahole encodes an object file: exit 1 with one line saying that memory
# ran out (libdw's own exit on out of memory, "libdw: Cannot allocate
# memory", included), or the same BTF as without a fault. Encoded in place,
# a file of 20 MiB (its start copied ahead into the temporary file) keeps
# its bytes and no temporary file is left.
#
# Was: dwfl_module_getelf() relocates an ET_REL file and ignores a failed
# allocation there (elfutils 0.188), and the DWARF then read had its
# .debug_str offsets unrelocated: exit 0, every name wrong. And libdw's
# exit() left the temporary file of an in-place run.
. "$TOP/tests/lib.sh"
[ -f "$TOP/build/failalloc.so" ] || fail "no build/failalloc.so"
fault_shims_usable
cd "$TMP" || fail "no temp dir"
fixture_cp . layout/holes.o || fail "fixtures"
export FAILALLOC_FROM=libdw.so
"$PAHOLE" -J --btf_encode_detached=good.btf holes.o || fail "without a fault"
alloc_sweep "detached" out.btf good.btf -- "$PAHOLE" -J --btf_encode_detached=out.btf holes.o || no
runs=$SWEPT errors=$SWEEP_ERRORS
pad_object holes.o big.o $((20 << 20)) || fail "objcopy"
cp big.o good.o && "$PAHOLE" -J good.o || fail "in place without a fault"
SWEEP_RESET="cp big.o t.o" SWEEP_KEEP=t.o SWEEP_KEEP_WANT=big.o \
	alloc_sweep "in place" t.o good.o -- "$PAHOLE" -J t.o || no
runs=$((runs + SWEPT)) errors=$((errors + SWEEP_ERRORS))
[ "$errors" -gt 0 ] || no "no allocation of libdw failed"
finish "libdw out of memory" "$runs runs, $errors ended with one line saying memory ran out"
