# tags: offline (no network, no kernel package)
# Unit tests of the symbol table (tests/unit/elf_symtab_test.c) on an
# object assembled here with exactly the symbols the tests name.
. "$TOP/tests/lib.sh"
t=$(dirname "$PAHOLE")/elf_symtab_test
[ -x "$t" ] || fail "$t not built"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
fn() { # NAME [global]
	[ -n "${2:-}" ] && echo "	.globl $1"
	printf '\t.type %s, @function\n%s:\n\tret\n\t.size %s, .-%s\n' "$1" "$1" "$1" "$1"
}
{
	echo "	.text"
	fn foo global; fn foo.isra.0; fn foo.cold; fn dup
	fn longname_b global; fn longname global; fn longname_a global
	printf '\t.data\n\t.globl obj\n\t.type obj, @object\nobj:\n\t.long 1\n\t.size obj, 4\n'
} >a.s
{ echo "	.text"; echo "	nop"; fn dup; fn bar.constprop.0; } >b.s
gcc -c a.s -o a.o && gcc -c b.s -o b.o && ld -r a.o b.o -o syms.o || fail "cannot assemble"
"$t" syms.o || fail "symbol unit tests"
pass
