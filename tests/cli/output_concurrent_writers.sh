# Two runs writing the same output at once, detached or in place: each
# exits 0, or 1 with one line, and the file that remains is complete and
# valid (the whole output of one of them), with no temporary file left.
. "$TOP/tests/lib.sh"
in=$CLANG_KERNEL
[ -f "$in" ] || fail "missing $in"
cd "$TMP" || fail "no temp dir"
xz -dc "$in" >orig.elf || fail "xz"
FLAGS="-J --btf_gen_floats --lang_exclude=rust --btf_gen_optimized"
"$PAHOLE" $FLAGS --btf_encode_detached=good.btf orig.elf || fail "detached run"
cp orig.elf good.elf && "$PAHOLE" $FLAGS good.elf || fail "in-place run"
check_rc() { # RC ERRFILE WHAT
	[ "$1" -eq 0 ] && return
	[ "$1" -eq 1 ] && [ "$(wc -l <"$2")" -eq 1 ] && return
	no "$3: exit $1: $(head -n 3 "$2")"
}
for round in 1 2 3 4; do
	rm -f out.btf
	"$PAHOLE" $FLAGS -j2 --btf_encode_detached=out.btf orig.elf 2>e1.txt & p1=$!
	"$PAHOLE" $FLAGS -j1 --btf_encode_detached=out.btf orig.elf 2>e2.txt & p2=$!
	wait $p1; r1=$?; wait $p2; r2=$?
	check_rc $r1 e1.txt "detached $round, first"
	check_rc $r2 e2.txt "detached $round, second"
	cmp -s out.btf good.btf || no "detached $round: the output is not whole"
	cp orig.elf t.elf
	"$PAHOLE" $FLAGS -j2 t.elf 2>e1.txt & p1=$!
	"$PAHOLE" $FLAGS -j1 t.elf 2>e2.txt & p2=$!
	wait $p1; r1=$?; wait $p2; r2=$?
	check_rc $r1 e1.txt "in place $round, first"
	check_rc $r2 e2.txt "in place $round, second"
	cmp -s t.elf good.elf || no "in place $round: the file is not whole"
	[ -z "$(ls -a | grep '\.tmp\.')" ] || no "round $round: temporary files left"
done
finish "concurrent writers" "4 rounds of two writers, detached and in place: whole outputs"
