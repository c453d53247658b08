# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# Link-time optimisation puts references to other CUs' DIEs in the DWARF
# (DW_FORM_ref_addr): gcc's LTO unit refers to the types and abstract
# origins of the source CUs, clang's ThinLTO and full LTO to the origins of
# functions inlined or kept from other modules. Each reference must be
# resolved where it points, and the FUNC set follow btf-encoding.md 3 on
# what it resolves to:
#  - gcc: walk only exists as walk.constprop.0 without its mode parameter
#    (optimized parameters at a clone's address): left out; api_sum and
#    step keep the prototypes of their origins in the other CU.
#  - clang ThinLTO: helper, inlined into main across CUs, is emitted with
#    its prototype (its two DIEs agree once both are resolved).
#  - clang full LTO: walk lost mode without DW_CC_nocall, so w is in an
#    unexpected register: left out (consistent_func).
# No reference may stay unresolved, -j1 and -j3 give the same bytes, and
# the types are those Debian's pahole finds.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cp "$TOP"/tests/fixtures/lto/* "$TMP/" || fail "cannot copy fixtures"
cd "$TMP" || fail "no temp dir"
funcs() { "$BTFCANON" "$1" | grep '^FUNC ' | LC_ALL=C sort; }
# check WHAT EXPECTED CC...: builds with CC... and checks the BTF.
check() {
	local what=$1 expected=$2 j
	shift 2
	"$@" -g -O2 -o prog lto_a.c lto_b.c || { no "$what: build failed"; return; }
	readelf -wa prog 2>/dev/null | grep -q DW_FORM_ref_addr ||
		{ no "$what: no cross-CU reference in the DWARF"; return; }
	for j in 1 3; do
		"$PAHOLE" $REF_FLAGS -V -j$j --btf_encode_detached=prog$j.btf prog >log$j 2>&1 ||
			{ echo "$what -j$j: exit $?"; cat log$j; no; return; }
	done
	if grep -q "not found" log1; then
		echo "$what: unresolved references:"; grep "not found" log1; no
	fi
	cmp -s prog1.btf prog3.btf || no "$what: -j1 and -j3 differ"
	if ! diff <(funcs prog1.btf) "$expected" >diff.txt; then
		echo "$what: FUNCs differ (< ours, > expected):"; cat diff.txt; no
	fi
	ref_pahole_btf prog ref.btf || { no "$what: /usr/bin/pahole failed"; return; }
	diff <(canon_types ref.btf) <(canon_types prog1.btf) >diff.txt ||
		{ echo "$what: types differ from /usr/bin/pahole's:"; head -20 diff.txt; no; }
}
for dv in $DWARF_VERSIONS; do
	nm_clone=$(gcc -gdwarf-"$dv" -g -O2 -flto -o clone lto_a.c lto_b.c && nm clone)
	grep -q ' walk\.constprop\.' <<<"$nm_clone" || skip "this gcc made no walk.constprop clone"
	check "gcc -flto dwarf$dv" lto_gcc.expected gcc -gdwarf-"$dv" -flto
	if command -v clang >/dev/null && command -v ld.lld >/dev/null; then
		check "clang -flto=thin dwarf$dv" lto_clang_thin.expected \
			clang -gdwarf-"$dv" -flto=thin -fuse-ld=lld
		check "clang -flto dwarf$dv" lto_clang_full.expected \
			clang -gdwarf-"$dv" -flto -fuse-ld=lld
	fi
done
finish "LTO programs" "cross-CU references resolved; FUNCs as the spec says, the clone left out"
