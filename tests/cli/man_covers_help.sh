# Every option that --help lists, long and short, appears in man/pahole.1, and
# every feature --supported_btf_features prints is described, in that order, in
# its BTF FEATURES section.
. "$TOP/tests/lib.sh"
MAN=$TOP/man/pahole.1
[ -f "$MAN" ] || fail "$MAN is missing"

# The roff source as plain text: \- becomes -, font escapes go.
sed -e 's/\\-/-/g' -e 's/\\f[BIRP]//g' -e 's/\\f(..//g' "$MAN" >"$TMP/man.txt"

"$PAHOLE" --help >"$TMP/help.txt" 2>&1 || fail "pahole --help exited $?"
longs=$(grep -oE -- '--[a-z][a-z0-9_-]*' "$TMP/help.txt" | sort -u)
# Short options start a help line: "  -j, --jobs[=NR_JOBS]".
shorts=$(grep -oE -- '^ +-[^- ],' "$TMP/help.txt" | sed -e 's/^ *//' -e 's/,$//' | sort -u)
[ -n "$longs" ] || fail "no long options found in --help output"
[ -n "$shorts" ] || fail "no short options found in --help output"

# ERE-escape one option name.
ere() { printf '%s' "$1" | sed 's/[][\.*^$?+(){}|/]/\\&/g'; }

missing="" n=0
for o in $longs $shorts; do
	n=$((n + 1))
	# A whole option: not followed by more name characters (--btf_features
	# must not be found through --btf_features_strict).
	grep -qE -- "(^|[^a-zA-Z0-9_-])$(ere "$o")([^a-zA-Z0-9_]|\$)" "$TMP/man.txt" ||
		missing="$missing $o"
done
[ -z "$missing" ] || fail "options in --help but not in man/pahole.1:$missing"

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
pass "$n options and features of --help and --supported_btf_features are in man/pahole.1"
