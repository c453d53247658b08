/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_ELF_SYMTAB_H
#define PAHOLE_ELF_SYMTAB_H
/*
 * A read-only view of an ELF file's .symtab and section table. Built once,
 * on the main thread, before any worker starts (elf_symtab__new(), then
 * elf_symtab__read_kfuncs()); any thread may read it afterwards.
 *
 * Functions are grouped by their name cut at the first '.', so that
 * "foo", "foo.isra.0" and "foo.constprop.1" all belong to the group "foo":
 * a BTF FUNC is named after the group, whichever clone the code runs in.
 */
#include <stdbool.h>
#include <stdint.h>
#include <gelf.h>

struct elf_sym {
	const char	*name;		/* borrowed from the ELF's string table */
	uint64_t	name_key;	/* name_key() of the name, to sort by */
	uint64_t	addr;		/* st_value */
	uint64_t	size;
	uint32_t	shndx;		/* section index, SHN_XINDEX resolved */
	uint8_t		type;		/* STT_* */
};

/* One STT_FUNC symbol of a function group. */
struct elf_func_sym {
	const char	*name;		/* owned by the table: the whole name */
	uint64_t	addr;		/* st_value: section-relative in ET_REL files */
	bool		is_clone;	/* ".isra" or ".constprop" after the first '.' */
};

/* The STT_FUNC symbols whose names, cut at the first '.', are equal. */
struct elf_func_group {
	const char		*name;		/* owned by the table: the cut name */
	const struct elf_func_sym *syms;	/* owned by the table, in .symtab order */
	uint32_t		nr_syms;
	bool			is_ambiguous;	/* its symbols have different addresses */
	bool			is_kfunc;	/* in a .BTF_ids kfunc set */
	uint32_t		kfunc_flags;	/* the set's flags for it (KF_*) */
};

/* One entry of the section header table. */
struct elf_section {
	const char	*name;		/* owned by the table */
	uint64_t	addr;		/* sh_addr, as the loader sees it (relocated for ET_REL) */
	uint64_t	size;
	uint32_t	type;		/* SHT_* */
};

struct elf_symtab;

/*
 * Reads the symbols and sections of @elf (borrowed; symbol names point into
 * it, see elf_symtab__sym()). Returns 0 and the table, or -ENOENT when there
 * is no .symtab, -EINVAL, -ENOMEM. Main thread only.
 */
int elf_symtab__new(Elf *elf, struct elf_symtab **ret);

/*
 * The one lookup of a section by name: the first section of @elf after @scn
 * (NULL: from the start) called @name, its header in *@ret; NULL when none
 * is left. Sections whose header or name cannot be read are passed over.
 * Reads the section table only; any thread that owns @elf.
 */
Elf_Scn *elf_section_next(Elf *elf, Elf_Scn *scn, const char *name, GElf_Shdr *ret);

/* The bytes of the first section of @elf called @name that is not SHT_NOBITS, or NULL. */
Elf_Data *elf_section_data(Elf *elf, const char *name);
void elf_symtab__free(struct elf_symtab *st);

/*
 * Marks the function groups that .BTF_ids kfunc sets name, reading the
 * file at @path afresh, with its section addresses as written (a relocated
 * view would move .BTF_ids away from its symbols). No .symtab or .BTF_ids
 * is not an error. 0 or -errno (reported). Main thread, before any reader.
 */
int elf_symtab__read_kfuncs(struct elf_symtab *st, const char *path);
/*
 * The same from the @size bytes of an ELF file at @image (an archive
 * member as stored, not relocated), named @path in messages. libelf may
 * convert @image to host byte order in place.
 */
int elf_symtab__read_kfuncs_image(struct elf_symtab *st, const char *path, char *image,
				  size_t size);

uint32_t elf_symtab__count(const struct elf_symtab *st);
/*
 * The symbols in name order (strcmp), ties by address. Names are valid
 * only while the ELF given to elf_symtab__new() is open.
 */
const struct elf_sym *elf_symtab__sym(const struct elf_symtab *st, uint32_t idx);
/* First symbol named @name, or NULL. Same lifetime as elf_symtab__sym(). */
const struct elf_sym *elf_symtab__find(const struct elf_symtab *st, const char *name);
/* True when an STT_OBJECT symbol named exactly @name lies in section @shndx. */
bool elf_symtab__has_object(const struct elf_symtab *st, const char *name, uint32_t shndx);

/* Number of function groups; 0 when the file has no STT_FUNC symbol. */
uint32_t elf_symtab__nr_func_groups(const struct elf_symtab *st);
/* The function group named @name (a cut name), or NULL. Valid until free. */
const struct elf_func_group *elf_symtab__find_func(const struct elf_symtab *st,
						   const char *name);

/* Number of sections, index 0 included. */
uint32_t elf_symtab__nr_sections(const struct elf_symtab *st);
/* Section @idx, or NULL past the end. Valid until elf_symtab__free(). */
const struct elf_section *elf_symtab__section(const struct elf_symtab *st, uint32_t idx);

#endif
