# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# libbpf's messages keep libbpf's own prefix only, as upstream prints them,
# never "pahole: libbpf: ...": with -V -V, a .BTF section that libbpf
# rejects gives the same "libbpf: ..." line as /usr/bin/pahole's. Without
# -V, one line of ours names the file and gives libbpf's reason
# ("FILE: invalid BTF: Invalid BTF magic: ..."), and a file without .BTF is
# "FILE: no btf debugging information", with no libbpf line.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
[ -x /usr/bin/pahole ] || fail "/usr/bin/pahole is missing (apt-get install dwarves)"
cd "$TMP" || fail "no temp dir"
echo 'struct s { int a; } v;' >t.c
gcc -c -g t.c -o t.o || fail "gcc"
printf 'not BTF, only bytes of something else' >junk.bin
objcopy --add-section .BTF=junk.bin t.o bad.o || fail "objcopy"
/usr/bin/pahole -F btf bad.o >/dev/null 2>upstream.err
want=$(grep '^libbpf: ' upstream.err)
[ -n "$want" ] || fail "/usr/bin/pahole printed no libbpf line: $(cat upstream.err)"
"$PAHOLE" -V -V -F btf bad.o >out 2>err && fail "-F btf on a damaged .BTF exited 0"
grep -qx -- "$want" err || no "-V -V: no line '$want' of ours: $(head -n 3 err)"
grep -q 'pahole: libbpf' err && no "a libbpf line carries our prefix"
expect_error "-F btf, damaged .BTF" bad.o -- "$PAHOLE" -F btf bad.o || no
grep -qx "pahole: bad.o: invalid BTF: ${want#libbpf: }" "$TMP/err.txt" || no "other words: $(cat "$TMP/err.txt")"
expect_error "-F btf, no .BTF" t.o -- "$PAHOLE" -F btf t.o || no
grep -qx "pahole: t.o: no btf debugging information" "$TMP/err.txt" || no "other words: $(cat "$TMP/err.txt")"
finish "libbpf's messages" "libbpf's lines as upstream prints them, with -V -V; one line of ours without"
