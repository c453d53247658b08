# SPDX-License-Identifier: GPL-2.0-only
# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# The unit tests: each tests/unit/NAME_test.c, built beside pahole, must
# run and exit 0 (the model, the layout arithmetic, the DIE reader and its
# cursor, location decoding, the reorder window, the repeat matcher, names,
# FWD-tolerant equivalence, huge pages, the hash tables). The symbol
# table's needs an object built for it: unit_elf_symtab.sh.
. "$TOP/tests/lib.sh"
n=0
for src in "$TOP"/tests/unit/*_test.c; do
	t=$(dirname "$PAHOLE")/$(basename "$src" .c)
	[ "$(basename "$t")" = elf_symtab_test ] && continue
	n=$((n + 1))
	[ -x "$t" ] || { no "$t not built"; continue; }
	"$t" >"$TMP/out" 2>&1 || { echo "$(basename "$t") failed:"; tail -n 20 "$TMP/out"; no; }
done
[ $n -gt 0 ] || fail "no unit tests in $TOP/tests/unit"
finish "unit tests" "$n unit test programs"
