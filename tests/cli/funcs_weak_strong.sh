# SPDX-License-Identifier: GPL-2.0-only
# A function defined weak in one CU and strong in another (fixtures/weak/):
# the FUNC takes the prototype and parameter names of the definition whose
# address is the symbol's, the strong one. A definition given by ranges
# alone (gcc's hot and cold parts) has no address: then, as upstream v1.32,
# the first definition with one is taken, here the weak one. Each program's
# BTF equals upstream v1.32's where tests/tools/upstream runs.
. "$TOP/tests/lib.sh"

cd "$TMP" || fail "no temp dir"
runs=0 compared=0
# params NAME FILE: the parameter names of FUNC NAME, space-separated.
params() {
	"$BTFCANON" "$2" | grep "^FUNC '$1' " | grep -o "'[a-z_]*' [A-Z]" | cut -d"'" -f2 | tr '\n' ' '
}
want() { # WHAT NAME FILE WANT
	local got
	got=$(params "$2" "$3")
	[ "$got" = "$4" ] || no "$1: $2 ($got), want ($4)"
}
for cc in gcc clang; do
	command -v "$cc" >/dev/null || continue
	for dv in $DWARF_VERSIONS; do
		what="$cc dwarf$dv"
		"$cc" -g -gdwarf-"$dv" -O2 -o prog "$TOP/tests/fixtures/weak/strong.c" \
			"$TOP/tests/fixtures/weak/weak.c" || fail "$what: cannot build"
		rm -f ours.btf
		"$PAHOLE" $REF_FLAGS --btf_encode_detached=ours.btf prog || fail "$what: encoding"
		runs=$((runs + 1))
		want "$what" pick_plain ours.btf "strong_a strong_b "
		if nm prog | grep -q ' pick_split\.cold$'; then
			want "$what" pick_split ours.btf "weak_x weak_y "
		else
			want "$what" pick_split ours.btf "strong_x strong_y "
		fi
		rm -f up.btf
		"$UPSTREAM" pahole $REF_FLAGS --btf_encode_detached=up.btf prog 2>up.err
		rc=$?
		[ $rc -eq 77 ] && continue
		[ $rc -eq 0 ] || fail "upstream failed: $(head -n 1 up.err)"
		bpftool btf dump file ours.btf >ours.txt && bpftool btf dump file up.btf >up.txt ||
			fail "bpftool"
		diff ours.txt up.txt >diff.txt || { echo "$what: differs from v1.32:"; head diff.txt; no; }
		compared=$((compared + 1))
	done
done
[ $runs -gt 0 ] || skip "no compiler"
finish "weak and strong definitions" "$runs programs, the strong definition's names where it has an address; $compared equal to v1.32's"
