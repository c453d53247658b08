#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# The Debian 6.1 cloud vmlinux after dwz (320,139 partial units, made once
# into $KCACHE/dwz): the kernel's flags give BTF canonically identical to the
# plain vmlinux's, the same bytes with no -j, -j1, -j2 and -j3, and in place
# (the .BTF section pahole adds to a copy) the bytes of the detached file.
. "$TOP/tests/lib.sh"
. "$TOP/tests/lib_distro.sh"
command -v dwz >/dev/null || skip "no dwz"
v=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
d=$(dwz_vmlinux) || fail "dwz on the vmlinux failed"
readelf -wi "$d" 2>/dev/null | grep -m1 -q DW_TAG_partial_unit || fail "$d: no partial unit"

"$PAHOLE" $REF_FLAGS -j --btf_encode_detached="$TMP/plain.btf" "$v" || fail "plain vmlinux: exit $?"
"$BTFCANON" "$TMP/plain.btf" >"$TMP/plain.canon" || fail "btfcanon on the plain BTF"
for j in "" -j1 -j2 -j3; do
	t0=$(date +%s.%N)
	"$PAHOLE" $REF_FLAGS $j --btf_encode_detached="$TMP/dwz$j.btf" "$d" 2>"$TMP/err.txt" ||
		{ no "dwz vmlinux ${j:-no -j}: exit $?: $(head -n 1 "$TMP/err.txt")"; continue; }
	[ -s "$TMP/err.txt" ] && no "dwz vmlinux ${j:-no -j}: stderr: $(head -n 1 "$TMP/err.txt")"
	echo "dwz vmlinux ${j:-no -j}: $(echo "$(date +%s.%N) - $t0" | bc) s"
done
for j in -j1 -j2 -j3; do
	cmp -s "$TMP/dwz.btf" "$TMP/dwz$j.btf" || no "dwz vmlinux: $j gives other bytes than no -j"
done
"$BTFCANON" "$TMP/dwz.btf" >"$TMP/dwz.canon" || fail "btfcanon on the dwz BTF"
cmp -s "$TMP/plain.canon" "$TMP/dwz.canon" ||
	differs "dwz vmlinux against the plain one (canonical)" "$TMP/dwz.canon" "$TMP/plain.canon"

cp "$d" "$TMP/vmlinux" || fail "cannot copy $d"
"$PAHOLE" $REF_FLAGS -j "$TMP/vmlinux" || no "dwz vmlinux in place: exit $?"
objcopy --dump-section .BTF="$TMP/inplace.btf" "$TMP/vmlinux" "$TMP/junk" ||
	fail "no .BTF in the dwz vmlinux after pahole -J"
cmp -s "$TMP/inplace.btf" "$TMP/dwz.btf" || no "dwz vmlinux: in place, other bytes than detached"
rm -f "$TMP/vmlinux" "$TMP/junk"
finish "dwz vmlinux" "dwz vmlinux: $(grep -c '' "$TMP/dwz.canon") canonical lines as the plain vmlinux's, same bytes at every -j and in place"
