# Unit tests of the DIE reader (tests/unit/die_reader_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/die_reader_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "die_reader unit tests"
pass
