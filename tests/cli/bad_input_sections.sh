# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Damaged DWARF sections. Truncated .debug_info, .debug_abbrev and
# .debug_str (the section header says fewer bytes, the file is whole): exit
# 1 and one line naming the file. 50 seeded bit flips in each: exit 0, or
# exit 1 and one line naming the file. Never a signal, a hang, a sanitizer
# report, or a change to the input.
. "$TOP/tests/lib.sh"
SECTMUTATE=${SECTMUTATE:-$TOP/build/sectmutate}
FLIPS=${FLIPS:-50}
[ -x "$SECTMUTATE" ] || fail "$SECTMUTATE is not built"
cd "$TMP" || fail "no temp dir"
cat >src.c <<'EOC'
enum color { RED, GREEN = 5, BLUE = -1 };
typedef unsigned long word_t;
struct node { struct node *next; const char *name; int flags : 3, kind : 5; };
union value { long l; double d; char c[8]; };
struct holder {
	struct node head;
	union value v[4];
	enum color c;
	word_t (*fn)(struct node *, int, ...);
	volatile word_t counter;
	struct { int inner; } anon;
} h;
int use(struct holder *p) { return p->head.flags + p->anon.inner; }
EOC
gcc -c -g -gdwarf-5 -O2 src.c -o gcc5.o && clang -c -g -gdwarf-4 src.c -o clang4.o ||
	fail "cannot compile"

# secsize FILE SECTION: the section's size in bytes.
secsize() {
	local h
	h=$(readelf -SW "$1" | sed -n "s/^ *\[ *[0-9]*\] $2 *[A-Z_]* *[0-9a-f]* [0-9a-f]* \([0-9a-f]*\) .*/\1/p")
	[ -n "$h" ] && echo $((16#$h))
}

runs=0
# try WHAT WANT FILE: runs pahole on FILE; WANT is 1 (must fail) or 01.
try() {
	local what=$1 want=$2 f=$3 rc lines sum
	runs=$((runs + 1))
	sum=$(cksum <"$f")
	rm -f out.btf
	timeout 60 "$PAHOLE" -J -j2 --btf_encode_detached=out.btf "$f" >/dev/null 2>err
	rc=$?
	lines=$(wc -l <err)
	if grep -q -E 'Sanitizer|runtime error' err || [ $rc -gt 1 ] ||
	   { [ $rc -eq 0 ] && [ "$want" = 1 ]; } ||
	   { [ $rc -eq 1 ] && { [ "$lines" -ne 1 ] || ! grep -qF "$f" err; }; }; then
		echo "$what: exit $rc, $lines stderr lines:"
		head -n 5 err
		no
	elif [ $rc -eq 1 ] && [ -e out.btf ]; then
		no "$what: failed but wrote an output file"
	fi
	[ "$(cksum <"$f")" = "$sum" ] || no "$what: input changed"
}

for obj in gcc5.o clang4.o; do
	for sec in .debug_info .debug_abbrev .debug_str; do
		size=$(secsize "$obj" "$sec") || fail "$obj has no $sec"
		for frac in 1 2 3; do
			cp "$obj" w.o && "$SECTMUTATE" w.o "$sec" truncate $((size * frac / 4)) ||
				fail "sectmutate"
			try "$obj $sec truncated to $frac/4" 1 w.o
		done
		for seed in $(seq 1 "$FLIPS"); do
			cp "$obj" w.o && "$SECTMUTATE" w.o "$sec" flip "$seed" $((seed % 4 + 1)) ||
				fail "sectmutate"
			try "$obj $sec flip seed $seed" 01 w.o
		done
	done
done
finish "damaged sections not handled" "$runs runs"
