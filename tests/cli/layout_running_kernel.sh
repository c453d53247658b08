#!/usr/bin/env bash
# tags: offline (no network, no kernel package)
# Without a file, pahole reads the running kernel's BTF; a lone type name is
# looked up there too.
. "$TOP/tests/lib.sh"
K=/sys/kernel/btf/vmlinux
[ -r "$K" ] || skip "$K is not readable here"
cd "$TMP" || fail "cannot cd"
"$PAHOLE" -C list_head >a.txt 2>err.txt || fail "pahole -C list_head exited $?: $(cat err.txt)"
"$PAHOLE" -C list_head "$K" >b.txt || fail "pahole -C list_head $K exited $?"
grep -q '^struct list_head {$' a.txt || fail "no struct list_head printed: $(head -3 a.txt)"
cmp -s a.txt b.txt || fail "differs from reading $K explicitly"
"$PAHOLE" list_head >c.txt || fail "pahole list_head exited $?"
cmp -s a.txt c.txt || fail "pahole list_head differs from pahole -C list_head"
PAHOLE_VMLINUX_BTF_FILENAME=$K "$PAHOLE" -C list_head >d.txt || fail "with PAHOLE_VMLINUX_BTF_FILENAME: exit $?"
cmp -s a.txt d.txt || fail "PAHOLE_VMLINUX_BTF_FILENAME gives another output"
pass "the running kernel's BTF is read without a file"
