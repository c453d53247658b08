# SPDX-License-Identifier: GPL-2.0-only
# --btf_features=attributes: pahole gives the pointers that BPF arena
# kfuncs' KF_ARENA_* flags name an address_space(1) attribute, as upstream v1.32: the same BTF bytes and -V
# trace as upstream's on tests/fixtures/arena (regenerate.sh), also without
# decl tags, and the same again with -j2, --btf_attributes and under
# --btf_features_strict; the same bytes built against Debian's libbpf 1.1
# (which has no btf__add_type_attr()) and against libbpf 1.7.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
FIX=$TOP/tests/fixtures/arena
FEATURES=--btf_features=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func,decl_tag_kfuncs
cp "$FIX/arena_kfuncs.c" "$TMP/" || fail "cannot copy the fixture"
cd "$TMP" || fail "no temp dir"
gcc -g -gdwarf-5 -O0 -c -o arena.o arena_kfuncs.c || fail "cannot build arena.o"
# The same built against libbpf 1.7 (newer_pahole, lib.sh), where it can be had.
progs=$PAHOLE
newer_pahole "$TMP/build"
case $? in 0) progs="$PAHOLE $NEWER" ;; 1) fail "$NEWER_WHY" ;; esac

n=0
# check PAHOLE WANT_BTF [WANT_TRACE] ARGS...: PAHOLE -V ARGS on arena.o.
check() {
	local prog=$1 btf=$2 trace=$3
	shift 3
	n=$((n + 1))
	"$prog" -V "$@" --btf_encode_detached=out.btf arena.o >out.txt 2>err.txt ||
		{ no "$prog [$*]: failed: $(head -n 3 err.txt)"; return; }
	cmp -s "$FIX/$btf" out.btf || no "$prog [$*]: the BTF differs from upstream's $btf"
	[ -z "$trace" ] || diff "$FIX/$trace" out.txt >diff.txt ||
		{ no "$prog [$*]: the trace differs (< upstream, > ours):"; head -n 20 diff.txt; }
}
# bad PAHOLE: a flag on a parameter that is no pointer fails the encoding, as upstream.
bad() {
	"$1" -J "$FEATURES,attributes" --btf_encode_detached=bad.btf bad.o 2>bad.txt &&
		no "$1: a KF_ARENA_ARG2 on an int taken"
	grep -q "arena_first" bad.txt || no "$1: the error does not name the kfunc: $(cat bad.txt)"
}
sed 's/__BTF_ID__func__arena_first__3:\\n.long 0\\n.long 0x4000/__BTF_ID__func__arena_first__3:\\n.long 0\\n.long 0x8000/' \
	arena_kfuncs.c >bad.c && gcc -g -O0 -c -o bad.o bad.c || fail "cannot build bad.o"
for prog in $progs; do
	case ,$("$prog" --supported_btf_features), in
	*,attributes,*) ;;
	*) no "$prog: attributes not listed" ;;
	esac
	check "$prog" arena.btf arena.trace.txt -J "$FEATURES,attributes" --lang_exclude=rust
	check "$prog" arena.btf arena.trace.txt -J -j2 "$FEATURES" --btf_attributes --lang_exclude=rust
	check "$prog" arena.btf "" -J "$FEATURES" --btf_features_strict="${FEATURES#--btf_features=},attributes" --lang_exclude=rust
	check "$prog" arena.no_decl_tag.btf "" -J --btf_features=decl_tag_kfuncs,attributes
	"$BTFCANON" out.btf | grep -c "^TYPE_TAG 'address_space(1)' kflag=1 " >count.txt
	[ "$(cat count.txt)" = 2 ] ||
		no "$prog: $(cat count.txt) address_space(1) attributes (TYPE_TAG with kind_flag), want 2"
	bad "$prog"
done
[ "$progs" != "$PAHOLE" ] || { [ "$bad" -eq 0 ] || fail "attributes ($bad failed)"; skip "$NEWER_WHY"; }
finish "attributes" "$n encodings as upstream's, with Debian's libbpf and libbpf $NEWER_VERSION"
