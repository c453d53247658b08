# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --btf_features=...,true_signature with structs passed by value that clang-19
# -O2 splits across argument registers (DW_CC_nocall, DW_OP_piece): a struct
# reduced to one member becomes "<param>__<member>" of the member's type, one
# passed whole stays, unpassed parameters go (btf-encoding.md 3.7; upstream's
# clang_parm_aggregate_*.sh). The prototypes below follow the DWARF locations
# and the x86-64 psABI (rdi, rsi, rdx, rcx): agg_first gets a.f1 in rdi, b in
# rsi:rdx, i in rcx; agg_second a.f2 in rdi; agg_whole a in rdi:rsi, y in rdx.
# Without the feature the old rules hold: agg_first keeps its declared
# prototype, the two with a parameter without location are skipped.
. "$TOP/tests/lib.sh"
. "$TOP/tests/true_signature_lib.sh"
ts_prepare aggregate
cat >with.expected <<'EOT'
FUNC 'agg_first' linkage=0 type=(FUNC_PROTO '' ret=INT:'long' params=( 'a__f1' INT:'long', 'b' STRUCT:'t', 'i' INT:'int' ))
FUNC 'agg_second' linkage=0 type=(FUNC_PROTO '' ret=INT:'long' params=( 'a__f2' INT:'long', 'b' STRUCT:'t', 'i' INT:'int' ))
FUNC 'agg_whole' linkage=0 type=(FUNC_PROTO '' ret=INT:'long' params=( 'a' STRUCT:'t', 'y' INT:'long' ))
FUNC 'main' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( ))
EOT
cat >without.expected <<'EOT'
FUNC 'agg_first' linkage=0 type=(FUNC_PROTO '' ret=INT:'long' params=( 'a' STRUCT:'t', 'b' STRUCT:'t', 'i' INT:'int' ))
FUNC 'main' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( ))
EOT
ts_check agg_first agg_second agg_whole
