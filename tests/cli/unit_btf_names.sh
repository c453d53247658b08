# Unit tests of the name offset table (tests/unit/btf_names_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/btf_names_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "btf_names unit tests"
pass
