# Unit tests of types taken for one by names and their check (tests/unit/btf_equiv_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/btf_equiv_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "btf_equiv unit tests"
pass
