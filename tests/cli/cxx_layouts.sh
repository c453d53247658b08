#!/usr/bin/env bash
# C++ beyond the upstream fixtures (tests/fixtures/cxx_layouts.cc): static
# members (not laid out, counted), two bases, a vtable summary, access
# labels. g++ with DWARF 4 prints tests/fixtures/cxx_layouts.expected (upstream's
# text, but for what tests/cxx_known_differences.txt says of the vtable's
# linkage names and of the check of the sums with bases); with DWARF 5 and
# clang++ no line is a sanity alert or a member without a type. Encoded,
# its BTF is upstream's (Debian's 1.24: data members only); a C++ reference
# stops the encoding with exit 1 and one line naming it. -C takes template
# names with commas.
. "$TOP/tests/lib.sh"
SRC=$TOP/tests/fixtures/cxx_layouts.cc
command -v g++ >/dev/null || skip "no g++"
g++ -g -gdwarf-4 -O0 -c "$SRC" -o "$TMP/g4.o" || fail "g++ -gdwarf-4"
"$PAHOLE" "$TMP/g4.o" >"$TMP/g4.txt" || fail "pahole g4.o: exit $?"
diff -u "$TOP/tests/fixtures/cxx_layouts.expected" "$TMP/g4.txt" || fail "g++ DWARF 4 layouts differ"
objs="$TMP/g4.o"
g++ -g -gdwarf-5 -O0 -c "$SRC" -o "$TMP/g5.o" || fail "g++ -gdwarf-5"
objs="$objs $TMP/g5.o"
if command -v clang++ >/dev/null; then
	for v in 4 5; do
		clang++ -g -gdwarf-$v -O0 -c "$SRC" -o "$TMP/c$v.o" || fail "clang++ -gdwarf-$v"
		objs="$objs $TMP/c$v.o"
	done
fi
for o in $objs; do
	"$PAHOLE" "$o" >"$TMP/out.txt" || fail "pahole $o: exit $?"
	grep -q 'vtable has' "$TMP/out.txt" || fail "$(basename "$o"): no vtable summary"
	grep -q '<ancestor>' "$TMP/out.txt" || fail "$(basename "$o"): no base class"
	grep -q 'BRAIN FART' "$TMP/out.txt" && fail "$(basename "$o"): sanity alert"
	grep -qP '^\t+ {20,}\S+;' "$TMP/out.txt" && fail "$(basename "$o"): a member without a type"
	if [ -x /usr/bin/pahole ]; then
		"$PAHOLE" --btf_encode_detached="$TMP/ours.btf" "$o" || fail "encoding $o: exit $?"
		/usr/bin/pahole --btf_encode_detached="$TMP/ref.btf" "$o" >/dev/null 2>&1
		"$BTFCANON" "$TMP/ours.btf" >"$TMP/ours.canon" && "$BTFCANON" "$TMP/ref.btf" >"$TMP/ref.canon" ||
			fail "btfcanon"
		diff -u "$TMP/ref.canon" "$TMP/ours.canon" || fail "$(basename "$o"): BTF differs from 1.24's"
	fi
done
# -C: the commas of a template's arguments do not separate names.
OBJ=$(fixture_set cxx) || fail "cannot build the C++ fixtures"
"$PAHOLE" -C 'Duo<bool, double>,Row<3, long int>' "$OBJ/templates.o" >"$TMP/c.txt" 2>&1 ||
	fail "-C with template names: exit $?"
[ "$(grep -c '^struct ' "$TMP/c.txt")" = 2 ] && grep -q '^struct Duo<bool, double> {' "$TMP/c.txt" &&
	grep -q '^struct Row<3, long int> {' "$TMP/c.txt" ||
	fail "-C with template names: $(head -3 "$TMP/c.txt")"
# References: no BTF kind has them.
"$PAHOLE" --btf_encode_detached="$TMP/refs.btf" "$OBJ/classes.o" >"$TMP/refs.out" 2>&1
rc=$?
[ "$rc" = 1 ] || fail "encoding references: exit $rc, want 1"
[ "$(wc -l <"$TMP/refs.out")" = 1 ] || fail "encoding references: not one line: $(cat "$TMP/refs.out")"
grep -q 'unsupported DWARF tag DW_TAG_reference_type (0x10)' "$TMP/refs.out" || fail "encoding references: $(cat "$TMP/refs.out")"
[ -e "$TMP/refs.btf" ] && fail "encoding references left a file"
pass "layouts of g++ and clang++ objects, their BTF, references refused"
