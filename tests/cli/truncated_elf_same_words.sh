# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# An ELF file cut short gives every program the same one line: "FILE:
# truncated or corrupt ELF file: ...", exit 1, whether it encodes, prints
# layouts or lists functions, variables or tags; an ELF file without
# debugging information, "FILE: no DWARF or BTF debugging information"; a
# .BTF section libbpf refuses, "FILE: invalid BTF: REASON".
#
# Was: pahole (printing) and pfunct tried BTF after the DWARF check found
# nothing, printed libbpf's "failed to get e_shstrndx" and then "file 'X'
# has no supported type information." (also for a file without debugging
# information).
. "$TOP/tests/lib.sh"
BUILD_DIR=$(dirname "$PAHOLE")
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
printf 'struct point { int x, y; } origin;\nint norm(struct point *p) { return p->x + p->y; }\n' >p.c
gcc -c -g p.c -o whole.o || fail "cannot compile"
head -c 1024 whole.o >cut.o
n=0
check() { # WHAT CMD...
	local what=$1
	shift
	n=$((n + 1))
	expect_error "$what" cut.o -- "$@" || { no; return; }
	grep -q 'cut.o: truncated or corrupt ELF file' "$TMP/err.txt" || no "$what: other words"
}
check "pahole -J" "$PAHOLE" -J --btf_encode_detached=out.btf cut.o
check "pahole" "$PAHOLE" cut.o
check "pahole -C" "$PAHOLE" -C point cut.o
check "pahole -F btf" "$PAHOLE" -F btf cut.o
check "pfunct" "$BUILD_DIR/pfunct" cut.o
check "pdwtags" "$BUILD_DIR/pdwtags" cut.o
check "pglobal -v" "$BUILD_DIR/pglobal" -v cut.o
check "prefcnt" "$BUILD_DIR/prefcnt" cut.o
check "dtagnames" "$BUILD_DIR/dtagnames" cut.o
check "codiff" "$BUILD_DIR/codiff" cut.o whole.o
gcc -c p.c -o bare.o || fail "cannot compile"
for p in pahole pfunct pdwtags "pglobal -v" "pglobal -f" prefcnt dtagnames; do
	n=$((n + 1))
	# shellcheck disable=SC2086 # $p is a program and its option
	expect_error "$p, no debugging information" bare.o -- "$BUILD_DIR"/$p bare.o || { no; continue; }
	grep -qx "${p%% *}: bare.o: no DWARF or BTF debugging information" "$TMP/err.txt" ||
		no "$p, no debugging information: other words"
done
printf 'neither DWARF nor BTF' >junk.bin
objcopy --add-section .BTF=junk.bin bare.o badbtf.o || fail "objcopy"
for p in pahole pfunct pdwtags "pglobal -v" prefcnt dtagnames; do
	n=$((n + 1))
	# shellcheck disable=SC2086 # $p is a program and its option
	expect_error "$p, damaged .BTF" badbtf.o -- "$BUILD_DIR"/$p badbtf.o || { no; continue; }
	grep -q "^${p%% *}: badbtf.o: invalid BTF: " "$TMP/err.txt" || no "$p, damaged .BTF: other words"
done
finish "truncated ELF" "$n programs and modes, one line each in the same words"
