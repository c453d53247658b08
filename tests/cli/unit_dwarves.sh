# Unit tests of the model (tests/unit/dwarves_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/dwarves_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "dwarves unit tests"
pass
