#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# codiff on BTF: the BTF our pahole encodes of the codiff fixture objects
# (raw files, .BTF sections, split BTF over a base) gives, after its header
# line (the old file's name), the struct lines of upstream's codiff on their
# DWARF (tests/fixtures/codiff) for -s, -s -V and -t; the function part
# lists the functions removed and the prototype changed, as man/codiff.1
# defines its lines; a file against itself prints nothing; errors are one
# line naming the file.
. "$TOP/tests/lib.sh"
CODIFF=$(sibling codiff)
FIX=$TOP/tests/fixtures/codiff
[ -x "$CODIFF" ] || fail "no $CODIFF"
command -v gcc >/dev/null || skip "no gcc"
OBJ=$(fixture_set codiff) || fail "cannot build the codiff fixtures"
cp "$FIX"/*.txt "$OBJ" && cd "$OBJ" || fail "cannot copy the expected files"

# same WHAT WANT GOT: the two files must be identical.
same() {
	if ! cmp -s "$2" "$3"; then
		echo "$1: differs (< want, > ours):"; diff "$2" "$3" | head -20; no
	fi
}
# body FILE: FILE without its first line (the header).
body() { tail -n +2 "$1"; }

for f in old new; do
	"$PAHOLE" -J --btf_encode_detached=$f.btf $f.o || fail "encoding $f.o"
	cp $f.o ${f}_elf.o && "$PAHOLE" -J ${f}_elf.o || fail "encoding ${f}_elf.o in place"
done
printf 'struct base_only { int a; };\nint base_fn(struct base_only *b) { return b->a; }\n' >base.c
gcc -g -c base.c -o base.o && "$PAHOLE" -J --btf_encode_detached=base.btf base.o ||
	fail "encoding the base"
for f in old new; do
	"$PAHOLE" -J --btf_base=base.btf --btf_encode_detached=$f.split $f.o ||
		fail "encoding $f.o split over base.btf"
done

# The struct lines, against upstream's on DWARF.
for t in "s:-s" "sV:-s -V" "t:-t"; do
	name=${t%%:*} args=${t#*:}
	# shellcheck disable=SC2086 # word-split on purpose
	for run in "old.btf:$args old.btf new.btf" "old_elf.o:-F btf $args old_elf.o new_elf.o" \
		   "old.split:--btf_base=base.btf $args old.split new.split"; do
		header=${run%%:*} cmd=${run#*:}
		"$CODIFF" $cmd >out.txt 2>err.txt || no "codiff $cmd: exit $?"
		[ -s err.txt ] && no "codiff $cmd: stderr: $(head -n 1 err.txt)"
		[ "$(head -n 1 out.txt)" = "$header:" ] ||
			no "codiff $cmd: header '$(head -n 1 out.txt)', want '$header:'"
		same "codiff $cmd" <(body "$name.expected.txt") <(body out.txt)
	done
done

# Without -F, an ELF file with DWARF and .BTF is read as DWARF.
"$CODIFF" -s old_elf.o new_elf.o >out.txt 2>err.txt || no "DWARF first: exit $?"
same "codiff -s old_elf.o new_elf.o (DWARF)" s.expected.txt out.txt

# The function part: removed ones and changed prototypes, in any order.
want_fns() {
	if [ "$1" = -V ]; then
		printf '%s\n' "queue_push | prototype: int ()(struct queue * q, struct job * j) -> int ()(struct queue * q, struct job * j, int front)" \
			"legacy_sum | removed: int ()(struct legacy * l)" \
			"legacy_total | removed: int ()(struct legacy * l)" \
			"span_of | removed: long int ()(long int from, long int to)"
	else
		printf '%s\n' "queue_push | prototype changed" "legacy_sum | removed" \
			"legacy_total | removed" "span_of | removed"
	fi
}
for v in "" -V; do
	# shellcheck disable=SC2086 # an empty $v is no argument
	"$CODIFF" -f $v old.btf new.btf >out.txt 2>err.txt || no "-f $v: exit $?"
	[ "$(head -n 1 out.txt)" = "old.btf:" ] || no "-f $v: no header"
	[ "$(tail -n 1 out.txt)" = " 4 functions changed" ] ||
		no "-f $v: last line '$(tail -n 1 out.txt)'"
	# The name column is as wide as the longest change of the CU, structs
	# included ("struct trimmed", 14 characters), as upstream's.
	grep -vE '^(old\.btf:| 4 functions changed)$' out.txt >lines.txt
	awk 'substr($0, 1, 2) != "  " || substr($0, 17, 3) != " | "' lines.txt | grep -q . &&
		no "-f $v: a line is not '  NAME<padded to 14> | ...'"
	same "codiff -f $v old.btf new.btf" <(want_fns "$v" | LC_ALL=C sort) \
		<(sed -E 's/^  ([a-z_]+) +\|/\1 |/' lines.txt | LC_ALL=C sort)
done

# A build against itself: nothing.
for a in "old.btf old.btf" "-V new.btf new.btf" "--btf_base=base.btf -V new.split new.split" \
	 "-V -F btf new_elf.o new_elf.o"; do
	# shellcheck disable=SC2086 # word-split on purpose
	"$CODIFF" $a >out.txt 2>&1 || no "codiff $a: exit $?"
	[ -s out.txt ] && no "codiff $a printed: $(head -n 1 out.txt)"
done

# A character device is a build without CUs: every function removed.
"$CODIFF" old.btf /dev/null >out.txt 2>&1 || no "old.btf /dev/null: exit $?"
[ "$(grep -c ' | removed$' out.txt)" = 7 ] && [ "$(tail -n 1 out.txt)" = " 7 functions changed" ] ||
	no "old.btf /dev/null: $(tail -n 1 out.txt)"

# Errors: one line naming the file, exit 1; a bad option: 64.
head -c 100 /dev/urandom >junk.btf
expect_error "not BTF" junk.btf -- "$CODIFF" -F btf old.btf junk.btf || no
expect_error "no such file" nosuch.btf -- "$CODIFF" old.btf nosuch.btf || no
expect_error "bad base" nosuch.base -- "$CODIFF" --btf_base=nosuch.base old.split new.split || no
expect_error "no DWARF with -F dwarf" old.btf -- "$CODIFF" -F dwarf old.btf new.btf || no
"$CODIFF" -F nosuch old.btf new.btf >/dev/null 2>&1
rc=$?
[ $rc -eq 64 ] || no "-F nosuch: exit $rc, want 64"
"$CODIFF" -F dwarf --btf_base=base.btf old.split new.split >/dev/null 2>&1
rc=$?
[ $rc -eq 64 ] || no "-F dwarf --btf_base: exit $rc, want 64"
finish "codiff on BTF differs" "codiff on raw, in-ELF and split BTF: upstream's struct lines, the function lines, silent on itself"
