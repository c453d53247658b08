#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# btfdiff shows no difference between the DWARF and the BTF views of the
# layout fixtures (tests/fixtures/layout, built by its build.sh): with the
# .BTF upstream v1.32 encoded (the set's X.btf), then with it encoded again
# by our pahole -J in place; and, outside check-quick, of the Debian vmlinux
# against the BTF we encode from it: what BTF loses is exactly what
# btfdiff's options hide.
. "$TOP/tests/lib.sh"
OBJ=$(fixture_set layout) || fail "cannot build the layout fixtures"
export PAHOLE
cp "$OBJ"/*.btf.o "$TMP"/ || fail "cannot copy the fixtures"
nr=0
for o in "$TMP"/*.btf.o; do
	"$TOP/btfdiff" "$o" >"$TMP/diff.txt" ||
		fail "btfdiff $(basename "$o") (upstream's BTF): $(head -20 "$TMP/diff.txt")"
	"$PAHOLE" -J "$o" || fail "encoding $(basename "$o") in place exited $?"
	"$TOP/btfdiff" "$o" >"$TMP/diff.txt" || fail "btfdiff $(basename "$o"): $(head -20 "$TMP/diff.txt")"
	nr=$((nr + 1))
done
[ "$nr" -eq 6 ] || fail "$nr fixture objects with BTF, not 6"
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
