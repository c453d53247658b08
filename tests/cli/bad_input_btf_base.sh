# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# A damaged --btf_base, as a raw BTF file and as the .BTF section of an ELF
# file: truncated, exit 1 and one line naming the base file; 50 seeded bit
# flips each, exit 0 or exit 1 and one line. Never a signal or a sanitizer
# report; the base and the input stay unchanged. Our own reading of the base
# (btf_split_own.h) ends as libbpf's path (PAHOLE_TEST_LIBBPF_BASE=1) does:
# the same exit status, message and bytes.
. "$TOP/tests/lib.sh"
SECTMUTATE=${SECTMUTATE:-$TOP/build/sectmutate}
FLIPS=${FLIPS:-50}
cd "$TMP" || fail "no temp dir"
printf 'struct a { int x; struct a *next; } va;\nenum e { E1, E2 } ve;\ntypedef long t; t vt;\n' >base.c
printf 'struct a { int x; struct a *next; };\nstruct m { struct a *a; long y[3]; } vm;\n' >mod.c
gcc -c -g base.c -o base.o && gcc -c -g mod.c -o mod.o || fail "gcc"
"$PAHOLE" -J --btf_encode_detached=base.btf base.o || fail "cannot encode the base"
objcopy --add-section .BTF=base.btf base.o base-elf.o || fail "objcopy"
"$PAHOLE" -J --btf_base base-elf.o --btf_encode_detached=out.btf mod.o ||
	fail "the undamaged ELF base is refused"

runs=0
# try WHAT WANT BASE: encodes mod.o on BASE; WANT is 1 (must fail) or 01.
try() {
	local what=$1 want=$2 b=$3 rc lines
	runs=$((runs + 1))
	sha256sum "$b" mod.o >sums
	timeout 60 "$PAHOLE" -J --btf_base "$b" --btf_encode_detached=out.btf mod.o \
		>/dev/null 2>err
	rc=$?
	lines=$(wc -l <err)
	if grep -q -E 'Sanitizer|runtime error' err || [ $rc -gt 1 ] ||
	   { [ $rc -eq 0 ] && [ "$want" = 1 ]; } ||
	   { [ $rc -eq 1 ] && { [ "$lines" -ne 1 ] || ! grep -qF "$b" err; }; }; then
		echo "$what: exit $rc, $lines stderr lines:"
		head -n 5 err
		no
	fi
	sha256sum -c --quiet sums || no "$what: an input changed"
	cp out.btf own.btf 2>/dev/null
	PAHOLE_TEST_LIBBPF_BASE=1 timeout 60 "$PAHOLE" -J --btf_base "$b" \
		--btf_encode_detached=out.btf mod.o >/dev/null 2>err.libbpf
	[ $? -eq $rc ] && cmp -s err err.libbpf || { no "$what: not as libbpf's path"; return; }
	[ $rc -ne 0 ] || cmp -s own.btf out.btf || no "$what: other bytes than libbpf's path"
}

size=$(stat -c %s base.btf)
for n in 0 8 24 $((size / 2)) $((size - 1)); do
	head -c "$n" base.btf >raw.btf
	try "raw BTF truncated to $n bytes" 1 raw.btf
done
for frac in 1 2 3; do
	cp base-elf.o elf.o && "$SECTMUTATE" elf.o .BTF truncate $((size * frac / 4)) ||
		fail "sectmutate"
	try ".BTF truncated to $frac/4" 1 elf.o
done
for seed in $(seq 1 "$FLIPS"); do
	cp base-elf.o elf.o && "$SECTMUTATE" elf.o .BTF flip "$seed" $((seed % 3 + 1)) ||
		fail "sectmutate"
	try ".BTF flip seed $seed" 01 elf.o
	# the same flips in the raw file: .BTF is its only content
	cp base-elf.o raw.o && "$SECTMUTATE" raw.o .BTF flip "$seed" $((seed % 3 + 1)) &&
		objcopy -O binary --only-section=.BTF raw.o raw.btf || fail "objcopy"
	try "raw BTF flip seed $seed" 01 raw.btf
done
# The first type's name at the last string byte (an empty name), then one
# byte past the strings: the first is a base, the second is refused.
name_at() {
	python3 -c 'import struct, sys
b = bytearray(open(sys.argv[1], "rb").read())
hl, to, tl, so, sl = struct.unpack_from("<5I", b, 4)
struct.pack_into("<I", b, hl + to, sl + int(sys.argv[3]))
open(sys.argv[2], "wb").write(b)' base.btf "$1" "$2"
}
name_at last.btf -1 && name_at past.btf 0 || fail "python3"
"$PAHOLE" -J --btf_base last.btf --btf_encode_detached=out.btf mod.o ||
	no "a name at the last string byte is refused"
expect_error "a name past the strings" "past the strings" -- \
	"$PAHOLE" -J --btf_base past.btf --btf_encode_detached=out.btf mod.o || no
finish "damaged base BTF not handled" "$runs runs"
