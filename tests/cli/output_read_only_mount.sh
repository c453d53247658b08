# tags: offline (no network, no kernel package)
# An output on a read-only mount fails with one line naming it, exit 1.
. "$TOP/tests/lib.sh"
cd "$TMP" || fail "no temp dir"
printf 'struct s { int a; } y;\n' >ok.c
gcc -c -g ok.c -o ok.o || fail "gcc"
mkdir ro
mount -t tmpfs -o size=1m tmpfs ro 2>/dev/null || skip "cannot mount a tmpfs here"
trap 'umount "$TMP/ro"; rm -rf "$TMP"' EXIT
mount -o remount,ro ro || fail "cannot remount read-only"
sum=$(sha256sum ok.o)
expect_error "read-only mount" ro/out.btf -- \
	"$PAHOLE" -J --btf_encode_detached=ro/out.btf ok.o || fail "wrong error"
[ "$(sha256sum ok.o)" = "$sum" ] || fail "input changed"
pass
