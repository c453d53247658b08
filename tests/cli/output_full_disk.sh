# tags: offline (no network, no kernel package)
# A write that fails half-way leaves the input as it was and exits 1 with
# one line naming the file: in place on a nearly full tmpfs (the module is
# larger than the space left; small, and big enough to be copied ahead on
# a thread of its own), and detached to a full device.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
# in_place NAME PAD: NAME.o, PAD ints of data, in place on a tmpfs too small.
in_place() {
	local dir=$1.fs f=$1.fs/$1.o size sum
	printf 'struct s { int a; long b; } y;\nint pad[%d] = { 1 };\n' "$2" >$1.c
	gcc -c -g $1.c -o $1.o || fail "gcc"
	size=$(stat -c %s $1.o)
	mkdir $dir
	mount -t tmpfs -o size=$(( (size * 3 / 2 / 4096 + 1) * 4096 )) tmpfs $dir 2>/dev/null ||
		skip "cannot mount a tmpfs here"
	mounts="$mounts $TMP/$dir"
	cp $1.o $f || fail "cp"
	sum=$(sha256sum $f)
	expect_error "in place, disk full ($1)" $f -- "$PAHOLE" -J $f || no
	grep -q 'No space left' "$TMP/err.txt" || no "$1: not reported as a full disk"
	msgs="$msgs$(cat "$TMP/err.txt") / "
	[ "$(sha256sum $f)" = "$sum" ] || no "$f changed"
	[ "$(ls $dir | wc -l)" -eq 1 ] || no "files left: $(ls $dir)"
}
mounts= msgs=
trap 'for m in $mounts; do umount "$m"; done; rm -rf "$TMP"' EXIT
# 256 KiB, and 32 MiB: big enough for its start to be copied ahead.
in_place big $((1 << 16))
in_place huge $((1 << 23))

mknod full c 1 7 || skip "cannot make a full device"
sum=$(sha256sum big.o)
expect_error "detached, full device" full -- "$PAHOLE" -J --btf_encode_detached=full big.o ||
	no
[ -c full ] || no "the device was replaced"
[ "$(sha256sum big.o)" = "$sum" ] || no "big.o changed"
finish "failed writes" "$msgs$(cat "$TMP/err.txt")"
