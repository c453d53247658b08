# SPDX-License-Identifier: GPL-2.0-only
# Multi-dimensional arrays in BTF are arrays of arrays, as upstream v1.32
# writes them: char a3[2][3][5] is an ARRAY of 2 of an ARRAY of 3 of an
# ARRAY of 5 of char, the innermost first in id order; -F btf prints them
# with their dimensions in source order again. On every fixture object
# (gcc and clang, DWARF 4 and 5, -O0 and -O2) the BTF (bpftool's dump) and
# its -F btf printout equal upstream v1.32's where tests/tools/upstream
# runs.
. "$TOP/tests/lib.sh"

cd "$TMP" || fail "no temp dir"
n=0 compared=0
# elems FILE ID: "NELEMS ELEMENT-ID" of ARRAY [ID] in bpftool's dump FILE.
elems() {
	sed -n "s/^\[$2\] ARRAY '(anon)' type_id=\([0-9]*\) index_type_id=[0-9]* nr_elems=\([0-9]*\)$/\2 \1/p" "$1"
}
member_type() { # FILE MEMBER: the type id of the first member so named
	sed -n "s/^	'$2' type_id=\([0-9]*\) .*/\1/p" "$1" | head -n 1
}
objs=$(fixture_objects "$TMP/fx") || fail "fixtures do not compile"
for o in $objs; do
	case $o in */arrays.c-*) ;; *) continue ;; esac
	n=$((n + 1))
	rm -f ours.btf
	"$PAHOLE" $REF_FLAGS --btf_encode_detached=ours.btf "$o" || { no "$o: encoding"; continue; }
	bpftool btf dump file ours.btf >ours.txt || fail "bpftool on $o"
	# a3: 2 of 3 of 5 of char, each inner array before the one holding it.
	id=$(member_type ours.txt a3)
	set -- $(elems ours.txt "$id")
	[ "${1:-}" = 2 ] && [ "${2:-0}" -lt "$id" ] || no "$o: a3 is not an array of 2 ($*)"
	id2=${2:-0}; set -- $(elems ours.txt "$id2")
	[ "${1:-}" = 3 ] && [ "${2:-0}" -lt "$id2" ] || no "$o: a3's element is not an array of 3 ($*)"
	set -- $(elems ours.txt "${2:-0}")
	[ "${1:-}" = 5 ] || no "$o: a3's innermost array is not of 5 ($*)"
	"$PAHOLE" -F btf -C arrays ours.btf >print.txt || no "$o: -F btf"
	grep -qF 'char                       a3[2][3][5];' print.txt || no "$o: -F btf prints a3 as $(grep ' a3' print.txt)"
	grep -qF 'struct point               grid[3][4];' print.txt || no "$o: -F btf prints grid as $(grep ' grid' print.txt)"
	rm -f up.btf
	"$UPSTREAM" pahole $REF_FLAGS --btf_encode_detached=up.btf "$o" 2>up.err
	rc=$?
	[ $rc -eq 77 ] && continue
	[ $rc -eq 0 ] || fail "upstream on $o: $(head -n 1 up.err)"
	bpftool btf dump file up.btf >up.txt || fail "bpftool on upstream's BTF of $o"
	diff ours.txt up.txt >diff.txt || { no "$o: BTF differs from v1.32's:"; head -n 8 diff.txt; }
	"$PAHOLE" -F btf ours.btf >ours.print 2>&1
	"$UPSTREAM" pahole -F btf up.btf >up.print 2>&1
	diff ours.print up.print >diff.txt || { no "$o: -F btf differs from v1.32's:"; head -n 8 diff.txt; }
	compared=$((compared + 1))
done
[ $n -gt 0 ] || fail "no arrays fixture object"
finish "nested arrays" "$n objects nested, printed in source order; $compared equal to v1.32's BTF and -F btf"
