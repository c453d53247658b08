#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# BTF made with the flags kernels 5.2 to 5.15 pass (their scripts: 5.2-5.12 plain -J, 5.10.y without ENUM64, 5.13-5.15
# floats, 5.15.y's latest set; modules split on the vmlinux's, 5.11 on) from
# the Debian 6.1 vmlinux and two modules: libbpf parses it (btfcanon),
# bpftool dumps it as C, and that C compiles (clang -target bpf and gcc).
# Where a flag set asks for no FLOAT or no ENUM64, there is none.
. "$TOP/tests/lib.sh"
command -v bpftool >/dev/null || skip "no bpftool"
v=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
MODS="net/ipv4/tcp_bbr drivers/net/veth"

# as_c NAME BTF [BASE]: bpftool's C of BTF (split on BASE) compiles.
as_c() {
	local name=$1 cc
	shift
	if [ $# -gt 1 ]; then
		bpftool btf dump -B "$2" file "$1" format c >"$TMP/x.h" 2>"$TMP/err.txt"
	else
		bpftool btf dump file "$1" format c >"$TMP/x.h" 2>"$TMP/err.txt"
	fi || { no "$name: bpftool cannot dump it: $(head -n 1 "$TMP/err.txt")"; return; }
	printf '#include "x.h"\nint main(void) { return 0; }\n' >"$TMP/x.c"
	for cc in "clang -target bpf" gcc; do
		$cc -fsyntax-only -Wno-unknown-pragmas "$TMP/x.c" 2>"$TMP/cc.txt" ||
			no "$name: its C does not compile with $cc: $(grep -m1 error "$TMP/cc.txt")"
	done
}

# parsed NAME BTF [BASE]: libbpf parses it; its canonical text in $TMP/canon.
parsed() {
	local name=$1
	shift
	if [ $# -gt 1 ]; then "$BTFCANON" -B "$2" "$1"; else "$BTFCANON" "$1"; fi \
		>"$TMP/canon" 2>"$TMP/err.txt" ||
		{ no "$name: libbpf cannot parse it: $(head -n 1 "$TMP/err.txt")"; return 1; }
}

n=0
while IFS='|' read -r kernel vflags mflags; do
	[ -n "$kernel" ] || continue
	# shellcheck disable=SC2086 # the flags are words
	"$PAHOLE" -J $vflags --btf_encode_detached="$TMP/vmlinux.btf" "$v" 2>"$TMP/err.txt" ||
		{ no "$kernel vmlinux: exit $?: $(head -n 1 "$TMP/err.txt")"; continue; }
	if parsed "$kernel vmlinux" "$TMP/vmlinux.btf"; then
		case " $vflags " in
		*" --btf_gen_floats "*) grep -q '^FLOAT ' "$TMP/canon" || no "$kernel: no FLOAT" ;;
		*) grep -q '^FLOAT ' "$TMP/canon" && no "$kernel: FLOAT without --btf_gen_floats" ;;
		esac
		case " $vflags " in
		*" --skip_encoding_btf_enum64 "*)
			grep -q '^ENUM64 ' "$TMP/canon" && no "$kernel: ENUM64 though skipped" ;;
		esac
	fi
	as_c "$kernel vmlinux" "$TMP/vmlinux.btf"
	n=$((n + 1))
	[ "$mflags" = none ] && continue
	for m in $MODS; do
		ko=$(module_path "$m") || fail "no $m.ko"
		# shellcheck disable=SC2086
		"$PAHOLE" -J $mflags --btf_base "$TMP/vmlinux.btf" \
			--btf_encode_detached="$TMP/m.btf" "$ko" 2>"$TMP/err.txt" ||
			{ no "$kernel $m: exit $?: $(head -n 1 "$TMP/err.txt")"; continue; }
		parsed "$kernel $m" "$TMP/m.btf" "$TMP/vmlinux.btf"
		as_c "$kernel $m" "$TMP/m.btf" "$TMP/vmlinux.btf"
		n=$((n + 1))
	done
done <<'EOT'
5.2-5.10||none
5.10.y|--skip_encoding_btf_enum64|none
5.11-5.12||
5.13|--btf_gen_floats|
5.14-5.15|--btf_gen_floats|
5.15.y|--btf_gen_floats --skip_encoding_btf_enum64 --skip_encoding_btf_inconsistent_proto --btf_gen_optimized|--btf_gen_floats --skip_encoding_btf_enum64 --skip_encoding_btf_inconsistent_proto --btf_gen_optimized
EOT
finish "old kernels' flag sets" "$n BTF files of six flag sets (5.2 to 5.15): parsed, dumped as C that compiles"
