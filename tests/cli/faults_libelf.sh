# SPDX-License-Identifier: GPL-2.0-only
# Each allocation libelf makes fails once, for pahole (-J detached and in
# place, -C), pfunct, codiff, pdwtags, pglobal, dtagnames and prefcnt: exit
# 1 with one line saying that memory ran out, or the right output. libelf
# gives no handle where elf_begin() cannot allocate, and gelf_getshdr()
# says "invalid operand" where it cannot load the section headers: these
# were reported as "not an ELF file" and "corrupt ELF file: invalid
# operand", and the test for DWARF took the file for one without any, went
# on to BTF and said that was missing too (two lines). In place, the
# rewrite said "FILE: section N: invalid operand"; dtagnames and prefcnt
# said "FILE: cannot read ELF: invalid operand".
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
[ -f "$TOP/build/failalloc.so" ] || fail "no build/failalloc.so"
fault_shims_usable
cd "$TMP" || fail "no temp dir"
fixture_cp . layout/holes.o pfunct/funcs.o codiff/old.o codiff/new.o || fail "fixtures"
export FAILALLOC_FROM=libelf.so
runs=0 errors=0
check() { # OUT PROG ARGS...
	"$BUILD_DIR/$2" "${@:3}" >good.txt || fail "$2 without a fault"
	[ "$1" = - ] || cp "$1" good.txt
	alloc_sweep "$2 ${*:3}" "$1" good.txt -- "$BUILD_DIR/$2" "${@:3}" || no
	runs=$((runs + SWEPT)) errors=$((errors + SWEEP_ERRORS))
}
check out.btf pahole -J --btf_encode_detached=out.btf holes.o
check - pahole -C rec_gappy holes.o
check - pfunct funcs.o
check - codiff old.o new.o
check - pdwtags holes.o
check - pglobal -v holes.o
check - dtagnames holes.o
check - prefcnt holes.o
# In place: the rewrite reads the file with libelf again.
cp holes.o good.o && "$PAHOLE" -J good.o || fail "in place without a fault"
SWEEP_RESET="cp holes.o t.o" SWEEP_KEEP=t.o SWEEP_KEEP_WANT=holes.o \
	alloc_sweep "in place" t.o good.o -- "$PAHOLE" -J t.o || no
runs=$((runs + SWEPT)) errors=$((errors + SWEEP_ERRORS))
[ "$errors" -gt 0 ] || no "no allocation of libelf failed"
finish "libelf out of memory" "$runs runs, $errors ended with one line saying memory ran out"
