# SPDX-License-Identifier: GPL-2.0-only
# fullcircle (pfunct --compile, compile again with the recorded flags,
# codiff -q -s) prints what upstream v1.32's prints, here nothing, on the
# layout fixtures compiled with gcc at DWARF 4 and 5, -O0 and -O2, and on
# the objects of the layout and C++ fixture sets; with a pfunct made to change a member's
# type, both print the struct that changed. Usage errors exit 64.
. "$TOP/tests/lib.sh"
FULLCIRCLE=$TOP/fullcircle

export PFUNCT=$(sibling pfunct) CODIFF=$(sibling codiff)
cd "$TMP" || fail "no temp dir"
"$UPSTREAM" fullcircle /dev/null >/dev/null 2>&1; [ $? -eq 77 ] && up= || up=1
objs=
for src in layout/holes layout/bitfields layout/cacheline; do
	b=${src#*/}
	for v in 4 5; do
		for o in -O0 -O2; do
			gcc -g -gdwarf-$v $o -c "$TOP/tests/fixtures/$src.c" -o $b-$v$o.o ||
				fail "cannot compile $src.c"
			objs="$objs $b-$v$o.o"
		done
	done
done
L=$(fixture_set layout) && C=$(fixture_set cxx) || fail "cannot build the fixture sets"
objs="$objs $(ls "$L"/*.o "$C"/*.o)"
n=0 passed=0
for f in $objs; do
	"$FULLCIRCLE" "$f" >ours.txt 2>err.txt
	rc=$?
	[ $rc -eq 0 ] || no "$(basename "$f"): exit $rc: $(head -n 2 err.txt)"
	# A file passed over says why, in one line (upstream says nothing).
	[ ! -s err.txt ] || [ "$(wc -l <err.txt)" -eq 1 ] && ! [ -s ours.txt ] &&
		grep -q "^fullcircle: $f: not checked: " err.txt ||
		{ [ ! -s err.txt ] || no "$(basename "$f"): passed over, but stderr says: $(head -n 2 err.txt)"; }
	[ ! -s err.txt ] || passed=$((passed + 1))
	if [ -n "$up" ]; then
		PFUNCT= CODIFF= "$UPSTREAM" fullcircle "$f" >up.txt 2>&1
		cmp -s up.txt ours.txt || no "$(basename "$f"): differs from v1.32: $(diff up.txt ours.txt | head -n 4)"
	fi
	n=$((n + 1))
done
# A round trip that changes a struct: the change is shown.
cat >fake-pfunct <<SH
#!/bin/sh
"$PFUNCT" "\$@" | sed 's/^\(\t*\)int\(  *\)holes_a_member;/\1long\2holes_a_member;/; s/^\tint  *\([a-z_]*\);/\tlong \1;/'
SH
chmod +x fake-pfunct
f=holes-5-O0.o
PFUNCT=$TMP/fake-pfunct "$FULLCIRCLE" "$f" >changed.txt 2>&1
grep -q 'struct' changed.txt || no "a changed struct not shown: $(head -n 3 changed.txt)"
[ "$passed" -gt 0 ] || no "no file was passed over with its reason"
"$FULLCIRCLE" >/dev/null 2>&1; [ $? -eq 64 ] || no "no argument: not exit 64"
"$FULLCIRCLE" a b >/dev/null 2>&1; [ $? -eq 64 ] || no "two arguments: not exit 64"
"$FULLCIRCLE" /nonexistent >/dev/null 2>err.txt; [ $? -eq 1 ] || no "a missing file: not exit 1"
[ -n "$up" ] || echo "upstream v1.32 cannot run here: not compared with it"
finish "fullcircle" "$n objects round-tripped as v1.32 does, a changed struct shown"
