# SPDX-License-Identifier: GPL-2.0-only
# The package's other programs on a real module, Debian 6.1's btrfs.ko,
# against upstream v1.32 run live (tests/tools/upstream): pglobal -v and -f,
# pfunct -V and -i, dtagnames and pdwtags print what v1.32 prints, but for
# the differences their man pages list (pfunct -i: __func__'s line; pdwtags:
# lib.sh's pdwtags_norm), each counted and shown.
. "$TOP/tests/lib.sh"
BIN=$(dirname "$PAHOLE")
[ -n "${QUICK:-}" ] && skip "real kernel not run in check-quick"
"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
m=$(module_path fs/btrfs/btrfs) || skip "cannot fetch $VMLINUX_PKG"
cd "$TMP" || fail "no temp dir"
n=0
# check NAME FILTER PROG ARGS...: ours and upstream's outputs after FILTER.
check() {
	local name=$1 filter=$2 prog=$3
	shift 3
	n=$((n + 1))
	"$BIN/$prog" "$@" "$m" >ours.txt 2>err.txt || { no "$name: exit $?: $(head -n 1 err.txt)"; return; }
	"$UPSTREAM" "$prog" "$@" "$m" >up.txt 2>/dev/null || { no "$name: upstream exits $?"; return; }
	$filter ours.txt >ours.n && $filter up.txt >up.n
	cmp -s ours.n up.n || differs "$name" ours.n up.n
	echo "$name: $(wc -l <ours.txt) lines, $(diff ours.txt up.txt | grep -c '^>') upstream lines taken out as documented"
}
func_line() { sed -E 's|(__func__; .*//) *[0-9]+$|\1 ?|' "$1"; }
check "pglobal -v" cat pglobal -v
check "pglobal -f" cat pglobal -f
check "pfunct -V" cat pfunct -V
check "pfunct -i" func_line pfunct -i
check "dtagnames" cat dtagnames
check "pdwtags" pdwtags_norm pdwtags
finish "btrfs.ko against v1.32" "$n outputs as v1.32's (documented differences aside)"
