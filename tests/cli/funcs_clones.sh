# tags: offline (no network, no kernel package)
# GCC -O2 clones (.constprop, .isra), a static function of the same name in
# two CUs with different prototypes, and an unused parameter: the exact
# FUNC set and prototypes upstream v1.32's rules give (btf-encoding.md, 3).
#  - executable: clone_cp.constprop.0 and clone_sra.isra.0 have optimized-out
#    parameters at a clone's address: skipped; the two dup are ambiguous:
#    skipped; unused_param keeps its full prototype.
#  - relocatable (ld -r, as modules): DWARF and symbol addresses never
#    match, so clone_cp is encoded with its source prototype; clone_sra
#    dropped a parameter (reordered): skipped.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cp "$TOP"/tests/fixtures/funcs_clones_[ab].c "$TMP/" || fail "cannot copy fixtures"
cd "$TMP" || fail "no temp dir"
funcs() { "$BTFCANON" "$1" | grep '^FUNC ' | LC_ALL=C sort; }
check() {
	if ! diff "$2" "$3" >"$TMP/diff"; then
		echo "$1: FUNCs differ (< ours, > expected):"; cat "$TMP/diff"; no
	fi
}
for dv in $DWARF_VERSIONS; do
	gcc -g -gdwarf-"$dv" -O2 -o prog funcs_clones_a.c funcs_clones_b.c || fail "gcc link"
	gcc -g -gdwarf-"$dv" -O2 -c funcs_clones_a.c -o a.o || fail "gcc a.o"
	gcc -g -gdwarf-"$dv" -O2 -c funcs_clones_b.c -o b.o || fail "gcc b.o"
	ld -r a.o b.o -o ab.o || fail "ld -r"
	nm prog | grep -q 'clone_cp\.constprop\.' && nm prog | grep -q 'clone_sra\.isra\.' ||
		skip "this gcc made no .constprop/.isra clones"
	"$PAHOLE" $REF_FLAGS --btf_encode_detached=prog.btf prog || fail "encoding prog"
	"$PAHOLE" $REF_FLAGS --btf_encode_detached=ab.btf ab.o || fail "encoding ab.o"
	check "gcc dwarf$dv executable" <(funcs prog.btf) "$TOP/tests/fixtures/funcs_clones.expected"
	check "gcc dwarf$dv relocatable" <(funcs ab.btf) \
		"$TOP/tests/fixtures/funcs_clones_rel.expected"
done
if command -v clang >/dev/null; then
	# Whether clang changes clone_cp's signature depends on its version;
	# the ambiguous dup and the unused parameter do not.
	clang -g -O2 -o prog funcs_clones_a.c funcs_clones_b.c || fail "clang link"
	"$PAHOLE" $REF_FLAGS --btf_encode_detached=prog.btf prog || fail "encoding clang prog"
	funcs prog.btf | grep -q "^FUNC 'dup'" && no "clang: dup encoded"
	funcs prog.btf | grep -qF "FUNC 'unused_param' linkage=0 type=(FUNC_PROTO '' ret=INT:'int' params=( 'a' INT:'int', 'b' INT:'int' ))" ||
		no "clang: unused_param missing or wrong"
fi
finish "FUNC selection differs"
