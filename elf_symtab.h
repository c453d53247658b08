/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_ELF_SYMTAB_H
#define PAHOLE_ELF_SYMTAB_H
/*
 * A sorted, read-only view of an ELF file's .symtab. Built once, on the main
 * thread, before any worker starts; any thread may read it afterwards.
 */
#include <stdbool.h>
#include <stdint.h>
#include <gelf.h>

struct elf_sym {
	const char	*name;		/* borrowed from the ELF's string table */
	uint64_t	addr;		/* st_value */
	uint64_t	size;
	uint32_t	shndx;		/* section index, SHN_XINDEX resolved */
	uint8_t		type;		/* STT_* */
};

struct elf_symtab;

/*
 * Reads the symbols of @elf (borrowed; must outlive the table). Returns 0
 * and the table, or -ENOENT when there is no .symtab, -EINVAL, -ENOMEM.
 */
int elf_symtab__new(Elf *elf, struct elf_symtab **ret);
void elf_symtab__free(struct elf_symtab *st);
uint32_t elf_symtab__count(const struct elf_symtab *st);
/* The symbols in name order (strcmp), ties by address. */
const struct elf_sym *elf_symtab__sym(const struct elf_symtab *st, uint32_t idx);
/* First symbol named @name, or NULL. */
const struct elf_sym *elf_symtab__find(const struct elf_symtab *st, const char *name);

#endif
