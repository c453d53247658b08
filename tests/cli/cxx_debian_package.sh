#!/usr/bin/env bash
# Real C++ from Debian: dibbler-client-dbg (the DHCPv6 client, classes with
# base classes, virtual functions, static members and templates), fetched
# once into $KCACHE. All its structs print, with and without
# --show_private_classes: exit 0, the same text at -j1 and -j3, no
# "BRAIN FART ALERT" and no member without a type.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "Debian packages not fetched in check-quick"
PKG=dibbler-client-dbg
d=$(deb_tree "$PKG") || skip "cannot fetch $PKG"
f=$(find "$d/usr/lib/debug/.build-id" -name '*.debug' -type f | head -n 1)
[ -n "$f" ] || fail "$PKG holds no debug file"
for mode in "" --show_private_classes; do
	for j in 1 3; do
		# shellcheck disable=SC2086 # an empty mode is no argument
		"$PAHOLE" $mode -j$j "$f" >"$TMP/j$j.txt" 2>"$TMP/err$j" ||
			{ head -3 "$TMP/err$j"; fail "printing ${mode:-all} at -j$j: exit $?"; }
	done
	cmp -s "$TMP/j1.txt" "$TMP/j3.txt" || fail "${mode:-default}: -j1 and -j3 differ"
	[ -s "$TMP/err1" ] && { head -3 "$TMP/err1"; fail "${mode:-default}: messages on stderr"; }
	grep -q '<ancestor>' "$TMP/j1.txt" || fail "${mode:-default}: no base class printed"
	# --show_private_classes implies -M: no functions, no vtables.
	[ -n "$mode" ] || grep -q 'vtable has' "$TMP/j1.txt" || fail "no vtable printed"
	grep -q '^class [A-Za-z_]*<' "$TMP/j1.txt" || grep -q '^struct [A-Za-z_]*<' "$TMP/j1.txt" ||
		fail "${mode:-default}: no template instance printed"
	grep -m3 'BRAIN FART' "$TMP/j1.txt" && fail "${mode:-default}: sanity alerts"
	grep -m3 -P '^\t+ {20,}\S+;' "$TMP/j1.txt" && fail "${mode:-default}: members without a type"
	nr=$(grep -c '^[a-z].* {$' "$TMP/j1.txt")
	echo "${mode:-default}: $nr types"
done
pass "$PKG: its C++ layouts print alike at -j1 and -j3, without alerts"
