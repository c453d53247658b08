# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# CU filters: --lang_exclude, --lang, -X PREFIX and, without --lang*, the
# environment's PAHOLE_LANG_EXCLUDE. A CU left out gives no types, neither
# encoded nor printed, at any -j; as with /usr/bin/pahole where it has them.
# Language names are upstream's, every one of them (c++14, objc++, ...), in
# all three ways of giving them; other spellings are usage errors (64).
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"

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

structs() { grep -o 'struct only_c[0-9a-z]*' | sort -u | tr '\n' ' '; }
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

# A C++ CU, which g++ marks DW_LANG_C_plus_plus_14 with DWARF 5: excluded as
# "c++14" (what upstream documents for kernel builds), and only as that.
command -v g++ >/dev/null || skip "no g++"
cat >c.cc <<'EOF2'
struct only_cxx { int e; long f; };
only_cxx vcxx;
EOF2
g++ -g -gdwarf-5 -std=gnu++17 -c c.cc -o c.o && ld -r -o ab.o a.o b.o c.o ||
	fail "cannot build the three-language object"
check "struct only_c11 struct only_c99 " --lang_exclude=c++14
check "struct only_c11 struct only_c99 " --lang_exclude=C++14,c++11
check "struct only_c11 struct only_c99 " PAHOLE_LANG_EXCLUDE=c++14
check "struct only_c99 struct only_cxx " --lang_exclude=c11
check "struct only_cxx " --lang=c++14
check "struct only_c11 struct only_c99 struct only_cxx " --lang_exclude=c++,objc++,c++03
ref=$(/usr/bin/pahole --lang_exclude=c++14 ab.o 2>/dev/null | structs)
[ "$ref" = "struct only_c11 struct only_c99 " ] ||
	no "/usr/bin/pahole --lang_exclude=c++14 printed '$ref'"

# Every name upstream takes is taken in the three ways, and /usr/bin/pahole
# (1.24, which predates "asm") takes it too; other spellings are refused.
names="ada83 ada95 bliss c11 c89 c99 c cobol74 cobol85 c++03 c++11 c++14 c++ d dylan
fortran03 fortran08 fortran77 fortran90 fortran95 go haskell java julia modula2 modula3
objc objc++ ocaml opencl pascal83 pli python renderscript rust swift upc asm"
taken=0
for n in $names; do
	for how in --lang_exclude= --lang= PAHOLE_LANG_EXCLUDE=; do
		if [ "$how" = PAHOLE_LANG_EXCLUDE= ]; then
			env "$how$n" "$PAHOLE" ab.o >/dev/null 2>err.txt
		else
			"$PAHOLE" "$how$n" ab.o >/dev/null 2>err.txt
		fi
		rc=$?
		[ "$rc" = 0 ] && [ ! -s err.txt ] || no "$how$n: exit $rc, $(cat err.txt)"
		taken=$((taken + 1))
	done
	[ "$n" = asm ] || /usr/bin/pahole --lang_exclude="$n" ab.o >/dev/null 2>&1 ||
		no "/usr/bin/pahole refuses $n: the list is wrong"
done
refused=0
for n in c_plus_plus objc_plus_plus c_plus_plus_14 c_plus_plus_03 c17 c23 c++17 \
	 c++98 cpp klingon "" "c," ",c" "c,,rust"; do
	for how in --lang_exclude= --lang= PAHOLE_LANG_EXCLUDE=; do
		if [ "$how" = PAHOLE_LANG_EXCLUDE= ]; then
			env "$how$n" "$PAHOLE" ab.o >/dev/null 2>err.txt
		else
			"$PAHOLE" "$how$n" ab.o >/dev/null 2>err.txt
		fi
		rc=$?
		[ "$rc" = 64 ] && [ "$(wc -l <err.txt)" = 1 ] &&
			grep -q "unknown language" err.txt || no "$how'$n': exit $rc, $(cat err.txt)"
		refused=$((refused + 1))
	done
	/usr/bin/pahole --lang_exclude="$n" ab.o >/dev/null 2>&1 &&
		no "/usr/bin/pahole takes '$n': the list is wrong"
done
finish "the CU filters do not leave out the right CUs" "--lang_exclude, --lang, -X and PAHOLE_LANG_EXCLUDE leave out CUs, printed or encoded; $taken names taken, $refused refused"
