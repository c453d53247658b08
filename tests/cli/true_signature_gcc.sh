# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --btf_features=...,true_signature with a GCC -O2 clone (btf-encoding.md
# 3.7; upstream's gcc_true_signatures.sh): foo(a, b, d), always called with
# b = 1, is cloned as foo.constprop.0 (or foo.isra.0) whose DWARF lists a in
# rdi, d in rsi and b last, with only a constant value. With the feature the
# clone is encoded under its own name with the parameters it takes, (a, d);
# without it foo is skipped (reordered parameters), as it is in a
# relocatable object either way, where no DWARF address is a symbol's.
. "$TOP/tests/lib.sh"
. "$TOP/tests/true_signature_lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cp "$TOP/tests/fixtures/true_signature_gcc.c" "$TMP/" || fail "cannot copy the fixture"
cd "$TMP" || fail "no temp dir"
enc() {	# enc OUT INPUT FLAGS...
	local out=$1 in=$2
	shift 2
	rm -f "$out"
	"$PAHOLE" "$@" --btf_encode_detached="$out" "$in" || fail "pahole $* $in failed"
	/usr/sbin/bpftool btf dump file "$out" >/dev/null || fail "bpftool cannot read $out"
}
ptr_t="(PTR '' type=STRUCT:'t')"
proto="(FUNC_PROTO '' ret=(PTR '' type=INT:'char') params=( 'a' $ptr_t, 'd' $ptr_t ))"
for dv in 4 5; do
	gcc -g -gdwarf-"$dv" -O2 -o prog true_signature_gcc.c || fail "gcc"
	gcc -g -gdwarf-"$dv" -O2 -c -o prog.o true_signature_gcc.c || fail "gcc -c"
	clone=$(nm prog | awk '$3 ~ /^foo\.(constprop|isra)\./ { print $3 }')
	[ -n "$clone" ] || skip "this gcc made no clone of foo"
	{
		echo "FUNC 'bar' linkage=0 type=$proto"
		echo "FUNC 'main' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( ))"
		echo "FUNC 'tar' linkage=0 type=$proto"
	} | LC_ALL=C sort >without.expected
	{ cat without.expected; echo "FUNC '$clone' linkage=0 type=$proto"; } |
		LC_ALL=C sort >with.expected
	enc with.btf prog $REF_FLAGS --btf_features=true_signature
	ts_same "dwarf$dv, with true_signature" <(ts_funcs with.btf) with.expected
	enc plus.btf prog -J --btf_features=+true_signature -j2
	ts_same "dwarf$dv, --btf_features=+true_signature -j2" <(ts_funcs plus.btf) with.expected
	enc without.btf prog $REF_FLAGS
	ts_same "dwarf$dv, without true_signature" <(ts_funcs without.btf) without.expected
	enc rel.btf prog.o $REF_FLAGS --btf_features=true_signature
	ts_same "dwarf$dv, relocatable, with true_signature" <(ts_funcs rel.btf) without.expected
done
finish "true signatures of GCC clones" "gcc dwarf 4 and 5: $clone encoded with its own name and parameters only with the feature"
