/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_TESTS_TOOLS_ELF_SECTION_H
#define PAHOLE_TESTS_TOOLS_ELF_SECTION_H
/* For the test tools that damage a section of an ELF file in place. */
#include <gelf.h>
#include <string.h>

/* The first section called @name: 0 with its index and header, or -1. */
static inline int elf_section_by_name(Elf *elf, const char *name, size_t *index_ret,
				      GElf_Shdr *shdr_ret)
{
	Elf_Scn *scn = NULL;
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return -1;
	while ((scn = elf_nextscn(elf, scn))) {
		GElf_Shdr sh;
		const char *s;

		if (!gelf_getshdr(scn, &sh))
			return -1;
		s = elf_strptr(elf, shstrndx, sh.sh_name);
		if (s && !strcmp(s, name)) {
			*index_ret = elf_ndxscn(scn);
			*shdr_ret = sh;
			return 0;
		}
	}
	return -1;
}

#endif
