# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# ar archives: every member with DWARF is printed and encoded, in archive
# order, as if the members were given as files; members without DWARF are
# skipped. Compared with /usr/bin/pahole (printing, and the types of the
# encoded BTF through btfcanon) and with our own run on the member files
# (the functions: 1.24 keeps only those of the first member, as it does for
# several files, where the spec has every file's). -J in place on an
# archive is refused; bad archives are one line and exit 1, never a crash.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
command -v ar >/dev/null 2>&1 || skip "no ar"
cd "$TMP" || fail "no temp dir"
# drop_blank: 1.24 prints no empty line after each -C type; the spec does.
drop_blank() { grep -v '^$'; }

# member_sources DIR N: N sources whose types overlap (shared by all, one
# struct name with another body in every third), none of what 1.24 prints
# differently from the spec (no struct embedding one with holes).
member_sources() {
	local i
	mkdir -p "$1" || return 1
	for i in $(seq 1 "$2"); do
		cat >"$1/u$i.c" <<EOC
struct shared { int a; long b; char c; };
struct same_name { int a$((i % 3)); char tail[$((i % 3 + 1))]; };
struct only_$i { struct shared *s; unsigned int bits : $((i % 7 + 1)); short v[$i]; };
static struct only_$i g_$i;
struct only_$i *pub_$i = &g_$i;
int use_$i(struct only_$i *p, struct same_name *n) { return p->v[0] + n->a$((i % 3)) + p->s->a; }
EOC
	done
	printf 'struct no_dwarf { int z; };\nint nd(struct no_dwarf *p) { return p->z; }\n' >"$1/nd.c"
}

for cc in gcc clang; do
	command -v "$cc" >/dev/null 2>&1 || continue
	d=$TMP/m-$cc
	member_sources "$d" 12 || fail "cannot write the sources"
	members=
	for i in $(seq 1 12); do
		# Long names go through the archive's long-name table.
		o=$d/member_with_a_long_name_$i.o
		(cd "$d" && "$cc" -g -O1 -c -o "$o" u$i.c) || fail "$cc cannot compile u$i.c"
		members="$members $o"
	done
	"$cc" -O1 -c -o "$d/nd.o" "$d/nd.c" || fail "$cc cannot compile nd.c"
	set -- $members
	lib=$d/lib.a
	(cd "$d" && ar rcs lib.a "$1" "$2" nd.o ${members#" $1 $2"}) || fail "ar failed"

	for j in -j1 -j3; do
		# Printing: the same as Debian's pahole, and as the member files.
		"$PAHOLE" $j "$lib" >ours.txt 2>ours.err || no "$cc $j: print failed: $(cat ours.err)"
		/usr/bin/pahole "$lib" >ref.txt 2>/dev/null
		[ -s ref.txt ] || fail "/usr/bin/pahole printed nothing for $lib"
		cmp -s ours.txt ref.txt || { no "$cc $j: printing differs from /usr/bin/pahole"; diff ours.txt ref.txt | head -5; }
		"$PAHOLE" $j $members >files.txt 2>&1
		cmp -s ours.txt files.txt || no "$cc $j: printing differs from the member files"
		"$PAHOLE" $j -C shared,same_name,only_7 "$lib" >ours.txt 2>&1
		/usr/bin/pahole -C shared,same_name,only_7 "$lib" >ref.txt 2>&1
		[ "$(drop_blank <ours.txt)" = "$(drop_blank <ref.txt)" ] ||
			no "$cc $j: -C differs from /usr/bin/pahole"
		"$PAHOLE" $j -C shared,same_name,only_7 $members >files.txt 2>&1
		cmp -s ours.txt files.txt || no "$cc $j: -C differs from the member files"

		# Encoding: byte for byte the member files'; types as 1.24's.
		rm -f ours.btf files.btf ref.btf
		"$PAHOLE" $j $REF_FLAGS --btf_encode_detached=ours.btf "$lib" 2>ours.err ||
			{ no "$cc $j: encoding failed: $(cat ours.err)"; continue; }
		"$PAHOLE" $j $REF_FLAGS --btf_encode_detached=files.btf $members ||
			fail "encoding the member files failed"
		cmp -s ours.btf files.btf || no "$cc $j: the archive's BTF differs from the member files'"
		ref_pahole_btf "$lib" ref.btf || fail "/usr/bin/pahole cannot encode $lib"
		[ "$(canon_types ours.btf)" = "$(canon_types ref.btf)" ] ||
			{ no "$cc $j: types differ from /usr/bin/pahole's"; diff <(canon_types ours.btf) <(canon_types ref.btf) | head -5; }
		"$BTFCANON" ref.btf | grep "^FUNC " >ref.funcs
		"$BTFCANON" ours.btf | grep "^FUNC " >ours.funcs
		[ -s ref.funcs ] && ! grep -vxFf ours.funcs ref.funcs >/dev/null ||
			no "$cc $j: a function of /usr/bin/pahole's BTF is missing"
		[ "$(wc -l <ours.funcs)" -ge 12 ] || no "$cc $j: not every member's functions encoded"
		grep -q "'nd'" ours.funcs && no "$cc: the member without DWARF gave a function"
	done
done
[ -n "${lib:-}" ] || skip "no compiler"

# BSD archives (llvm-ar): "#1/N" names and the __.SYMDEF index.
llvm_ar=$(command -v llvm-ar || command -v llvm-ar-14)
if [ -n "$llvm_ar" ]; then
	"$llvm_ar" rcs --format=bsd bsd.a $members || fail "llvm-ar failed"
	"$PAHOLE" bsd.a >bsd.txt 2>&1 || no "a BSD archive: $(head -1 bsd.txt)"
	"$PAHOLE" $members >files.txt 2>&1
	cmp -s bsd.txt files.txt || no "a BSD archive prints otherwise than its members"
fi

# -J in place: refused, the archive left alone.
cp "$lib" inplace.a
expect_error "-J in place" inplace.a -- "$PAHOLE" -J inplace.a || no
grep -q -- "--btf_encode_detached" "$TMP/err.txt" || no "the refusal does not say what to do"
cmp -s "$lib" inplace.a || no "-J in place changed the archive"

# Bad archives: one line naming the archive or the member, exit 1.
size=$(stat -c %s "$lib")
check_bad() {	# check_bad WHAT FILE NAME
	expect_error "$1, print" "$3" -- "$PAHOLE" "$2" || no
	expect_error "$1, encode" "$3" -- "$PAHOLE" -J --btf_encode_detached=x.btf "$2" ||
		no
}
for cut in 8 30 68 200 $((size / 2)) $((size - 7)); do
	head -c "$cut" "$lib" >cut.a
	check_bad "cut at $cut of $size" cut.a cut.a
done
# A member header whose end marker or size is not one.
cp "$lib" hdr.a
printf 'XX' | dd of=hdr.a bs=1 seek=66 conv=notrunc status=none
check_bad "bad header end" hdr.a hdr.a
cp "$lib" size.a
printf 'abc' | dd of=size.a bs=1 seek=56 conv=notrunc status=none
check_bad "bad member size" size.a size.a
# A member that is not ELF, and one whose ELF header is damaged.
printf 'not an object\n' >notes.txt
cp "$lib" text.a && ar q text.a notes.txt
check_bad "text member" text.a "text.a(notes.txt)"
python3 - "$lib" elf.a <<'EOF' || fail "cannot damage a member"
import sys
b = bytearray(open(sys.argv[1], 'rb').read())
i = b.find(b'\x7fELF', b.find(b'\x7fELF') + 1)
b[i + 0x28:i + 0x30] = b'\xff' * 8		# e_shoff far past the end
open(sys.argv[2], 'wb').write(b)
EOF
check_bad "damaged member" elf.a "elf.a(member_with_a_long_name_2.o)"
# No member with DWARF; a thin archive.
(cd "$d" && ar rcs "$TMP/nodwarf.a" nd.o) || fail "ar failed"
check_bad "no DWARF" nodwarf.a nodwarf.a
ar rcsT thin.a "$1" 2>/dev/null && check_bad "thin archive" thin.a thin.a

finish "archive checks" "archives print and encode as their members do, and as /usr/bin/pahole; bad ones are one line"
