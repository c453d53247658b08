# Unit tests of when a run asks for huge pages (tests/unit/hugepages_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/hugepages_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "hugepages unit tests"
pass
