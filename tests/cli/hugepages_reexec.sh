# Huge pages for glibc's heaps: where the kernel's THP mode is "madvise" and
# glibc knows glibc.malloc.hugetlb (2.35 on), pahole with inputs of 2 MiB or
# more (the files and --btf_base) starts once more, in the same process,
# with the tunable added to GLIBC_TUNABLES (kept as the user set it
# otherwise); hugetlb set already (=0 or =1), or smaller inputs, mean no
# second start. Seen with strace; the bytes and exit statuses are those of
# a run without it.
. "$TOP/tests/lib.sh"
command -v strace >/dev/null || skip "no strace"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"

cat >t.c <<'EOF2'
struct node { struct node *next; const char *name; double weight; };
struct node head;
int count(const struct node *n) { return n ? 1 + count(n->next) : 0; }
EOF2
gcc -c -g t.c -o small.o || fail "gcc -c -g t.c"
# The same object, 2.5 MiB with a section of zeros that BTF does not see.
pad_object small.o t.o 2621440 || fail "objcopy --add-section"

mode=$(cat /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null)
libc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }')
want=1
case $mode in *"[madvise]"*)
	case $libc in 2.3[5-9]|2.[4-9][0-9]|[3-9].*) want=2 ;; esac
esac
echo "THP mode: ${mode:-none}; glibc ${libc:-unknown}: $want start(s) expected"

# LeakSanitizer (sanitizer builds) cannot run under ptrace.
export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0

# starts OUT TUNABLES ARGS...: runs pahole under strace with GLIBC_TUNABLES
# as given ("-": unset); prints the exit status, the starts go to OUT.trace.
starts() {
	local out=$1 tun=$2
	shift 2
	if [ "$tun" = - ]; then
		env -u GLIBC_TUNABLES strace -f -qq -v -s 4096 -e trace=execve -o "$out.trace" \
			"$PAHOLE" "$@" >"$out.out" 2>"$out.err"
	else
		GLIBC_TUNABLES=$tun strace -f -qq -v -s 4096 -e trace=execve -o "$out.trace" \
			"$PAHOLE" "$@" >"$out.out" 2>"$out.err"
	fi
	echo $?
}
nr_starts() { grep -c 'execve(.*= 0$' "$1.trace"; }
last_tunables() { grep 'execve(.*= 0$' "$1.trace" | tail -1 | grep -o '"GLIBC_TUNABLES=[^"]*"'; }

env -u GLIBC_TUNABLES "$PAHOLE" -J --btf_encode_detached=ref.btf t.o || fail "pahole -J t.o"

rc=$(starts s - -J --btf_encode_detached=s.btf small.o)
[ "$rc" = 0 ] || no "small: exit $rc: $(cat s.err)"
cmp -s s.btf ref.btf || no "small: other bytes"
[ "$(nr_starts s)" = 1 ] || no "small: $(nr_starts s) starts, want 1"

rc=$(starts a - -J --btf_encode_detached=a.btf t.o)
[ "$rc" = 0 ] || no "unset: exit $rc: $(cat a.err)"
cmp -s a.btf ref.btf || no "unset: other bytes"
[ "$(nr_starts a)" = "$want" ] || no "unset: $(nr_starts a) starts, want $want"
if [ $want = 2 ]; then
	[ "$(last_tunables a)" = '"GLIBC_TUNABLES=glibc.malloc.hugetlb=1"' ] ||
		no "unset: second start has $(last_tunables a)"
	[ "$(grep 'execve(' a.trace | awk '{ print $1 }' | sort -u | wc -l)" = 1 ] ||
		no "unset: the second start is another process"
fi

rc=$(starts b glibc.malloc.arena_max=2 -J --btf_encode_detached=b.btf t.o)
[ "$rc" = 0 ] || no "arena_max: exit $rc: $(cat b.err)"
cmp -s b.btf ref.btf || no "arena_max: other bytes"
[ "$(nr_starts b)" = "$want" ] || no "arena_max: $(nr_starts b) starts, want $want"
[ $want = 2 ] && { [ "$(last_tunables b)" = \
	'"GLIBC_TUNABLES=glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1"' ] ||
	no "arena_max: second start has $(last_tunables b)"; }

for tun in glibc.malloc.hugetlb=0 glibc.malloc.hugetlb=1; do
	rc=$(starts c $tun -J --btf_encode_detached=c.btf t.o)
	[ "$rc" = 0 ] || no "$tun: exit $rc: $(cat c.err)"
	cmp -s c.btf ref.btf || no "$tun: other bytes"
	[ "$(nr_starts c)" = 1 ] || no "$tun: $(nr_starts c) starts, want 1"
	[ "$(last_tunables c)" = "\"GLIBC_TUNABLES=$tun\"" ] || no "$tun: became $(last_tunables c)"
done

# An error, a base that is no BTF, and a layout, through the second start.
rc=$(starts d - -J --btf_base t.o --btf_encode_detached=d.btf small.o)
[ "$rc" = 1 ] && [ "$(wc -l <d.err)" = 1 ] || no "--btf_base t.o: exit $rc, $(wc -l <d.err) lines"
[ "$(nr_starts d)" = "$want" ] || no "--btf_base t.o: $(nr_starts d) starts, want $want"
rc=$(starts e - -C node t.o)
GLIBC_TUNABLES=glibc.malloc.hugetlb=0 "$PAHOLE" -C node t.o >e.ref
[ "$rc" = 0 ] && cmp -s e.out e.ref || no "-C node: exit $rc or other text"

finish "huge pages" "$want start(s) from 2.5 MiB of input where THP is '${mode:-none}' and glibc $libc; bytes, tunables and exits as without"
