# tags: offline (no network, no kernel package)
. "$TOP/tests/lib.sh"
# Self-test of the comparison tools: btfcanon must print the expected
# canonical lines for a known object, be stable under a no-op rewrite,
# and show a one-detail change in exactly the line of the changed type.

[ -x "$BTFCANON" ] || fail "btfcanon not built: $BTFCANON"
[ -x "$BTFMUTATE" ] || fail "btfmutate not built: $BTFMUTATE"
[ -x /usr/bin/pahole ] || skip "reference pahole /usr/bin/pahole not installed"
command -v gcc >/dev/null || skip "gcc not installed"

cat >"$TMP/a.c" <<'EOF'
enum canon_color { CANON_RED, CANON_GREEN = 5, CANON_BLUE };

struct canon_point {
	int x;
	long y;
	char tag[4];
	struct canon_point *next;
	enum canon_color color;
};

struct canon_point canon_origin;
enum canon_color canon_default = CANON_GREEN;

int canon_use(struct canon_point *p)
{
	return p->x + (int)p->color;
}
EOF

gcc -c -g -gdwarf-5 -O0 -o "$TMP/a.o" "$TMP/a.c" || fail "gcc failed"
rm -f "$TMP/a.btf"
/usr/bin/pahole -J --btf_encode_detached="$TMP/a.btf" "$TMP/a.o" >/dev/null ||
	fail "reference pahole failed"

"$BTFCANON" "$TMP/a.btf" >"$TMP/a.canon" || fail "btfcanon failed on $TMP/a.btf"
[ -s "$TMP/a.canon" ] || fail "empty canonical text"

expect_line() {
	grep -qxF "$1" "$2" || { cat "$2"; fail "missing line: $1"; }
}

struct_line="STRUCT 'canon_point' size=40 kflag=0 members={ 'x' off=0 bf=0 type=INT:'int'; 'y' off=64 bf=0 type=INT:'long int'; 'tag' off=128 bf=0 type=(ARRAY '' nelems=4 elem=INT:'char' index=INT:'int'); 'next' off=192 bf=0 type=(PTR '' type=STRUCT:'canon_point'); 'color' off=256 bf=0 type=ENUM:'canon_color'; }"
enum_line="ENUM 'canon_color' size=4 kflag=0 vals={ 'CANON_RED'=0; 'CANON_GREEN'=5; 'CANON_BLUE'=6; }"
expect_line "$struct_line" "$TMP/a.canon"
expect_line "$enum_line" "$TMP/a.canon"
expect_line "INT 'int' size=4 bits=32 off=0 enc=SIGNED" "$TMP/a.canon"
LC_ALL=C sort -c "$TMP/a.canon" || fail "canonical text is not bytewise sorted"

# mutate WHAT: canonical text of a copy of a.btf changed by btfmutate.
mutate() {
	"$BTFMUTATE" "$TMP/a.btf" "$TMP/$1.btf" "$1" || fail "btfmutate $1 failed"
	"$BTFCANON" "$TMP/$1.btf" >"$TMP/$1.canon" || fail "btfcanon failed after btfmutate $1"
}

# only_change WHAT PREFIX: the diff is one line out, one line in, both
# starting with PREFIX.
only_change() {
	local old new
	diff "$TMP/a.canon" "$TMP/$1.canon" >"$TMP/$1.diff" &&
		fail "btfmutate $1 made no visible change"
	old=$(grep -c '^<' "$TMP/$1.diff")
	new=$(grep -c '^>' "$TMP/$1.diff")
	if [ "$old" -ne 1 ] || [ "$new" -ne 1 ]; then
		cat "$TMP/$1.diff"
		fail "btfmutate $1 changed $old/$new lines, want 1/1"
	fi
	if ! grep -q "^< $2" "$TMP/$1.diff" || ! grep -q "^> $2" "$TMP/$1.diff"; then
		cat "$TMP/$1.diff"
		fail "btfmutate $1 changed the wrong line"
	fi
}

mutate none
cmp -s "$TMP/a.canon" "$TMP/none.canon" || fail "no-op rewrite changed the canonical text"

mutate member
only_change member "STRUCT 'canon_point' "
grep -qF "'color' off=264 bf=0" "$TMP/member.canon" || fail "member offset change not shown"

mutate enum
only_change enum "ENUM 'canon_color' "
grep -qF "'CANON_RED'=1;" "$TMP/enum.canon" || fail "enum value change not shown"

# A file that is not BTF: exit 1, nothing on stdout, one line on stderr.
echo "not btf" >"$TMP/junk"
"$BTFCANON" "$TMP/junk" >"$TMP/junk.out" 2>"$TMP/junk.err"
rc=$?
[ "$rc" -eq 1 ] || fail "btfcanon on junk exited $rc, want 1"
[ -s "$TMP/junk.out" ] && fail "btfcanon on junk printed to stdout"
[ "$(wc -l <"$TMP/junk.err")" -eq 1 ] || { cat "$TMP/junk.err"; fail "want one stderr line"; }
grep -q "^btfcanon: $TMP/junk: ." "$TMP/junk.err" || fail "bad error line: $(cat "$TMP/junk.err")"

pass "canonical text, mutations and error path ok"
