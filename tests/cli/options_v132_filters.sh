# SPDX-License-Identifier: GPL-2.0-only
# v1.32's option fixes on the layout fixtures: the filters only a
# struct passes (--packable, --with_flexible_array, holes, padding) leave
# unions out, with --unions too; -C with -T or -m is refused with
# upstream's one line and exit 1. Each combination gives v1.32's output
# where tests/tools/upstream runs. On the objects of tests/fixtures/layout.
. "$TOP/tests/lib.sh"
FIX=$(fixture_set layout) || fail "cannot build the layout fixtures"
cd "$TMP" || fail "no temp dir"
compared=0
"$UPSTREAM" pahole --version >/dev/null 2>&1
[ $? -eq 77 ] && up= || up=1
"$PAHOLE" --unions "$FIX/nested.o" | grep -q '^union any_value {' || no "--unions: no any_value"
[ -z "$("$PAHOLE" --unions --packable "$FIX/nested.o")" ] || no "--unions --packable printed something"
"$PAHOLE" --with_flexible_array "$FIX/nested.o" | grep -q '^union ' && no "--with_flexible_array lists a union"
for arg in -T -m; do
	"$PAHOLE" -C rec_holder $arg "$FIX/holes.o" >out.txt 2>err.txt
	rc=$?
	[ $rc -eq 1 ] && [ ! -s out.txt ] && [ "$(wc -l <err.txt)" -eq 1 ] &&
		grep -q -- "--class_name/-C" err.txt || no "-C rec_holder $arg: exit $rc, $(cat out.txt err.txt)"
done
for args in "-C rec_holder -T" "-C rec_holder -m" "--unions --packable" "--structs" "--unions" \
	    "--with_flexible_array" "--packable" "--unions --with_flexible_array" "--unions -H 1" \
	    "--unions --padding_ge 1"; do
	for o in holes nested types bitfields attrs cacheline; do
		[ -n "$up" ] || break 2
		# shellcheck disable=SC2086 # word-split on purpose
		SAME_STDERR=1 same_as_upstream "$args $o.o" pahole $args "$FIX/$o.o"
		compared=$((compared + 1))
	done
done
finish "v1.32's filters" "unions left out by struct-only filters, -C with -T/-m refused; $compared runs as v1.32's"
