# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# make install DESTDIR=... installs every program of the package and its
# manual page, and nothing else: the list below is the package. Each
# installed program runs (--version, or --help for the scripts), each page
# is roff that man formats without a warning; make uninstall removes them
# all and nothing else.
. "$TOP/tests/lib.sh"
PROGRAMS="pahole pfunct codiff pdwtags pglobal prefcnt dtagnames scncopy btfdiff fullcircle"
cd "$TMP" || fail "no temp dir"
make -s -C "$TOP" install DESTDIR="$TMP/root" PREFIX=/usr BUILD="${PAHOLE_BUILD:-build}" \
	>make.log 2>&1 || fail "make install: $(tail -n 3 make.log)"
want_files() {
	for p in $PROGRAMS; do echo "usr/bin/$p"; echo "usr/share/man/man1/$p.1"; done | sort
}
(cd root && find . -type f | sed 's|^\./||' | sort) >got.txt
want_files >want.txt
cmp -s want.txt got.txt || no "installed files differ from the list: $(diff want.txt got.txt | head -n 8)"
for p in $PROGRAMS; do
	f=root/usr/bin/$p
	[ -x "$f" ] || { no "$p is not executable"; continue; }
	case $p in
	btfdiff|fullcircle) "$f" >/dev/null 2>&1; [ $? -eq 64 ] || no "$p without arguments: not a usage error"
		"$f" --help | grep -q "^usage: $p " || no "$p --help: no usage line" ;;
	*) "$f" --version >/dev/null 2>&1 || no "$p --version failed" ;;
	esac
	if command -v man >/dev/null 2>&1; then
		w=$(MANWIDTH=80 man --warnings -l "root/usr/share/man/man1/$p.1" 2>&1 >/dev/null)
		[ -z "$w" ] || no "$p.1: $w"
	fi
done
touch root/usr/bin/other && mkdir -p root/usr/share/man/man1 && touch root/usr/share/man/man1/other.1
make -s -C "$TOP" uninstall DESTDIR="$TMP/root" PREFIX=/usr >make.log 2>&1 || fail "make uninstall: $(tail -n 3 make.log)"
left=$(cd root && find . -type f | sed 's|^\./||' | sort | tr '\n' ' ')
[ "$left" = "usr/bin/other usr/share/man/man1/other.1 " ] || no "make uninstall left '$left'"
finish "make install" "$(echo $PROGRAMS | wc -w) programs and their pages installed, nothing else"
