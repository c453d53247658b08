# SPDX-License-Identifier: GPL-2.0-only
# Every struct, union and enum of the running kernel's BTF printed as
# upstream v1.32 prints them (alignments inferred from the gaps, after
# bitfields from their last bit: nft_rule_dp's data[] gets aligned(2) and
# "forced alignments: 1").
. "$TOP/tests/lib.sh"
K=/sys/kernel/btf/vmlinux
[ -r "$K" ] || skip "$K is not readable here"

"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
SAME_STATUS=0 same_as_upstream "$K" pahole "$K"
finish "layouts of $K differ from upstream v1.32's" \
	"$(wc -l <"$TMP/want.txt") lines of $K as upstream v1.32 prints them"
