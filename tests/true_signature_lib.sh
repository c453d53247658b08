# SPDX-License-Identifier: GPL-2.0-only
# Shared by tests/cli/true_signature_*.sh, after tests/lib.sh: a fixture of
# tests/fixtures/ built with clang-19 -O2 (DWARF 4 and 5), encoded with and
# without true_signature, its FUNCs compared with with.expected and
# without.expected in $TMP. The expectations are x86-64 psABI ones.
# true_signature_gcc.sh takes only ts_funcs and ts_same.
CLANG19=${CLANG19:-clang-19}
DWARFDUMP19=${DWARFDUMP19:-llvm-dwarfdump-19}

# ts_prepare NAME: tests/fixtures/true_signature_NAME.c into $TMP, the cwd.
ts_prepare() {
	command -v "$CLANG19" >/dev/null || skip "no $CLANG19"
	command -v "$DWARFDUMP19" >/dev/null || skip "no $DWARFDUMP19"
	[ "$(uname -m)" = x86_64 ] || skip "the expected prototypes are x86-64's"
	TS_SRC=true_signature_$1.c
	cp "$TOP/tests/fixtures/$TS_SRC" "$TMP/" || fail "cannot copy $TS_SRC"
	cd "$TMP" || fail "no temp dir"
}

ts_funcs() { "$BTFCANON" "$1" | grep '^FUNC ' | LC_ALL=C sort; }

# ts_same WHAT OURS EXPECTED
ts_same() {
	if ! diff "$2" "$3" >diff.txt; then
		echo "$1: FUNCs differ (< ours, > expected):"
		cat diff.txt
		no
	fi
}

# ts_encode OUT FLAGS...: one encoding, which bpftool must read.
ts_encode() {
	local out=$1
	shift
	rm -f "$out"
	"$PAHOLE" "$@" --btf_encode_detached="$out" prog || fail "pahole $* failed"
	/usr/sbin/bpftool btf dump file "$out" >/dev/null || fail "bpftool cannot read $out"
}

# ts_check FN...: FN... are the functions clang must have marked DW_CC_nocall.
ts_check() {
	local dv fn
	for dv in 4 5; do
		"$CLANG19" -g -gdwarf-"$dv" -O2 -o prog "$TS_SRC" || fail "$CLANG19 $TS_SRC"
		for fn in "$@"; do
			"$DWARFDUMP19" --name="$fn" prog | grep -q DW_CC_nocall ||
				fail "$CLANG19 gave $fn no DW_CC_nocall (dwarf$dv)"
		done
		ts_encode with.btf $REF_FLAGS --btf_features=true_signature
		ts_same "dwarf$dv, $REF_FLAGS plus true_signature" <(ts_funcs with.btf) with.expected
		ts_encode plus.btf -J --btf_features=+true_signature -j2
		ts_same "dwarf$dv, --btf_features=+true_signature -j2" <(ts_funcs plus.btf) \
			with.expected
		ts_encode without.btf $REF_FLAGS
		ts_same "dwarf$dv, $REF_FLAGS" <(ts_funcs without.btf) without.expected
	done
	finish "true signatures of $TS_SRC" \
		"$TS_SRC, dwarf 4 and 5: true signatures with the feature, old rules without"
}
