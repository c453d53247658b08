# Command-line behaviour of --version, --supported_btf_features, --btf_features
# (default, all, +, unknown names, strict) and the legacy feature flags, checked
# on the BTF they produce (btf-encoding.md 6, kernel-usage.md 3).
. "$TOP/tests/lib.sh"
BPFTOOL=/usr/sbin/bpftool
[ -x "$BPFTOOL" ] || skip "no $BPFTOOL"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"

# --version, --numeric_version, --devel_version, in each program
for prog in "$PAHOLE" "$(sibling pfunct)" "$(sibling codiff)"; do
	out=$("$prog" --version 2>"$TMP/stderr"); rc=$?
	[ "$rc" -eq 0 ] && [ "$out" = "v1.32" ] && [ ! -s "$TMP/stderr" ] ||
		no "$prog --version: exit $rc, printed '$out' (want exactly v1.32)"
	out=$("$prog" --devel_version 2>"$TMP/stderr"); rc=$?
	sha=$(git -C "$TOP" rev-parse --short=12 HEAD 2>/dev/null)
	count=$(git -C "$TOP" rev-list --count HEAD 2>/dev/null)
	want=v1.32${sha:+-$count-g$sha}
	[ "$rc" -eq 0 ] && [ "$out" = "$want" ] && [ ! -s "$TMP/stderr" ] ||
		no "$prog --devel_version: exit $rc, printed '$out' (want $want)"
done
out=$("$PAHOLE" --numeric_version 2>"$TMP/stderr"); rc=$?
[ "$rc" -eq 0 ] && [ "$out" = "132" ] && [ ! -s "$TMP/stderr" ] ||
	no "--numeric_version: exit $rc, printed '$out' (want exactly 132)"

# --supported_btf_features: the list for libbpf 1.1.2 (btf-encoding.md 6.4):
# attributes and layout whatever the libbpf, distilled_base only from 1.5.
want=encode_force,var,float,decl_tag,type_tag,enum64,optimized_func,consistent_func,decl_tag_kfuncs,reproducible_build,global_var,attributes,true_signature,layout
"$PAHOLE" --supported_btf_features >"$TMP/sup.txt" 2>"$TMP/stderr"; rc=$?
printf '%s\n' "$want" >"$TMP/sup.want"
[ "$rc" -eq 0 ] && cmp -s "$TMP/sup.txt" "$TMP/sup.want" ||
	no "--supported_btf_features: exit $rc, printed '$(cat "$TMP/sup.txt")' (want $want)"

cat >t.c <<'EOF'
enum wide { W_ONE = 1, W_BIG = 0x100000001ULL, W_MAX = 0x7fffffffffffffffULL };
struct rec { double d; enum wide w; int i; };
struct rec g_rec;
enum wide g_wide = W_BIG;
double g_double = 1.5;
EOF
gcc -c -g t.c -o t.o || fail "gcc -c -g t.c"

# enc NAME FLAGS...: encode t.o into NAME.btf and dump it into NAME.txt.
enc() {
	local name=$1 rc
	shift
	rm -f "$name.btf"
	"$PAHOLE" -J --btf_encode_detached="$name.btf" "$@" t.o 2>"$name.err"
	rc=$?
	if [ "$rc" -ne 0 ] || [ ! -s "$name.btf" ]; then
		no "pahole -J $* t.o: exit $rc, no output: $(cat "$name.err")"
		: >"$name.txt"
		return 1
	fi
	"$BPFTOOL" btf dump file "$name.btf" >"$name.txt" 2>&1 ||
		no "bpftool cannot read the output of pahole $*: $(cat "$name.txt")"
}
has() { grep -qE "$2" "$1.txt"; }

# --btf_features_strict with an unknown name: exit 1, one stderr line naming it.
expect_error "--btf_features_strict=var,bogus" bogus -- \
	"$PAHOLE" -J --btf_features_strict=var,bogus --btf_encode_detached=strict.btf t.o || no
[ -e strict.btf ] && no "--btf_features_strict=var,bogus wrote an output file"
# -V before the list: an unknown name is said to be ignored (not "default").
"$PAHOLE" -V -J --btf_features=default,bogus --btf_encode_detached=ign.btf t.o 2>ign.err ||
	no "-V --btf_features=default,bogus failed: $(cat ign.err)"
grep -qx "Ignoring unsupported feature 'bogus'" ign.err || no "-V: bogus not said to be ignored"
grep -q "Ignoring unsupported feature 'default'" ign.err && no "-V: 'default' said to be ignored"
# Upstream's --btf_attributes, with a libbpf older than 1.6 (which cannot
# encode attributes; attributes_arena.sh has the newer one): one line, a
# usage error.
if ! "$PAHOLE" --supported_btf_features | grep -q attributes; then
	"$PAHOLE" -J --btf_attributes --btf_encode_detached=attr.btf t.o 2>attr.err
	rc=$?
	[ $rc -eq 64 ] && [ "$(wc -l <attr.err)" -eq 1 ] && grep -q -- --btf_attributes attr.err ||
		no "--btf_attributes: exit $rc, $(cat attr.err)"
	[ -e attr.btf ] && no "--btf_attributes wrote an output file"
fi
# ... while a supported one that is not in default is accepted.
"$PAHOLE" -J --btf_features_strict=var,true_signature --btf_encode_detached=strict.btf t.o \
	2>strict.err && [ -s strict.btf ] && [ ! -s strict.err ] ||
	no "--btf_features_strict=var,true_signature refused: $(cat strict.err)"

# --btf_features with an unknown name is accepted.
enc unknown --btf_features=var,bogus

# What a double and an 8-byte enum become.
double_int="^\[[0-9]+\] INT 'double' size=8 "
double_float="^\[[0-9]+\] FLOAT 'double' size=8$"
enum64="^\[[0-9]+\] ENUM64 'wide' encoding=[A-Z]+ size=8 vlen=3$"
enum32="^\[[0-9]+\] ENUM 'wide' encoding=[A-Z]+ size=8 vlen=3$"
check() {	# check NAME WHAT REGEX...
	local name=$1 what=$2 re
	shift 2
	for re in "$@"; do
		has "$name" "$re" || { no "$what: no line matching /$re/ in:"; sed 's/^/    /' "$name.txt"; }
	done
}
# The values of an ENUM (not ENUM64) are cut to 32 bits.
check_cut() {	# check_cut NAME WHAT
	has "$1" "^	'W_BIG' val=1$" && has "$1" "^	'W_MAX' val=4294967295$" ||
		{ no "$2: ENUM values not cut to 32 bits:"; sed 's/^/    /' "$1.txt"; }
}

enc plain
check plain "no --btf_features (float off, enum64 on)" "$double_int" "$enum64"
has plain "'W_BIG' val=4294967297ULL" || no "no --btf_features: ENUM64 value of W_BIG is wrong"

enc default --btf_features=default
check default "--btf_features=default" "$double_float" "$enum64"

enc float --btf_features=float
check float "--btf_features=float (enum64 off)" "$double_float" "$enum32"
check_cut float "--btf_features=float"

enc gen_floats --btf_gen_floats
check gen_floats "--btf_gen_floats" "$double_float" "$enum64"

enc reset --btf_gen_floats --btf_features=enum64
check reset "--btf_gen_floats before --btf_features=enum64 (reset)" "$double_int" "$enum64"

enc skip64 --skip_encoding_btf_enum64
check skip64 "--skip_encoding_btf_enum64" "$double_int" "$enum32"
check_cut skip64 "--skip_encoding_btf_enum64"

enc all --btf_features=all
check all "--btf_features=all (every supported feature)" "$double_float" "$enum64"

enc plus --btf_features=+reproducible_build
[ -s plus.btf ] && [ -s default.btf ] && cmp -s plus.btf default.btf ||
	no "--btf_features=+reproducible_build differs from --btf_features=default"

enc rb --reproducible_build -j2
[ -s rb.btf ] && cmp -s rb.btf plain.btf || no "--reproducible_build -j2 differs from a plain run"

# The unknown name changed nothing: var,bogus is var alone (float off, enum64 off).
check unknown "--btf_features=var,bogus" "$double_int" "$enum32"

# --features= is --btf_features=.
enc alias --features=default
cmp -s alias.btf default.btf || no "--features=default differs from --btf_features=default"

# force_cu_merging: printing as without it, refused with -J (exit 64, one line).
"$PAHOLE" --features=force_cu_merging -C rec t.o >merged.txt 2>&1 &&
	"$PAHOLE" -C rec t.o | cmp -s - merged.txt ||
	no "--features=force_cu_merging -C rec: $(head -n 2 merged.txt)"
"$PAHOLE" -J --btf_features=var,force_cu_merging --btf_encode_detached=merged.btf t.o \
	2>merged.err; rc=$?
[ $rc -eq 64 ] && [ "$(wc -l <merged.err)" -eq 1 ] && grep -q force_cu_merging merged.err &&
	[ ! -e merged.btf ] || no "-J with force_cu_merging: exit $rc, $(cat merged.err)"

# Reproducible: a second run gives the same bytes.
enc again --btf_features=default
cmp -s again.btf default.btf || no "two runs with --btf_features=default differ"
enc plain2
cmp -s plain2.btf plain.btf || no "two runs without --btf_features differ"

finish "command-line feature handling" "versions, feature list (--features too, force_cu_merging), strict/unknown names, default/all/+, legacy flags, reproducible"
