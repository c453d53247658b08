// SPDX-License-Identifier: GPL-2.0-only
/*
 * sectmutate: damages one section of an ELF file, in place, for the
 * bad-input tests.
 *
 *   sectmutate FILE SECTION truncate SIZE   the section header says SIZE bytes
 *                                           (SIZE < the old size): its data ends early
 *   sectmutate FILE SECTION flip SEED [N]   flips N bits (default 1) of the
 *                                           section's data, at positions drawn
 *                                           from SEED, so that a run is repeatable
 *
 * Prints nothing on success; "sectmutate: FILE: reason" and exit 1 on error
 * (no such section, or a compressed one, whose bytes are not DWARF).
 */
#include <endian.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf_section.h"

struct target {
	size_t		index;
	GElf_Shdr	shdr;
};

static int find_section(Elf *elf, const char *name, struct target *ret)
{
	return elf_section_by_name(elf, name, &ret->index, &ret->shdr);
}

/* xorshift64*: a small generator whose sequence only depends on the seed. */
static uint64_t next_random(uint64_t *state)
{
	*state ^= *state >> 12;
	*state ^= *state << 25;
	*state ^= *state >> 27;
	return *state * 0x2545f4914f6cdd1dull;
}

static int flip_bits(int fd, const GElf_Shdr *sh, uint64_t seed, long count)
{
	uint64_t state = seed * 0x9e3779b97f4a7c15ull + 1;
	long i;

	if (sh->sh_type == SHT_NOBITS || !sh->sh_size)
		return -EINVAL;
	for (i = 0; i < count; i++) {
		uint64_t r = next_random(&state);
		off_t at = (off_t)(sh->sh_offset + r % sh->sh_size);
		unsigned char byte;

		if (pread(fd, &byte, 1, at) != 1)
			return -EIO;
		byte ^= (unsigned char)(1u << ((r >> 32) % 8));
		if (pwrite(fd, &byte, 1, at) != 1)
			return -EIO;
	}
	return 0;
}

/* Rewrites the section header of @t with a smaller sh_size. */
static int truncate_section(int fd, Elf *elf, struct target *t, uint64_t size)
{
	GElf_Ehdr ehdr;
	off_t at;

	if (size >= t->shdr.sh_size || !gelf_getehdr(elf, &ehdr))
		return -EINVAL;
	at = (off_t)(ehdr.e_shoff + t->index * ehdr.e_shentsize);
	t->shdr.sh_size = size;
	if (ehdr.e_ident[EI_CLASS] == ELFCLASS64) {
		Elf64_Shdr sh;

		if (pread(fd, &sh, sizeof(sh), at) != (ssize_t)sizeof(sh))
			return -EIO;
		sh.sh_size = ehdr.e_ident[EI_DATA] == ELFDATA2LSB ? htole64(size) : htobe64(size);
		return pwrite(fd, &sh, sizeof(sh), at) == (ssize_t)sizeof(sh) ? 0 : -EIO;
	} else {
		Elf32_Shdr sh;
		uint32_t s32 = (uint32_t)size;

		if (pread(fd, &sh, sizeof(sh), at) != (ssize_t)sizeof(sh))
			return -EIO;
		sh.sh_size = ehdr.e_ident[EI_DATA] == ELFDATA2LSB ? htole32(s32) : htobe32(s32);
		return pwrite(fd, &sh, sizeof(sh), at) == (ssize_t)sizeof(sh) ? 0 : -EIO;
	}
}

static int usage(void)
{
	fprintf(stderr, "usage: sectmutate FILE SECTION truncate SIZE\n"
			"       sectmutate FILE SECTION flip SEED [COUNT]\n");
	return 1;
}

int main(int argc, char **argv)
{
	struct target t = { 0 };
	Elf *elf = NULL;
	int fd, err;

	if (argc < 5 || argc > 6)
		return usage();
	elf_version(EV_CURRENT);
	fd = open(argv[1], O_RDWR);
	if (fd >= 0)
		elf = elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || find_section(elf, argv[2], &t)) {
		fprintf(stderr, "sectmutate: %s: no section %s\n", argv[1], argv[2]);
		return 1;
	}
	if (t.shdr.sh_flags & SHF_COMPRESSED) {
		fprintf(stderr, "sectmutate: %s: %s is compressed\n", argv[1], argv[2]);
		return 1;
	}
	if (!strcmp(argv[3], "truncate") && argc == 5)
		err = truncate_section(fd, elf, &t, strtoull(argv[4], NULL, 0));
	else if (!strcmp(argv[3], "flip"))
		err = flip_bits(fd, &t.shdr, strtoull(argv[4], NULL, 0),
				argc == 6 ? strtol(argv[5], NULL, 0) : 1);
	else
		return usage();
	elf_end(elf);
	if (err || close(fd)) {
		fprintf(stderr, "sectmutate: %s: %s: %s\n", argv[1], argv[2],
			strerror(err ? -err : errno));
		return 1;
	}
	return 0;
}
