# SPDX-License-Identifier: GPL-2.0-only
# -V prints upstream's encoder trace on stdout: "NAME : skipping BTF
# encoding of function due to REASON" for each function left out, and the
# prototype differences found between its definitions before that. On the
# Debian vmlinux with the kernel's flags the figures are upstream's
# (btf-encoding.md, the reference kernel, as v1.32): optimized parameters 486,
# ambiguous address 297, reordered parameters 46, inconsistent prototype 28
# (spelt "inconsistet", as upstream does), unexpected register 7; notes:
# param count 36, return type 7, param type 34. No function named there has
# a FUNC in the BTF, and -V changes nothing in the output. (The rest of the
# trace, a line per type, is verbose_trace.sh's.)
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
v=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
ref=$REF_BTF
[ -f "$ref" ] || fail "missing $ref"
cd "$TMP" || fail "no temp dir"
"$PAHOLE" -V -j2 $REF_FLAGS --btf_encode_detached=v.btf "$v" >out.txt 2>err.txt ||
	fail "pahole -V: $(head -n 3 err.txt)"
cmp -s v.btf "$ref" || fail "-V changed the BTF"
grep -q 'skipping BTF encoding' err.txt && fail "skip lines on stderr"
count() { # WANT PATTERN
	local n
	n=$(grep -c -- " : skipping BTF encoding of function due to $2" out.txt)
	echo "$2: $n"
	[ "$n" -eq "$1" ] || no "  want $1"
}
count 486 'optimized parameters$'
count 297 'ambiguous address$'
count 46 'reordered parameters$'
count 28 'inconsistet prototype$'
count 7 'unexpected register usage for parameter$'
count 36 'param count mismatch; [0-9]* params != [0-9]* params$'
count 7 'return type mismatch$'
count 34 'param type mismatch for param#[0-9]* .* != .*$'
sed -n 's/ : skipping BTF encoding of function due to .*//p' out.txt | sort -u >skipped.txt
/usr/sbin/bpftool btf dump file v.btf | sed -n "s/^\[[0-9]*\] FUNC '\([^']*\)'.*/\1/p" | sort -u >funcs.txt
both=$(comm -12 skipped.txt funcs.txt | wc -l)
[ "$both" -eq 0 ] || { echo "$both skipped functions have a FUNC:"; comm -12 skipped.txt funcs.txt | head; no; }
finish "-V trace differs from upstream's" "-V: upstream's skip trace on stdout, upstream's figures"
