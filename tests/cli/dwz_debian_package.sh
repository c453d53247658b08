# A real Debian debug package that went through dwz (and gcc LTO):
# libctf0-dbg, fetched once into $KCACHE like the kernel. Its debug file
# carries the library's full .symtab, so, as upstream does with a separate
# debug file, it is encoded alone. It must encode with exit 0 (the same
# bytes at -j1 and -j3), the kernel must accept the BTF, no reference may
# stay unresolved, and no encoded function or member may be void where the
# DWARF has a type: no struct or union member and no named parameter is
# void, and no FUNC returns void whose DWARF subprogram has a DW_AT_type;
# the layouts printed from the DWARF and from the BTF agree (btfdiff).
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "Debian packages not fetched in check-quick"
PKG=libctf0-dbg
d=$(deb_tree "$PKG") || skip "cannot fetch $PKG"
f=$(find "$d/usr/lib/debug/.build-id" -name '*.debug' -type f | head -n 1)
[ -n "$f" ] || fail "$PKG holds no debug file"
readelf -wi "$f" 2>/dev/null >"$TMP/info" || fail "readelf"
grep -q DW_TAG_partial_unit "$TMP/info" || fail "$PKG: no partial unit: not the dwz case"
for j in 1 3; do
	"$PAHOLE" $REF_FLAGS -V -j$j --btf_encode_detached="$TMP/j$j.btf" "$f" >"$TMP/log$j" 2>&1 ||
		{ tail -5 "$TMP/log$j"; fail "encoding at -j$j: exit $?"; }
done
cmp -s "$TMP/j1.btf" "$TMP/j3.btf" || fail "-j1 and -j3 differ"
grep "not found" "$TMP/log1" && fail "unresolved references"
"$BTFCANON" "$TMP/j1.btf" >"$TMP/canon" || fail "btfcanon"
grep -q '^FUNC ' "$TMP/canon" || fail "no FUNC encoded"
if grep -E '^(STRUCT|UNION) ' "$TMP/canon" | grep -E "bf=[0-9]+ type=void[;} ]"; then
	no "members of type void"
fi
if grep -E '^FUNC ' "$TMP/canon" | grep -oE "'[A-Za-z_0-9]+' void"; then
	no "parameters of type void"
fi
# Names of subprograms with a return type in the DWARF.
awk '/^ *<[0-9]+><[0-9a-f]+>: Abbrev Number/ {
		if (sub_ && name != "" && typed) print name
		sub_ = /DW_TAG_subprogram/; name = ""; typed = 0; next }
	sub_ && /DW_AT_name/ { n = $0; sub(/.*: /, "", n); name = n }
	sub_ && /DW_AT_type/ { typed = 1 }' "$TMP/info" | LC_ALL=C sort -u >"$TMP/typed"
sed -n "s/^FUNC '\([^']*\)'.*ret=void params.*/\1/p" "$TMP/canon" | LC_ALL=C sort -u >"$TMP/void"
if [ -n "$(LC_ALL=C comm -12 "$TMP/typed" "$TMP/void")" ]; then
	echo "void return types where the DWARF has one:"
	LC_ALL=C comm -12 "$TMP/typed" "$TMP/void" | head
	no
fi
[ $bad -eq 0 ] || fail "void where the DWARF has a type"
# The layouts printed from the DWARF and from the BTF agree.
"$TOP/btfdiff" "$f" "$TMP/j1.btf" >"$TMP/btfdiff" 2>&1 ||
	{ head -20 "$TMP/btfdiff"; fail "btfdiff failed"; }
[ -s "$TMP/btfdiff" ] && { head -20 "$TMP/btfdiff"; fail "DWARF and BTF layouts differ"; }

"$BTFLOAD" "$TMP/j1.btf"
case $? in
0) pass "$(grep -c '^FUNC ' "$TMP/canon") FUNCs, no void for a real type; kernel accepted" ;;
3) skip "kernel does not permit BTF_LOAD here" ;;
*) fail "kernel rejected the BTF" ;;
esac
