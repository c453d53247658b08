#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# pfunct --all --no_parm_names -F btf on upstream's BTF of the Debian vmlinux
# prints one prototype per FUNC: the names (taken from before each line's
# parameter list) are, with their counts, exactly the FUNCs bpftool dumps.
. "$TOP/tests/lib.sh"
PFUNCT=$(sibling pfunct)
BTF=$REF_BTF
[ -x "$PFUNCT" ] || fail "$PFUNCT is not built"
[ -f "$BTF" ] || skip "no $BTF"
command -v bpftool >/dev/null || skip "no bpftool"

bpftool btf dump file "$BTF" >"$TMP/dump.txt" || fail "bpftool cannot dump $BTF"
sed -n "s/^\[[0-9]*\] FUNC '\([^']*\)' .*/\1/p" "$TMP/dump.txt" | LC_ALL=C sort >"$TMP/want.txt"
[ -s "$TMP/want.txt" ] || fail "bpftool shows no FUNC in $BTF"

"$PFUNCT" --all --no_parm_names -F btf "$BTF" >"$TMP/out.txt" 2>"$TMP/err.txt" ||
	fail "pfunct exited $?: $(head -3 "$TMP/err.txt")"
[ -s "$TMP/err.txt" ] && fail "pfunct wrote to stderr: $(head -3 "$TMP/err.txt")"
# The name is the word before the last parenthesised list of the line,
# "RET NAME(PARAMS);", whatever parentheses RET has (pointers to functions).
awk '{
	line = $0; sub(/;$/, "", line); depth = 0
	for (i = length(line); i > 0; i--) {
		c = substr(line, i, 1)
		if (c == ")") depth++
		else if (c == "(" && --depth == 0) break
	}
	head = substr(line, 1, i - 1)
	if (i <= 1 || !match(head, /[A-Za-z_][A-Za-z0-9_]*$/)) { print "BAD LINE: " $0; next }
	print substr(head, RSTART)
}' "$TMP/out.txt" | LC_ALL=C sort >"$TMP/got.txt"
grep -q '^BAD LINE' "$TMP/got.txt" && fail "lines without a prototype: $(grep -m3 '^BAD LINE' "$TMP/got.txt")"

want=$(wc -l <"$TMP/want.txt") got=$(wc -l <"$TMP/out.txt")
if ! cmp -s "$TMP/want.txt" "$TMP/got.txt"; then
	echo "names differ (< bpftool, > pfunct):"
	diff "$TMP/want.txt" "$TMP/got.txt" | head -20
	fail "pfunct lists $got functions, bpftool $want FUNCs, not the same names"
fi
pass "$got prototypes, the $want FUNCs bpftool shows"
