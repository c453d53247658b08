# SIGINT, SIGTERM or SIGHUP at a random point of a detached or in-place
# run (seeded, so a failure can be replayed with SEED=N), or as soon as
# its temporary file appears, leaves no temporary file behind, and the
# target either untouched or completely written. The input is the clang kernel's link-step file
# (tests/reference/clang-kernel; about 0.3 s to encode, 42 MB to rewrite in place).
. "$TOP/tests/lib.sh"
in=$CLANG_KERNEL
[ -f "$in" ] || fail "missing $in"
cd "$TMP" || fail "no temp dir"
xz -dc "$in" >orig.elf || fail "xz"
FLAGS="-J --btf_gen_floats --lang_exclude=rust --btf_gen_optimized"
"$PAHOLE" $FLAGS --btf_encode_detached=good.btf orig.elf || fail "detached run"
cp orig.elf good.elf && "$PAHOLE" $FLAGS good.elf || fail "in-place run"
orig=$(sha256sum <orig.elf) good=$(sha256sum <good.elf)
SEED=${SEED:-$(date +%s)}
RANDOM=$SEED
killed=0 runs=0 writing=0
for i in $(seq 1 24); do
	sig=$(echo INT TERM HUP | cut -d' ' -f$((i % 3 + 1)))
	delay=$(printf '0.%03d' $((RANDOM % 600)))
	if [ $((i % 2)) -eq 0 ]; then
		echo old >out.btf && cp out.btf old.btf
		"$PAHOLE" $FLAGS -j2 --btf_encode_detached=out.btf orig.elf 2>err.txt &
	else
		cp orig.elf t.elf
		"$PAHOLE" $FLAGS -j2 t.elf 2>err.txt &
	fi
	pid=$!
	if [ $((i % 4)) -lt 2 ]; then
		sleep "$delay"
	else	# while it writes: poll for the temporary file
		delay=while-writing
		while kill -0 $pid 2>/dev/null && ! compgen -G '*.tmp.*' >/dev/null; do :; done
		compgen -G '*.tmp.*' >/dev/null && writing=$((writing + 1))
	fi
	kill -s "$sig" $pid 2>/dev/null
	wait $pid
	rc=$?
	runs=$((runs + 1))
	[ $rc -ne 0 ] && killed=$((killed + 1))
	[ $rc -eq 0 ] || [ $rc -gt 128 ] || no "seed $SEED, run $i ($sig, $delay): exit $rc: $(cat err.txt)"
	left=$(ls -a | grep '\.tmp\.')
	[ -z "$left" ] || { no "seed $SEED, run $i ($sig, $delay): left $left"; rm -f ./*.tmp.*; }
	if [ $((i % 2)) -eq 0 ]; then
		cmp -s out.btf old.btf || cmp -s out.btf good.btf ||
			no "seed $SEED, run $i ($sig, $delay): detached output neither old nor whole"
	else
		s=$(sha256sum <t.elf)
		[ "$s" = "$orig" ] || [ "$s" = "$good" ] ||
			no "seed $SEED, run $i ($sig, $delay): file neither untouched nor whole"
	fi
done
[ $killed -gt 0 ] || no "seed $SEED: no run was interrupted"
[ $writing -gt 0 ] || no "seed $SEED: no run was caught writing"
finish "signals" "$runs runs (seed $SEED), $killed interrupted, $writing while writing: no temporary file, targets old or whole"
