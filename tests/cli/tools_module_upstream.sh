# SPDX-License-Identifier: GPL-2.0-only
# The package's other programs on a real module, Debian 6.1's btrfs.ko,
# against upstream v1.32 run live (tests/tools/upstream): pglobal -v and -f,
# pfunct -V and -i, dtagnames and pdwtags print what v1.32 prints, but for
# the differences their man pages list (pfunct -i: __func__'s line; pdwtags:
# lib.sh's pdwtags_norm), each counted and shown.
. "$TOP/tests/lib.sh"
[ -n "${QUICK:-}" ] && skip "real kernel not run in check-quick"
"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
m=$(module_path fs/btrfs/btrfs) || skip "cannot fetch $VMLINUX_PKG"
cd "$TMP" || fail "no temp dir"
n=0
# check NAME FILTER PROG ARGS...: ours and upstream's outputs, both exit 0,
# the same after FILTER (none where empty).
check() {
	local name=$1 filter=$2 prog=$3
	shift 3
	n=$((n + 1))
	SAME_FILTER=$filter SAME_STATUS=0 same_as_upstream "$name" "$prog" "$@" "$m"
	echo "$name: $(wc -l <"$TMP/got.txt") lines, $(diff "$TMP/got.txt" "$TMP/want.txt" |
		grep -c '^>') upstream lines taken out as documented"
}
check "pglobal -v" "" pglobal -v
check "pglobal -f" "" pglobal -f
check "pfunct -V" "" pfunct -V
check "pfunct -i" func_line_norm pfunct -i
check "dtagnames" "" dtagnames
check "pdwtags" pdwtags_norm pdwtags
finish "btrfs.ko against v1.32" "$n outputs as v1.32's (documented differences aside)"
