# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# libbpf's messages keep libbpf's own prefix only, as upstream prints them:
# "libbpf: failed to find '.BTF' ELF section in X", the same line as
# /usr/bin/pahole's, never "pahole: libbpf: ...".
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
[ -x /usr/bin/pahole ] || fail "/usr/bin/pahole is missing (apt-get install dwarves)"
cd "$TMP" || fail "no temp dir"
echo 'struct s { int a; } v;' >t.c
gcc -c -g t.c -o t.o || fail "gcc"
"$PAHOLE" -F btf t.o >out 2>err && fail "-F btf on a file without .BTF exited 0"
/usr/bin/pahole -F btf t.o >/dev/null 2>upstream.err
cat err
want=$(grep '^libbpf: ' upstream.err)
[ -n "$want" ] || fail "/usr/bin/pahole printed no libbpf line: $(cat upstream.err)"
grep -qx -- "$want" err || fail "no line '$want' of ours"
grep -q 'pahole: libbpf' err && fail "a libbpf line carries our prefix"
pass "libbpf's lines as upstream prints them"
