# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --prettify on bad input: a missing or unreadable file, an unknown type,
# header or enum, a malformed -C expression, a seek past the end, a
# truncated or oversized record. Each exits 1 with one line on stderr that
# names what is wrong; options that make no sense are usage errors (64,
# one line); random bytes never crash it.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"

cat >types.h <<'EOF'
#include <stdint.h>
enum kind { K_ONE = 1, K_TWO = 2 };
struct section { uint64_t offset, size; };
struct hdr { uint64_t magic; struct section data; };
struct rec { uint32_t type; uint16_t misc; uint16_t size; };
struct rec_one { struct rec header; char name[8]; };
EOF
printf '#include "types.h"\nstruct hdr a; struct rec_one b; enum kind c;\n' >types.c
printf '#include "types.h"\nstruct rec_one b;\n' >cu_rec.c
printf '#include "types.h"\nenum kind c;\n' >cu_enum.c
gcc -g -c types.c -o types.o || fail "gcc types.c"
gcc -g -c cu_rec.c cu_enum.c && ld -r cu_rec.o cu_enum.o -o multi.o || fail "multi.o"
# A header, then a record of 16 bytes, then one saying it has 40 of the 24 left.
python3 - <<'EOF' || fail "cannot write the inputs"
import struct
rec = struct.pack('<IHH8s', 1, 0, 16, b'one')
cut = struct.pack('<IHH16s', 1, 0, 40, b'cut')
open('data.bin', 'wb').write(struct.pack('<QQQ', 7, 24, 40) + rec + cut)
open('big.bin', 'wb').write(struct.pack('<IHH', 1, 0, 0xffff) + b'\0' * 8)
open('empty.bin', 'wb').write(b'')
EOF
# A size member of 32 bits whose record would be 4 GiB.
printf '#include <stdint.h>\nstruct huge { uint32_t size; uint32_t pad; };\nstruct huge h;\n' >huge.c
gcc -g -c huge.c -o huge.o || fail "gcc huge.c"
printf '\377\377\377\377\0\0\0\0' >huge.bin

REC='rec(sizeof,type,type_enum=kind)'
n=0
err() {
	n=$((n + 1))
	expect_error "$@" || no
}
err "missing input" nosuch.bin -- "$PAHOLE" -C rec --prettify nosuch.bin types.o
err "input is a directory" "$TMP" -- "$PAHOLE" -C rec --prettify "$TMP" types.o
err "missing types file" nosuch.o -- "$PAHOLE" -C rec --prettify data.bin nosuch.o
err "unknown type" nosuch -- "$PAHOLE" -C nosuch --prettify data.bin types.o
err "unknown second type" nosuch -- "$PAHOLE" -C rec,nosuch --prettify data.bin types.o
err "unknown header" nosuch -- "$PAHOLE" --header=nosuch -C rec --prettify data.bin types.o
err "unknown type_enum" nosuch -- "$PAHOLE" -C 'rec(type,type_enum=nosuch)' \
	--prettify data.bin types.o
err "missing '='" "'size'" -- "$PAHOLE" -C 'rec(size)' --prettify data.bin types.o
err "unknown argument" "'bar'" -- "$PAHOLE" -C 'rec(bar=1)' --prettify data.bin types.o
err "no closing parens" "rec(type" -- "$PAHOLE" -C 'rec(type' --prettify data.bin types.o
err "unterminated" "rec(type,x" -- "$PAHOLE" -C 'rec(type,x' --prettify data.bin types.o
err "missing value" "rec(type=)" -- "$PAHOLE" -C 'rec(type=)' --prettify data.bin types.o
err "sizeof member" nosuch -- "$PAHOLE" -C 'rec(sizeof=nosuch)' --prettify data.bin types.o
err "type member" nosuch -- "$PAHOLE" -C 'rec(type=nosuch)' --prettify data.bin types.o
err "filter without ==" "type=1" -- "$PAHOLE" -C 'rec(filter=type=1)' \
	--prettify data.bin types.o
err "filter member" "nosuch==1" -- "$PAHOLE" -C 'rec(filter=nosuch==1)' \
	--prettify data.bin types.o
err "filter on nothing" "==1" -- "$PAHOLE" -C 'rec(==1)' --prettify data.bin types.o
err "filter enumerator" "K_THREE" -- "$PAHOLE" -C "${REC%)},type==K_THREE)" \
	--prettify data.bin types.o
err "symbolic filter, enum in a later CU" "type==ONE" -- "$PAHOLE" -C "${REC%)},type==ONE)" \
	--prettify data.bin multi.o
err "arguments on an enum" "'struct'" -- "$PAHOLE" -C 'kind(type)' --prettify data.bin types.o
err "seek past the end" data.bin -- "$PAHOLE" --seek_bytes=4096 -C rec --prettify data.bin \
	types.o
err "seek behind the header" data.bin -- "$PAHOLE" --header=hdr --seek_bytes=8 -C rec \
	--prettify data.bin types.o
err "header member" nosuch -- "$PAHOLE" --header=hdr --seek_bytes='$header.nosuch' -C rec \
	--prettify data.bin types.o
err "header member not a number" "'data'" -- "$PAHOLE" --header=hdr \
	--seek_bytes='$header.data' -C rec --prettify data.bin types.o
err "\$header without --header" "--header" -- "$PAHOLE" --seek_bytes='$header.data.offset' \
	-C rec --prettify data.bin types.o
err "range without --header" "--header" -- "$PAHOLE" --range=data -C rec \
	--prettify data.bin types.o
err "range member" "nosuch.offset" -- "$PAHOLE" --header=hdr --range=nosuch -C rec \
	--prettify data.bin types.o
err "truncated record" data.bin -- "$PAHOLE" --header=hdr --range=data -C "$REC" \
	--prettify data.bin types.o
err "truncated record past the range" big.bin -- "$PAHOLE" -C "$REC" --prettify big.bin types.o
err "oversized record" huge.bin -- "$PAHOLE" -C 'huge(sizeof)' --prettify huge.bin huge.o
err "header not in the input" empty.bin -- "$PAHOLE" --header=hdr -C rec \
	--prettify empty.bin types.o
err "header alone, empty input" empty.bin -- "$PAHOLE" --header=hdr --prettify empty.bin types.o

# usage ARGS...: exit 64 with one line on stderr.
usage() {
	local rc lines
	n=$((n + 1))
	"$PAHOLE" "$@" >/dev/null 2>usage.err
	rc=$?
	lines=$(wc -l <usage.err)
	if [ $rc -ne 64 ] || [ "$lines" -ne 1 ]; then
		echo "$*: exit $rc, $lines stderr lines (want 64, 1):"
		cat usage.err
		no
	else
		echo "$*: $(cat usage.err)"
	fi
}
usage --count=x -C rec --prettify data.bin types.o
usage --skip=-1 -C rec --prettify data.bin types.o
usage --seek_bytes=abc -C rec --prettify data.bin types.o
usage --size_bytes=0x -C rec --prettify data.bin types.o
usage --count=1 types.o
usage --header_type=hdr types.o
usage --range=data -C rec types.o
usage --prettify data.bin types.o
usage -J --prettify data.bin -C rec types.o

# Random records of random sizes: printed or refused, never a crash.
head -c 65536 /dev/urandom >random.bin || fail "no /dev/urandom"
for c in "$REC" rec_one 'rec(sizeof)' 'hdr' 'huge(sizeof)'; do
	n=$((n + 1))
	"$PAHOLE" -C "$c" --prettify random.bin types.o huge.o >/dev/null 2>random.err
	rc=$?
	if { [ $rc -ne 0 ] && [ $rc -ne 1 ]; } || [ "$(wc -l <random.err)" -gt 1 ]; then
		echo "random.bin, -C $c: exit $rc:"
		head -5 random.err
		no
	fi
done
finish "bad input was not refused cleanly" "$n bad inputs refused with one line"
