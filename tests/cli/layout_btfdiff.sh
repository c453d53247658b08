#!/usr/bin/env bash
# btfdiff shows no difference between the DWARF and the BTF views of the
# fixture objects (their .BTF encoded again by our pahole -J: upstream
# v1.31's has multi-dimensional arrays flat, which btfdiff no longer hides,
# as v1.32's) and, outside check-quick, of the Debian vmlinux against the
# BTF we encode from it: what BTF loses is exactly what btfdiff's options
# hide.
. "$(dirname "$0")/../lib.sh"
FIX=$SHARED/fixtures/layout
[ -d "$FIX" ] || skip "no $FIX"
export PAHOLE
cp "$FIX"/*.btf.o "$TMP"/ || fail "cannot copy the fixtures"
for o in "$TMP"/*.btf.o; do
	"$PAHOLE" -J "$o" || fail "encoding $(basename "$o") in place exited $?"
	"$TOP/btfdiff" "$o" >"$TMP/diff.txt" || fail "btfdiff $(basename "$o"): $(head -20 "$TMP/diff.txt")"
done
[ -n "$QUICK" ] && pass "fixtures identical (vmlinux not run in check-quick)"
V=$(vmlinux_path) || skip "cannot fetch the Debian kernel package"
# A copy of the vmlinux carrying our BTF in its own .BTF section, as a
# kernel build leaves it; btfdiff then reads both views from that one file.
cp "$V" "$TMP/vmlinux" || fail "cannot copy $V"
# shellcheck disable=SC2086 # REF_FLAGS is a list of options
"$PAHOLE" $REF_FLAGS "$TMP/vmlinux" || fail "encoding in place exited $?"
"$TOP/btfdiff" "$TMP/vmlinux" >"$TMP/diff.txt" ||
	fail "btfdiff vmlinux: $(grep -c '^@@' "$TMP/diff.txt") hunks: $(head -20 "$TMP/diff.txt")"
pass "fixtures, and a vmlinux carrying our .BTF: DWARF and BTF views identical"
