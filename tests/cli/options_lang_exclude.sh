# CU filters: --lang_exclude, --lang, -X PREFIX and, without --lang*, the
# environment's PAHOLE_LANG_EXCLUDE. A CU left out gives no types, neither
# encoded nor printed, at any -j; as with /usr/bin/pahole where it has them.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
bad=0
no() { echo "$*"; bad=1; }

cat >a.c <<'EOF2'
struct only_c11 { int a; long b; };
struct only_c11 v11;
int f11(struct only_c11 *p) { return p->a; }
EOF2
cat >b.c <<'EOF2'
struct only_c99 { char c; int d; };
struct only_c99 v99;
int f99(struct only_c99 *p) { return p->d; }
EOF2
# Two CUs of two languages: DW_LANG_C11 and DW_LANG_C99.
gcc -g -std=gnu11 -c a.c -o a.o && gcc -g -std=gnu99 -c b.c -o b.o &&
	ld -r -o ab.o a.o b.o || fail "cannot build the two-language object"

structs() { grep -o 'struct only_c[0-9]*' | sort -u | tr '\n' ' '; }
check() {	# check WANT [ENV=VALUE] OPTION...: printed and encoded at -j1 to -j3
	local want=$1 env=; shift
	case $1 in *=*) [ "${1#-}" = "$1" ] && { env=$1; shift; } ;; esac
	for j in -j1 -j2 -j3; do
		got=$(env $env "$PAHOLE" $j "$@" ab.o 2>err.txt | structs)
		[ "$got" = "$want" ] || no "print $env $j $*: got '$got', want '$want' $(cat err.txt)"
		rm -f out.btf
		env $env "$PAHOLE" -J $j "$@" --btf_encode_detached=out.btf ab.o 2>err.txt ||
			{ no "encode $env $j $*: $(cat err.txt)"; continue; }
		got=$("$PAHOLE" -F btf out.btf 2>/dev/null | structs)
		[ "$got" = "$want" ] || no "encode $env $j $*: got '$got', want '$want'"
	done
}
check "struct only_c99 " -X a
check "struct only_c11 " -X b.c
check "struct only_c11 " PAHOLE_LANG_EXCLUDE=c99 -V
check "struct only_c99 " PAHOLE_LANG_EXCLUDE=c99 --lang_exclude=c11
check "struct only_c11 struct only_c99 " PAHOLE_LANG_EXCLUDE=c99 --lang=c11,c99
PAHOLE_LANG_EXCLUDE=klingon "$PAHOLE" ab.o >/dev/null 2>err.txt
rc=$?
[ "$rc" = 64 ] && [ "$(wc -l <err.txt)" = 1 ] ||
	no "an unknown language in PAHOLE_LANG_EXCLUDE: exit $rc, $(cat err.txt)"
for opt in "--lang_exclude=c99" "--lang_exclude=c11" "--lang_exclude=rust,c99" "--lang=c11"; do
	ref=$(/usr/bin/pahole $opt ab.o 2>/dev/null | structs)
	case $opt in
	*c99*|--lang=c11)	want="struct only_c11 " ;;
	*)			want="struct only_c99 " ;;
	esac
	# 1.24 knows no --lang; its --lang_exclude must agree where it has it.
	[ "${opt#--lang=}" != "$opt" ] || [ "$ref" = "$want" ] ||
		no "$opt: /usr/bin/pahole printed '$ref', expected '$want'"
	check "$want" $opt
done
[ "$bad" = 0 ] || fail "the CU filters do not leave out the right CUs"
pass "--lang_exclude, --lang, -X and PAHOLE_LANG_EXCLUDE leave out CUs, printed or encoded"
