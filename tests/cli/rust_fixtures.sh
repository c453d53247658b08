# SPDX-License-Identifier: GPL-2.0-only
# Rust (tests/fixtures/rust): the committed objects, built with Debian's
# rustc at opt-level 0 and 2, print as upstream v1.32 prints them (the
# manifest's layouts: fields by offset, variant parts, methods, -E, -s)
# and encode to its BTF, byte for byte; no "BRAIN FART" anywhere. The
# source compiled here again with rustc, where there is one, prints and
# encodes as v1.32 does on it, where tests/tools/upstream runs.
. "$TOP/tests/lib.sh"
FIX=$TOP/tests/fixtures/rust

FEATURES=--btf_features=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func,decl_tag_kfuncs
find "$FIX" -maxdepth 1 -type f -exec cp -t "$TMP" {} + || fail "cannot copy the fixtures"
cd "$TMP" || fail "no temp dir"
nr=0
while IFS=$'\t' read -r expected status cmd; do
	[ "$expected" = expected_file ] && continue
	nr=$((nr + 1))
	# shellcheck disable=SC2086 # the manifest's arguments are word-split on purpose
	"$PAHOLE" ${cmd#pahole} >out.txt 2>err.txt
	rc=$?
	[ "$rc" = "$status" ] || no "$cmd: exit $rc, want $status"
	cmp -s out.txt "$expected" || { no "$cmd: differs from v1.32's:"; diff "$expected" out.txt | head; }
	grep -q 'BRAIN FART' out.txt && no "$cmd: BRAIN FART"
done <MANIFEST.tsv
for o in O0 O2; do
	rm -f ours.btf
	"$PAHOLE" -J $FEATURES --btf_encode_detached=ours.btf shapes.$o.o || no "shapes.$o.o: -J failed"
	cmp -s ours.btf shapes.$o.btf || { no "shapes.$o.o: BTF differs from v1.32's:";
		diff <("$BTFCANON" shapes.$o.btf) <("$BTFCANON" ours.btf) | head; }
	nr=$((nr + 1))
done
live=0
"$UPSTREAM" pahole --version >/dev/null 2>&1
[ $? -eq 77 ] && up= || up=1
if [ -x /usr/bin/rustc ]; then
	for opt in 0 1 2 3; do
		/usr/bin/rustc --crate-type=lib --emit=obj -g -C opt-level=$opt -o live.o shapes.rs ||
			fail "rustc -C opt-level=$opt"
		"$PAHOLE" --show_private_classes -E live.o >live.txt || no "live $opt: pahole failed"
		grep -q 'BRAIN FART' live.txt && no "live $opt: BRAIN FART"
		rm -f live.btf up.btf
		"$PAHOLE" -J $FEATURES --btf_encode_detached=live.btf live.o || no "live $opt: -J failed"
		[ -n "$up" ] || continue
		same_as_upstream "live $opt" pahole --show_private_classes -E live.o
		"$UPSTREAM" pahole -J $FEATURES --btf_encode_detached=up.btf live.o ||
			fail "upstream -J on live $opt"
		cmp -s live.btf up.btf || no "live $opt: BTF differs from v1.32's"
		live=$((live + 1))
	done
fi
finish "Rust fixtures" "$nr committed outputs as v1.32's; $live fresh rustc builds equal to v1.32's"
