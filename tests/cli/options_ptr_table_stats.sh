# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --ptr_table_stats prints upstream v1.32's CSV on stderr (its header, then
# a line per CU in CU order), when printing and when encoding; the figures
# are our CU arrays' (pahole(1)): the CU names and the functions column are
# upstream's (tests/fixtures/verbose_trace/ptr_table_stats*.txt), the types
# column at least upstream's, and the output otherwise unchanged.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
FIX=$TOP/tests/fixtures/verbose_trace
cp "$FIX"/trace_a.c "$FIX"/trace_b.c "$TMP"/ || fail "cannot copy the fixtures"
cd "$TMP" || fail "no temp dir"
gcc -g -gdwarf-5 -O0 -o trace trace_a.c trace_b.c || fail "cannot build trace"
gcc -g -gdwarf-5 -O0 -c trace_a.c trace_b.c && ld -r -o trace.o trace_a.o trace_b.o ||
	fail "cannot build trace.o"
# same WANT GOT: the header and the number of lines as WANT's, each line
# with WANT's name and functions and at least its types.
same() {
	head -n 1 "$1" | cmp -s - <(head -n 1 "$2") || no "$2: header: $(head -n 1 "$2")"
	[ "$(wc -l <"$1")" = "$(wc -l <"$2")" ] || no "$2: $(wc -l <"$2") lines, want $(wc -l <"$1")"
	paste -d, <(tail -n +2 "$1") <(tail -n +2 "$2") | awk -F, -v f="$2" '
		$1 != $8 || $6 != $13 || $4 > $11 { print f ": " $0; bad = 1 } END { exit bad }' ||
		no "$2: lines differ (upstream's, then ours)"
}
"$PAHOLE" --ptr_table_stats trace >print.txt 2>stats.txt || fail "printing: $(head -n 3 stats.txt)"
same "$FIX/ptr_table_stats.txt" stats.txt
"$PAHOLE" trace >plain.txt 2>/dev/null && cmp -s plain.txt print.txt ||
	no "--ptr_table_stats changes the layouts printed"
"$PAHOLE" --ptr_table_stats -J --btf_encode_detached=s.btf trace.o 2>estats.txt ||
	fail "encoding: $(head -n 3 estats.txt)"
grep -v '^pahole: ' estats.txt >e.txt
same "$FIX/ptr_table_stats.o.txt" e.txt
"$PAHOLE" -J --btf_encode_detached=p.btf trace.o 2>/dev/null && cmp -s s.btf p.btf ||
	no "--ptr_table_stats changes the BTF"
finish "--ptr_table_stats" "upstream's CSV, our figures"
