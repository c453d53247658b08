#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# scncopy copies sections: with -s, only those named (and a new .shstrtab),
# with -a every one; readelf reads the copy without a warning, and each
# section's bytes (objcopy --dump-section) are the input's. The input is
# never changed; an output that cannot be written, a missing section, the
# input as output, and a non-ELF input each exit 1 with one line and leave
# no file behind; usage errors exit 64. Upstream v1.32's scncopy writes an
# output readelf calls corrupt and crashes with -a (man/scncopy.1).
. "$TOP/tests/lib.sh"
PROG=$(sibling scncopy)
[ -x "$PROG" ] || fail "no $PROG"
# An object with DWARF and .BTF: holes.btf.o of tests/fixtures/layout.
OBJ=$(fixture_set layout)/holes.btf.o || fail "cannot build the layout fixtures"
cd "$TMP" || fail "cannot cd to $TMP"
cp "$OBJ" in.o && cp /bin/true exe || fail "cannot copy the inputs"
sum=$(sha256sum in.o exe)

# same_bytes IN OUT SECTION...: each SECTION's bytes (and address) in OUT
# are IN's, as readelf dumps them (objcopy will not write a copy of an
# executable without program headers).
same_bytes() {
	local in=$1 out=$2 s
	shift 2
	for s in "$@"; do
		# readelf notes the relocations of the input's sections: left out
		readelf -x "$s" "$in" 2>&1 | grep -v NOTE >want.txt &&
			readelf -x "$s" "$out" 2>&1 | grep -v NOTE >got.txt &&
			cmp -s want.txt got.txt || { echo "$out: $s differs from $in's"; return 1; }
	done
}

"$PROG" -o two.o -s .BTF -s .debug_info in.o || no "-s .BTF -s .debug_info: exit $?"
readelf -S -W two.o >two.txt 2>&1 || no "readelf -S two.o: exit $?"
grep -qE '^readelf: (Warning|Error)' two.txt && no "readelf about two.o: $(grep -E '^readelf: ' two.txt | head -n 1)"
[ "$(grep -cE '^ +\[ *[0-9]+\]' two.txt)" -eq 4 ] || no "two.o: not 4 sections (null, 2, .shstrtab)"
same_bytes in.o two.o .BTF .debug_info || no
objcopy --dump-section .BTF=want.bin in.o junk.o && objcopy --dump-section .BTF=got.bin two.o junk.o &&
	cmp -s want.bin got.bin || no "two.o: objcopy dumps another .BTF"

for f in in.o exe; do
	"$PROG" -a -o "$f.all" "$f" || no "-a $f: exit $?"
	# not -d: the dynamic section's addresses need the program headers
	readelf -h -S -s -r -W "$f.all" >all.txt 2>&1
	grep -qE '^readelf: (Warning|Error)' all.txt && no "readelf -a $f.all: $(grep -E '^readelf: ' all.txt | head -n 1)"
	names=$(readelf -S -W "$f" | sed -n 's/^ *\[ *[0-9]*\] \([^ ]*\) .*/\1/p' | grep -v '^NULL$' | grep -vx .shstrtab)
	# shellcheck disable=SC2086 # one section name a word
	same_bytes "$f" "$f.all" $names || no
done

[ "$(sha256sum in.o exe)" = "$sum" ] || no "an input was changed"
mkdir ro && chmod 555 ro
if [ ! -w ro ]; then
	expect_error "unwritable" ro/out.o -- "$PROG" -o ro/out.o -s .BTF in.o || no
	[ -z "$(ls -A ro)" ] || no "files left in ro: $(ls -A ro)"
fi
expect_error "missing section" .nope -- "$PROG" -o nope.o -s .BTF -s .nope in.o || no
[ ! -e nope.o ] || no "nope.o written"
expect_error "output is input" in.o -- "$PROG" -o in.o -s .BTF in.o || no
ln -s in.o link.o
expect_error "output is input by a link" link.o -- "$PROG" -o link.o -s .BTF in.o || no
printf 'text\n' >text.txt
expect_error "not ELF" text.txt -- "$PROG" -o t.o -s .BTF text.txt || no
[ ! -e t.o ] || no "t.o written"
[ "$(sha256sum in.o exe)" = "$sum" ] || no "an input was changed"
[ -z "$(ls -A | grep '\.tmp\.')" ] || no "temporary files left: $(ls -A | grep '\.tmp\.')"
for args in "-s .BTF in.o" "-o x.o in.o" "-o x.o -s .BTF" "-o x.o -s .BTF in.o exe" "-z"; do
	# shellcheck disable=SC2086 # word-split on purpose
	"$PROG" $args >/dev/null 2>&1
	rc=$?
	[ $rc -eq 64 ] || no "scncopy $args: exit $rc, want 64"
done
"$PROG" --help >/dev/null || no "--help: exit $?"
finish "scncopy" "sections copied byte for byte, readable copies, bad input refused cleanly"
