#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# Every option that pdwtags --help lists, long and short, appears in
# man/pdwtags.1, and the manual names no long option pdwtags refuses.
. "$(dirname "$0")/../lib.sh"
CODIFF=$(dirname "$PAHOLE")/pdwtags
MAN=$TOP/man/pdwtags.1
[ -x "$CODIFF" ] || fail "no $CODIFF"
[ -f "$MAN" ] || fail "$MAN is missing"
# The roff source as plain text: \- becomes -, font escapes go.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$MAN" >"$TMP/man.txt"
"$CODIFF" --help >"$TMP/help.txt" 2>&1 || fail "pdwtags --help exited $?"
longs=$(grep -oE -- '--[a-z][a-z0-9_-]*' "$TMP/help.txt" | sort -u)
shorts=$(grep -oE -- '^ +-[^- ?],' "$TMP/help.txt" | sed -e 's/^ *//' -e 's/,$//' | sort -u)
[ -n "$longs" ] && [ -n "$shorts" ] || fail "no options found in --help output"
missing=""
for o in $longs $shorts; do
	grep -qE -- "(^|[^a-zA-Z0-9_-])$o([^a-zA-Z0-9_]|\$)" "$TMP/man.txt" || missing="$missing $o"
done
[ -z "$missing" ] || fail "options in --help but not in man/pdwtags.1:$missing"
extra=""
for o in $(grep -oE -- '(^|[ [(])--[a-z][a-z0-9_]*' "$TMP/man.txt" | grep -oE -- '--[a-z0-9_]+' | sort -u); do
	case $o in --btf_encode_detached) continue ;; esac	# pahole's, in the BTF section
	grep -qE -- "$o([^a-zA-Z0-9_]|\$)" "$TMP/help.txt" || extra="$extra $o"
done
[ -z "$extra" ] || fail "man/pdwtags.1 names options pdwtags lacks:$extra"
pass "$(echo $longs $shorts | wc -w) options of --help in man/pdwtags.1, none beyond"
