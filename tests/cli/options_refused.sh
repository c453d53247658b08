# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Options pahole does not implement are refused, not accepted and ignored:
# -w/--word_size exits 64 with one line naming the option, prints nothing
# on stdout, and is not in --help (--ptr_table_stats, once refused too, is
# options_ptr_table_stats.sh's).
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
echo 'struct s { int a; long b; } g;' >s.c && gcc -g -c s.c -o s.o || fail "gcc"
"$PAHOLE" -C s s.o | grep -q 'struct s {' || fail "the object does not print"
for args in "-w 4" "--word_size=4"; do
	# shellcheck disable=SC2086 # split on purpose
	"$PAHOLE" $args -C s s.o >out.txt 2>err.txt
	rc=$? opt=${args%% *} opt=${opt%%=*}
	if [ $rc -ne 64 ] || [ "$(wc -l <err.txt)" -ne 1 ] || [ -s out.txt ] ||
	   ! grep -q -- "${opt#-}.* is not supported" err.txt; then
		no "$args: exit $rc: $(head -n 2 err.txt)"
	fi
done
"$PAHOLE" --help | grep -q -e word_size && no "listed in --help"
finish "an unimplemented option was not refused" "-w and --word_size refused with exit 64 and one line"
