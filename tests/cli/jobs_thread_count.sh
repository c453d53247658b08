# SPDX-License-Identifier: GPL-2.0-only
# tags: tsan (threads under ThreadSanitizer)
# -jN starts N loader threads besides the main thread, as upstream does
# (ps -L shows N + 1 while the CUs load); without -j no thread is started.
# The most threads seen (from /proc/PID/task, polled through the run) is
# checked for each, and the output is the same at every -j. ThreadSanitizer
# adds a thread of its own once a program starts one: counted for it.
. "$TOP/tests/lib.sh"
tsan=0
nm "$PAHOLE" 2>/dev/null | grep -q __tsan_init && tsan=1
in=$CLANG_KERNEL
[ -f "$in" ] || fail "$in is missing"
cd "$TMP" || fail "no temp dir"
xz -dc "$in" >vmlinux.o || fail "xz"
FLAGS="-J --btf_gen_floats --lang_exclude=rust --btf_gen_optimized"
most_threads() { # PAHOLE_ARGS...: runs pahole, prints the most threads it had
	"$PAHOLE" "$@" &
	local pid=$! most=0 n
	while [ -d /proc/$pid/task ]; do
		n=$(ls /proc/$pid/task 2>/dev/null | wc -l)
		[ "$n" -gt "$most" ] && most=$n
		sleep 0.005
	done
	wait $pid || echo "exit $?" >&2
	echo "$most"
}
for j in none 1 2 3; do
	if [ $j = none ]; then arg= want=1; else arg=-j$j want=$((j + 1 + tsan)); fi
	got=$(most_threads $FLAGS $arg --btf_encode_detached=out$j.btf vmlinux.o 2>err) ||
		fail "pahole $arg"
	[ -s err ] && no "$arg: $(cat err)"
	echo "${arg:-no -j}: at most $got threads (want $want)"
	[ "$got" = "$want" ] || no
	[ $j = none ] || cmp -s outnone.btf out$j.btf || no "$arg: output differs"
done
finish "thread counts or outputs wrong" "-jN: N loader threads besides the main one; same output"
