# tags: offline (no network, no kernel package)
# Bad input gets one line on stderr naming the file, exit status 1, no
# output file, and the input left as it was.
. "$TOP/tests/lib.sh"
cd "$TMP" || fail "no temp dir"
printf 'int x;\nstruct s { int a; } y;\n' >ok.c
gcc -c -g ok.c -o ok.o || fail "gcc"
echo "just text" >notelf
gcc -c -g0 ok.c -o nodwarf.o || fail "gcc"
if [ -n "$QUICK" ]; then
	big=ok.o
else
	big=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
fi
head -c $(( $(stat -c %s "$big") * 3 / 4 )) "$big" >truncated
sha256sum notelf nodwarf.o truncated ok.o >sums
run() { expect_error "$@" || no; }
run "not ELF" notelf -- "$PAHOLE" -J --btf_encode_detached=out.btf notelf
run "no DWARF" nodwarf.o -- "$PAHOLE" -J --btf_encode_detached=out.btf nodwarf.o
run "truncated" truncated -- "$PAHOLE" -J --btf_encode_detached=out.btf truncated
grep -q "truncated or corrupt" "$TMP/err.txt" || no "truncation not reported as such"
run "missing file" missing.o -- "$PAHOLE" -J --btf_encode_detached=out.btf missing.o
run "missing output dir" nodir/out.btf -- \
	"$PAHOLE" -J --btf_encode_detached=nodir/out.btf ok.o
[ -e out.btf ] && no "an output file was left behind"
sha256sum -c --quiet sums || no "an input file changed"
[ "$(ls | grep -c tmp)" -eq 0 ] || no "temporary files left: $(ls)"
finish "bad input handling"
