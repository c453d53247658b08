# Unit tests of the exact-repeat matcher (tests/unit/btf_repeats_test.c).
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/btf_repeats_test
[ -x "$t" ] || fail "$t not built"
"$t" || fail "btf_repeats unit tests"
pass
