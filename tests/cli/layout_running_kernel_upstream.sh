# SPDX-License-Identifier: GPL-2.0-only
# Every struct, union and enum of the running kernel's BTF printed as
# upstream v1.32 prints them (alignments inferred from the gaps, after
# bitfields from their last bit: nft_rule_dp's data[] gets aligned(2) and
# "forced alignments: 1").
. "$TOP/tests/lib.sh"
K=/sys/kernel/btf/vmlinux
[ -r "$K" ] || skip "$K is not readable here"

"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
"$UPSTREAM" pahole "$K" >want.txt 2>want.err || fail "upstream pahole $K: $(head -n 2 want.err)"
"$PAHOLE" "$K" >got.txt 2>got.err || fail "pahole $K: $(head -n 2 got.err)"
diff want.txt got.txt >diff.txt || no "$(grep -c '^[<>]' diff.txt) lines differ: $(head -n 8 diff.txt)"
finish "layouts of $K differ from upstream v1.32's" "$(wc -l <want.txt) lines of $K as upstream v1.32 prints them"
