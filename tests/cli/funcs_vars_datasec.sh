# tags: offline (no network, no kernel package)
# Per-CPU variables become VARs in one DATASEC sorted by offset, whose size
# is the last variable's end; global_var adds every data section;
# --skip_encoding_btf_vars drops them (btf-encoding.md, 4).
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cp "$TOP/tests/fixtures/funcs_vars_datasec.c" "$TMP/" || fail "cannot copy fixture"
cd "$TMP" || fail "no temp dir"
# Keep the definition order in the sections, so the offsets are known.
gcc -c -g -O0 -fno-toplevel-reorder funcs_vars_datasec.c -o v.o || fail "compile"
percpu="DATASEC '.data..percpu' size=14 vars={ (VAR 'pc_first' linkage=1 type=INT:'long int') off=0 size=8; (VAR 'pc_second' linkage=0 type=INT:'int') off=8 size=4; (VAR 'pc_third' linkage=1 type=INT:'short int') off=12 size=2; }"
vars() { "$BTFCANON" "$1" | grep -E '^(VAR|DATASEC)' | LC_ALL=C sort; }
"$PAHOLE" $REF_FLAGS --btf_encode_detached=a.btf v.o || fail "encoding"
printf '%s\n' "$percpu" "VAR 'pc_first' linkage=1 type=INT:'long int'" \
	"VAR 'pc_second' linkage=0 type=INT:'int'" \
	"VAR 'pc_third' linkage=1 type=INT:'short int'" >expected
diff <(vars a.btf) expected || no "default: differs (< ours)"
"$PAHOLE" -J --btf_features=default,global_var --btf_encode_detached=b.btf v.o ||
	fail "encoding with global_var"
printf '%s\n' "DATASEC '.bss' size=8 vars={ (VAR 'bss_var' linkage=0 type=INT:'long int') off=0 size=8; }" \
	"DATASEC '.data' size=4 vars={ (VAR 'data_var' linkage=1 type=INT:'int') off=0 size=4; }" \
	"$percpu" "VAR 'bss_var' linkage=0 type=INT:'long int'" "VAR 'data_var' linkage=1 type=INT:'int'" \
	"VAR 'pc_first' linkage=1 type=INT:'long int'" "VAR 'pc_second' linkage=0 type=INT:'int'" \
	"VAR 'pc_third' linkage=1 type=INT:'short int'" >expected
diff <(vars b.btf) expected || no "global_var: differs (< ours)"
"$PAHOLE" -J --skip_encoding_btf_vars --btf_encode_detached=c.btf v.o || fail "encoding, no vars"
[ -z "$(vars c.btf)" ] || no "--skip_encoding_btf_vars: variables left"
finish "variables encoded differently"
