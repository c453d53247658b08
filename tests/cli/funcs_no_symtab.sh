# tags: offline (no network, no kernel package)
# Functions are selected by ELF symbol: a file whose .symtab was removed
# cannot be encoded; one line names the file, exit status 1, no output.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
printf 'int f(int a) { return a; }\nint main(void) { return f(1); }\n' >p.c
gcc -g -O0 p.c -o p || fail "gcc"
strip --strip-all --keep-section='.debug_*' p -o nosym || fail "strip"
readelf -S nosym | grep -q '\.symtab' && fail "strip left .symtab"
readelf -S nosym | grep -q '\.debug_info' || fail "strip removed the DWARF"
expect_error "no .symtab" nosym -- "$PAHOLE" -J --btf_encode_detached=out.btf nosym ||
	fail "not reported as expected"
[ -e out.btf ] && fail "an output file was written"
pass
