# tags: offline (no network, no kernel package)
# clang's btf_decl_tag and btf_type_tag attributes become the DECL_TAGs and
# TYPE_TAGs of btf-encoding.md section 5 (component positions, tag chains),
# with DWARF 4 and 5, -O0 and -O2; where Debian's pahole 1.24 reads the
# same annotations, its whole output is canonically the same.
. "$TOP/tests/lib.sh"
command -v clang >/dev/null || skip "no clang"
cp "$TOP/tests/fixtures/tags_annotations.c" "$TMP/" || fail "cannot copy fixture"
cd "$TMP" || fail "no temp dir"
expected=$TOP/tests/fixtures/tags_annotations.expected
for dv in $DWARF_VERSIONS; do
	for opt in $OPT_LEVELS; do
		case="clang dwarf$dv $opt"
		compile tags_annotations.c clang "$dv" "$opt" t.o || fail "$case: compile"
		"$PAHOLE" $REF_FLAGS --btf_encode_detached=t.btf t.o || fail "$case: encoding"
		"$BTFCANON" t.btf >ours.txt || fail "$case: btfcanon"
		grep -E "^(DECL_TAG|TYPE_TAG|PTR ''|STRUCT 'sample')" ours.txt | LC_ALL=C sort >tags.txt
		if ! diff tags.txt "$expected" >diff.txt; then
			echo "$case: tags differ (< ours, > expected):"; cat diff.txt; no
		fi
		if [ -x /usr/bin/pahole ]; then
			ref_pahole_btf t.o ref.btf 2>/dev/null
			"$BTFCANON" ref.btf >ref.txt 2>/dev/null &&
				! diff -q ours.txt ref.txt >/dev/null &&
				{ echo "$case: differs from pahole 1.24:"; diff ours.txt ref.txt | head; no; }
		fi
		# Without decl_tag and type_tag, no tag at all.
		"$PAHOLE" -J --btf_features=var --btf_encode_detached=n.btf t.o || fail "$case: plain"
		"$BTFCANON" n.btf | grep -qE "TAG" && no "$case: tags without the features"
	done
done
finish "annotations encoded differently"
