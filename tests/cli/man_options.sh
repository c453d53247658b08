#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# For each program below: every option that PROGRAM --help lists, long and
# short, appears in man/PROGRAM.1, and the manual names no long option the
# program refuses, but the ones listed after it (other programs' options
# that its page names). pahole's and pfunct's pages: man_covers_help.sh.
. "$TOP/tests/lib.sh"
BIN=$(dirname "$PAHOLE")

# check PROGRAM [OPTION...]: PROGRAM's help against its page; OPTIONs may be
# named in the page though PROGRAM lacks them. One no() a failed check.
check() {
	local prog=$1 man=$TOP/man/$1.1 longs shorts o missing="" extra=""
	shift
	[ -x "$BIN/$prog" ] || { no "no $BIN/$prog"; return; }
	[ -f "$man" ] || { no "$man is missing"; return; }
	# The roff source as plain text: \- becomes -, font escapes go.
	sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' "$man" >"$TMP/man.txt"
	"$BIN/$prog" --help >"$TMP/help.txt" 2>&1 || { no "$prog --help exited $?"; return; }
	longs=$(grep -oE -- '--[a-z][a-z0-9_-]*' "$TMP/help.txt" | sort -u)
	shorts=$(grep -oE -- '^ +-[^- ?],' "$TMP/help.txt" | sed -e 's/^ *//' -e 's/,$//' | sort -u)
	if [ -z "$longs" ] || [ -z "$shorts" ]; then
		no "no options found in $prog --help output"
		return
	fi
	for o in $longs $shorts; do
		grep -qE -- "(^|[^a-zA-Z0-9_-])$o([^a-zA-Z0-9_]|\$)" "$TMP/man.txt" ||
			missing="$missing $o"
	done
	[ -z "$missing" ] || no "options in $prog --help but not in man/$prog.1:$missing"
	for o in $(grep -oE -- '(^|[ [(])--[a-z][a-z0-9_]*' "$TMP/man.txt" |
		   grep -oE -- '--[a-z0-9_]+' | sort -u); do
		[[ " $* " == *" $o "* ]] && continue
		grep -qE -- "$o([^a-zA-Z0-9_]|\$)" "$TMP/help.txt" || extra="$extra $o"
	done
	[ -z "$extra" ] || no "man/$prog.1 names options $prog lacks:$extra"
	[ -n "$missing$extra" ] || echo "$prog: $(echo $longs $shorts | wc -w) options of --help in man/$prog.1, none beyond"
}

# PROGRAM, then the options its page may name that it lacks (pahole's, in
# the BTF section).
while read -r prog allowed; do
	check "$prog" $allowed
done <<'EOF'
codiff		--btf_encode_detached
pdwtags		--btf_encode_detached
pglobal		--btf_encode_detached
prefcnt
dtagnames
scncopy
EOF
finish "man pages and --help differ" "the options of codiff, pdwtags, pglobal, prefcnt, dtagnames and scncopy in their man pages, none beyond"
