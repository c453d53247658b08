# tags: offline (no network, no kernel package)
# Every option that --help lists, long and short, appears in man/pahole.1 (and
# pfunct's in man/pfunct.1), pahole's page names no long option that pahole
# lacks (but other tools' and prefixes below), and every feature
# --supported_btf_features prints is described, in that order, in pahole's
# BTF FEATURES section.
. "$TOP/tests/lib.sh"
MAN=$TOP/man/pahole.1
[ -f "$MAN" ] || fail "$MAN is missing"

# The roff source as plain text: \- becomes -, font escapes go.
man_text() {
	sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' "$1"
}

# ERE-escape one option name.
ere() { printf '%s' "$1" | sed 's/[][\.*^$?+(){}|/]/\\&/g'; }

n=0
# covers PROGRAM MANPAGE: every option of PROGRAM --help is in MANPAGE.
covers() {
	local prog=$1 man=$2 longs shorts o missing=""
	[ -f "$man" ] || fail "$man is missing"
	man_text "$man" >"$TMP/man.txt"
	"$prog" --help >"$TMP/help.txt" 2>&1 || fail "$prog --help exited $?"
	longs=$(grep -oE -- '--[a-z][a-z0-9_-]*' "$TMP/help.txt" | sort -u)
	# Short options start a help line: "  -j, --jobs[=NR_JOBS]".
	shorts=$(grep -oE -- '^ +-[^- ],' "$TMP/help.txt" | sed -e 's/^ *//' -e 's/,$//' | sort -u)
	[ -n "$longs" ] || fail "no long options found in $prog --help output"
	[ -n "$shorts" ] || fail "no short options found in $prog --help output"
	for o in $longs $shorts; do
		n=$((n + 1))
		# A whole option: not followed by more name characters (--btf_features
		# must not be found through --btf_features_strict).
		grep -qE -- "(^|[^a-zA-Z0-9_-])$(ere "$o")([^a-zA-Z0-9_]|\$)" "$TMP/man.txt" ||
			missing="$missing $o"
	done
	[ -z "$missing" ] || fail "options in $(basename "$prog") --help but not in $man:$missing"
}

covers "$PAHOLE" "$MAN"
# Named in pahole's page but not pahole's options: objcopy's and ar's, the
# prefixes of option families, -w's refused long name, --prettify's header.
others="--add-section --only-section --thin --btf_gen_ --skip_encoding_btf_ --word_size --header"
lacks=$(comm -23 <(man_text "$MAN" | grep -oE -- '--[a-z][a-z0-9_-]*' | sort -u) \
	<({ "$PAHOLE" --help; printf '%s\n' $others; } | grep -oE -- '--[a-z][a-z0-9_-]*' | sort -u))
[ -z "$lacks" ] || fail "man/pahole.1 names options pahole lacks: $(echo $lacks)"
PFUNCT=$(sibling pfunct)
[ -f "$TOP/pfunct.c" ] && covers "$PFUNCT" "$TOP/man/pfunct.1"
man_text "$MAN" >"$TMP/man.txt"

# Features: each printed name is a .TP item (".B name") in BTF FEATURES.
features=$("$PAHOLE" --supported_btf_features) || fail "--supported_btf_features exited $?"
[ -n "$features" ] || fail "--supported_btf_features printed nothing"
awk '/^\.SH/ { in_sec = ($0 ~ /BTF FEATURES/) ; next } in_sec' "$TMP/man.txt" >"$TMP/features.txt"
[ -s "$TMP/features.txt" ] || fail "man/pahole.1 has no BTF FEATURES section"
nomatch="" last=0 order_bad=""
for f in ${features//,/ }; do
	n=$((n + 1))
	line=$(grep -nE "^\.BR? +$f( |\$)" "$TMP/features.txt" | head -n 1 | cut -d: -f1)
	if [ -z "$line" ]; then
		nomatch="$nomatch $f"
		continue
	fi
	[ "$line" -gt "$last" ] || order_bad="$order_bad $f"
	last=$line
done
[ -z "$nomatch" ] || fail "features not described under BTF FEATURES:$nomatch"
[ -z "$order_bad" ] ||
	fail "BTF FEATURES is not in --supported_btf_features order (out of place:$order_bad)"
pass "$n options and features of --help and --supported_btf_features are in the manual pages"
