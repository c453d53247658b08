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
C=$KCACHE/libbpf-newer
# newer_libbpf: the prefix of a static libbpf built from unstable's source.
newer_libbpf() {
	local A src part
	[ -f "$C/inst/usr/lib/libbpf.a" ] && { echo "$C/inst"; return 0; }
	rm -rf "$C" && mkdir -p "$C/lists/partial" "$C/archives/partial" "$C/src" || return 1
	echo "deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" >"$C/sources.list"
	A="-o Dir::Etc::SourceList=$C/sources.list -o Dir::Etc::SourceParts=/dev/null
	   -o Dir::State::Lists=$C/lists -o Dir::Cache=$C -o APT::Sandbox::User=root"
	# shellcheck disable=SC2086 # $A is a list of options
	apt-get $A update -q >"$C/log" 2>&1 &&
		(cd "$C/src" && { apt-get $A source --download-only libbpf=1.7.0-1 ||
				  apt-get $A source --download-only libbpf; }) >>"$C/log" 2>&1 ||
		return 1
	src=$(ls "$C"/src/libbpf_*.orig.tar.* 2>/dev/null | head -n 1)
	[ -n "$src" ] || return 1
	part=$C/build && mkdir -p "$part" && tar -xf "$src" -C "$part" --strip-components=1 &&
		make -C "$part/src" -j2 BUILD_STATIC_ONLY=1 OBJDIR="$part/obj" \
			DESTDIR="$C/inst" PREFIX=/usr LIBDIR=/usr/lib install >>"$C/log" 2>&1 ||
		return 1
	echo "$C/inst"
}
prefix=$(newer_libbpf) || skip "cannot fetch or build unstable's libbpf (see $C/log)"
version=$(sed -n 's/^Version: //p' "$prefix/usr/lib/pkgconfig/libbpf.pc")
case $version in 1.[0-6].*|0.*) skip "unstable's libbpf is $version, not newer than 1.6" ;; esac
B=$TMP/build
make -C "$TOP" -s BUILD="$B" CFLAGS="-O2 -g" \
	PKG_CFLAGS="-I$prefix/usr/include $(pkg-config --cflags libdw libelf zlib)" \
	PKG_LIBS="$prefix/usr/lib/libbpf.a $(pkg-config --libs libdw libelf zlib)" \
	"$B/pahole" >"$TMP/make.log" 2>&1 || fail "building against libbpf $version: $(tail -n 3 "$TMP/make.log")"
NEWER=$B/pahole
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
# What this program does not encode is not listed, nor taken under strict,
# whatever libbpf could do.
features=$("$NEWER" --supported_btf_features)
for f in attributes layout; do
	case ,$features, in *,"$f",*)
		no "libbpf $version: --supported_btf_features lists $f: $features" ;;
	esac
	"$NEWER" -J --btf_features_strict="$f" --btf_encode_detached=strict.btf "$V" 2>/dev/null &&
		no "libbpf $version: --btf_features_strict=$f taken"
done
finish "libbpf $version changes the output" "libbpf $version: $n comparisons of type and string sections identical"
