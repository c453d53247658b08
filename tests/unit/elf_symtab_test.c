// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the symbol table: name order (names that share their first
 * eight bytes included), lookups, function groups with their clones,
 * pieces and ambiguity, objects by section. argv[1] is the object that
 * tests/cli/unit_elf_symtab.sh assembles, with these symbols:
 *
 *   a.s: foo, foo.isra.0, foo.cold (functions), dup (static function),
 *        longname_b, longname, longname_a (functions), obj (object, .data)
 *   b.s: dup (static function, another address), bar.constprop.0
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "../../elf_symtab.h"
#include "check.h"

static void test_elf_symtab__order_and_find(const struct elf_symtab *st)
{
	uint32_t i, n = elf_symtab__count(st);
	const struct elf_sym *s;

	CHECK("symbols read", n >= 10);
	for (i = 1; i < n; i++) {
		const struct elf_sym *a = elf_symtab__sym(st, i - 1), *b = elf_symtab__sym(st, i);
		int c = strcmp(a->name, b->name);

		CHECK("name order, ties by address", c < 0 || (c == 0 && a->addr <= b->addr));
	}
	s = elf_symtab__find(st, "longname");
	CHECK("a name that prefixes others", s && !strcmp(s->name, "longname"));
	s = elf_symtab__find(st, "longname_a");
	CHECK("a name longer than its 8-byte key", s && !strcmp(s->name, "longname_a"));
	CHECK("an absent name", !elf_symtab__find(st, "longname_c"));
	CHECK("an absent name before all", !elf_symtab__find(st, "AAA"));
	s = elf_symtab__find(st, "obj");
	CHECK("an object", s && s->type == STT_OBJECT);
	CHECK("the object in its section", s && elf_symtab__has_object(st, "obj", s->shndx));
	CHECK("not in another section", s && !elf_symtab__has_object(st, "obj", s->shndx + 1));
	CHECK("a function is no object", !elf_symtab__has_object(st, "foo", s ? s->shndx : 0));
}

static void test_elf_symtab__func_groups(const struct elf_symtab *st)
{
	const struct elf_func_group *g = elf_symtab__find_func(st, "foo");
	uint32_t i, clones = 0;

	CHECK("foo's group", g != NULL);
	if (g) {
		CHECK("foo and foo.isra.0, not foo.cold", g->nr_syms == 2);
		for (i = 0; i < g->nr_syms; i++)
			clones += g->syms[i].is_clone;
		CHECK("one clone", clones == 1);
		CHECK("a clone at another address makes it ambiguous", g->is_ambiguous);
	}
	g = elf_symtab__find_func(st, "dup");
	CHECK("two static dup at two addresses: ambiguous",
	      g && g->nr_syms == 2 && g->is_ambiguous);
	g = elf_symtab__find_func(st, "bar");
	CHECK("bar.constprop.0 alone: a group named bar",
	      g && g->nr_syms == 1 && g->syms[0].is_clone && !g->is_ambiguous);
	CHECK("the group key is the cut name", g && !strcmp(g->name, "bar"));
	CHECK("no group for a full clone name", !elf_symtab__find_func(st, "foo.isra.0"));
	CHECK("no group for an object", !elf_symtab__find_func(st, "obj"));
	g = elf_symtab__find_func(st, "longname");
	CHECK("longname is not longname_a's group", g && g->nr_syms == 1);
}

static void test_elf_symtab__sections(const struct elf_symtab *st)
{
	uint32_t i, n = elf_symtab__nr_sections(st);
	bool text = false, data = false;

	for (i = 0; i < n; i++) {
		const struct elf_section *sec = elf_symtab__section(st, i);

		text |= sec && sec->name && !strcmp(sec->name, ".text");
		data |= sec && sec->name && !strcmp(sec->name, ".data");
	}
	CHECK(".text and .data", text && data);
	CHECK("past the end", elf_symtab__section(st, n) == NULL);
}

int main(int argc, char **argv)
{
	struct elf_symtab *st;
	Elf *elf;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: %s OBJECT\n", argv[0]);
		return 2;
	}
	elf_version(EV_CURRENT);
	fd = open(argv[1], O_RDONLY);
	elf = fd >= 0 ? elf_begin(fd, ELF_C_READ_MMAP, NULL) : NULL;
	if (!elf || elf_symtab__new(elf, &st)) {
		printf("cannot read the symbols of %s\n", argv[1]);
		return 1;
	}
	test_elf_symtab__order_and_find(st);
	test_elf_symtab__func_groups(st);
	test_elf_symtab__sections(st);
	elf_symtab__free(st);
	elf_end(elf);
	close(fd);
	printf("%s\n", failures ? "symbol unit tests failed" : "symbol unit tests passed");
	return failures ? 1 : 0;
}
