#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# dtagnames on a module of the Debian kernel (tcp_bbr.ko, gcc DWARF 5 with
# inline expansions and call sites) gives upstream v1.32's 16,018 lines
# (tests/fixtures/dtagnames/tcp_bbr.ko.expected.txt.gz).
. "$TOP/tests/lib.sh"
DTAGNAMES=$(sibling dtagnames)
[ -x "$DTAGNAMES" ] || fail "no $DTAGNAMES"
[ -z "$QUICK" ] || skip "QUICK: needs the Debian kernel package"
ko=$(module_path net/ipv4/tcp_bbr) || skip "no Debian kernel package"
gzip -dc "$TOP/tests/fixtures/dtagnames/tcp_bbr.ko.expected.txt.gz" >"$TMP/want.txt" ||
	fail "cannot read the expected output"
"$DTAGNAMES" "$ko" >"$TMP/got.txt" 2>"$TMP/err.txt" || fail "exit $?: $(head -n 1 "$TMP/err.txt")"
[ ! -s "$TMP/err.txt" ] && cmp -s "$TMP/want.txt" "$TMP/got.txt" ||
	fail "tcp_bbr.ko: output or stderr differs from upstream's"
pass "tcp_bbr.ko: $(wc -l <"$TMP/got.txt") lines, as upstream v1.32"
