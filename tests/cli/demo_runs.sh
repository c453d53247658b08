# make demo's script, run as make runs it:
# it encodes the Debian cloud vmlinux and prints its summary, exit 0.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
vmlinux_path >/dev/null || skip "cannot fetch $VMLINUX_PKG"
"$TOP/tests/demo.sh" >"$TMP/out" 2>"$TMP/err" ||
	fail "tests/demo.sh: exit $?: $(head -n 3 "$TMP/err")"
for w in types: functions: structs: time: size:; do
	grep -q "^$w " "$TMP/out" || no "no '$w' line in the summary"
done
finish "make demo" "$(grep '^types:' "$TMP/out" | tr -s ' ')"
