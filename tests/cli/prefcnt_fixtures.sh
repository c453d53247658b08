#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# prefcnt on the inputs of tests/fixtures/prefcnt/MANIFEST.tsv (the objects
# of the fixture sets layout and cxx, built at test time: gcc and clang,
# DWARF 4 and 5, C and C++; a kernel module; BTF alone) prints what
# upstream v1.32 printed (nothing), exits 0 and writes nothing on stderr,
# at -j1, -j2 and -j4 alike; where upstream crashed (exit 139, BTF with
# functions) ours exits 0 too. All the inputs at once as well.
. "$TOP/tests/lib.sh"
PROG=$(sibling prefcnt)
MANIFEST=$TOP/tests/fixtures/prefcnt/MANIFEST.tsv
[ -x "$PROG" ] || fail "no $PROG"
fixture_set layout >/dev/null || fail "cannot build the fixture set layout"
fixture_set cxx >/dev/null || fail "cannot build the fixture set cxx"
mkdir -p "$TMP/run"
cd "$TMP/run" || fail "cannot cd to $TMP/run"
nr=0 all=()
while IFS=$'\t' read -r input status bytes; do
	[ "$input" = input ] && continue
	case $input in
	module:*)
		[ -z "$QUICK" ] || continue
		f=$(module_path "${input#module:}") || continue ;;
	*.only_btf.o)
		f=$(basename "$input")
		objcopy --only-section=.BTF "$TMP/${input%.only_btf.o}.btf.o" "$f" ||
			fail "objcopy $input" ;;
	*)
		f=$(basename "$input")
		cp "$TMP/$input" "$f" || fail "cannot copy $input" ;;
	esac
	[ "$status" = 0 ] || [ "$status" = 139 ] || fail "$input: unexpected upstream status $status"
	nr=$((nr + 1)) all+=("$f")
	for j in 1 2 4; do
		"$PROG" -j$j "$f" >out.txt 2>err.txt
		rc=$?
		[ $rc -eq 0 ] || no "$input -j$j: exit $rc: $(head -n 1 err.txt)"
		[ "$(wc -c <out.txt)" -eq "$bytes" ] || no "$input -j$j: $(wc -c <out.txt) bytes printed, upstream $bytes"
		[ ! -s err.txt ] || no "$input -j$j: stderr: $(head -n 1 err.txt)"
	done
done <"$MANIFEST"
[ $nr -ge 30 ] || fail "only $nr inputs"
"$PROG" "${all[@]}" >out.txt 2>err.txt || no "all inputs at once: exit $?"
[ ! -s out.txt ] && [ ! -s err.txt ] || no "all inputs at once: output or stderr"
finish "prefcnt on $nr inputs" "$nr inputs at -j1, -j2, -j4: exit 0, nothing printed, as upstream v1.32"
