# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --btf_features=...,true_signature with more parameters than the six
# argument registers, clang-19 -O2 (btf-encoding.md 3.7; upstream's
# clang_parm_optimized_stack_[12].sh). From the DWARF locations and the
# x86-64 psABI: stack_two passes a in rdi and i in rsi; stack_eight drops
# b, so c..g move up into rsi..r9 and h, i stay on the stack (fbreg +8,
# +16); stack_global is not static, keeps its signature (no DW_CC_nocall)
# and is encoded as declared either way. Without the feature the two
# static ones are skipped for optimized parameters.
. "$TOP/tests/lib.sh"
. "$TOP/tests/true_signature_lib.sh"
ts_prepare stack
cat >with.expected <<'EOT'
FUNC 'main' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( ))
FUNC 'stack_eight' linkage=0 type=(FUNC_PROTO '' ret=INT:'long' params=( 'a' INT:'long', 'c' INT:'long', 'd' INT:'long', 'e' INT:'long', 'f' INT:'long', 'g' INT:'long', 'h' INT:'long', 'i' INT:'long' ))
FUNC 'stack_global' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'b' INT:'int', 'c' INT:'int', 'd' INT:'int', 'e' INT:'int', 'f' INT:'int', 'g' INT:'int', 'h' INT:'int', 'i' INT:'int' ))
FUNC 'stack_two' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'i' INT:'int' ))
EOT
cat >without.expected <<'EOT'
FUNC 'main' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( ))
FUNC 'stack_global' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'b' INT:'int', 'c' INT:'int', 'd' INT:'int', 'e' INT:'int', 'f' INT:'int', 'g' INT:'int', 'h' INT:'int', 'i' INT:'int' ))
EOT
ts_check stack_two stack_eight
