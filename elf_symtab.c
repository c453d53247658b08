// SPDX-License-Identifier: GPL-2.0-only
/* ELF symbols, sorted by name for lookups from the encoder. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "elf_symtab.h"

struct elf_symtab {
	struct elf_sym	*syms;		/* owned */
	uint32_t	nr_syms;
};

static int cmp_sym(const void *a, const void *b)
{
	const struct elf_sym *x = a, *y = b;
	int c = strcmp(x->name, y->name);

	if (c)
		return c;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

static Elf_Scn *find_symtab(Elf *elf, GElf_Shdr *shdr)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, shdr) && shdr->sh_type == SHT_SYMTAB)
			return scn;
	return NULL;
}

/* The extended section indexes, when the file has more than 65279 sections. */
static Elf_Data *find_xindex(Elf *elf, size_t symtab_idx)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &shdr) && shdr.sh_type == SHT_SYMTAB_SHNDX &&
		    shdr.sh_link == symtab_idx)
			return elf_getdata(scn, NULL);
	return NULL;
}

static int read_syms(struct elf_symtab *st, Elf *elf, Elf_Scn *scn, const GElf_Shdr *shdr)
{
	Elf_Data *data = elf_getdata(scn, NULL), *xdata;
	size_t i, n;

	if (!data || !shdr->sh_entsize)
		return -EINVAL;
	xdata = find_xindex(elf, elf_ndxscn(scn));
	n = shdr->sh_size / shdr->sh_entsize;
	st->syms = calloc(n ? n : 1, sizeof(*st->syms));
	if (!st->syms)
		return -ENOMEM;
	for (i = 1; i < n; i++) {
		GElf_Word xndx = 0;
		GElf_Sym sym;
		const char *name;

		if (!gelf_getsymshndx(data, xdata, i, &sym, &xndx))
			return -EINVAL;
		name = elf_strptr(elf, shdr->sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		st->syms[st->nr_syms++] = (struct elf_sym){
			.name = name, .addr = sym.st_value, .size = sym.st_size,
			.shndx = sym.st_shndx == SHN_XINDEX ? xndx : sym.st_shndx,
			.type = GELF_ST_TYPE(sym.st_info),
		};
	}
	if (st->nr_syms)
		qsort(st->syms, st->nr_syms, sizeof(*st->syms), cmp_sym);
	return 0;
}

int elf_symtab__new(Elf *elf, struct elf_symtab **ret)
{
	struct elf_symtab *st;
	GElf_Shdr shdr;
	Elf_Scn *scn = find_symtab(elf, &shdr);
	int err;

	if (!scn)
		return -ENOENT;
	st = calloc(1, sizeof(*st));
	if (!st)
		return -ENOMEM;
	err = read_syms(st, elf, scn, &shdr);
	if (err) {
		elf_symtab__free(st);
		return err;
	}
	*ret = st;
	return 0;
}

void elf_symtab__free(struct elf_symtab *st)
{
	if (!st)
		return;
	free(st->syms);
	free(st);
}

uint32_t elf_symtab__count(const struct elf_symtab *st)
{
	return st->nr_syms;
}

const struct elf_sym *elf_symtab__sym(const struct elf_symtab *st, uint32_t idx)
{
	return idx < st->nr_syms ? &st->syms[idx] : NULL;
}

const struct elf_sym *elf_symtab__find(const struct elf_symtab *st, const char *name)
{
	uint32_t lo = 0, hi = st->nr_syms;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (strcmp(st->syms[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < st->nr_syms && !strcmp(st->syms[lo].name, name) ? &st->syms[lo] : NULL;
}
