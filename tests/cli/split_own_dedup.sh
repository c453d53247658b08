#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# Split BTF on a base read by our own code (btf_split_own.h) against the
# libbpf path (PAHOLE_TEST_LIBBPF_BASE=1): the same bytes, the base given
# raw or as an ELF file's .BTF, and --phase_stats saying which path ran.
# tests/fixtures/split: gcc and clang, DWARF 4 and 5, -O0 and -O2; the
# module's types that the base has are gone from its BTF; a big-endian
# module (s390x) takes libbpf's path. With the Debian
# kernel package (not QUICK): the nine reference modules, the same bytes on
# both paths and as upstream's (REF_DIR/NAME.ko.btf).
. "$TOP/tests/lib.sh"
SRC=$TOP/tests/fixtures/split
F=$(echo $REF_FLAGS)
# own WHAT BASE IN OUT: ours on IN over BASE into OUT, on our own path;
# libbpf's path into OUT.libbpf; both the same bytes.
own() {
	local what=$1 base=$2 in=$3 out=$4
	"$PAHOLE" $F --phase_stats --btf_base "$base" --btf_encode_detached="$out" "$in" \
		2>"$TMP/stats" || { no "$what: exit $?: $(head -n 1 "$TMP/stats")"; return 1; }
	grep -q 'in our own split dedup' "$TMP/stats" ||
		{ no "$what: not on our own path: $(grep dedup "$TMP/stats")"; return 1; }
	PAHOLE_TEST_LIBBPF_BASE=1 "$PAHOLE" $F --phase_stats --btf_base "$base" \
		--btf_encode_detached="$out.libbpf" "$in" 2>"$TMP/stats" ||
		{ no "$what: libbpf path: exit $?"; return 1; }
	grep -q "in libbpf's btf__dedup" "$TMP/stats" || { no "$what: not on libbpf's path"; return 1; }
	cmp -s "$out" "$out.libbpf" || { no "$what: other bytes than libbpf's path"; return 1; }
}
n=0
echo 'int x;' | cc -c -x c - -o "$TMP/empty.o" || fail "cannot compile an empty object"
for cc in $COMPILERS; do
	command -v "$cc" >/dev/null || continue
	for dv in $DWARF_VERSIONS; do
		for opt in $OPT_LEVELS; do
			s=$cc-dwarf$dv$opt
			for f in base mod; do
				"$cc" -c -g -gdwarf-"$dv" "$opt" -o "$TMP/$s-$f.o" "$SRC/$f.c" ||
					fail "$s: cannot compile $f.c"
			done
			"$PAHOLE" $F --btf_encode_detached="$TMP/$s.base" "$TMP/$s-base.o" ||
				{ no "$s: base: exit $?"; continue; }
			objcopy --add-section .BTF="$TMP/$s.base" "$TMP/empty.o" "$TMP/$s.elf" ||
				fail "objcopy"
			own "$s raw base" "$TMP/$s.base" "$TMP/$s-mod.o" "$TMP/$s.raw" || continue
			own "$s ELF base" "$TMP/$s.elf" "$TMP/$s-mod.o" "$TMP/$s.mod" || continue
			cmp -s "$TMP/$s.raw" "$TMP/$s.mod" || no "$s: raw and ELF bases give other bytes"
			"$BTFCANON" -B "$TMP/$s.base" "$TMP/$s.mod" >"$TMP/canon" ||
				{ no "$s: libbpf cannot parse the module"; continue; }
			grep -q "STRUCT 'mod_priv'" "$TMP/canon" || no "$s: no struct mod_priv"
			n=$((n + 1))
		done
	done
done
[ "$n" -gt 0 ] || [ "$bad" -gt 0 ] || fail "no compiler"
# A big-endian module (clang's s390x target) takes libbpf's path, base and all.
if clang --target=s390x-linux-gnu -g -c -o "$TMP/be-base.o" "$SRC/base.c" 2>/dev/null &&
   clang --target=s390x-linux-gnu -g -c -o "$TMP/be-mod.o" "$SRC/mod.c"; then
	"$PAHOLE" $F --btf_encode_detached="$TMP/be.base" "$TMP/be-base.o" || no "s390x base: exit $?"
	"$PAHOLE" $F --phase_stats --btf_base "$TMP/be.base" --btf_encode_detached="$TMP/be.mod" \
		"$TMP/be-mod.o" 2>"$TMP/stats" || no "s390x module: exit $?"
	grep -q "in libbpf's btf__dedup" "$TMP/stats" || no "s390x: not on libbpf's path"
	PAHOLE_TEST_LIBBPF_BASE=1 "$PAHOLE" $F --btf_base "$TMP/be.base" \
		--btf_encode_detached="$TMP/be.libbpf" "$TMP/be-mod.o" || no "s390x: libbpf path failed"
	cmp -s "$TMP/be.mod" "$TMP/be.libbpf" || no "s390x: other bytes"
	n=$((n + 1))
fi
if [ -z "$QUICK" ] && ko=$(module_path net/ipv4/tcp_bbr); then
	for rel in $REF_MODULES; do
		name=$(basename "$rel")
		ko=$(module_path "$rel") || fail "cannot extract $rel"
		own "$name" "$REF_BTF" "$ko" "$TMP/$name.btf" || continue
		cmp -s "$TMP/$name.btf" "$REF_DIR/$name.ko.btf" || no "$name: not upstream's bytes"
		n=$((n + 1))
	done
fi
finish "split BTF differs between the paths" "$n encodings the same on both paths"
