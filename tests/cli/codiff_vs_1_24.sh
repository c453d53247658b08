#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: tsan (threads under ThreadSanitizer)
# codiff on DWARF beyond the fixtures: what tests/fixtures/codiff does
# not cover (-O2 code with inlined functions, many CUs paired by name,
# added CUs and the totals) against Debian's codiff 1.24 (/usr/bin/codiff).
# 1.24 counts holes and padding, as v1.32 does again (v1.31 did not): the
# output must be the same, byte for byte, with and without -j. Objects: the
# fixture sources at -O2 (gcc, clang; DWARF 4, 5); without QUICK, pairs of
# the Debian kernel's modules too.
. "$TOP/tests/lib.sh"
CODIFF=$(sibling codiff)
FIX=$TOP/tests/fixtures/codiff
[ -x "$CODIFF" ] || fail "no $CODIFF"
[ -x /usr/bin/codiff ] || skip "no /usr/bin/codiff"
[ -f "$FIX/old.c" ] || fail "no $FIX/old.c"
cd "$TMP" || fail "cannot cd to $TMP"

n=0
# check OLD NEW ARGS...: ours (without -j, and with -j2) against 1.24's, per ARGS.
check() {
	local old=$1 new=$2 args
	shift 2
	[ -f "$old" ] && [ -f "$new" ] || fail "no $old or $new"
	for args in "$@"; do
		n=$((n + 1))
		# shellcheck disable=SC2086 # word-split on purpose
		timeout 600 /usr/bin/codiff $args "$old" "$new" >ref.txt 2>&1
		# shellcheck disable=SC2086
		timeout 600 "$CODIFF" $args "$old" "$new" >ours.txt 2>&1 ||
			no "codiff $args $old $new: exit $?"
		# shellcheck disable=SC2086
		timeout 600 "$CODIFF" -j2 $args "$old" "$new" >ours_j.txt 2>&1
		if ! cmp -s ref.txt ours.txt; then
			echo "codiff $args $old $new: differs from 1.24 (< 1.24, > ours):"
			diff ref.txt ours.txt | head -10
			no
		fi
		cmp -s ours.txt ours_j.txt || no "codiff -j2 $args $old $new: differs"
	done
}

ARGS=("" "-V" "-s -V" "-f -V" "-t" "-q")
for cc in gcc clang; do
	command -v $cc >/dev/null || continue
	for dv in 4 5; do
		for f in old new; do
			$cc -g -O2 -gdwarf-$dv -c "$FIX/$f.c" -o $f.o || fail "$cc $f.c"
		done
		check old.o new.o "${ARGS[@]}"
		check new.o old.o -V
	done
done
if [ -z "$QUICK" ]; then
	# Each module through module_path, which extracts it when it is not there yet.
	pair() {
		local a b
		a=$(module_path "$1") && b=$(module_path "$2") || fail "cannot extract $1 or $2"
		shift 2
		check "$a" "$b" "$@"
	}
	module_path net/ipv4/ah4 >/dev/null || skip "no kernel modules"
	pair net/ipv4/ah4 net/ipv4/esp4 "${ARGS[@]}"
	pair arch/x86/kvm/kvm-intel arch/x86/kvm/kvm-amd -V -t
	pair drivers/net/ipvlan/ipvlan drivers/net/macvlan -V -t
	pair fs/xfs/xfs fs/btrfs/btrfs "" -V
fi
finish "codiff differs from 1.24" "$n codiff runs as 1.24's, holes and padding included, -j2 the same"
