#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Replays tests/fixtures/pfunct/MANIFEST.tsv: each command, run from the
# set's objects (built by its build.sh) with our pfunct in place of
# "pfunct", prints upstream v1.32's output byte for byte and exits with the
# status given. The one deliberate difference (README.md): "pfunct nosuch.o"
# exits 1 with one line on stderr naming the file, where upstream prints
# nothing and exits 0.
# Then -P -F btf on the .BTF section of an ELF file.
. "$TOP/tests/lib.sh"
FIX=$TOP/tests/fixtures/pfunct
PFUNCT=$(sibling pfunct)
[ -x "$PFUNCT" ] || fail "$PFUNCT is not built"
OBJ=$(fixture_set pfunct) || fail "cannot build the pfunct fixtures"
cp "$FIX"/*.txt "$OBJ" && cd "$OBJ" || fail "cannot copy the expected files"

n=0
while IFS=$'\t' read -r expected status cmd; do
	[ "$expected" = expected_file ] && continue
	[ "${cmd%% *}" = pfunct ] || fail "MANIFEST line not a pfunct command: $cmd"
	read -r -a args <<<"${cmd#pfunct}"
	n=$((n + 1))
	"$PFUNCT" "${args[@]}" >out.txt 2>err.txt
	rc=$?
	[ "$expected" != missing.expected.txt ] || status=1
	if [ "$rc" -ne "$status" ]; then
		echo "$cmd: exit $rc, want $status"; cat err.txt; no
	elif ! cmp -s out.txt "$expected"; then
		echo "$cmd: output differs from $expected (< ours, > upstream):"
		diff out.txt "$expected" | head -20; no
	fi
	if [ "$expected" = missing.expected.txt ]; then
		expect_error "missing file" nosuch.o -- "$PFUNCT" "${args[@]}" || no
	elif [ -s err.txt ]; then
		echo "$cmd: unexpected stderr:"; cat err.txt; no
	fi
done <"$FIX/MANIFEST.tsv"
[ "$n" -ge 27 ] || fail "$n MANIFEST commands, want 27 or more"

# BTF in an ELF file's .BTF section (our pahole -J on funcs.o, whose BTF is
# funcs.btf's): -F btf -P reads it as it reads the raw file.
cp funcs.o funcs_btf.o && "$PAHOLE" -J funcs_btf.o || fail "pahole -J funcs_btf.o"
n=$((n + 1))
"$PFUNCT" -P -F btf funcs_btf.o >out.txt 2>err.txt || no ".BTF: exit $?"
cmp -s out.txt Pbtf.expected.txt || { echo ".BTF: -P -F btf differs:"; diff out.txt Pbtf.expected.txt; no; }
finish "$n commands against upstream's outputs" "$n commands as upstream (the last on .BTF in an ELF file)"
