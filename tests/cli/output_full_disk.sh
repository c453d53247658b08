# A write that fails half-way leaves the input as it was and exits 1 with
# one line naming the file: in place on a nearly full tmpfs (the module is
# larger than the space left), and detached to a full device.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
printf 'struct s { int a; long b; } y;\nint pad[1 << 16] = { 1 };\n' >big.c
gcc -c -g big.c -o big.o || fail "gcc"
size=$(stat -c %s big.o)
mkdir small
mount -t tmpfs -o size=$(( (size * 3 / 2 / 4096 + 1) * 4096 )) tmpfs small 2>/dev/null ||
	skip "cannot mount a tmpfs here"
trap 'umount "$TMP/small"; rm -rf "$TMP"' EXIT
cp big.o small/big.o || fail "cp"
sum=$(sha256sum small/big.o)
bad=0
expect_error "in place, disk full" small/big.o -- "$PAHOLE" -J small/big.o || bad=1
grep -q 'No space left' "$TMP/err.txt" || { echo "not reported as a full disk"; bad=1; }
msg1=$(cat "$TMP/err.txt")
[ "$(sha256sum small/big.o)" = "$sum" ] || { echo "small/big.o changed"; bad=1; }
[ "$(ls small | wc -l)" -eq 1 ] || { echo "files left: $(ls small)"; bad=1; }

mknod full c 1 7 || skip "cannot make a full device"
sum=$(sha256sum big.o)
expect_error "detached, full device" full -- "$PAHOLE" -J --btf_encode_detached=full big.o ||
	bad=1
[ -c full ] || { echo "the device was replaced"; bad=1; }
[ "$(sha256sum big.o)" = "$sum" ] || { echo "big.o changed"; bad=1; }
[ $bad -eq 0 ] || fail "failed writes"
pass "$msg1 / $(cat "$TMP/err.txt")"
