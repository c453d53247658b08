#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# pfunct on Debian kernel modules prints what Debian's pfunct 1.24 prints,
# byte for byte, for the listings both versions share: names, prototypes
# (with -l and --no_parm_names too), sizes, counts, inline statistics,
# externals, -c and the bodies of -i and -V -T. The one line set aside is
# that of __func__, which has no DW_AT_decl_line: 1.24 prints an arbitrary
# number there, we print 0. With --no_parm_names, 1.24 ends a qualified
# type's name with a space ("const struct a  *", "const int )") that upstream
# dropped in v1.26 ("const struct a *", "const int)", as v1.32 prints): those
# spaces are taken out of 1.24's output before comparing. -j3 must not change
# what -i prints.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
PFUNCT=$(sibling pfunct)
REF=/usr/bin/pfunct
[ -x "$PFUNCT" ] || fail "$PFUNCT is not built"
[ -x "$REF" ] || skip "no $REF"
# The line column of a __func__ line: upstream's is not a line number.
unline() { sed -E 's|^(\t+const const char   __func__; /\* scope: [a-z]+ \*/ +//) +[0-9]+$|\1 N|'; }
cd "$TMP" || fail "no temp dir"
n=0
for rel in net/ipv4/gre net/key/af_key fs/xfs/xfs; do
	ko=$(module_path "$rel") || skip "cannot fetch $VMLINUX_PKG"
	for opt in "" -P "-l -P" "--no_parm_names -P" -s -p -S -g -N -I -H -G -E -t -V \
		   "-c sk_buff" "-V -c sk_buff" -i "-V -T"; do
		n=$((n + 1))
		$REF $opt "$ko" 2>&1 | unline >ref.txt
		[ "$opt" != "--no_parm_names -P" ] || sed -i -E 's/([^ ])  +\*/\1 */g; s/ +([,)])/\1/g' ref.txt
		"$PFUNCT" $opt "$ko" 2>&1 | unline >ours.txt
		if ! cmp -s ref.txt ours.txt; then
			echo "$rel.ko $opt: not as $REF (< 1.24, > ours):"
			diff ref.txt ours.txt | head -10
			no
		fi
	done
	# Loader threads never change the output.
	n=$((n + 1))
	"$PFUNCT" -i "$ko" >j1.txt 2>&1
	"$PFUNCT" -j3 -i "$ko" >j3.txt 2>&1
	cmp -s j1.txt j3.txt || no "$rel.ko: -j3 -i differs from -i"
done
finish "$n runs against $REF" "$n runs on 3 modules as $REF"
