# tags: offline (no network, no kernel package)
# A clang -O2 program of several CUs with the kernel's patterns (issue: the
# clang/lld kernel): an external function inlined into its own CU and called
# from others (clang puts its out-of-line instance before the abstract origin
# it refers to), static functions of one name in several CUs, with the same
# and with different prototypes, and static inline helpers kept out of line.
# FUNCs whose name is unique are those /usr/bin/pahole (1.24) encodes, with
# the same prototypes; the same-name statics are left out as ambiguous
# (btf-encoding.md 3.5), where 1.24, which has no such rule, keeps the first.
. "$TOP/tests/lib.sh"
command -v clang >/dev/null || skip "no clang"
[ -x /usr/bin/pahole ] || skip "no /usr/bin/pahole"
cd "$TMP" || fail "no temp dir"
cat >u.h <<'EOT'
struct ctx { int a; long b; };
extern volatile int sink;
unsigned int is_err(unsigned long code);
int u1_entry(struct ctx *c, unsigned long code);
int u2_entry(struct ctx *c, unsigned long code);
int u3_entry(const char *s, unsigned long code);
EOT
cat >m.c <<'EOT'
#include "u.h"
volatile int sink;
int main(int argc, char **argv)
{
	struct ctx c = { argc, argc };
	return u1_entry(&c, argc) + u2_entry(&c, argc) + u3_entry(argv[0], argc);
}
EOT
cat >u1.c <<'EOT'
#include "u.h"
/* Called from other CUs and inlined into this one: clang emits the
 * out-of-line instance before its abstract origin. */
unsigned int is_err(unsigned long code)
{
	return code > -4096UL;
}
static __attribute__((noinline)) int helper(struct ctx *c, int v)
{
	return c->a * v + sink;
}
static inline __attribute__((noinline)) long scale(const struct ctx *c, long by)
{
	return c->b * by;
}
int u1_entry(struct ctx *c, unsigned long code)
{
	if (is_err(code))
		return -1;
	return helper(c, 3) + (int)scale(c, 5);
}
EOT
cat >u2.c <<'EOT'
#include "u.h"
static __attribute__((noinline)) int helper(struct ctx *c, int v)
{
	return c->b - v + sink;
}
static inline __attribute__((noinline)) long scale(const struct ctx *c, long by)
{
	return c->a + by;
}
int u2_entry(struct ctx *c, unsigned long code)
{
	return is_err(code) ? 0 : helper(c, 7) + (int)scale(c, 2);
}
EOT
cat >u3.c <<'EOT'
#include "u.h"
static __attribute__((noinline)) long helper(const char *s, long n)
{
	return s[n] + sink;
}
int u3_entry(const char *s, unsigned long code)
{
	return is_err(code) + (int)helper(s, 2);
}
EOT
funcs() { "$BTFCANON" "$1" | grep '^FUNC ' | LC_ALL=C sort; }
n=0
check() { # NAME FILE
	rm -f ours.btf ref.btf
	"$PAHOLE" $REF_FLAGS -j2 --btf_encode_detached=ours.btf "$2" || { no "$1: encoding failed"; return; }
	/usr/bin/pahole -J --btf_gen_floats --btf_encode_detached=ref.btf "$2" >/dev/null ||
		{ no "$1: /usr/bin/pahole failed"; return; }
	funcs ours.btf | grep -v -e "^FUNC 'helper'" -e "^FUNC 'scale'" >ours.txt
	funcs ref.btf | grep -v -e "^FUNC 'helper'" -e "^FUNC 'scale'" >ref.txt
	diff ours.txt ref.txt >diff.txt || { no "$1: FUNCs differ (< ours, > 1.24):"; cat diff.txt; }
	grep -q "^FUNC 'is_err' linkage=0 type=(FUNC_PROTO '' ret=INT:'unsigned int' params=( 'code' INT:'unsigned long' ))" ours.txt ||
		no "$1: is_err missing or wrong"
	[ "$(wc -l <ours.txt)" -eq 5 ] || no "$1: $(wc -l <ours.txt) unique FUNCs, want 5"
	funcs ours.btf | grep -e "^FUNC 'helper'" -e "^FUNC 'scale'" && no "$1: ambiguous statics encoded"
	n=$((n + 1))
}
for dv in $DWARF_VERSIONS; do
	clang -g -gdwarf-"$dv" -O2 -o prog m.c u1.c u2.c u3.c || fail "clang link"
	[ "$(nm prog | grep -c ' t helper$')" -eq 3 ] || skip "clang inlined the helpers"
	for f in m u1 u2 u3; do clang -g -gdwarf-"$dv" -O2 -c $f.c -o $f.o || fail "clang $f.c"; done
	ld -r m.o u1.o u2.o u3.o -o all.o || fail "ld -r"
	check "dwarf$dv executable" prog
	check "dwarf$dv relocatable" all.o
done
finish "clang FUNC selection" "$n clang builds: unique FUNCs as /usr/bin/pahole, same-name statics left out"
