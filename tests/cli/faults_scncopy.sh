# SPDX-License-Identifier: GPL-2.0-only
# scncopy -a -o out.o with each allocation of libelf failing once, then
# each write, truncate, sync, rename or close of its output failing once
# (ENOSPC): exit 1 with one line saying that memory ran out (or that the
# disk is full, naming out.o), or the right output; never a crash, never a
# temporary file left, out.o as before.
#
# Was: elfutils' elf_newscn() gives a section without a header where it
# cannot allocate one, and elf_newdata() on it crashed (SIGSEGV, out.o's
# temporary file left); out of memory was "not an ELF file" or "cannot
# write ELF: invalid operand"; a full disk "cannot write ELF: cannot write
# data to file".
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
[ -f "$TOP/build/failalloc.so" ] && [ -f "$TOP/build/failio.so" ] || fail "no build/fail*.so"
fault_shims_usable
cd "$TMP" || fail "no temp dir"
fixture_cp . layout/holes.o || fail "fixtures"
echo "old bytes" >orig.o
"$BUILD_DIR/scncopy" -a -o good.o holes.o || fail "scncopy without a fault"
SWEEP_RESET="cp orig.o out.o" SWEEP_KEEP=out.o SWEEP_KEEP_WANT=orig.o FAILALLOC_FROM=libelf.so \
	alloc_sweep "alloc" out.o good.o -- "$BUILD_DIR/scncopy" -a -o out.o holes.o || no
[ "$SWEEP_ERRORS" -gt 0 ] || no "no allocation of libelf failed"
runs=$SWEPT
for n in $(seq 1 200); do
	cp orig.o out.o
	rm -f "$TMP/io.report"
	LD_PRELOAD="$TOP/build/failio.so" FAILIO_PATH=out.o FAILIO_N=$n FAILIO_REPORT="$TMP/io.report" \
		"$BUILD_DIR/scncopy" -a -o out.o holes.o 2>err.txt
	rc=$? runs=$((runs + 1))
	if [ $rc -eq 0 ]; then
		cmp -s out.o good.o || no "io $n: exit 0, wrong output"
	elif [ $rc -ne 1 ] || [ "$(wc -l <err.txt)" -ne 1 ] ||
	     ! grep -q "out.o: .*No space left on device" err.txt; then
		no "io $n: exit $rc: $(head -n 2 err.txt | tr '\n' ' ')"
	elif ! cmp -s out.o orig.o; then
		no "io $n: out.o changed"
	fi
	! compgen -G '*.tmp.*' >/dev/null || { no "io $n: left $(echo *.tmp.*)"; rm -f ./*.tmp.*; }
	grep -q '^hit 1' "$TMP/io.report" 2>/dev/null || break
done
finish "scncopy out of memory, disk full" "$runs runs end with the copy or one line"
