# A file of 64 MiB or more written in place has a keeper (keeper.h): a
# child process that holds the input, and only it, until pahole has ended,
# so freeing the replaced file is not part of pahole's run. Seen with strace: one child,
# forked right after the input is opened for the copy ahead; it keeps only
# that file and the pidfd of pahole, writes and removes nothing, leaves the
# working directory, waits for pahole's end and ends after it. A small file
# (no copy ahead) and a file with a second link (nothing to free) have no
# keeper; nor has one of 40 MiB, copied ahead but quick to free. The bytes
# are those written without strace.
. "$TOP/tests/lib.sh"
command -v strace >/dev/null || skip "no strace"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
bad=0
no() { echo "$*"; bad=1; }

small_exe small.exe || fail "gcc"
pad_object small.exe big.exe $((66 << 20)) || fail "objcopy .pad"
cp big.exe big.plain && "$PAHOLE" -J big.plain || fail "pahole -J big.plain"

# LeakSanitizer (sanitizer builds) cannot run under ptrace.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0

# traced NAME: pahole -J NAME under strace -f, the trace in NAME.trace.
traced() {
	strace -f -q -e trace=%process,openat,pidfd_open,close_range,close,chdir,poll,write,unlink,unlinkat,rename,renameat2 \
		-o "$1.trace" "$PAHOLE" -J "$1" >"$1.out" 2>"$1.err" ||
		no "$1: pahole -J failed: $(head -n 2 "$1.err")"
}
# forks NAME: how many processes pahole started (threads left out).
forks() {
	grep -E '(clone|clone3|fork|vfork)\(' "$1.trace" | grep -v CLONE_THREAD | grep -c '= [0-9]'
}

cp big.exe big.add && traced big.add
cmp -s big.add big.plain || no "big.add: not the bytes written without strace"
n=$(forks big.add)
if [ "$n" != 1 ]; then
	no "big.add: $n processes started, want the keeper alone"
else
	awk -v file=big.add -f - big.add.trace >check.txt <<'EOT' || { cat check.txt; bad=1; }
# Fields: pid, then the call. The parent is the first pid seen.
function fail(msg) { print file ": " msg; bad = 1 }
NR == 1 { parent = $1 }
$1 == parent && $0 ~ "openat\\(AT_FDCWD, \"" file "\", O_RDONLY\\) = [0-9]+$" { input = $NF }
$1 == parent && /pidfd_open\(/ { pidfd = $NF }
$1 == parent && /(clone|clone3|fork)\(/ && !/CLONE_THREAD/ { child = $NF; forked_input = input }
$1 == parent && /\+\+\+ exited/ { parent_end = NR }
child != "" && $1 == child {
	if (/\+\+\+ exited/) child_end = NR
	else if (/close_range\(/) {
		split(substr($0, index($0, "close_range(") + 12), a, /[, ]+/)
		lo[++nr] = a[1]; hi[nr] = a[2]
	} else if (/chdir\("\/"/) chdir = 1
	else if (/poll\(\[\{fd=/) { split($0, b, /fd=/); polled = b[2] + 0 }
	else if (/^[0-9]+ +(write|unlink|unlinkat|rename|renameat2|openat)\(/) fail("the keeper called " $2)
}
END {
	if (child == "") { fail("no keeper"); exit 1 }
	# The descriptors below the last range closed that no range closed.
	top = 0
	for (i = 1; i <= nr; i++) if (hi[i] >= 4294967295) top = lo[i]
	if (!top) fail("the keeper did not close every descriptor above some")
	for (fd = 0; fd < top; fd++) {
		open_ = 1
		for (i = 1; i <= nr; i++) if (fd >= lo[i] && fd <= hi[i]) open_ = 0
		if (open_) kept = kept " " fd
	}
	want = " " (forked_input < pidfd ? forked_input " " pidfd : pidfd " " forked_input)
	if (kept != want) fail("the keeper kept fds" kept ", want" want " (the input, the pidfd)")
	if (polled != pidfd) fail("the keeper polled fd " polled ", not the pidfd " pidfd)
	if (!chdir) fail("the keeper stayed in the working directory")
	if (!parent_end || !child_end || child_end < parent_end)
		fail("the keeper did not end after pahole")
	exit bad
}
EOT
fi

cp big.exe big.linked && ln big.linked big.other && traced big.linked
[ "$(forks big.linked)" = 0 ] || no "big.linked: a keeper for a file with a second link"
cmp -s big.linked big.plain || no "big.linked: not the bytes written without strace"
cp small.exe small.add && traced small.add
[ "$(forks small.add)" = 0 ] || no "small.add: a keeper for a small file"
pad_object small.exe mid.exe $((40 << 20)) || fail "objcopy .pad (40 MiB)"
cp mid.exe mid.add && traced mid.add
cp mid.exe mid.vv && "$PAHOLE" -J -VV mid.vv 2>&1 | grep -q 'bytes were copied ahead' ||
	no "mid.vv: not copied ahead"
[ "$(forks mid.add)" = 0 ] || no "mid.add: a keeper for a file of 40 MiB"
[ $bad -eq 0 ] || fail "keeper"
pass "one keeper for a big file, holding its input and pidfd, ending after pahole; none for a linked, a 40 MiB or a small one"
