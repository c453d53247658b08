# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# -j/--jobs: valid spellings are accepted and never change the output bytes;
# invalid values are usage errors (exit 64, one line on stderr).
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"

cat >t.c <<'EOF'
struct node { struct node *next; const char *name; double weight; unsigned flags : 3; };
union u { int i; float f; struct node n; };
typedef struct node node_t;
node_t head;
union u g_u;
int sum(const node_t *n, int k) { return n ? k + sum(n->next, k) : k; }
EOF
gcc -c -g t.c -o t.o || fail "gcc -c -g t.c"

"$PAHOLE" -J --btf_encode_detached=ref.btf t.o 2>ref.err || fail "pahole without -j: $(cat ref.err)"
[ -s ref.btf ] || fail "pahole without -j wrote nothing"

n=0
for j in -j -j1 -j2 -j64 --jobs=3 --jobs "-j3 --cu_window=1" "-j --cu_window=1000000"; do
	n=$((n + 1))
	rm -f out.btf
	"$PAHOLE" -J $j --btf_encode_detached=out.btf t.o 2>err.txt
	rc=$?
	if [ "$rc" -ne 0 ]; then
		no "$j: exit $rc: $(cat err.txt)"
	elif ! cmp -s out.btf ref.btf; then
		no "$j: output differs from the run without -j"
	fi
done

for j in -j0 -jfoo -j-1 --jobs=2x --jobs=0 -j4x -j4097 --cu_window=0 --cu_window=x \
	--cu_window=-1 --cu_window=2000000; do
	n=$((n + 1))
	rm -f out.btf
	"$PAHOLE" -J "$j" --btf_encode_detached=out.btf t.o >out.txt 2>err.txt
	rc=$?
	lines=$(wc -l <err.txt)
	if [ "$rc" -ne 64 ] || [ "$lines" -ne 1 ]; then
		no "$j: exit $rc with $lines stderr lines (want 64 and 1):"
		sed 's/^/    /' err.txt
	else
		echo "$j: $(cat err.txt)"
	fi
	[ -e out.btf ] && no "$j: an output file was written"
done

finish "-j handling" "$n -j and --cu_window spellings: valid ones give identical bytes, invalid ones exit 64"
