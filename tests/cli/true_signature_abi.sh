# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --btf_features=...,true_signature leaves out a DW_CC_nocall function whose
# parameters are not where the psABI puts them in the signature the
# locations give (btf-encoding.md 3.7): abi_moved(a, b, c) drops b, so c,
# the second parameter passed, must be in rsi. clang-19 -O2 says rsi, and
# abi_moved(a, c) is encoded; the DWARF of the same assembly with c's
# DW_OP_reg4 (rsi) turned into DW_OP_reg1 (rdx) is skipped, with upstream's
# -V line for an unexpected register. Without the feature both are skipped
# for optimized parameters.
. "$TOP/tests/lib.sh"
. "$TOP/tests/true_signature_lib.sh"
ts_prepare abi
funcs() { "$BTFCANON" "$1" | grep "^FUNC 'abi_moved'"; }
want="FUNC 'abi_moved' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'c' INT:'int' ))"
msg="abi_moved : skipping BTF encoding of function due to unexpected register usage for parameter"
for dv in 4 5; do
	"$CLANG19" -g -gdwarf-"$dv" -O2 -S -o prog.s "$TS_SRC" || fail "$CLANG19 -S"
	# In .debug_info, the formal parameter whose exprloc is DW_OP_reg4 alone.
	awk '/^\t\.section\t/ { info = ($2 ~ /^\.debug_info/) }
	     info && /DW_TAG_/ { param = /DW_TAG_formal_parameter/ }
	     info && param && /# DW_AT_location$/ { print; loc = 1; next }
	     loc && /^\t\.byte\t84$/ { sub(/84/, "81"); n++ }
	     { loc = 0; print }
	     END { if (n != 1) exit 1 }' prog.s >moved.s ||
		fail "dwarf$dv: not exactly one parameter at DW_OP_reg4 in the assembly"
	"$CLANG19" -c -o prog.o prog.s && "$CLANG19" -o prog prog.o || fail "assembling prog.s"
	"$CLANG19" -c -o moved.o moved.s && "$CLANG19" -o moved moved.o || fail "assembling moved.s"
	"$DWARFDUMP19" --name=abi_moved --show-children moved | grep -q 'DW_OP_reg1 RDX' ||
		fail "dwarf$dv: c was not moved to rdx"
	for f in prog moved; do
		for on in with without; do
			flags=$REF_FLAGS
			[ $on = with ] && flags="$REF_FLAGS --btf_features=true_signature"
			rm -f $f.$on.btf
			"$PAHOLE" $flags -V --btf_encode_detached=$f.$on.btf $f >$f.$on.log ||
				fail "pahole $flags $f"
		done
	done
	[ "$(funcs prog.with.btf)" = "$want" ] ||
		no "dwarf$dv: abi_moved with true_signature: '$(funcs prog.with.btf)', want '$want'"
	[ -z "$(funcs moved.with.btf)" ] ||
		no "dwarf$dv: abi_moved with c in rdx encoded: $(funcs moved.with.btf)"
	grep -qxF "$msg" moved.with.log || no "dwarf$dv: no '$msg' in -V"
	for f in prog moved; do
		[ -z "$(funcs $f.without.btf)" ] || no "dwarf$dv: $f: abi_moved encoded without the feature"
		grep -qxF "abi_moved : skipping BTF encoding of function due to optimized parameters" \
			$f.without.log || no "dwarf$dv: $f: not skipped for optimized parameters"
	done
done
finish "true signatures against the ABI" "dwarf 4 and 5: abi_moved(a, c) with c in rsi, left out with c in rdx"
