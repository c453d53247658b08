# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --kabi_prefix=P: every DWARF name starting with P reads as P itself
# (btf-encoding.md 2), in the layouts and in the BTF, as /usr/bin/pahole
# does; without the option the names stay whole.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
cat >k.c <<'SRC'
struct kabi_s { int _RH_KABI_RESERVE_1; long _RH_KABI_RESERVE_2; int x; };
struct kabi_s g;
enum kabi_e { _RH_KABI_E1 = 1, KABI_E2 };
enum kabi_e e;
SRC
gcc -g -c k.c -o k.o || fail "gcc"
# 1.24 prints no blank line after the last struct, as v1.31 does.
"$PAHOLE" --kabi_prefix=_RH_KABI -C kabi_s k.o | sed '${/^$/d}' >ours.txt || fail "pahole -C"
/usr/bin/pahole --kabi_prefix=_RH_KABI -C kabi_s k.o >theirs.txt || fail "/usr/bin/pahole -C"
diff -u theirs.txt ours.txt || fail "layout differs from /usr/bin/pahole's"
[ "$(grep -c ' _RH_KABI; ' ours.txt)" -eq 2 ] || fail "the two members are not named _RH_KABI"
"$PAHOLE" -C kabi_s k.o | grep -q _RH_KABI_RESERVE_2 || fail "without the option a name was cut"
"$PAHOLE" $REF_FLAGS --kabi_prefix=_RH_KABI --btf_encode_detached=k.btf k.o || fail "pahole -J"
/usr/sbin/bpftool btf dump file k.btf >dump.txt || fail "bpftool"
grep -q "^	'_RH_KABI' val=1$" dump.txt || fail "the enumerator is not named _RH_KABI"
[ "$(grep -c "^	'_RH_KABI' type_id=" dump.txt)" -eq 2 ] || fail "the BTF members are not named _RH_KABI"
/usr/bin/pahole -J --kabi_prefix=_RH_KABI --btf_encode_detached=t.btf k.o || fail "/usr/bin/pahole -J"
/usr/sbin/bpftool btf dump file t.btf | sed -n '/STRUCT .kabi_s/,/^\[/p' | head -n 4 >t.struct
sed -n '/STRUCT .kabi_s/,/^\[/p' dump.txt | head -n 4 >o.struct
diff -u t.struct o.struct || fail "the struct's BTF differs from /usr/bin/pahole's"
pass "names starting with the prefix are the prefix, in the layout and the BTF"
