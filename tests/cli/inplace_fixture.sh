# tags: offline (no network, no kernel package)
# -J without --btf_encode_detached writes .BTF into the file itself: added
# when missing (PROGBITS, no flags, after the last section, as
# objcopy --add-section), replaced when present, grown or shrunk; its bytes
# are what --btf_encode_detached writes; every other section, the symbol
# table and the program headers stay as they were (elfcmp); mode, owner and
# symbolic links are kept; a second run changes nothing.
. "$TOP/tests/lib.sh"
ELFCMP=$TOP/build/elfcmp
BPFTOOL=/usr/sbin/bpftool
[ -x "$BPFTOOL" ] || skip "no $BPFTOOL"
command -v llvm-objcopy >/dev/null || skip "no llvm-objcopy"
cd "$TMP" || fail "no temp dir"
cat >t.c <<'EOF'
struct point { int x, y; };
struct node { struct node *next; struct point p; unsigned flag:3; } head;
int main(void) { return head.p.x; }
EOF

# check NAME ORIG WANT: NAME was made from ORIG by pahole -J; WANT is the
# detached output.
check() {
	inplace_check "$@" || no
	[ -f "$1.dump" ] || return
	"$BPFTOOL" btf dump file "$1" >/dev/null 2>&1 || no "$1: bpftool cannot read its BTF"
}

for cc in gcc clang; do
	command -v $cc >/dev/null || continue
	$cc -g -c t.c -o $cc.o && $cc -g t.c -o $cc.exe || fail "$cc"
	for kind in o exe; do
		f=$cc.$kind
		"$PAHOLE" -J --btf_encode_detached="$f.want" "$f" || fail "$f: detached"
		# Added.
		cp "$f" "$f.add" && chmod 0751 "$f.add"
		LLVM_OBJCOPY=/bin/false "$PAHOLE" -J "$f.add" || no "$f.add: pahole -J failed"
		check "$f.add" "$f" "$f.want"
		readelf -SW "$f.add" | grep -q '\.BTF  *PROGBITS  *[0-9a-f]*  *[0-9a-f]*  *[0-9a-f]*  *00  *0  *0  *1$' ||
			no "$f.add: .BTF has flags, a link or info: $(readelf -SW "$f.add" | grep '\.BTF ')"
		[ "$(stat -c %a "$f.add")" = 751 ] || no "$f.add: mode is now $(stat -c %a "$f.add")"
		# Replaced by the same: nothing changes.
		cp "$f.add" "$f.again"
		"$PAHOLE" -J "$f.again" || no "$f.again: pahole -J failed"
		cmp -s "$f.add" "$f.again" || no "$f.again: a second run changed the file"
		# Grown from 4 bytes and shrunk from 64 KiB, with .BTF before the
		# symbol table (GNU objcopy, as in kernel modules) or last (LLVM).
		head -c 4 /dev/zero >small && head -c 65536 /dev/zero >large
		for tool in objcopy llvm-objcopy; do
			for size in small large; do
				g=$f.$tool.$size
				$tool --add-section .BTF=$size "$f" "$g" || fail "$tool"
				cp "$g" "$g.orig"
				"$PAHOLE" -J "$g" || no "$g: pahole -J failed"
				check "$g" "$g.orig" "$f.want"
			done
		done
	done
done
[ -e gcc.o ] || skip "no compiler"

# Through a symbolic link: the link stays, its target gets .BTF.
cp gcc.o target.o && ln -s target.o link.o
"$PAHOLE" -J link.o || no "link.o: pahole -J failed"
[ -L link.o ] || no "link.o: the symbolic link was replaced"
readelf -SW target.o | grep -q '\.BTF ' || no "target.o: no .BTF"

# A .BTF.base from an earlier distilled_base encoding stays as it was,
# with a warning that it no longer matches.
llvm-objcopy --add-section .BTF.base=small gcc.o stale.o && cp stale.o stale.orig || fail "objcopy"
"$PAHOLE" -J stale.o 2>stale.err || no "stale.o: pahole -J failed"
grep -q 'stale.o: its .BTF.base' stale.err || no "stale.o: no warning about .BTF.base"
"$ELFCMP" stale.orig stale.o .BTF >stale.cmp || { no "stale.o: elfcmp:"; cat stale.cmp; }

# Owner kept (root may give files away).
if [ "$(id -u)" = 0 ]; then
	cp gcc.o owned.o && chown 1234:5678 owned.o
	"$PAHOLE" -J owned.o || no "owned.o: pahole -J failed"
	[ "$(stat -c %u:%g owned.o)" = 1234:5678 ] || no "owned.o: owner now $(stat -c %u:%g owned.o)"
fi
[ "$(ls | grep -c '\.tmp\.')" -eq 0 ] || no "temporary files left: $(ls | grep '\.tmp\.')"
finish "in-place .BTF" "added, replaced, grown and shrunk in objects and executables (gcc, clang)"
