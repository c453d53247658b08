# SPDX-License-Identifier: GPL-2.0-only
# tags: tsan (threads under ThreadSanitizer)
# -j never changes the output: -j1, -j2, -j3, -j8 and -j64, each with the
# default reorder window and with a window of 1, give the same bytes (cmp)
# on every fixture, on objects of many CUs, on a few kernel modules, and
# (unless QUICK) on the Debian vmlinux.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"

JOBS="1 2 3 8 64"
files=0 runs=0

# same_bytes FILE [BASE]: every -j and window against a plain run.
same_bytes() {
	local in=$1 base=${2:-} out=$TMP/out j w
	local -a extra=()
	[ -n "$base" ] && extra=(--btf_base "$base")
	rm -f "$out.ref"
	if ! "$PAHOLE" $REF_FLAGS "${extra[@]}" --btf_encode_detached="$out.ref" "$in" 2>"$out.err"; then
		no "FAILED $in: $(head -3 "$out.err")"
		return
	fi
	files=$((files + 1))
	for j in $JOBS; do
		for w in "" --cu_window=1; do
			rm -f "$out.j"
			runs=$((runs + 1))
			"$PAHOLE" $REF_FLAGS "${extra[@]}" -j"$j" $w --btf_encode_detached="$out.j" \
				"$in" 2>"$out.err"
			if [ $? -ne 0 ]; then
				no "FAILED $in -j$j $w: $(head -3 "$out.err")"
			elif ! cmp -s "$out.ref" "$out.j" && ! { [ ! -e "$out.ref" ] && [ ! -e "$out.j" ]; }; then
				no "DIFFERENT $in -j$j $w"
			fi
		done
	done
}

objs=$(fixture_objects "$TMP/fixtures") || fail "fixtures do not compile"
for o in $objs; do
	same_bytes "$o"
done
for cc in gcc clang; do
	command -v "$cc" >/dev/null 2>&1 || continue
	so=$(many_cus "$TMP/many-$cc" 60 "$cc") || fail "cannot build the many-CU object with $cc"
	same_bytes "$so"
done
vmlinux=$(vmlinux_path) || skip "cannot fetch the Debian kernel package"
for m in net/ipv4/tcp_bbr fs/xfs/xfs; do
	mod=$(module_path "$m") || fail "cannot extract $m"
	same_bytes "$mod" "$REF_BTF"
done
if [ -z "$QUICK" ]; then
	same_bytes "$vmlinux"
fi

finish "$runs runs against the bytes without -j" "$files inputs x $runs runs: identical bytes for -j$(echo $JOBS | tr ' ' ',') and windows default and 1${QUICK:+ (vmlinux left out: quick mode)}"
