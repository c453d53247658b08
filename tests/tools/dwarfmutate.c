// SPDX-License-Identifier: GPL-2.0-only
/*
 * dwarfmutate FILE CU DELTA: adds DELTA to the abbreviation offset of unit
 * number CU (from 0) of FILE's .debug_info, in place, so that this one CU's
 * DIEs decode against the wrong table while every unit header stays valid.
 * For tests of how a bad CU in the middle of a file is reported. 32-bit
 * DWARF of versions 2 to 5, in a linked (not relocatable) ELF file.
 * Exit 0 when done, 1 on error.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf_section.h"

static int find_debug_info(Elf *elf, uint64_t *off, uint64_t *size)
{
	GElf_Shdr sh;
	size_t index;

	if (elf_section_by_name(elf, ".debug_info", &index, &sh))
		return -1;
	*off = sh.sh_offset;
	*size = sh.sh_size;
	return 0;
}

static uint32_t get32(const unsigned char *p, int big_endian)
{
	return big_endian ? (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3] :
			    (uint32_t)p[3] << 24 | p[2] << 16 | p[1] << 8 | p[0];
}

static void put32(unsigned char *p, uint32_t v, int big_endian)
{
	int i;

	for (i = 0; i < 4; i++)
		p[big_endian ? 3 - i : i] = (unsigned char)(v >> (8 * i));
}

/* The file offset of unit @cu's abbreviation offset field, or -1. */
static long abbrev_field(int fd, uint64_t off, uint64_t size, long cu, int big_endian)
{
	uint64_t pos = off;
	unsigned char hdr[12];
	long n;

	for (n = 0; pos + 11 <= off + size; n++) {
		uint32_t len;
		unsigned int version;

		if (pread(fd, hdr, sizeof(hdr), (off_t)pos) != (ssize_t)sizeof(hdr))
			return -1;
		len = get32(hdr, big_endian);
		if (len >= 0xfffffff0u)
			return -1;	/* 64-bit DWARF: not handled */
		version = big_endian ? hdr[4] << 8 | hdr[5] : hdr[5] << 8 | hdr[4];
		if (n == cu)
			return (long)pos + (version >= 5 ? 8 : 6);
		pos += 4 + (uint64_t)len;
	}
	return -1;
}

int main(int argc, char **argv)
{
	unsigned char field[4];
	uint64_t off, size;
	int fd, big_endian;
	long at, cu, delta;
	Elf *elf;

	if (argc != 4) {
		fprintf(stderr, "usage: dwarfmutate FILE CU DELTA\n");
		return 1;
	}
	cu = strtol(argv[2], NULL, 0);
	delta = strtol(argv[3], NULL, 0);
	elf_version(EV_CURRENT);
	fd = open(argv[1], O_RDWR);
	elf = fd < 0 ? NULL : elf_begin(fd, ELF_C_READ, NULL);
	if (!elf || find_debug_info(elf, &off, &size)) {
		fprintf(stderr, "dwarfmutate: %s: no .debug_info\n", argv[1]);
		return 1;
	}
	big_endian = elf_getident(elf, NULL)[EI_DATA] == ELFDATA2MSB;
	at = abbrev_field(fd, off, size, cu, big_endian);
	if (at < 0 || pread(fd, field, 4, at) != 4) {
		fprintf(stderr, "dwarfmutate: %s: no unit %ld\n", argv[1], cu);
		return 1;
	}
	put32(field, get32(field, big_endian) + (uint32_t)delta, big_endian);
	if (pwrite(fd, field, 4, at) != 4) {
		fprintf(stderr, "dwarfmutate: %s: %s\n", argv[1], strerror(errno));
		return 1;
	}
	elf_end(elf);
	close(fd);
	return 0;
}
