#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Reduced debug info (CONFIG_DEBUG_INFO_REDUCED: the types of other files as
# declarations only; the kernel then builds no BTF): the gcc tinyconfig of
# tests/kernel/boot.sh so built, and pahole -J with the 6.1 kernel's flags
# on its vmlinux and, split on that, on its modules: each encodes (gcc names
# a typedef of an anonymous struct defined elsewhere by a declaration
# without a name: an empty struct, man/pahole.1), libbpf parses the BTF, the
# kernel's verifier accepts it (declarations held by value: man/pahole.1),
# and the encoding is the same bytes at -j1 and -j3.
. "$TOP/tests/lib.sh"
. "$TOP/tests/kernel/boot.sh"
FLAGS="-J --btf_gen_floats --lang_exclude=rust"
kernel_build_reduced
grep -q '^CONFIG_DEBUG_INFO_REDUCED=y' "$KOUT/.config" || fail "not a reduced build"
for j in -j1 -j3; do
	"$PAHOLE" $FLAGS $j --btf_encode_detached="$TMP/vmlinux$j.btf" "$KOUT/vmlinux" \
		2>"$TMP/err.txt" || fail "vmlinux $j: exit $?: $(head -n 1 "$TMP/err.txt")"
done
cmp -s "$TMP/vmlinux-j1.btf" "$TMP/vmlinux-j3.btf" || no "vmlinux: -j1 and -j3 give other bytes"
v=$TMP/vmlinux-j1.btf
"$BTFCANON" "$v" >"$TMP/v.canon" || no "vmlinux: libbpf cannot parse its BTF"
grep -qF "(STRUCT '' size=0 kflag=0 members={ })" "$TMP/v.canon" || no "vmlinux: no nameless declaration met"
echo "vmlinux: $(grep -c '' "$TMP/v.canon") types, $(grep -c '^FWD ' "$TMP/v.canon") FWDs"
kernel_accepts vmlinux "$v"
n=0
for rel in $KMODULES; do
	ko=$KOUT/$rel.ko
	[ -f "$ko" ] || { no "no $rel.ko"; continue; }
	"$PAHOLE" $FLAGS --btf_base "$v" --btf_encode_detached="$TMP/m.btf" "$ko" 2>"$TMP/err.txt" ||
		{ no "$rel: exit $?: $(head -n 1 "$TMP/err.txt")"; continue; }
	"$BTFCANON" -B "$v" "$TMP/m.btf" >/dev/null || no "$rel: libbpf cannot parse its BTF"
	kernel_accepts "$rel" "$TMP/m.btf" "$v"
	n=$((n + 1))
done
finish "reduced debug info" "reduced DWARF: vmlinux and $n modules encoded, parsed, accepted by the kernel"
