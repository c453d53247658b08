# Shared helpers for tests/cli/*.sh. Source it first.
set -u
TMP=$(mktemp -d /tmp/pahole-test.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
VMLINUX_PKG=linux-image-6.1.0-57-cloud-amd64-dbg
VMLINUX_REL=usr/lib/debug/boot/vmlinux-6.1.0-57-cloud-amd64
KCACHE=${KCACHE:-${PAHOLE_TEST_CACHE:-/var/cache/pahole-tests}}
export KCACHE
# Upstream v1.32's programs, as Debian unstable builds them (tests/tools/upstream).
UPSTREAM=$TOP/tests/tools/upstream
# ref_dir: upstream v1.32's outputs for Debian's 6.1 kernel, kept in the
# repository as one archive (tests/reference/v1.32/README.md), unpacked once
# into $KCACHE (into $TMP where that cannot be written); prints the folder.
ref_dir() {
	local tar=$TOP/tests/reference/v1.32/reference.tar.xz d part
	d=$KCACHE/ref-v1.32-$(cksum <"$tar" | cut -d' ' -f1)
	[ -f "$d/README.md" ] && { echo "$d"; return 0; }
	if mkdir -p "$KCACHE" 2>/dev/null && part=$(mktemp -d "$KCACHE/.ref.XXXXXX" 2>/dev/null); then
		xz -dc "$tar" | tar -x -C "$part" && mv -T "$part" "$d" 2>/dev/null
		rm -rf "$part"
		[ -f "$d/README.md" ] && { echo "$d"; return 0; }
	fi
	mkdir -p "$TMP/ref" && xz -dc "$tar" | tar -x -C "$TMP/ref" && echo "$TMP/ref"
}
REF_DIR=$(ref_dir)
REF_BTF=$REF_DIR/vmlinux-6.1.0-57-cloud-amd64.btf
# A clang-built kernel's link-step input (tests/reference/clang-kernel), xz.
CLANG_KERNEL=$TOP/tests/reference/clang-kernel/tmp_vmlinux.btf.xz
# The nine modules of the references (REF_DIR/NAME.ko.btf), as module_path takes them.
REF_MODULES="fs/btrfs/btrfs fs/xfs/xfs net/netfilter/nf_tables arch/x86/kvm/kvm
	arch/x86/kvm/kvm-intel drivers/net/virtio_net net/ipv4/tcp_bbr fs/overlayfs/overlay
	drivers/net/veth"
REF_FLAGS="-J --btf_features=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func,decl_tag_kfuncs --lang_exclude=rust"
OLD_FLAGS="-J -j --btf_gen_floats --lang_exclude=rust"

# sibling NAME: the path of the program NAME built beside $PAHOLE.
sibling() { echo "$(dirname "$PAHOLE")/$1"; }
fail() { echo "FAIL: $*"; exit 1; }
# no [MESSAGE]: one failed check, counted in $bad, and MESSAGE printed (none
# where the check printed its reason itself); the test goes on, and finish
# fails it at its end.
bad=0
no() { [ $# -eq 0 ] || echo "$*"; bad=$((bad + 1)); }
# finish WHAT [SUMMARY...]: the end of a test that counts its failed checks
# with no(): fails with WHAT and the count if one failed, else passes with
# SUMMARY.
finish() {
	[ "$bad" -eq 0 ] || fail "$1 ($bad failed)"
	shift
	pass "$@"
}
skip() { echo "$*"; exit 2; }
pass() { echo "${*:-ok}"; exit 0; }

# Compiler x DWARF version x optimisation matrix for fixtures.
COMPILERS="gcc clang"
DWARF_VERSIONS="4 5"
OPT_LEVELS="-O0 -O2"

# compile SRC CC DWARF OPT OUT: one object with debug info.
compile() {
	"$2" -c -g -gdwarf-"$3" "$4" -o "$5" "$1"
}

# The reference pahole (Debian 1.24). It does not truncate its output file.
ref_pahole_btf() {
	rm -f "$2"
	/usr/bin/pahole $OLD_FLAGS --btf_encode_detached="$2" "$1" >/dev/null
}

# canon_types FILE [BASE]: canonical text of the types, without FUNC, VAR, DATASEC,
# DECL_TAG and the prototypes only functions use (btfcanon -t).
canon_types() {
	if [ $# -gt 1 ]; then "$BTFCANON" -t -B "$2" "$1"; else "$BTFCANON" -t "$1"; fi
}

# upstream_stderr FILE: upstream's stderr in FILE as ours words it: without
# libbpf's lines, and "file 'X' has no F type information." as "X: no F
# debugging information" (F "supported": "DWARF or BTF"; man/pahole.1,
# DIFFERENCES FROM UPSTREAM).
upstream_stderr() {
	grep -v 'libbpf:' "$1" |
		sed -E -e "s/file '(.*)' has no supported type information\.$/\1: no DWARF or BTF debugging information/" \
		       -e "s/file '(.*)' has no (.*) type information\.$/\1: no \2 debugging information/"
}
# not_found_status ERRFILE STATUS: the exit status ours gives for a command
# upstream ended with STATUS and the stderr of ERRFILE: 1 where that says a
# -C type was not found (upstream exits 0 then; man/pahole.1, DIFFERENCES).
not_found_status() {
	if [ -f "$1" ] && grep -q "^pahole: type '.*' not found$" "$1"; then echo 1; else echo "$2"; fi
}

# deb_download PKG: PKG's .deb in $KCACHE, fetched once: from this
# machine's apt sources, else from Debian unstable's (a private list in
# $KCACHE/sid, as newer_libbpf keeps).
deb_download() {
	local C=$KCACHE/sid
	(cd "$KCACHE" && { ls "$1"_*.deb || apt-get download "$1"; }) >/dev/null 2>&1 && return 0
	sid_apt "$C" deb || return 1
	# shellcheck disable=SC2086 # $SID_APT is a list of options
	(cd "$KCACHE" && apt-get $SID_APT download "$1") >>"$C/log" 2>&1
}

# sid_apt DIR TYPE: apt's lists of Debian unstable (TYPE deb or deb-src) in
# DIR, a private sources list, updated; sets SID_APT, the options that make
# apt-get use them. Its output goes to DIR/log. 0, or 1 where apt fails.
sid_apt() {
	mkdir -p "$1/lists/partial" "$1/archives/partial" || return 1
	echo "$2 [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" >"$1/sources.list"
	SID_APT="-o Dir::Etc::SourceList=$1/sources.list -o Dir::Etc::SourceParts=/dev/null
	   -o Dir::State::Lists=$1/lists -o Dir::Cache=$1 -o APT::Sandbox::User=root"
	# shellcheck disable=SC2086 # $SID_APT is a list of options
	apt-get $SID_APT update -q >"$1/log" 2>&1
}

# deb_tree PKG: the whole Debian package PKG, fetched into $KCACHE once
# (deb_download) and unpacked there once; prints the directory it is in.
deb_tree() {
	local d=$KCACHE/pkg/$1 part
	if [ ! -d "$d" ]; then
		mkdir -p "$KCACHE/pkg" && deb_download "$1" || return 1
		# Unpack beside the target and rename, as kpkg_file does.
		part=$(mktemp -d "$KCACHE/pkg/.part.XXXXXX") || return 1
		dpkg-deb -x "$KCACHE/$(cd "$KCACHE" && ls "$1"_*.deb | head -n 1)" "$part" &&
			mv -T "$part" "$d" 2>/dev/null
		rm -rf "$part"
		[ -d "$d" ] || return 1
	fi
	echo "$d"
}

# Linux 7.2 as Debian unstable builds it (gcc 16, 1,018 modules), and upstream
# v1.32's outputs for it (tests/reference/v1.32-linux-7.2/README.md).
K72_PKG=linux-image-7.2.13+deb14-cloud-amd64-dbg
K72_REL=usr/lib/debug/lib/modules/7.2.13+deb14-cloud-amd64
K72_REF=$TOP/tests/reference/v1.32-linux-7.2
K72_REF_BTF=$K72_REF/vmlinux-7.2.13+deb14-cloud-amd64.btf.xz
# The flags of the kernel's scripts/Makefile.btf for pahole 1.32 (but -j).
K72_FLAGS="-J --btf_features=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func,decl_tag_kfuncs
	--btf_features=attributes --btf_features=layout --btf_features=+reproducible_build --lang_exclude=rust"
# k72_dir: the folder of the 7.2 package's vmlinux and kernel/ (its
# modules), the package fetched and unpacked once (deb_tree).
k72_dir() {
	local d
	d=$(deb_tree "$K72_PKG") && [ -f "$d/$K72_REL/vmlinux" ] && echo "$d/$K72_REL"
}

# kpkg_file REL: a file of the Debian kernel debug package, which is fetched
# into $KCACHE once and from which each file is extracted once; prints its path.
kpkg_file() {
	local f=$KCACHE/x/$1 part
	if [ ! -f "$f" ]; then
		mkdir -p "$KCACHE/x" || return 1
		(cd "$KCACHE" && ls ${VMLINUX_PKG}_*.deb >/dev/null 2>&1 ||
			apt-get download "$VMLINUX_PKG" >/dev/null 2>&1) || return 1
		# Extract beside the target and rename, so that a test running
		# at the same time never sees a partly written file.
		part=$(mktemp -d "$KCACHE/x/.part.XXXXXX") || return 1
		dpkg-deb --fsys-tarfile "$KCACHE"/${VMLINUX_PKG}_*.deb |
			tar -x -C "$part" "./$1" &&
			mkdir -p "$(dirname "$f")" && mv -f "$part/$1" "$f"
		rm -rf "$part"
		[ -f "$f" ] || return 1
	fi
	echo "$f"
}

# The Debian kernel with DWARF; prints the vmlinux path.
vmlinux_path() {
	kpkg_file "$VMLINUX_REL"
}

# fixture_set SET: the objects of the fixture set tests/fixtures/SET, built
# by its build.sh (from the set's sources, at test time) into $TMP/SET, once
# per test; prints that folder. The set's expected outputs stay in its
# folder. Returns 1, with build.sh's last lines, if the build fails.
fixture_set() {
	local d=$TMP/$1
	if [ ! -f "$d/.built" ]; then
		mkdir -p "$d" || return 1
		if ! (cd "$TOP/tests/fixtures/$1" && ./build.sh "$d") >"$TMP/$1.log" 2>&1; then
			echo "cannot build the fixture set $1:" >&2
			tail -n 5 "$TMP/$1.log" >&2
			return 1
		fi
		touch "$d/.built"
	fi
	echo "$d"
}

# fixture_cp DEST SET/FILE...: copies objects of fixture sets (fixture_set
# builds them) into the folder DEST.
fixture_cp() {
	local dest=$1 f d
	shift
	for f; do
		d=$(fixture_set "${f%%/*}") && cp "$d/${f#*/}" "$dest" || return 1
	done
}

# pdwtags_norm FILE: pdwtags' text without upstream's errors (the header of
# tests/cli/pdwtags_fixtures.sh, man/pdwtags.1): its sizes read from outside
# a type (a function returning void: any number; else a million and more,
# never a real one; with NORM_QUAL, any size of a qualifier: BTF's volatile
# void had 49). A definition taking its name from a declaration before it:
# ours named (a second line of that name, deleted),
# upstream's nameless (deleted with its size). A variable without a type:
# ours "extern void X" (deleted), in a function "void X" (upstream's
# "(null) X"; both "? X"). NORM_USING: C++ using declarations name Nested.
pdwtags_norm() {
	sed -E -e 's|^\} /\* size: [0-9]{7,} \*/$|} /* size: 0 */|' \
	       -e '/^; \/\* size: [0-9]+ \*\/$/,/^$/d' \
	       -e "${NORM_QUAL:+s|(not supported! \\*/; /\\* size: )[0-9]+|\\1?|}" \
	       -e "${NORM_USING:+s|^(\t+using ::)[A-Za-z_0-9]+;\$|\\1Nested;|}" \
	       -e '/^extern void +[A-Za-z_0-9]+; \/\* size: 0 \*\/$/,/^$/d' \
	       -e 's#^(\t+)(void|\(null\)) ([A-Za-z_0-9]+; /\* scope: [a-z]+ \*/) +//#\1? \3 //#' "$1" |
		awk '/^[^\t{}]/ { head = $0 }
		     /^\} \/\* size: [0-9]+ \*\/$/ && head ~ /^(inline )?void [A-Za-z_]/ {
			print "} /* size: 0 */"; next }
		     /^[^ \t].* \(\*[A-Za-z_0-9]+\)\(.*\); \/\* size: [0-9]+ \*\/$/ {
			n = $0; sub(/\).*/, "", n); sub(/.*\(\*/, "", n)
			if (n in decl) { skip = 1; next }
			decl[n] = 1 }
		     /^[^ ].* [A-Za-z_0-9]+(\[[0-9]+\])*; \/\* size: [0-9]+ \*\/$/ {
			n = $0; sub(/;.*/, "", n); sub(/\[.*/, "", n); sub(/.* /, "", n)
			if (n in decl) { skip = 1; next }
			decl[n] = 1 }
		     skip && /^$/ { skip = 0; next }
		     { skip = 0; print }'
}

# func_line_norm FILE: pfunct -i's text without the line number of gcc's
# __func__, where upstream prints memory it never set (man/pfunct.1).
func_line_norm() {
	sed -E 's|(__func__; .*//) *[0-9]+$|\1 ?|' "$1"
}

# damaged_input LABEL FILE COMMAND...: COMMAND FILE, on a damaged input,
# must exit 0, or 1 with its last stderr line naming FILE and at most one
# libbpf line before it; else one no() naming LABEL and FILE.
damaged_input() {
	local label=$1 f=$2 rc lines
	shift 2
	"$@" "$f" >/dev/null 2>"$TMP/err.txt"
	rc=$?
	lines=$(wc -l <"$TMP/err.txt")
	if [ "$rc" -gt 1 ]; then
		no "$label $f: exit $rc: $(grep -m2 -E 'ERROR|runtime error|^[a-z]+: ' "$TMP/err.txt")"
	elif [ "$rc" -eq 1 ] && { ! tail -n 1 "$TMP/err.txt" | grep -qF -- "$f" ||
				  [ "$lines" -gt 2 ] ||
				  { [ "$lines" -eq 2 ] && ! head -n 1 "$TMP/err.txt" | grep -q '^libbpf: '; }; }; then
		echo "$label $f: exit 1 with $lines stderr lines:"; head -3 "$TMP/err.txt"
		no
	fi
}
# run_quiet NAME COMMAND...: COMMAND's output in $TMP/out.txt, its stderr in
# $TMP/err.txt. A nonzero exit (then returns 1) or anything on stderr is one
# no() naming NAME, with the first lines of stderr.
run_quiet() {
	local name=$1
	shift
	"$@" >"$TMP/out.txt" 2>"$TMP/err.txt" || { no "$name: exit $?"; cat "$TMP/err.txt"; return 1; }
	[ -s "$TMP/err.txt" ] && { echo "$name: stderr:"; head -3 "$TMP/err.txt"; no; }
	return 0
}
# for_each_build FN: runs FN CC DWARF_VERSION OPT NAME for each compiler of
# $COMPILERS that is installed, each of $DWARF_VERSIONS and of $OPT_LEVELS
# (NAME is CC-VERSIONOPT, as gcc-5-O2); BUILDS counts the calls. Fails when
# no compiler is installed.
for_each_build() {
	local cc dv opt
	BUILDS=0
	for cc in $COMPILERS; do
		command -v "$cc" >/dev/null 2>&1 || continue
		for dv in $DWARF_VERSIONS; do
			for opt in $OPT_LEVELS; do
				"$1" "$cc" "$dv" "$opt" "$cc-$dv$opt"
				BUILDS=$((BUILDS + 1))
			done
		done
	done
	[ "$BUILDS" -gt 0 ] || fail "no compiler"
}

# kernel_accepts WHAT BTF [BASE]: the kernel's BTF verifier accepts BTF (on
# BASE); no() naming WHAT and the verifier's complaint where it refuses; skips
# where it cannot be asked (btfload's exit 3).
kernel_accepts() {
	local what=$1 rc
	shift
	"$BTFLOAD" "$@" >"$TMP/load.txt" 2>&1
	rc=$?
	[ $rc -ne 3 ] || skip "the kernel's BTF verifier cannot be asked here"
	[ $rc -eq 0 ] || no "$what: the kernel refuses it: $(grep -m1 Invalid "$TMP/load.txt")"
}

# differs NAME OURS UPSTREAM: one no(), with the first lines of their diff.
differs() {
	echo "$1: differs (< ours, > upstream):"
	diff "$2" "$3" | head -20
	no
}
# same_run OUT ERR COMMAND...: COMMAND's stdout in the file OUT, its stderr
# in ERR, or in OUT too (as 2>&1 mixes them, ERR emptied) where SAME_STDERR
# is set; returns COMMAND's status.
same_run() {
	local out=$1 err=$2
	shift 2
	if [ -n "${SAME_STDERR:-}" ]; then
		: >"$err"
		"$@" >"$out" 2>&1
	else
		"$@" >"$out" 2>"$err"
	fi
}
# same_as_upstream NAME PROGRAM ARGS...: our PROGRAM (beside $PAHOLE) and
# upstream v1.32's, run live, give the same exit status and output; a no()
# naming NAME (and 1 returned) otherwise. Ours' output is left in
# $TMP/got.txt, its stderr in $TMP/err.txt, upstream's output in
# $TMP/want.txt. Settings for one call, as in
# SAME_FILTER=pdwtags_norm same_as_upstream NAME pdwtags FILE:
#   SAME_FILTER=FN  the outputs compared as FN FILE prints them (a
#                   function, for documented differences);
#   SAME_STATUS=N   both must exit N;
#   SAME_STDERR=1   stderr is output too, mixed with stdout as 2>&1 mixes it;
#   SAME_OURS=ARGS  arguments for ours only, before ARGS (options upstream
#                   has not, as codiff's -j).
same_as_upstream() {
	local name=$1 prog=$2 want rc filter=${SAME_FILTER:-}
	shift 2
	same_run "$TMP/want.txt" /dev/null "$UPSTREAM" "$prog" "$@"
	want=$?
	# shellcheck disable=SC2086 # SAME_OURS is a list of arguments
	same_run "$TMP/got.txt" "$TMP/err.txt" "$(sibling "$prog")" ${SAME_OURS:-} "$@"
	rc=$?
	[ $rc -eq $want ] ||
		{ no "$name: exit $rc, upstream $want: $(head -n 1 "$TMP/err.txt")"; return 1; }
	[ -z "${SAME_STATUS:-}" ] || [ $rc -eq "$SAME_STATUS" ] ||
		{ no "$name: exit $rc (as upstream), not $SAME_STATUS: $(head -n 1 "$TMP/err.txt")"
		  return 1; }
	if [ -z "$filter" ]; then
		cmp -s "$TMP/want.txt" "$TMP/got.txt" ||
			{ differs "$name" "$TMP/got.txt" "$TMP/want.txt"; return 1; }
		return 0
	fi
	"$filter" "$TMP/got.txt" >"$TMP/got.n" && "$filter" "$TMP/want.txt" >"$TMP/want.n" ||
		{ no "$name: $filter fails"; return 1; }
	cmp -s "$TMP/want.n" "$TMP/got.n" ||
		{ differs "$name" "$TMP/got.n" "$TMP/want.n"; return 1; }
}

# expect_error WHAT NAME -- CMD...: CMD must exit 1 with exactly one line on
# stderr that names NAME. Prints a reason and returns 1 otherwise.
expect_error() {
	local what=$1 name=$2 rc lines
	shift 3
	"$@" >"$TMP/err.out" 2>"$TMP/err.txt"
	rc=$?
	lines=$(wc -l <"$TMP/err.txt")
	if [ "$rc" -ne 1 ] || [ "$lines" -ne 1 ] || ! grep -qF -- "$name" "$TMP/err.txt"; then
		echo "$what: exit $rc, $lines stderr lines (want 1, naming $name):"
		cat "$TMP/err.txt"
		return 1
	fi
	echo "$what: $(cat "$TMP/err.txt")"
}

# small_exe OUT: OUT, a small C program built with -g (a list node, a
# nested struct, a bit-field).
small_exe() {
	cat >"$1.c" <<'EOT'
struct point { int x, y; };
struct node { struct node *next; struct point p; unsigned flag:3; } head;
int main(void) { return head.p.x; }
EOT
	gcc -g "$1.c" -o "$1"
}

# pad_object IN OUT BYTES [SOURCE]: OUT, IN with a section .pad of BYTES
# bytes from SOURCE (default /dev/zero) that BTF does not see.
pad_object() {
	head -c "$3" "${4:-/dev/zero}" >"$2.pad" &&
		objcopy --add-section .pad="$2.pad" "$1" "$2" && rm -f "$2.pad"
}

# inplace_check NAME ORIG WANT: NAME, which pahole -J made from ORIG, holds
# WANT (the detached output) as its .BTF and is ORIG in every other part
# (elfcmp, $TOP/build). Prints what differs and returns 1 otherwise.
inplace_check() {
	local name=$1 orig=$2 want=$3 rc=0
	objcopy --dump-section .BTF="$name.dump" "$name" "$name.junk" ||
		{ echo "$name: no .BTF"; return 1; }
	cmp -s "$name.dump" "$want" || { echo "$name: .BTF differs from the detached output"; rc=1; }
	"$TOP/build/elfcmp" "$orig" "$name" .BTF >"$name.cmp" ||
		{ echo "$name: elfcmp:"; cat "$name.cmp"; rc=1; }
	return $rc
}

# module_path REL: a module of the same package (REL like fs/xfs/xfs); prints its path.
module_path() {
	kpkg_file "usr/lib/debug/lib/modules/6.1.0-57-cloud-amd64/kernel/$1.ko"
}

# all_modules_dir: prints the directory holding every module of the kernel
# package (1,121), extracting them all once. Returns 1 if it cannot.
all_modules_dir() {
	local dir=$KCACHE/x/usr/lib/debug/lib/modules/6.1.0-57-cloud-amd64/kernel part
	module_path net/ipv4/tcp_bbr >/dev/null || return 1
	if [ "$(find "$dir" -name '*.ko' | wc -l)" -lt 1121 ]; then
		part=$(mktemp -d "$KCACHE/x/.part.XXXXXX") || return 1
		dpkg-deb --fsys-tarfile "$KCACHE"/${VMLINUX_PKG}_*.deb |
			tar -x -C "$part" --wildcards './usr/lib/debug/lib/modules/*.ko' || return 1
		(cd "$part" && find . -name '*.ko' | while read -r f; do
			[ -f "$KCACHE/x/$f" ] ||
				{ mkdir -p "$KCACHE/x/$(dirname "$f")" && mv "$f" "$KCACHE/x/$f"; }
		done)
		rm -rf "$part"
	fi
	echo "$dir"
}

# fixture_objects DIR: compiles every fixture of tests/fixtures with each
# available compiler, DWARF version and optimisation level into DIR, and
# prints the objects' paths. Returns 1 (after printing why) if one fails.
fixture_objects() {
	local dir=$1 src cc dv opt obj
	mkdir -p "$dir" || return 1
	for src in "$TOP"/tests/fixtures/*.c "$TOP"/tests/fixtures/*.cc "$TOP"/tests/fixtures/*.S; do
		[ -f "$src" ] || continue
		for cc in $COMPILERS; do
			command -v "$cc" >/dev/null 2>&1 || continue
			for dv in $DWARF_VERSIONS; do
				for opt in $OPT_LEVELS; do
					obj=$dir/$(basename "$src")-$cc-dwarf$dv$opt.o
					if ! compile "$src" "$cc" "$dv" "$opt" "$obj" >"$obj.log" 2>&1; then
						echo "cannot compile $src with $cc -gdwarf-$dv $opt:" >&2
						head -5 "$obj.log" >&2
						return 1
					fi
					echo "$obj"
				done
			done
		done
	done
}

# many_cus DIR N CC: a shared object of N small CUs whose types overlap
# (the same structs in every CU, one struct name with a different body in
# every third CU); prints its path.
many_cus() {
	local dir=$1 n=$2 cc=$3 i
	mkdir -p "$dir" || return 1
	cat >"$dir/common.h" <<'EOC'
struct list { struct list *next, *prev; };
struct obj {
	struct list node;
	unsigned long flags;
	int refs : 7;
	unsigned int kind : 3;
	const char *name;
};
typedef int (*obj_fn)(struct obj *, void *);
enum obj_state { OBJ_NEW, OBJ_LIVE = 5, OBJ_DEAD = -1 };
union word { long l; double d; char c[8]; };
EOC
	for i in $(seq 1 "$n"); do
		cat >"$dir/u$i.c" <<EOC
#include "common.h"
struct only_$i { struct obj o; int v[$i]; enum obj_state s; union word w; };
struct same_name { int a$((i % 3)); char tail[$((i % 3 + 1))]; };
static struct only_$i g_$i;
obj_fn hook_$i;
int use_$i(struct only_$i *p, struct same_name *s)
{
	return p->v[0] + s->a$((i % 3)) + g_$i.o.refs;
}
EOC
	done
	(cd "$dir" && "$cc" -g -O1 -fPIC -shared -nostdlib -o many.so u*.c) >&2 || return 1
	echo "$dir/many.so"
}

# newer_libbpf: the prefix of a static libbpf built from Debian unstable's
# source, once, into $KCACHE/libbpf-newer; returns 1 where it cannot be had.
newer_libbpf() {
	local C=$KCACHE/libbpf-newer src part
	[ -f "$C/inst/usr/lib/libbpf.a" ] && { echo "$C/inst"; return 0; }
	rm -rf "$C" && mkdir -p "$C/src" && sid_apt "$C" deb-src || return 1
	# shellcheck disable=SC2086 # $SID_APT is a list of options
	(cd "$C/src" && { apt-get $SID_APT source --download-only libbpf=1.7.0-1 ||
			  apt-get $SID_APT source --download-only libbpf; }) >>"$C/log" 2>&1 ||
		return 1
	src=$(ls "$C"/src/libbpf_*.orig.tar.* 2>/dev/null | head -n 1)
	[ -n "$src" ] || return 1
	part=$C/build && mkdir -p "$part" && tar -xf "$src" -C "$part" --strip-components=1 &&
		make -C "$part/src" -j2 BUILD_STATIC_ONLY=1 OBJDIR="$part/obj" \
			DESTDIR="$C/inst" PREFIX=/usr LIBDIR=/usr/lib install >>"$C/log" 2>&1 ||
		return 1
	echo "$C/inst"
}

# newer_pahole DIR: pahole built into DIR (-O2, no LTO) against newer_libbpf,
# which must be 1.7 or later: sets NEWER (its path) and NEWER_VERSION (the
# libbpf's). The binary is kept in $KCACHE/libbpf-newer under a checksum of
# the sources, for the next test (the previous ones removed). Returns 0; 2
# where that libbpf cannot be had, 1 where the build fails, with the reason
# in NEWER_WHY.
newer_pahole() {
	local prefix sum kept
	prefix=$(newer_libbpf) ||
		{ NEWER_WHY="cannot fetch or build unstable's libbpf (see $KCACHE/libbpf-newer/log)"; return 2; }
	NEWER_VERSION=$(sed -n 's/^Version: //p' "$prefix/usr/lib/pkgconfig/libbpf.pc")
	case $NEWER_VERSION in 1.[0-6].*|0.*)
		NEWER_WHY="unstable's libbpf is $NEWER_VERSION, not newer than 1.6"; return 2 ;;
	esac
	sum=$(cd "$TOP" && cat Makefile ./*.c ./*.h "$prefix/usr/lib/libbpf.a" | cksum | cut -d' ' -f1)
	kept=$KCACHE/libbpf-newer/pahole-$sum
	if [ -x "$kept" ]; then
		NEWER=$kept
		return 0
	fi
	make -C "$TOP" -s BUILD="$1" CFLAGS="-O2 -g" \
		PKG_CFLAGS="-I$prefix/usr/include $(pkg-config --cflags libdw libelf zlib)" \
		PKG_LIBS="$prefix/usr/lib/libbpf.a $(pkg-config --libs libdw libelf zlib)" \
		"$1/pahole" >"$1.make.log" 2>&1 ||
		{ NEWER_WHY="building against libbpf $NEWER_VERSION: $(tail -n 3 "$1.make.log")"; return 1; }
	NEWER=$1/pahole
	rm -f "$KCACHE"/libbpf-newer/pahole-* 2>/dev/null
	cp "$NEWER" "$kept.part.$$" 2>/dev/null && mv -f "$kept.part.$$" "$kept" && NEWER=$kept
	rm -f "$kept.part.$$"
	return 0
}

# fault_shims_usable: skips when $PAHOLE is a sanitizer build (make
# check-sanitize): its runtime owns the allocation functions, so an
# LD_PRELOAD shim fails nothing there. make check runs these tests.
fault_shims_usable() {
	grep -qaE '__(asan|tsan)_init' "$PAHOLE" &&
		skip "fault shims do nothing in a sanitizer build ($PAHOLE)"
	return 0
}
# alloc_sweep WHAT OUT GOOD -- PROG ARGS...: PROG run with build/failalloc.so
# preloaded, its Nth counted allocation failing, for N = 1, 2, ... until a
# run reaches no Nth (what counts: FAILALLOC_FROM, FAILALLOC_IN,
# FAILALLOC_MIN, exported by the caller; tests/tools/failalloc.c). Each run
# must exit 0 with OUT (a file, or - for stdout) equal to the file GOOD, or
# exit 1 with one line on stderr saying that memory ran out; never a
# sanitizer report, never a temporary file (*.tmp.*) left in the current
# folder. Before each run, SWEEP_RESET (if set) is evaluated; after an exit
# 1, the file SWEEP_KEEP (if set) must still equal SWEEP_KEEP_WANT. Prints
# a line per bad run, sets SWEPT (runs) and SWEEP_ERRORS (exits 1) and
# returns 1 if a run was bad.
alloc_sweep() {
	local what=$1 out=$2 good=$3 n rc lines res=0 got
	shift 4
	SWEPT=0 SWEEP_ERRORS=0
	for n in $(seq 1 5000); do
		[ -z "${SWEEP_RESET:-}" ] || eval "$SWEEP_RESET"
		rm -f "$TMP/sweep.report"
		env ASAN_OPTIONS="verify_asan_link_order=0:${ASAN_OPTIONS:-}" \
			LD_PRELOAD="$TOP/build/failalloc.so" FAILALLOC_N=$n \
			FAILALLOC_REPORT="$TMP/sweep.report" "$@" >"$TMP/sweep.out" 2>"$TMP/sweep.err"
		rc=$?
		SWEPT=$n
		lines=$(wc -l <"$TMP/sweep.err")
		got=$out
		[ "$out" != - ] || got=$TMP/sweep.out
		if grep -qE 'Sanitizer|runtime error:' "$TMP/sweep.err"; then
			echo "$what, allocation $n: sanitizer report"; res=1
		elif [ $rc -eq 0 ]; then
			cmp -s "$got" "$good" || { echo "$what, allocation $n: exit 0, wrong output"; res=1; }
		elif [ $rc -eq 1 ] && [ "$lines" -eq 1 ] && grep -qi memory "$TMP/sweep.err"; then
			SWEEP_ERRORS=$((SWEEP_ERRORS + 1))
			if [ -n "${SWEEP_KEEP:-}" ] && ! cmp -s "$SWEEP_KEEP" "$SWEEP_KEEP_WANT"; then
				echo "$what, allocation $n: $SWEEP_KEEP changed"; res=1
			fi
		else
			echo "$what, allocation $n: exit $rc, $lines lines: $(head -n 2 "$TMP/sweep.err" | tr '\n' ' ')"
			res=1
		fi
		if compgen -G '*.tmp.*' >/dev/null; then
			echo "$what, allocation $n: left $(echo *.tmp.*)"; rm -f ./*.tmp.*; res=1
		fi
		grep -q '^hit 1' "$TMP/sweep.report" 2>/dev/null || break
	done
	return $res
}
