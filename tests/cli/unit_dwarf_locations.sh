# Unit tests of location decoding (tests/unit/dwarf_locations_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/dwarf_locations_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "location unit tests"
pass
