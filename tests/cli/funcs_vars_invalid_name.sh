# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# A global variable whose name BTF cannot hold (gcc and clang take '$' in
# identifiers), encoded with global_var: without encode_force, exit 1 and
# one line that names it and says what to do (--btf_encode_force), in
# upstream's words with its prefix ("PAHOLE: Error:", which upstream's
# btf_invalid_symbols.sh greps); with it, the variable is left out, said at -V only
# ("PAHOLE: Warning: Found invalid variable name ..., ignored", as upstream), and the BTF is
# upstream v1.32's.
. "$TOP/tests/lib.sh"
cd "$TMP" || fail "no temp dir"

printf 'int a$b = 1;\nint good = 2;\n' >iv.c
n=0
for cc in gcc clang; do
	command -v $cc >/dev/null || { echo "no $cc"; continue; }
	$cc -g -c iv.c -o iv.$cc.o || { no "$cc -c iv.c"; continue; }
	n=$((n + 1))
	"$PAHOLE" -J --btf_features=global_var --btf_encode_detached=e.btf iv.$cc.o 2>e.err
	rc=$?
	[ $rc -eq 1 ] && [ "$(wc -l <e.err)" -eq 1 ] && grep -q "^PAHOLE: Error: Found invalid variable name" e.err &&
		grep -qF "'a\$b'" e.err && grep -qF -- --btf_encode_force e.err ||
		no "$cc: without encode_force: exit $rc, $(cat e.err)"
	[ -e e.btf ] && no "$cc: an output file after the error" && rm -f e.btf
	"$PAHOLE" -J --btf_features=global_var,encode_force --btf_encode_detached=f.btf \
		iv.$cc.o 2>f.err || no "$cc: with encode_force: $(cat f.err)"
	[ -s f.err ] && no "$cc: encode_force without -V said: $(cat f.err)"
	"$PAHOLE" -J -V --btf_features=global_var,encode_force --btf_encode_detached=v.btf \
		iv.$cc.o >v.out 2>v.err || no "$cc: -V with encode_force failed"
	grep -qF "PAHOLE: Warning: Found invalid variable name when encoding btf, ignored (sym: 'a\$b')" v.err ||
		no "$cc: -V with encode_force: no warning ($(head -n 3 v.err))"
	strings f.btf | grep -q 'a\$b' && no "$cc: a\$b encoded"
	strings f.btf | grep -qx good || no "$cc: 'good' not encoded"
	if "$UPSTREAM" pahole -J --btf_features=global_var,encode_force \
		--btf_encode_detached=u.btf iv.$cc.o 2>/dev/null; then
		cmp -s f.btf u.btf || no "$cc: BTF differs from upstream v1.32's"
	else
		echo "$cc: upstream v1.32 cannot run here: BTF not compared with it"
	fi
done
[ $n -gt 0 ] || skip "neither gcc nor clang"
finish "invalid variable names" "$n compilers: refused in one line naming --btf_encode_force; skipped with it, warned at -V"
