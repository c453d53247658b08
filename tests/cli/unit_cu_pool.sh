# Unit tests of the reorder window (tests/unit/cu_pool_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/cu_pool_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "cu_pool unit tests"
pass
