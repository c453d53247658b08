# tags: offline (no network, no kernel package)
# References to DW_TAG_unspecified_type (C++ decltype(nullptr)) encode as
# void, and the ids of the types after it do not drift (pahole 1.24 gives it
# an id but no type, so its typedef ends up pointing at the next type).
. "$TOP/tests/lib.sh"
cp "$TOP/tests/fixtures/nullptr_type.cc" "$TMP/" || fail "no fixture"
want="STRUCT 'holder' size=24 kflag=0 members={ 'n' off=0 bf=0 type=TYPEDEF:'np_t'; 'x' off=64 bf=0 type=INT:'int'; 'p' off=128 bf=0 type=(PTR '' type=TYPEDEF:'np_t'); }"
n=0
for cc in g++ clang++; do
	command -v "$cc" >/dev/null || fail "$cc not installed"
	for dv in $DWARF_VERSIONS; do
		obj=$TMP/np-$cc-$dv.o
		"$cc" -c -g -gdwarf-"$dv" -o "$obj" "$TMP/nullptr_type.cc" || fail "$cc failed"
		readelf --debug-dump=info "$obj" | grep -q DW_TAG_unspecified_type ||
			fail "$cc -gdwarf-$dv emitted no DW_TAG_unspecified_type"
		"$PAHOLE" $REF_FLAGS --btf_encode_detached="$obj.btf" "$obj" || fail "encoding failed"
		"$BTFCANON" "$obj.btf" >"$obj.canon" || fail "btfcanon failed"
		grep -qxF "TYPEDEF 'np_t' type=void" "$obj.canon" ||
			{ cat "$obj.canon"; fail "$cc dwarf$dv: np_t is not a typedef of void"; }
		grep -qxF "$want" "$obj.canon" ||
			{ cat "$obj.canon"; fail "$cc dwarf$dv: struct holder differs"; }
		n=$((n + 1))
	done
done
pass "$n objects"
