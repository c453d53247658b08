# SPDX-License-Identifier: GPL-2.0-only
# An in-place write of a file over 64 MiB (a small program padded with a
# section BTF does not see) starts no process: under strace -f, no fork,
# vfork, or clone without CLONE_THREAD (threads are fine). The .BTF written
# equals the detached output.
. "$TOP/tests/lib.sh"
command -v strace >/dev/null || skip "no strace"
cd "$TMP" || fail "no temp dir"
small_exe prog || fail "cannot build the program"
pad_object prog big $((66 << 20)) || fail "cannot pad the program"
"$PAHOLE" -J -j2 --btf_encode_detached=want.btf big || fail "detached"
# LeakSanitizer cannot run under ptrace.
ASAN_OPTIONS=detect_leaks=0 strace -f -e trace=process -o trace.txt "$PAHOLE" -J -j2 big ||
	fail "in place under strace"
n=$(grep -cE ' (fork|vfork)\(|clone3?\(' trace.txt)
procs=$(grep -E ' (fork|vfork)\(|clone3?\(' trace.txt | grep -vc 'CLONE_THREAD')
[ "$n" -gt 0 ] || echo "note: no thread started either"
[ "$procs" -eq 0 ] || fail "$procs processes started: $(grep -E ' (fork|vfork)\(|clone3?\(' trace.txt | grep -v CLONE_THREAD | head -n 2)"
objcopy --dump-section .BTF=got.btf big junk.o || fail "no .BTF in place"
cmp -s got.btf want.btf || fail ".BTF in place differs from the detached output"
pass "66 MiB in place: $n clones, all threads, no process; .BTF as detached"
