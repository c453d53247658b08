# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# FWD-tolerant matching (btf_repeats.h) takes a CU's types for appended ones
# that dedup would merge with them: a FWD for the struct or union of its
# name, and the other way round. Programs of CUs that define, declare and
# redefine the same types (tests/fixtures/fwd), built with gcc and clang,
# DWARF 4 and 5, -O0 and -O2:
# - one definition of each name: fewer types reach dedup than with exact
#   repeats only (PAHOLE_TEST_EXACT_REPEATS=1), and the BTF is the same bytes,
#   at -j1 and -j3;
# - a second, different struct of a name taken (fwd_other.c, linked before
#   the CU that declares it): the check after dedup fails, the file is
#   encoded again without tolerance (said at -V), and the BTF is again that
#   of exact repeats only. Without the check, gcc's program gets other bytes:
#   dedup takes the FWD's struct for the newest of the two, matching took
#   the oldest.
. "$TOP/tests/lib.sh"
F=$TOP/tests/fixtures/fwd
cd "$TMP" || fail "no temp dir"

# types_before LOG: the count of types before dedup in --phase_stats' LOG.
types_before() {
	sed -n 's/.*dedup .* \([0-9]*\) types before.*/\1/p' "$1"
}

# encode OUT PROG [ARGS...]: BTF of PROG in OUT.btf, -V and stats in OUT.log.
encode() {
	local out=$1 prog=$2
	shift 2
	"$PAHOLE" $REF_FLAGS -V --phase_stats "$@" --btf_encode_detached="$out.btf" "$prog" \
		>"$out.log" 2>&1 || { echo "$out: exit $?: $(tail -n 1 "$out.log")"; return 1; }
}

for cc in gcc clang; do
	command -v "$cc" >/dev/null || continue
	for dv in $DWARF_VERSIONS; do
		for o in 0 2; do
			what="$cc dwarf$dv -O$o"
			flags="-g -gdwarf-$dv -O$o"
			$cc $flags -o one $F/fwd_defs.c $F/fwd_decls.c $F/fwd_main.c ||
				fail "$what: build"
			$cc $flags -o two $F/fwd_defs.c $F/fwd_other.c $F/fwd_decls.c $F/fwd_main.c ||
				fail "$what: build"
			PAHOLE_TEST_EXACT_REPEATS=1 encode exact one || { no; continue; }
			for j in 1 3; do
				encode tol one -j$j || { no; continue; }
				cmp -s exact.btf tol.btf ||
					no "$what -j$j: BTF differs from exact repeats'"
				! grep -q "encoding again" tol.log ||
					no "$what -j$j: encoded again: $(grep "encoding again" tol.log)"
				before=$(types_before tol.log) exact_before=$(types_before exact.log)
				[ -n "$before" ] && [ -n "$exact_before" ] && [ "$before" -lt "$exact_before" ] ||
					no "$what -j$j: $before types before dedup, exact: $exact_before"
			done
			PAHOLE_TEST_EXACT_REPEATS=1 encode exact two || { no; continue; }
			encode tol two || { no; continue; }
			grep -q "'fwd_b' is more than one type: encoding again" tol.log ||
				no "$what, two fwd_b: not encoded again"
			cmp -s exact.btf tol.btf ||
				no "$what, two fwd_b: BTF differs from exact repeats'"
		done
	done
done
finish "see above" "FWD tolerance: fewer types, the same bytes; a second definition encodes again"
