# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Detached outputs that cannot be written: in a missing directory, on a full
# device, a directory. Each fails with one line naming the output, exit 1,
# no temporary file left, the input unchanged. A device that takes the
# bytes (null) is written in place and stays a device. (A read-only mount
# is output_read_only_mount.sh.)
. "$TOP/tests/lib.sh"
cd "$TMP" || fail "no temp dir"
printf 'struct s { int a; long b[2]; } y;\n' >ok.c
gcc -c -g ok.c -o ok.o || fail "gcc"
mkdir dev outdir
mknod dev/full c 1 7 && mknod dev/null c 1 3 || skip "cannot create device nodes here"
sum=$(sha256sum ok.o)
enc() { "$PAHOLE" -J --btf_encode_detached="$1" ok.o; }
expect_error "missing directory" nodir/out.btf -- enc nodir/out.btf || no
expect_error "full device" dev/full -- enc dev/full || no
grep -q "No space left" "$TMP/err.txt" || no "full device: reason not ENOSPC"
expect_error "directory" outdir -- enc outdir || no
enc dev/null || no "null device: exit $?"
[ -c dev/full ] && [ -c dev/null ] || no "a device node was replaced: $(ls -l dev)"
[ -z "$(ls outdir)" ] || no "files left in outdir: $(ls outdir)"
[ "$(ls dev | wc -l)" -eq 2 ] || no "files left beside the devices: $(ls dev)"
[ ! -e nodir ] || no "nodir was created"
[ "$(sha256sum ok.o)" = "$sum" ] || no "input changed"
finish "unwritable outputs"
