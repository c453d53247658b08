# Under an address-space limit (ulimit -v) at levels picked from a measured
# run, every run exits 0 with the right output, or 1 with one line saying
# that memory ran out: never a crash, never another diagnosis, never a
# partial or temporary file. Detached and in place, -j1 and -j2. The
# sanitizers reserve more address space than any such limit: plain build only.
. "$TOP/tests/lib.sh"
in=$CLANG_KERNEL
[ -f "$in" ] || fail "missing $in"
nm "$PAHOLE" 2>/dev/null | grep -q -e __asan_init -e __tsan_init &&
	skip "sanitizer build: address-space limits do not apply"
cd "$TMP" || fail "no temp dir"
xz -dc "$in" >orig.elf || fail "xz"
FLAGS="-J --btf_gen_floats --lang_exclude=rust --btf_gen_optimized"
"$PAHOLE" $FLAGS --btf_encode_detached=good.btf orig.elf || fail "detached run"
cp orig.elf good.elf && "$PAHOLE" $FLAGS good.elf || fail "in-place run"
orig=$(sha256sum <orig.elf) good=$(sha256sum <good.elf)
limited() { (ulimit -v "$1" && shift && "$@"); }

# The measured need: the smallest limit, in 4 MiB steps, at which -j1 works.
ok=0 oom=0
need=0
for kb in $(seq 16384 4096 1048576); do
	rm -f m.btf
	limited "$kb" "$PAHOLE" $FLAGS -j1 --btf_encode_detached=m.btf orig.elf 2>err.txt
	rc=$?
	[ $rc -eq 0 ] && { need=$kb; break; }
	[ $rc -eq 1 ] && [ "$(wc -l <err.txt)" -eq 1 ] && grep -qi memory err.txt ||
		no "measuring, -j1 at $kb KiB: exit $rc: $(head -n 3 err.txt)"
done
[ "$need" -gt 0 ] || fail "no limit up to 1 GiB lets a run work"
check() { # WHAT RC
	local lines
	lines=$(wc -l <err.txt)
	if [ "$2" -eq 0 ]; then
		ok=$((ok + 1))
		[ "$lines" -eq 0 ] || no "$1: exit 0 with messages: $(head -n 2 err.txt)"
	elif [ "$2" -eq 1 ] && [ "$lines" -eq 1 ] && grep -qi 'memory' err.txt; then
		oom=$((oom + 1))
	else
		no "$1: exit $2, $lines lines: $(head -n 3 err.txt)"
	fi
	[ -z "$(ls -a | grep '\.tmp\.')" ] || { no "$1: temporary file left"; rm -f ./*.tmp.*; }
}
for pct in 30 50 70 85 95 100 110 130 200; do
	kb=$((need * pct / 100))
	for j in -j1 -j2; do
		echo old >out.btf && cp out.btf old.btf
		limited "$kb" "$PAHOLE" $FLAGS $j --btf_encode_detached=out.btf orig.elf 2>err.txt
		rc=$?
		check "detached $j at $kb KiB" $rc
		if [ $rc -eq 0 ]; then cmp -s out.btf good.btf || no "detached $j at $kb KiB: wrong output"
		else cmp -s out.btf old.btf || no "detached $j at $kb KiB: output changed"; fi
		cp orig.elf t.elf
		limited "$kb" "$PAHOLE" $FLAGS $j t.elf 2>err.txt
		rc=$?
		check "in place $j at $kb KiB" $rc
		s=$(sha256sum <t.elf)
		if [ $rc -eq 0 ]; then [ "$s" = "$good" ] || no "in place $j at $kb KiB: wrong file"
		else [ "$s" = "$orig" ] || no "in place $j at $kb KiB: file changed"; fi
	done
done
[ $ok -gt 0 ] && [ $oom -gt 0 ] || no "want both outcomes: $ok worked, $oom ran out"
finish "memory limits" "need $need KiB; 36 runs from 30% to 200% of it: $ok worked, $oom ran out with one line"
