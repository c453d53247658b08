#!/usr/bin/env bash
# tags: offline (no network, no kernel package)
# Malformed BTF is rejected with one pahole line naming the file (libbpf may
# add its own), exit status 1, never a crash: ids out of range, types that
# contain themselves, bad name offsets, truncated files, a header length
# that leaves the types misaligned (libbpf 1.1 takes it; reading them
# would be undefined): also in pfunct, codiff and dtagnames.
. "$TOP/tests/lib.sh"
command -v python3 >/dev/null || skip "python3 is needed to write the BTF"
python3 - "$TMP" <<'PY' || fail "cannot write the test BTF"
import struct, sys
d = sys.argv[1]
def btf(types, strings=b"\0a\0"):
    t = b"".join(types)
    hdr = struct.pack("<HBBIIIII", 0xeB9F, 1, 0, 24, 0, len(t), len(t), len(strings))
    return hdr + t + strings
def ty(name, kind, vlen, st, kflag=0):
    return struct.pack("<III", name, (kflag << 31) | (kind << 24) | vlen, st)
INT = struct.pack("<I", 32)        # 32 bits, offset 0, unsigned
mem = lambda name, typ, off: struct.pack("<III", name, typ, off)
cases = {
    "ref_out_of_range": btf([ty(1, 8, 0, 99)]),                       # typedef -> 99
    "typedef_loop": btf([ty(1, 8, 0, 1)]),                            # typedef a a
    "const_loop": btf([ty(0, 10, 0, 2), ty(0, 9, 0, 1)]),             # const <-> volatile
    "struct_in_itself": btf([ty(1, 4, 1, 4) + mem(1, 1, 0)]),         # struct a { struct a a; }
    "array_of_itself": btf([ty(0, 3, 0, 0) + struct.pack("<III", 1, 1, 2)]),
    "bad_name_off": btf([ty(1000, 1, 0, 4) + INT]),
    "member_bad_type": btf([ty(1, 4, 1, 4) + mem(1, 7, 0)]),
    "truncated": btf([ty(1, 4, 2, 8) + mem(1, 1, 0)])[:-9],
    "not_btf": b"\x9f\xeb\x01\x00" + b"\xff" * 40,
}
t = ty(1, 1, 0, 4) + INT
cases["misaligned"] = struct.pack("<HBBIIIII", 0xeB9F, 1, 0, 25, 0, len(t), len(t), 3) + b"\0" + t + b"\0a\0"
for name, data in cases.items():
    open(f"{d}/{name}.btf", "wb").write(data)
PY
n=0
for f in "$TMP"/*.btf; do
	n=$((n + 1))
	"$PAHOLE" -F btf "$f" >"$TMP/out" 2>"$TMP/err"
	rc=$?
	ours=$(grep -v '^libbpf:' "$TMP/err" | grep -v 'pahole: libbpf:')
	if [ "$rc" -ne 1 ] || [ "$(printf '%s\n' "$ours" | grep -c .)" -ne 1 ] ||
	   ! grep -qF "$f" <<<"$ours"; then
		echo "FAIL $(basename "$f"): exit $rc, stderr:"; cat "$TMP/err"
		no
	else
		echo "ok   $(basename "$f"): $ours"
	fi
done
for prog in pfunct codiff dtagnames; do
	n=$((n + 1))
	case $prog in
	codiff) "$TOP/build/codiff" -F btf "$TMP/misaligned.btf" "$TMP/misaligned.btf" ;;
	dtagnames) "$TOP/build/dtagnames" "$TMP/misaligned.btf" ;;
	*) "$TOP/build/$prog" -F btf "$TMP/misaligned.btf" ;;
	esac >/dev/null 2>"$TMP/err"
	rc=$?
	[ "$rc" -eq 1 ] && [ "$(wc -l <"$TMP/err")" -eq 1 ] && grep -q "not 4-byte aligned" "$TMP/err" ||
		{ echo "FAIL $prog misaligned.btf: exit $rc, stderr:"; cat "$TMP/err"; no; }
done
finish "$n malformed BTF files to be rejected cleanly" "$n malformed BTF files rejected with one line each"
