# Unit tests of the bounded DWARF reader (tests/unit/dwarf_cursor_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/dwarf_cursor_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "dwarf_cursor unit tests"
pass
