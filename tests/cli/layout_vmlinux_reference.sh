#!/usr/bin/env bash
# The Debian vmlinux printed as upstream v1.32 prints it: the reference BTF
# with --sort, and 20 structs with -C from the DWARF.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
REF=$REF_DIR
[ -f "$REF/layout/vmlinux.btf-sort.txt" ] || skip "no layout reference in $REF"
"$PAHOLE" -F btf --sort "$REF/vmlinux-6.1.0-57-cloud-amd64.btf" >"$TMP/sort.txt" ||
	fail "pahole -F btf --sort exited $?"
cmp -s "$TMP/sort.txt" "$REF/layout/vmlinux.btf-sort.txt" ||
	fail "--sort of the reference BTF differs: $(diff "$TMP/sort.txt" "$REF/layout/vmlinux.btf-sort.txt" | head -5)"
V=$(vmlinux_path) || skip "cannot fetch the Debian kernel package"
C=task_struct,sk_buff,inode,page,file,sock,net_device,mm_struct,super_block,dentry,bio
C=$C,request_queue,vm_area_struct,tcp_sock,request_sock,cgroup,bpf_prog,perf_event,rq,address_space
# Neither finds struct rq: upstream says so and exits 0, ours exits 1.
"$PAHOLE" -C "$C" "$V" >"$TMP/c20.txt" 2>"$TMP/err.txt"
rc=$?
[ $rc -eq 1 ] && [ "$(cat "$TMP/err.txt")" = "pahole: type 'rq' not found" ] ||
	fail "pahole -C exited $rc: $(head -n 2 "$TMP/err.txt")"
cmp -s "$TMP/c20.txt" "$REF/layout/vmlinux.dwarf-C-20.txt" ||
	fail "-C of 20 structs differs: $(diff "$TMP/c20.txt" "$REF/layout/vmlinux.dwarf-C-20.txt" | head -5)"
pass "btf --sort ($(wc -l <"$TMP/sort.txt") lines) and -C of 20 structs identical"
