#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pfunct never crashes on damaged input: every input of the fuzz corpora and
# regressions (DWARF and BTF), with the listings that read the most (-i:
# bodies; --compile: type definitions; -F btf -P), exits 0 or 1, and on 1
# its last stderr line names the file (before it, at most libbpf's own
# reason, as pahole prints it). Run with PAHOLE_BUILD=build-asan, this is
# the sanitizers' check of pfunct on bad input.
. "$TOP/tests/lib.sh"
PFUNCT=$(sibling pfunct)
[ -x "$PFUNCT" ] || fail "$PFUNCT is not built"
FUZZ=$TOP/tests/fuzz
n=0
# run FILE ARGS...: one run, checked.
run() {
	local f=$1
	shift
	n=$((n + 1))
	damaged_input "$*" "$f" "$PFUNCT" "$@"
}
for f in "$FUZZ"/regressions/*/* "$FUZZ"/corpus/dwarf/*; do
	[ -f "$f" ] || continue
	run "$f" -i
	run "$f" --compile
done
for f in "$FUZZ"/regressions/btf/* "$FUZZ"/corpus/btf/*; do
	[ -f "$f" ] || continue
	run "$f" -F btf -P
	run "$f" -F btf --compile
done
[ "$n" -gt 100 ] || fail "only $n runs: fuzz inputs missing"
finish "$n runs on damaged inputs" "$n runs on damaged inputs exit 0 or 1, failures reported"
