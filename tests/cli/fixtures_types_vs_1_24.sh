# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Every fixture, built with each compiler, DWARF 4 and 5, -O0 and -O2, must
# give the same type graph as Debian's pahole 1.24. Only types are compared:
# FUNC, VAR, DATASEC and DECL_TAG follow newer selection rules in our encoder.
# Cases listed in tests/fixtures/known-1.24-differences.tsv are where 1.24
# itself is wrong or older; for those ours must still produce output.
. "$TOP/tests/lib.sh"

KNOWN=$TOP/tests/fixtures/known-1.24-differences.tsv

[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
[ -x "$BTFCANON" ] || fail "$BTFCANON is not built"
[ -x /usr/bin/pahole ] || skip "no reference pahole at /usr/bin/pahole"

# Compiled objects name the source path in their DWARF, so work on a copy.
mkdir -p "$TMP/fixtures" || fail "cannot create $TMP/fixtures"
cp "$TOP"/tests/fixtures/*.c "$TOP"/tests/fixtures/*.S "$TMP/fixtures/" 2>/dev/null
ls "$TMP"/fixtures/*.c >/dev/null 2>&1 || fail "no fixtures in $TOP/tests/fixtures"

# known_reason NAME CC DWARF: the reason from the known-differences list, if any.
known_reason() {
	[ -f "$KNOWN" ] || return 1
	awk -F '\t' -v name="$1" -v cc="$2" -v dv="$3" '
		/^[ \t]*(#|$)/ { next }
		($1 == name) && ($2 == cc || $2 == "*") && ($3 == dv || $3 == "*") {
			print $4; found = 1; exit
		}
		END { exit !found }' "$KNOWN"
}

# canon_file BTF OUT: canonical types of BTF into OUT; no BTF gives an empty
# OUT, because both encoders write nothing when a CU has no types.
canon_file() {
	: >"$2"
	[ -e "$1" ] || return 0
	"$BTFCANON" "$1" >/dev/null 2>"$2.err" || return 1
	canon_types "$1" >"$2"
	return 0
}

total=0 compared=0 known=0
ccs=""
for cc in $COMPILERS; do
	if command -v "$cc" >/dev/null 2>&1; then
		ccs="$ccs $cc"
	else
		echo "note: $cc not installed, its cases are not run"
	fi
done
[ -n "$ccs" ] || skip "none of $COMPILERS is installed"

for src in "$TMP"/fixtures/*.c "$TMP"/fixtures/*.S; do
	[ -f "$src" ] || continue
	name=$(basename "$src")
	name=${name%.*}
	for cc in $ccs; do
		for dv in $DWARF_VERSIONS; do
			reason=$(known_reason "$name" "$cc" "$dv") || reason=""
			for opt in $OPT_LEVELS; do
				case="$name $cc dwarf$dv $opt"
				total=$((total + 1))
				base=$TMP/$name-$cc-dwarf$dv$opt
				obj=$base.o ours=$base.ours.btf ref=$base.ref.btf
				if ! compile "$src" "$cc" "$dv" "$opt" "$obj" >"$base.cc.log" 2>&1; then
					no "MISMATCH $case: does not compile"
					head -5 "$base.cc.log"
					continue
				fi
				rm -f "$ours"
				if ! "$PAHOLE" $REF_FLAGS --btf_encode_detached="$ours" "$obj" \
						>"$base.ours.log" 2>&1; then
					no "MISMATCH $case: our pahole failed"
					head -5 "$base.ours.log"
					continue
				fi
				if ! canon_file "$ours" "$base.ours.canon"; then
					no "MISMATCH $case: btfcanon cannot read our output"
					head -5 "$base.ours.canon.err"
					continue
				fi
				if [ -n "$reason" ]; then
					if [ ! -s "$base.ours.canon" ]; then
						no "MISMATCH $case: known 1.24 difference, but ours gave no types"
						head -5 "$base.ours.log"
						continue
					fi
					echo "known: $case: $reason"
					known=$((known + 1))
					continue
				fi
				ref_pahole_btf "$obj" "$ref" 2>"$base.ref.log"
				if ! canon_file "$ref" "$base.ref.canon"; then
					no "MISMATCH $case: btfcanon cannot read the 1.24 output"
					head -5 "$base.ref.canon.err"
					continue
				fi
				compared=$((compared + 1))
				if ! cmp -s "$base.ref.canon" "$base.ours.canon"; then
					no "MISMATCH $case: types differ from pahole 1.24"
					diff -u --label "pahole-1.24" --label "ours" \
						"$base.ref.canon" "$base.ours.canon" | head -20
				fi
			done
		done
	done
done

finish "$total cases against pahole 1.24" "$compared cases equal to pahole 1.24, $known known differences"
