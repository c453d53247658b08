# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# -F ctf is refused with one line and exit 64 by pahole and pfunct (there is
# no CTF loader; upstream's says "no ctf type information" of every file
# Linux toolchains make, GCC's -gctf included), and by codiff, which knows
# dwarf and btf only; -F dwarf still works, and no --help names ctf as a
# format.
. "$TOP/tests/lib.sh"
PFUNCT=$(sibling pfunct)
CODIFF=$(sibling codiff)
cd "$TMP" || fail "no temp dir"
printf 'struct s { int a; char b; };\nint f(struct s *p) { return p->a; }\n' >t.c
gcc -g -c t.c -o t.o || fail "gcc"
gcc -gctf -c t.c -o ctf.o 2>/dev/null || gcc -g -c t.c -o ctf.o
for prog in "$PAHOLE" "$PFUNCT" "$CODIFF"; do
	name=$(basename "$prog")
	for list in ctf dwarf,ctf ctf,btf; do
		if [ "$name" = codiff ]; then set -- -F "$list" ctf.o ctf.o; else set -- -F "$list" ctf.o; fi
		"$prog" "$@" >out.txt 2>err.txt
		rc=$?
		[ $rc -eq 64 ] || no "$name -F $list: exit $rc, want 64"
		[ "$(wc -l <err.txt)" -eq 1 ] || no "$name -F $list: not one line: $(cat err.txt)"
		[ -s out.txt ] && no "$name -F $list: printed $(head -n 1 out.txt)"
	done
	"$prog" --help | grep -A1 -- '--format_path' | grep -qi 'ctf' && no "$name --help names ctf as a format"
done
"$PAHOLE" -F dwarf -C s t.o | grep -q 'int  *a;' || no "pahole -F dwarf no longer prints"
"$PFUNCT" -F dwarf t.o | grep -qx f || no "pfunct -F dwarf no longer lists f"
finish "-F ctf" "-F ctf refused with one line, exit 64, by pahole, pfunct and codiff"
