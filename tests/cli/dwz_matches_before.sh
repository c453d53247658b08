# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# dwz moves the DIEs that CUs share into partial units (DW_TAG_partial_unit,
# pulled in by DW_TAG_imported_unit), in the file itself or, with -m, in a
# supplementary file (GNU forms with .gnu_debugaltlink; DWARF 5 forms with
# .debug_sup under -5), for C and C++. Each must give the BTF (canonical text) and the
# printed layouts of the same program before dwz, at -j1 and -j3. Layouts
# are compared sorted by name (--sort): unsorted, they come in DWARF order,
# which dwz changes (the imported units come first in each CU).
. "$TOP/tests/lib.sh"
command -v dwz >/dev/null || skip "no dwz"
command -v gcc >/dev/null || skip "no gcc"
cp "$TOP"/tests/fixtures/dwz/* "$TMP/" || fail "cannot copy fixtures"
cd "$TMP" || fail "no temp dir"
SRCS="dwz_main.c dwz_u1.c dwz_u2.c dwz_u3.c"

# outputs PREFIX FILE J: what is compared, in PREFIX.*
outputs() {
	"$PAHOLE" $REF_FLAGS -j"$3" --btf_encode_detached="$1.btf" "$2" >"$1.log" 2>&1 ||
		{ echo "$1: encoding exit $?:"; cat "$1.log"; return 1; }
	"$BTFCANON" "$1.btf" >"$1.canon" &&
	"$PAHOLE" -j"$3" --sort "$2" >"$1.sorted" &&
	"$PAHOLE" -j"$3" --sort -E "$2" >"$1.expanded"
}

# check WHAT FILE [ALT]: FILE's outputs at -j1 and -j3 against the program's
# before dwz.
check() {
	local j kind
	grep -q DW_TAG_partial_unit <(readelf -wi "$2" 2>/dev/null; [ -n "${3:-}" ] && readelf -wi "$3") ||
		{ no "$1: dwz made no partial unit"; return; }
	for j in 1 3; do
		outputs "out" "$2" "$j" || { no; continue; }
		for kind in canon sorted expanded; do
			cmp -s "orig.$kind" "out.$kind" && continue
			echo "$1 -j$j: $kind differs from before dwz (< before, > after):"
			diff "orig.$kind" "out.$kind" | head -20
			no
		done
	done
}

for cc in gcc clang; do
	command -v "$cc" >/dev/null || continue
	for dv in $DWARF_VERSIONS; do
		what="$cc dwarf$dv"
		"$cc" -g -gdwarf-"$dv" -O1 -o prog $SRCS || fail "$what: build"
		outputs orig prog 1 || fail "$what: the program before dwz"
		cp prog one && cp prog m1 && cp prog m2 && cp prog s1 && cp prog s2 || fail "cp"
		if ! dwz one 2>dwz.err; then
			# dwz 0.15 refuses clang's DWARF 5 (.debug_addr)
			grep -q "Unknown debugging section" dwz.err && [ "$cc" = clang ] && continue
			fail "$what: dwz: $(cat dwz.err)"
		fi
		check "$what, dwz in one file" one
		dwz -m alt.debug m1 m2 || fail "$what: dwz -m"
		check "$what, dwz -m" m1 alt.debug
		# the supplementary file found from another directory
		(cd / && outputs "$TMP/far" "$TMP/m1" 1) || no
		cmp -s orig.canon far.canon || no "$what: dwz -m from /: BTF differs"
		if [ "$cc" = gcc ]; then
			dwz -5 -m alt5.debug s1 s2 || fail "$what: dwz -5 -m"
			readelf -S s1 | grep -q '\.debug_sup' || fail "$what: dwz -5 wrote no .debug_sup"
			check "$what, dwz -5 -m" s1 alt5.debug
		fi
	done
done
# C++: classes, templates, methods defined out of their class.
for cxx in g++ clang++; do
	command -v "$cxx" >/dev/null || continue
	what="$cxx dwarf4"
	"$cxx" -g -gdwarf-4 -O1 -o prog dwzpp_a.cc dwzpp_b.cc dwzpp_c.cc || fail "$what: build"
	outputs orig prog 1 || fail "$what: the program before dwz"
	cp prog one && cp prog m1 && cp prog m2 || fail "cp"
	dwz one && dwz -m alt.debug m1 m2 || fail "$what: dwz"
	check "$what, dwz in one file" one
	check "$what, dwz -m" m1 alt.debug
done
finish "dwz output differs from the program before dwz" "BTF and layouts as before dwz, with and without a supplementary file"
