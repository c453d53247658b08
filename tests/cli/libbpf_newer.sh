# SPDX-License-Identifier: GPL-2.0-only
# Built against a newer libbpf (Debian unstable's source package, 1.7.0 or
# whatever unstable has now, built here once into $KCACHE), pahole writes
# the same type and string sections as built against Debian 12's libbpf
# 1.1.2: on the vmlinux (and both equal to upstream v1.32's reference) and
# on the nine reference modules, whose split BTF libbpf 1.7's dedup alone
# would leave several times larger (btf_split_dedup.h). Skips where the
# source cannot be fetched or built.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
V=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
newer_pahole "$TMP/build"
case $? in 1) fail "$NEWER_WHY" ;; 2) skip "$NEWER_WHY" ;; esac
version=$NEWER_VERSION
cd "$TMP" || fail "no temp dir"
# sections FILE: the type and string sections, without the header (1.8's is longer).
sections() {
	local hdr
	hdr=$(od -An -tu4 -j4 -N4 "$1" | tr -d ' ')
	tail -c +$((hdr + 1)) "$1"
}
n=0
same() { # WHAT OURS NEWER
	n=$((n + 1))
	cmp -s <(sections "$2") <(sections "$3") || no "$1: sections differ"
}
"$NEWER" $REF_FLAGS -j2 --btf_encode_detached=v.newer "$V" || fail "vmlinux with libbpf $version"
"$PAHOLE" $REF_FLAGS -j2 --btf_encode_detached=v.ours "$V" || fail "vmlinux"
same vmlinux v.ours v.newer
same "vmlinux (reference)" "$REF_BTF" v.newer
for rel in $REF_MODULES; do
	name=$(basename "$rel")
	ko=$(module_path "$rel") || fail "cannot extract $rel"
	"$NEWER" $REF_FLAGS --btf_base "$REF_BTF" --btf_encode_detached="$name.newer" "$ko" ||
		{ no "$name: failed with libbpf $version"; continue; }
	"$PAHOLE" $REF_FLAGS --btf_base "$REF_BTF" --btf_encode_detached="$name.ours" "$ko" ||
		{ no "$name: failed"; continue; }
	same "$name" "$name.ours" "$name.newer"
	echo "$name: $(stat -c %s "$name.newer") bytes with libbpf $version"
done
# Both builds list the same features, but distilled_base, which needs
# libbpf 1.5's btf__distill_base().
features=$("$NEWER" --supported_btf_features)
[ "${features/distilled_base,/}" = "$("$PAHOLE" --supported_btf_features)" ] ||
	no "libbpf $version lists other features: $features"
finish "libbpf $version changes the output" "libbpf $version: $n comparisons of type and string sections identical"
