# SPDX-License-Identifier: GPL-2.0-only
# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# pahole is one plain process, as its caller started it, huge pages
# included (tuning.h): under strace -f, an in-place write of a file over
# 64 MiB and runs on a 2.5 MiB input start no process (no fork, vfork, or
# clone without CLONE_THREAD: threads are fine) and exec nothing after their
# own start. While one runs, `ps -C pahole` finds it, /proc/PID/comm is
# "pahole" and /proc/PID/cmdline the arguments given, an option after the
# file included (argp's parsing moves it). Huge pages are asked for
# (madvise MADV_HUGEPAGE) where the kernel's THP mode is "madvise", and not
# with PAHOLE_HUGEPAGES=0 or glibc.malloc.hugetlb in GLIBC_TUNABLES; the
# output is the same bytes either way. The .BTF in place equals the
# detached output.
. "$TOP/tests/lib.sh"
command -v strace >/dev/null || skip "no strace"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
# LeakSanitizer (sanitizer builds) cannot run under ptrace.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
unset PAHOLE_HUGEPAGES GLIBC_TUNABLES

# plain NAME ARGS...: pahole ARGS under strace -f; no process started, one exec.
plain() {
	local name=$1 procs execs
	shift
	strace -f -qq -e trace=process -o "$name.trace" "$PAHOLE" "$@" >"$name.out" ||
		{ no "$name: pahole $* failed under strace"; return; }
	procs=$(grep -E ' (fork|vfork)\(|clone3?\(' "$name.trace" | grep -vc CLONE_THREAD)
	execs=$(grep -c ' execve(' "$name.trace")
	[ "$procs" -eq 0 ] || no "$name: $procs processes started: $(grep -E ' (fork|vfork)\(|clone3?\(' "$name.trace" | grep -v CLONE_THREAD | head -n 1)"
	[ "$execs" -eq 1 ] || no "$name: $execs execve calls, want 1"
}

small_exe prog || fail "cannot build the program"
pad_object prog big $((66 << 20)) || fail "cannot pad the program"
pad_object prog t.o $((5 << 19)) || fail "cannot pad the program to 2.5 MiB"
"$PAHOLE" -J -j2 --btf_encode_detached=want.btf big || fail "detached"
plain inplace -J -j2 big
objcopy --dump-section .BTF=got.btf big junk.o || fail "no .BTF in place"
cmp -s got.btf want.btf || no ".BTF in place differs from the detached output"
plain encode -J -j2 --btf_encode_detached=small.btf t.o
plain print -C node t.o

# The running process: blocked reading --prettify's FIFO until written to.
mkfifo fifo || fail "mkfifo"
"$PAHOLE" t.o -C node --prettify=fifo >pretty.out 2>&1 &
pid=$!
for _ in $(seq 200); do
	[ "$(cat "/proc/$pid/wchan" 2>/dev/null)" = wait_for_partner ] && break
	sleep 0.1
done
[ "$(cat "/proc/$pid/wchan" 2>/dev/null)" = wait_for_partner ] ||
	no "pahole --prettify=fifo never waited for the FIFO's writer"
ps -C pahole -o pid= | grep -qw "$pid" || no "ps -C pahole does not list pid $pid: $(ps -o comm= -p "$pid")"
[ "$(cat "/proc/$pid/comm")" = pahole ] || no "/proc/$pid/comm is $(cat "/proc/$pid/comm")"
printf '%s\0' "$PAHOLE" t.o -C node --prettify=fifo >want.cmdline
# (cmp would take the size /proc gives, 0, for a difference)
cat "/proc/$pid/cmdline" >got.cmdline
cmp -s got.cmdline want.cmdline ||
	no "/proc/$pid/cmdline is '$(tr '\0' ' ' <"/proc/$pid/cmdline")'"
head -c 24 /dev/zero >fifo
wait "$pid" || no "pahole --prettify=fifo failed: $(cat pretty.out)"
grep -q '\.weight\|\.next' pretty.out || no "--prettify printed: $(cat pretty.out)"

# Huge pages asked for or not; the same bytes either way.
advised() { strace -f -qq -e trace=madvise -o "$1.madv" env "${@:2}" "$PAHOLE" -J \
	--btf_encode_detached="$1.btf" t.o && grep -c MADV_HUGEPAGE "$1.madv"; }
mode=$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)
on=$(advised on) off=$(advised off PAHOLE_HUGEPAGES=0) glibc=$(advised glibc \
	GLIBC_TUNABLES=glibc.malloc.hugetlb=0)
# A sanitizer's allocator is not glibc's: its memory is not what is advised.
sanitizer=$(readelf -d "$PAHOLE" | grep -o 'lib[at]san[^]]*' | head -n 1)
case $sanitizer:$mode in
?*:*) on="(a $sanitizer build: not counted)" ;;
*"[madvise]"*) [ "${on:-0}" -gt 0 ] || no "THP mode madvise: no MADV_HUGEPAGE" ;;
*) [ "${on:-0}" -eq 0 ] || no "THP mode '$mode': $on MADV_HUGEPAGE calls" ;;
esac
[ "${off:-0}" -eq 0 ] || no "PAHOLE_HUGEPAGES=0: $off MADV_HUGEPAGE calls"
[ "${glibc:-0}" -eq 0 ] || no "GLIBC_TUNABLES=glibc.malloc.hugetlb=0: $glibc MADV_HUGEPAGE calls"
for v in off glibc; do
	cmp -s on.btf $v.btf || no "$v: other BTF than with huge pages"
done
PAHOLE_HUGEPAGES=0 "$PAHOLE" -C node t.o >print0.out || no "PAHOLE_HUGEPAGES=0 -C node"
cmp -s print.out print0.out || no "PAHOLE_HUGEPAGES=0: other layout text"
finish "not a plain process" "66 MiB in place, 2.5 MiB encoded and printed: no process, one exec; ps and cmdline as given; THP '${mode:-none}': $on MADV_HUGEPAGE calls, none when turned off"
