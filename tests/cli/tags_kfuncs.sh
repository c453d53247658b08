# tags: offline (no network, no kernel package)
# Functions in a .BTF_ids kfunc set get a "bpf_kfunc" DECL_TAG, and
# "bpf_fastcall" with KF_FASTCALL, when decl_tag_kfuncs and decl_tag are
# both on; a set without the kfunc flag tags nothing (btf-encoding.md, 5.3).
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cp "$TOP/tests/fixtures/tags_kfuncs.c" "$TMP/" || fail "cannot copy fixture"
cd "$TMP" || fail "no temp dir"
compile tags_kfuncs.c gcc 5 -O0 k.o || fail "compile"
"$PAHOLE" $REF_FLAGS --btf_encode_detached=k.btf k.o || fail "encoding"
"$BTFCANON" k.btf | grep '^DECL_TAG' | sed "s/ target=(FUNC '\([a-z_]*\)'.*/ \1/" >tags.txt
printf '%s\n' "DECL_TAG 'bpf_fastcall' comp=-1 fast_kfunc" "DECL_TAG 'bpf_kfunc' comp=-1 fast_kfunc" \
	"DECL_TAG 'bpf_kfunc' comp=-1 my_kfunc" >expected.txt
diff tags.txt expected.txt || fail "kfunc tags differ (< ours, > expected)"
for flags in "--btf_features=decl_tag" "--btf_features=decl_tag_kfuncs"; do
	"$PAHOLE" -J $flags --btf_encode_detached=n.btf k.o || fail "encoding with $flags"
	"$BTFCANON" n.btf | grep -q '^DECL_TAG' && fail "kfunc tags with only $flags"
done
pass
