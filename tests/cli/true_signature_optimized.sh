# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --btf_features=...,true_signature with parameters clang-19 -O2 leaves out
# (DW_CC_nocall): an unused one, one always passed the same constant
# (DW_AT_const_value, no location), an unused one after a union passed in
# memory, and an unused one of a function also inlined elsewhere, whose
# abstract instance must agree with the out-of-line one (btf-encoding.md
# 3.7; upstream's clang_parm_optimized.sh and clang_parm_memory.sh, whose
# expected "long foo(union big u, int x)" is opt_memory's). From the DWARF
# locations and the x86-64 psABI: opt_unused, opt_const and opt_inlined get
# a in rdi, c in rsi; opt_memory u on the stack (24 bytes, no register), x
# in rdi; opt_float x, y and z in xmm0-xmm2 and k in rdi. Without the
# feature all five are skipped for optimized parameters; the global
# functions are encoded as declared either way.
. "$TOP/tests/lib.sh"
. "$TOP/tests/true_signature_lib.sh"
ts_prepare optimized
cat >without.expected <<'EOT'
FUNC 'main' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( ))
FUNC 'opt_cold' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'c' INT:'int' ))
FUNC 'opt_hot' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'c' INT:'int' ))
FUNC 'sink' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'x' INT:'int' ))
EOT
{ cat without.expected; cat <<'EOT'
FUNC 'opt_const' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'c' INT:'int' ))
FUNC 'opt_float' linkage=0 type=(FUNC_PROTO '' ret=FLOAT:'double' params=( 'x' FLOAT:'double', 'y' FLOAT:'double', 'k' INT:'int', 'z' FLOAT:'float' ))
FUNC 'opt_inlined' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'c' INT:'int' ))
FUNC 'opt_memory' linkage=0 type=(FUNC_PROTO '' ret=INT:'long' params=( 'u' UNION:'big', 'x' INT:'int' ))
FUNC 'opt_unused' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'c' INT:'int' ))
EOT
} | LC_ALL=C sort >with.expected
ts_check opt_unused opt_const opt_memory opt_inlined opt_float
