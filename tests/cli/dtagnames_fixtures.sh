#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# dtagnames on the objects of the fixture sets layout and cxx (gcc DWARF 5
# and 4, clang, C and C++, BTF-encoded ones), built at test time, and on BTF
# alone gives upstream v1.32's output byte for byte (tests/fixtures/dtagnames/,
# made with upstream by its make-expected.sh), exit 0 and nothing on stderr.
. "$TOP/tests/lib.sh"
DTAGNAMES=$(sibling dtagnames)
EXP=$TOP/tests/fixtures/dtagnames
[ -x "$DTAGNAMES" ] || fail "no $DTAGNAMES"
L=$(fixture_set layout) || fail "cannot build the fixture set layout"
C=$(fixture_set cxx) || fail "cannot build the fixture set cxx"
mkdir -p "$TMP/run"
cd "$TMP/run" || fail "cannot cd to $TMP/run"
nr=0
for f in "$L"/*.o "$C"/*.o; do
	b=$(basename "$f")
	cp "$f" "$b" || fail "cannot copy $f"
	set -- "$(basename "$(dirname "$f")").$b"
	case $b in *.btf.o)
		objcopy --only-section=.BTF "$b" "${b%.btf.o}.only_btf.o" ||
			fail "objcopy --only-section=.BTF $b"
		set -- "$@" "layout.${b%.btf.o}.only_btf.o" ;;
	esac
	for name in "$@"; do
		nr=$((nr + 1))
		"$DTAGNAMES" "${name#*.}" >out.txt 2>err.txt
		rc=$?
		[ $rc -eq 0 ] || no "$name: exit $rc: $(head -n 1 err.txt)"
		[ ! -s err.txt ] || no "$name: stderr: $(head -n 1 err.txt)"
		cmp -s out.txt "$EXP/$name.expected.txt" || no "$name: output differs from upstream's"
	done
done
[ "$nr" -eq 30 ] || fail "$nr inputs, expected 30"
finish "dtagnames on $nr fixtures" "$nr fixture outputs identical to upstream v1.32's"
