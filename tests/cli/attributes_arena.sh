# SPDX-License-Identifier: GPL-2.0-only
# --btf_features=attributes: built against libbpf 1.7 (newer_pahole, lib.sh),
# pahole gives the pointers that BPF arena kfuncs' KF_ARENA_* flags name an
# address_space(1) attribute, as upstream v1.32: the same BTF bytes and -V
# trace as upstream's on tests/fixtures/arena (regenerate.sh), also without
# decl tags, and the same again with -j2 and --btf_attributes. Built against
# Debian's libbpf 1.1 (no btf__add_type_attr()), the feature is not listed,
# --btf_features_strict=attributes and --btf_attributes are refused, and
# plain --btf_features=attributes changes nothing.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
FIX=$TOP/tests/fixtures/arena
FEATURES=--btf_features=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func,decl_tag_kfuncs
cp "$FIX/arena_kfuncs.c" "$TMP/" || fail "cannot copy the fixture"
cd "$TMP" || fail "no temp dir"
gcc -g -gdwarf-5 -O0 -c -o arena.o arena_kfuncs.c || fail "cannot build arena.o"

# Debian's libbpf (the build tested here, $PAHOLE).
case ,$("$PAHOLE" --supported_btf_features), in
*,attributes,*)
	grep -q 'LIBBPF_MINOR_VERSION [0-5]$' /usr/include/bpf/libbpf_version.h &&
		no "attributes listed with $(grep -h MINOR /usr/include/bpf/libbpf_version.h)" ;;
*)
	"$PAHOLE" -J --btf_features_strict=attributes --btf_encode_detached=s.btf arena.o \
		2>/dev/null && no "--btf_features_strict=attributes taken"
	"$PAHOLE" -J --btf_attributes --btf_encode_detached=s.btf arena.o 2>/dev/null
	[ $? -eq 64 ] || no "--btf_attributes not refused with exit 64"
	"$PAHOLE" -J "$FEATURES" --btf_encode_detached=a.btf arena.o &&
		"$PAHOLE" -J "$FEATURES,attributes" --btf_encode_detached=b.btf arena.o &&
		cmp -s a.btf b.btf || no "attributes changes the BTF with libbpf 1.1"
	;;
esac

newer_pahole "$TMP/build"
case $? in 1) fail "$NEWER_WHY" ;; 2) skip "$NEWER_WHY" ;; esac
n=0
# check WANT_BTF [WANT_TRACE] ARGS...: NEWER -V ARGS on arena.o.
check() {
	local btf=$1 trace=$2
	shift 2
	n=$((n + 1))
	"$NEWER" -V "$@" --btf_encode_detached=out.btf arena.o >out.txt 2>err.txt ||
		{ no "[$*]: failed: $(head -n 3 err.txt)"; return; }
	cmp -s "$FIX/$btf" out.btf || no "[$*]: the BTF differs from upstream's $btf"
	[ -z "$trace" ] || diff "$FIX/$trace" out.txt >diff.txt ||
		{ no "[$*]: the trace differs (< upstream, > ours):"; head -n 20 diff.txt; }
}
check arena.btf arena.trace.txt -J "$FEATURES,attributes" --lang_exclude=rust
check arena.btf arena.trace.txt -J -j2 "$FEATURES" --btf_attributes --lang_exclude=rust
check arena.no_decl_tag.btf "" -J --btf_features=decl_tag_kfuncs,attributes
"$BTFCANON" out.btf | grep -c "^TYPE_TAG 'address_space(1)' kflag=1 " >count.txt
[ "$(cat count.txt)" = 2 ] || no "$(cat count.txt) address_space(1) attributes (TYPE_TAG with kind_flag), want 2"
# A flag on a parameter that is no pointer fails the encoding, as upstream.
sed 's/__BTF_ID__func__arena_first__3:\\n.long 0\\n.long 0x4000/__BTF_ID__func__arena_first__3:\\n.long 0\\n.long 0x8000/' \
	arena_kfuncs.c >bad.c && gcc -g -O0 -c -o bad.o bad.c || fail "cannot build bad.o"
"$NEWER" -J "$FEATURES,attributes" --btf_encode_detached=bad.btf bad.o 2>bad.txt &&
	no "a KF_ARENA_ARG2 on an int taken"
grep -q "arena_first" bad.txt || no "the error does not name the kfunc: $(cat bad.txt)"
finish "attributes" "$n encodings as upstream's with libbpf $NEWER_VERSION"
