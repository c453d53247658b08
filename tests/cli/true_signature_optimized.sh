# SPDX-License-Identifier: GPL-2.0-only
# --btf_features=...,true_signature with parameters clang-19 -O2 leaves out
# (DW_CC_nocall): an unused one, one always passed the same constant
# (DW_AT_const_value, no location), and an unused one after a union passed
# in memory (btf-encoding.md 3.7; upstream's clang_parm_optimized.sh and
# clang_parm_memory.sh, whose expected "long foo(union big u, int x)" is
# opt_memory's). From the DWARF locations and the x86-64 psABI: opt_unused
# and opt_const get a in rdi, c in rsi; opt_memory u on the stack (24 bytes,
# no register), x in rdi. Without the feature all three are skipped for
# optimized parameters.
. "$TOP/tests/lib.sh"
. "$TOP/tests/true_signature_lib.sh"
ts_prepare optimized
cat >with.expected <<'EOT'
FUNC 'main' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( ))
FUNC 'opt_const' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'c' INT:'int' ))
FUNC 'opt_memory' linkage=0 type=(FUNC_PROTO '' ret=INT:'long' params=( 'u' UNION:'big', 'x' INT:'int' ))
FUNC 'opt_unused' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'c' INT:'int' ))
EOT
cat >without.expected <<'EOT'
FUNC 'main' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( ))
EOT
ts_check opt_unused opt_const opt_memory
