#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# The Debian 6.1 vmlinux after dwz -m, laid out as a debug package installs
# it (tests/lib_distro.sh: most of its DIEs in ROOT/usr/lib/debug/.dwz/,
# named by .gnu_debugaltlink), made once into $KCACHE/dwz-m: its BTF is
# canonically identical to the plain vmlinux's, the same bytes at -j1 and
# -j3; the nine reference modules split on it are canonically identical to
# them split on the plain vmlinux's BTF. Without the supplementary file,
# one line naming the path looked for, exit 1.
. "$TOP/tests/lib.sh"
. "$TOP/tests/lib_distro.sh"
command -v dwz >/dev/null || skip "no dwz"
v=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
root=$(dwz_multi_tree) || fail "dwz -m failed"
d=$root/$VMLINUX_REL
alt=/usr/lib/debug/.dwz/linux-image-$KREL.debug
readelf -p .gnu_debugaltlink "$d" 2>/dev/null | grep -qF "$alt" ||
	fail "$d: no .gnu_debugaltlink naming $alt"

"$PAHOLE" $REF_FLAGS -j --btf_encode_detached="$TMP/plain.btf" "$v" || fail "plain vmlinux: exit $?"
for j in -j1 -j3; do
	"$PAHOLE" $REF_FLAGS $j --btf_encode_detached="$TMP/dwz$j.btf" "$d" 2>"$TMP/err.txt" ||
		fail "dwz -m vmlinux $j: exit $?: $(head -n 1 "$TMP/err.txt")"
	[ -s "$TMP/err.txt" ] && no "dwz -m vmlinux $j: stderr: $(head -n 1 "$TMP/err.txt")"
done
cmp -s "$TMP/dwz-j1.btf" "$TMP/dwz-j3.btf" || no "dwz -m vmlinux: -j1 and -j3 give other bytes"
"$BTFCANON" "$TMP/plain.btf" >"$TMP/plain.canon" && "$BTFCANON" "$TMP/dwz-j1.btf" >"$TMP/dwz.canon" ||
	fail "btfcanon"
cmp -s "$TMP/plain.canon" "$TMP/dwz.canon" ||
	differs "dwz -m vmlinux against the plain one (canonical)" "$TMP/dwz.canon" "$TMP/plain.canon"

n=0
for m in $REF_MODULES; do
	ko=$root/$DEBUG_MODULES/$m.ko
	for b in plain dwz-j1; do
		"$PAHOLE" $REF_FLAGS --btf_base "$TMP/$b.btf" --btf_encode_detached="$TMP/m.$b.btf" \
			"$ko" 2>"$TMP/err.txt" || { no "$m on $b: exit $?: $(head -n 1 "$TMP/err.txt")"; continue 2; }
		"$BTFCANON" -B "$TMP/$b.btf" "$TMP/m.$b.btf" >"$TMP/m.$b.canon" || no "$m on $b: btfcanon"
	done
	cmp -s "$TMP/m.plain.canon" "$TMP/m.dwz-j1.canon" ||
		differs "$m split on the dwz -m vmlinux (canonical)" "$TMP/m.dwz-j1.canon" "$TMP/m.plain.canon"
	n=$((n + 1))
done

# The same vmlinux in a tree without .dwz/: one line naming the path, exit 1.
mkdir -p "$TMP/root/usr/lib/debug/boot" && ln -s "$d" "$TMP/root/$VMLINUX_REL" || fail "mkdir"
expect_error "missing supplementary file" "$alt" -- \
	"$PAHOLE" $REF_FLAGS --btf_encode_detached="$TMP/none.btf" "$TMP/root/$VMLINUX_REL" || no
[ -e "$TMP/none.btf" ] && no "missing supplementary file: an output was written"
finish "dwz -m" "dwz -m vmlinux: $(grep -c '' "$TMP/dwz.canon") canonical lines as the plain one's, same at -j1 and -j3; $n modules split on it as on the plain one; a missing .dwz file said"
