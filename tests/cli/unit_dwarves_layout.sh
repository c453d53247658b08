# Unit tests of the layout arithmetic (tests/unit/dwarves_layout_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/dwarves_layout_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "layout unit tests"
pass
