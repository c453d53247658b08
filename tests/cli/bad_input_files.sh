# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Inputs that are not usable ELF files with DWARF: an empty file, text, a
# directory, an ELF without .debug_info, split-DWARF skeletons (DWARF 4 and
# 5) whose .dwo is missing. Each gets one line on stderr naming the file and
# the reason, exit status 1, no signal, no output file, the input unchanged.
. "$TOP/tests/lib.sh"
cd "$TMP" || fail "no temp dir"
printf 'struct s { int a; char *p; } y;\nint f(struct s *p) { return p->a; }\n' >ok.c
: >empty
echo "just text" >notelf
mkdir adir
gcc -c -g0 ok.c -o nodwarf.o || fail "gcc"
# the other debug sections stay
gcc -g -shared -nostdlib -fPIC ok.c -o ok.so && objcopy --remove-section=.debug_info ok.so noinfo.so &&
	readelf -S noinfo.so | grep -q debug_abbrev || fail "cannot make a file without .debug_info"
gcc -c -g -gdwarf-5 -gsplit-dwarf ok.c -o split5.o && rm split5.dwo || fail "gcc -gsplit-dwarf"
gcc -c -g -gdwarf-4 -gsplit-dwarf ok.c -o split4.o && rm split4.dwo || fail "gcc -gsplit-dwarf"
sha256sum empty notelf nodwarf.o noinfo.so split5.o split4.o >sums
check() {
	local what=$1 name=$2 reason=$3
	shift 3
	expect_error "$what" "$name" -- "$@" || { no; return; }
	grep -qiF -- "$reason" "$TMP/err.txt" || no "$what: reason is not '$reason'"
	[ -e out.btf ] && { no "$what: an output file was written"; rm -f out.btf; }
}
enc() { "$PAHOLE" -J --btf_encode_detached=out.btf "$@"; }
check "empty file" empty "not an ELF file" enc empty
check "not ELF" notelf "not an ELF file" enc notelf
check "directory" adir "not a regular file" enc adir
check "no DWARF" nodwarf.o "no DWARF" enc nodwarf.o
check "no .debug_info" noinfo.so "no DWARF" enc noinfo.so
check "DWARF 5 skeleton without .dwo" split5.dwo "not found" enc split5.o
check "DWARF 4 skeleton without .dwo" split4.dwo "not found" enc split4.o
check "-j2, no .dwo" split5.dwo "not found" enc -j2 split5.o
sha256sum -c --quiet sums || no "an input file changed"
finish "bad input files" "8 cases"
