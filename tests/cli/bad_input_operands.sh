# tags: offline (no network, no kernel package)
# What pahole and codiff say of operands that are no usable file: one line
# with the reason, the same words printing and encoding ("No such file or
# directory", "Is a directory"), exit 1; an operand with a '/' is a path,
# never a type of the running kernel; a -C type that no file has is an
# error (exit 1); codiff without its two files is a usage error (64). A
# truncated ELF file is said so in the same words by pahole -J, prefcnt,
# dtagnames and codiff; a directory is one in every program.
. "$TOP/tests/lib.sh"
cd "$TMP" || fail "no temp dir"
printf 'struct s { int a; } v;\n' >s.c && gcc -g -c s.c -o s.o || fail "gcc"
mkdir dir
n=0
# expect RC LINE CMD...: CMD exits RC with LINE, alone, on stderr.
expect() {
	local rc=$1 line=$2 got
	shift 2
	n=$((n + 1))
	"$@" >out.txt 2>err.txt
	got=$?
	[ "$got" -eq "$rc" ] && [ "$(cat err.txt)" = "$line" ] ||
		no "$*: exit $got, stderr '$(cat err.txt)' (want $rc, '$line')"
}
P=$PAHOLE C=$(sibling codiff)
expect 1 "pahole: ./missing.o: No such file or directory" "$P" ./missing.o
expect 1 "pahole: missing.o: No such file or directory" "$P" -C s missing.o
expect 1 "pahole: missing.o: No such file or directory" "$P" -J missing.o
expect 1 "pahole: dir: Is a directory" "$P" dir
expect 1 "pahole: dir: Is a directory" "$P" -C s dir
expect 1 "pahole: type 'nosuch' not found" "$P" -C nosuch s.o
expect 0 "" "$P" -C s s.o
expect 64 "codiff: two files are needed, OLD and NEW" "$C" s.o
expect 64 "codiff: only two files are compared, OLD and NEW" "$C" s.o s.o s.o
head -c 2000 s.o >trunc.o
T="trunc.o: truncated or corrupt ELF file: the section table ends past the end of the file"
B=$(dirname "$PAHOLE")
expect 1 "pahole: $T" "$P" -J trunc.o
expect 1 "prefcnt: $T" "$B/prefcnt" trunc.o
expect 1 "dtagnames: $T" "$B/dtagnames" trunc.o
expect 1 "codiff: $T" "$C" trunc.o s.o
for prog in pfunct pdwtags prefcnt dtagnames; do
	expect 1 "$prog: dir: Is a directory" "$B/$prog" dir
done
expect 1 "pglobal: dir: Is a directory" "$B/pglobal" -v dir
finish "operands" "$n commands with the status and line wanted"
