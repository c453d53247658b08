#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# make check-package: the Debian package, built, installed and used.
#
# The tree (the files git knows, committed or not) is copied to a work
# folder and built there with dpkg-buildpackage -us -uc -b (its offline
# tests run); the package is installed into a dpkg root of its own
# (dpkg --root), so that the system's pahole stays as it is; dpkg -L must
# list the files make install installs (man pages compressed, and the
# package's doc folder); the installed pahole must encode the demo kernel
# as upstream v1.32's reference. Installs debhelper with apt-get if
# missing. Exit 0 when all holds.
set -u
TOP=$(cd "$(dirname "$0")/.." && pwd)
export TOP
export KCACHE=${PAHOLE_TEST_CACHE:-/var/cache/pahole-tests}
. "$TOP/tests/lib.sh"
command -v dpkg-buildpackage >/dev/null || fail "no dpkg-buildpackage (dpkg-dev)"
dpkg-query -W -f='${db:Status-Abbrev}' debhelper 2>/dev/null | grep -q '^ii' ||
	DEBIAN_FRONTEND=noninteractive apt-get install -y debhelper >"$TMP/apt.log" 2>&1 ||
	fail "cannot install debhelper: $(tail -n 2 "$TMP/apt.log")"
version=$(dpkg-parsechangelog -l "$TOP/debian/changelog" -S Version) || fail "debian/changelog"
src=$TMP/src/pahole-$version
mkdir -p "$src" || fail "mkdir"
(cd "$TOP" && git ls-files -co --exclude-standard -z | tar --null -T - -cf -) |
	tar -xf - -C "$src" || fail "cannot copy the tree"
echo "building pahole $version (log in $TMP/build.log)"
(cd "$src" && dpkg-buildpackage -us -uc -b) >"$TMP/build.log" 2>&1 ||
	{ tail -n 30 "$TMP/build.log"; fail "dpkg-buildpackage failed"; }
grep -E '^[0-9]+ passed, [0-9]+ failed, [0-9]+ skipped' "$TMP/build.log" | tail -n 1
deb=$(ls "$TMP"/src/pahole_"$version"_*.deb) || fail "no .deb built"

# Installed into a root of its own.
root=$TMP/root
mkdir -p "$root/var/lib/dpkg/info" "$root/var/lib/dpkg/updates" || fail "mkdir"
: >"$root/var/lib/dpkg/status"
dpkg --root="$root" --force-depends --force-not-root --force-script-chrootless \
	--log=/dev/null --no-triggers -i "$deb" >"$TMP/dpkg.log" 2>&1 ||
	{ cat "$TMP/dpkg.log"; fail "dpkg -i failed"; }
dpkg --root="$root" -L pahole | while read -r f; do [ -f "$root$f" ] && echo "$f"; done |
	sort >"$TMP/package.txt"
make -s -C "$TOP" install DESTDIR="$TMP/inst" PREFIX=/usr >/dev/null || fail "make install"
(cd "$TMP/inst" && find . -type f | sed -e 's|^\.||' -e 's|\(/man1/.*\.1\)$|\1.gz|') |
	sort >"$TMP/install.txt"
grep -v '^/usr/share/doc/pahole/' "$TMP/package.txt" >"$TMP/package.nodoc.txt"
cmp -s "$TMP/install.txt" "$TMP/package.nodoc.txt" ||
	no "dpkg -L differs from make install: $(diff "$TMP/install.txt" "$TMP/package.nodoc.txt" | head -n 6)"
grep -q '^/usr/share/doc/pahole/copyright$' "$TMP/package.txt" || no "no copyright file"

# The installed pahole on the demo kernel.
v=$(vmlinux_path) || fail "cannot fetch $VMLINUX_PKG"
"$root/usr/bin/pahole" --version | grep -q '^v1\.32' || no "the installed pahole is no v1.32"
"$root/usr/bin/pahole" $REF_FLAGS -j --btf_encode_detached="$TMP/vmlinux.btf" "$v" ||
	no "the installed pahole cannot encode the demo kernel"
[ ! -f "$REF_BTF" ] || cmp -s "$TMP/vmlinux.btf" "$REF_BTF" ||
	no "the installed pahole's BTF differs from upstream's reference"
finish "package" "pahole $version: $(wc -l <"$TMP/package.txt") files, as make install's; the demo kernel encoded as upstream's"
