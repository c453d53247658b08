# SPDX-License-Identifier: GPL-2.0-only
# tags: tsan (threads under ThreadSanitizer)
# The loader pool serves the printing job too: printing every struct from
# DWARF gives the same text for -j1, -j2, -j3 and -j8, with windows default
# and 1, on the fixtures, on objects of many CUs and on a kernel module.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"

runs=0 files=0
same_text() {
	local in=$1 j w
	shift
	"$PAHOLE" "$@" "$in" >"$TMP/ref.txt" 2>"$TMP/ref.err"
	local rc=$?
	files=$((files + 1))
	for j in 2 3 8; do
		for w in "" --cu_window=1; do
			runs=$((runs + 1))
			"$PAHOLE" "$@" -j"$j" $w "$in" >"$TMP/out.txt" 2>"$TMP/out.err"
			if [ $? -ne "$rc" ] || ! cmp -s "$TMP/ref.txt" "$TMP/out.txt" ||
			   ! cmp -s "$TMP/ref.err" "$TMP/out.err"; then
				no "DIFFERENT: $in $* -j$j $w"
			fi
		done
	done
}

objs=$(fixture_objects "$TMP/fixtures") || fail "fixtures do not compile"
for o in $objs; do
	same_text "$o"
done
for cc in gcc clang; do
	command -v "$cc" >/dev/null 2>&1 || continue
	so=$(many_cus "$TMP/many-$cc" 60 "$cc") || fail "cannot build the many-CU object with $cc"
	same_text "$so"
	same_text "$so" --sizes
	same_text "$so" -E -C obj,same_name
done
mod=$(module_path net/ipv4/tcp_bbr) || skip "cannot fetch the Debian kernel package"
same_text "$mod"
[ -s "$TMP/ref.txt" ] || fail "printing $mod gave no output"

finish "$runs printing runs against -j1" "$files inputs x $runs runs: the same text for -j2, -j3, -j8, windows default and 1"
