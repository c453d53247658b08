# SPDX-License-Identifier: GPL-2.0-only
# On the Debian vmlinux, the functions -V names in its skip lines are
# exactly the DWARF functions that could have had a FUNC but got none,
# computed without the encoder: the functions pfunct lists from the DWARF
# whose parameters all have names, that have an ELF function symbol (the
# name cut at its first dot, ".cold" and ".part" pieces left out, as
# btf-encoding.md 3.1 says), and that bpftool finds no FUNC for.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
v=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
PFUNCT=$(sibling pfunct)
[ -x "$PFUNCT" ] || fail "missing $PFUNCT"
cd "$TMP" || fail "no temp dir"
"$PAHOLE" -V $REF_FLAGS --btf_encode_detached=v.btf "$v" >out.txt 2>err.txt ||
	fail "pahole -V: $(head -n 3 err.txt)"
sed -n 's/ : skipping BTF encoding of function due to .*//p' out.txt | sort -u >skipped.txt
/usr/sbin/bpftool btf dump file v.btf |
	sed -n "s/^\[[0-9]*\] FUNC '\([^']*\)'.*/\1/p" | sort -u >funcs.txt
readelf -sW "$v" | awk '$4 == "FUNC" {
	n = $8; d = index(n, ".")
	if (d) { if (substr(n, d) ~ /\.cold|\.part/) next; n = substr(n, 1, d - 1) }
	print n }' | sort -u >symbols.txt
"$PFUNCT" --all -F dwarf "$v" >dwarf.txt 2>perr.txt || fail "pfunct: $(head -n 3 perr.txt)"
# NAME, then 1 when every parameter has a name; parameters are split at
# the commas outside parentheses (function pointers hold their own).
awk '
function named(p) {
	gsub(/^ +| +$/, "", p)
	if (p == "..." || p == "void") return 1
	if (p ~ /\(\*[A-Za-z_][A-Za-z0-9_]*\)\(/) return 1
	if (p ~ /\(\*\)\(/) return 0
	if (p !~ /[ *][A-Za-z_][A-Za-z0-9_]*(\[[0-9]*\])*$/) return 0
	return p !~ /^((const|volatile|struct|union|enum|unsigned|signed|long|short|int|char) ?)+$/
}
match($0, /[A-Za-z_][A-Za-z0-9_]*\(/) {
	name = substr($0, RSTART, RLENGTH - 1)
	args = substr($0, RSTART + RLENGTH); sub(/\);$/, "", args)
	ok = 1; depth = 0; cur = ""
	for (i = 1; i <= length(args); i++) {
		c = substr(args, i, 1)
		if (c == "(") depth++
		if (c == ")") depth--
		if (c == "," && depth == 0) { ok = ok && named(cur); cur = "" } else cur = cur c
	}
	ok = ok && named(cur)
	if (!(name in all)) all[name] = 1
	if (!ok) all[name] = 0
}
END { for (n in all) if (all[n]) print n }' dwarf.txt | sort -u >named.txt
comm -12 named.txt symbols.txt | comm -23 - funcs.txt >expected.txt
nexp=$(wc -l <expected.txt) nskip=$(wc -l <skipped.txt)
[ "$nskip" -gt 100 ] || fail "only $nskip functions skipped"
extra=$(comm -13 expected.txt skipped.txt | wc -l)
missing=$(comm -23 expected.txt skipped.txt | wc -l)
if [ "$extra" -ne 0 ] || [ "$missing" -ne 0 ]; then
	echo "skipped, not expected: $(comm -13 expected.txt skipped.txt | head -n 5 | tr '\n' ' ')"
	echo "expected, not skipped: $(comm -23 expected.txt skipped.txt | head -n 5 | tr '\n' ' ')"
	fail "-V names $nskip functions, the DWARF and BTF give $nexp ($extra extra, $missing missing)"
fi
pass "-V names the same $nskip functions that the DWARF, the symbols and the BTF give"
