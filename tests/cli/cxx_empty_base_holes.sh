# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Members that overlap (an empty base class and the first member, both at
# offset 0, as in std::string's _Alloc_hider) are no hole: no "XXX last
# struct has 1 hole" under a member of that type, no "member types with
# holes", as upstream v1.32 prints std::string (g++, DWARF 4 and 5).
. "$TOP/tests/lib.sh"
command -v g++ >/dev/null || skip "no g++"

cd "$TMP" || fail "no temp dir"
printf '#include <string>\nstd::string s;\nint main() { return s.size(); }\n' >s.cc
# block FILE: the layout of basic_string<char, ...>.
block() { awk '/^class basic_string<char, /{p=1} p{print} p&&/^};/{exit}' "$1"; }
"$UPSTREAM" pahole --version >/dev/null 2>&1
[ $? -eq 77 ] && up= || up=1
n=0
for v in 4 5; do
	g++ -gdwarf-$v -c s.cc -o s$v.o || { no "g++ -gdwarf-$v"; continue; }
	"$PAHOLE" -F dwarf --show_private_classes s$v.o >ours$v.txt || no "pahole on DWARF $v"
	block ours$v.txt >b$v.txt
	[ -s b$v.txt ] || no "DWARF $v: no basic_string<char, ...> printed"
	grep -q 'XXX last struct has 1 hole\|member types with holes' b$v.txt &&
		no "DWARF $v: a hole where members overlap: $(grep 'hole' b$v.txt | head -n 2)"
	if [ -n "$up" ]; then
		SAME_FILTER=block same_as_upstream "DWARF $v: basic_string" \
			pahole -F dwarf --show_private_classes s$v.o
	else
		echo "upstream v1.32 cannot run here: DWARF $v not compared with it"
	fi
	n=$((n + 1))
done
finish "holes of overlapping members" "std::string as upstream prints it, DWARF 4 and 5: no hole where an empty base overlaps"
