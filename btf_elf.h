/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_ELF_H
#define PAHOLE_BTF_ELF_H
/*
 * BTF written into an ELF file as a section, by our own writer and no external
 * tool. The file is rewritten as a new copy beside it (out_file.h) in which
 * only the written sections change, and renamed over it when complete.
 * Main thread only.
 */
#include <stdbool.h>
#include <stddef.h>
#include <bpf/btf.h>

struct btf_elf_section {
	const char	*name;	/* borrowed */
	const void	*data;	/* borrowed */
	size_t		size;
};

/*
 * Replaces or adds the @nr sections @secs in the ELF file @path.
 *
 * A section that exists keeps its header (type, flags, address, alignment):
 * only its contents and size change. A new one is added after the last
 * section, SHT_PROGBITS with no flags and alignment 1 (what
 * `objcopy --add-section` makes), and its name is appended to the section
 * name table when that table does not hold it yet.
 *
 * Every other section keeps its index, header and bytes, and the program
 * headers stay as they are; only the file offsets of what follows a section
 * that changed size move (by whole multiples of the largest alignment among
 * them). A section that lies where a segment still covers the file is
 * rewritten where it is: new contents that do not fit there give -ENOSPC
 * and leave the file untouched.
 *
 * Returns 0 or -errno, reported as one line naming @path.
 */
int btf_elf__write_sections(const char *path, const struct btf_elf_section *secs, size_t nr);

/*
 * Writes @btf (borrowed; its byte order already set) into @path as the
 * .BTF section. With @distilled_base, split BTF and a libbpf that has
 * btf__distill_base() (1.5 or later), .BTF gets the split BTF rebased on a
 * distilled base and .BTF.base that base. 0 or -errno (reported).
 */
int btf_elf__write_btf(const char *path, const struct btf *btf, bool distilled_base);

#endif
