/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_ELF_H
#define PAHOLE_BTF_ELF_H
/*
 * BTF written into an ELF file as a section, by our own writer and no external
 * tool. The file is rewritten as a new copy beside it (out_file.h) in which
 * only the written sections change, and renamed over it when complete.
 * Main thread only; a copy ahead (btf_elf__start_copy()) runs a thread of
 * its own.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <bpf/btf.h>

struct btf_elf_copy;

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
 * With @copy (from btf_elf__start_copy() on @path, or NULL), the file is
 * the one @copy opened, and what @copy has copied already is not copied
 * again.
 *
 * Returns 0 or -errno, reported as one line naming @path.
 */
int btf_elf__write_sections(const char *path, const struct btf_elf_section *secs, size_t nr,
			    struct btf_elf_copy *copy);

/*
 * Writes @btf (borrowed; its byte order already set) into @path as the
 * .BTF section: the @size bytes at @raw (btf_raw__image() of @btf). With
 * @distilled_base, split BTF and a libbpf that has btf__distill_base()
 * (1.5 or later), .BTF gets instead the split BTF rebased on a distilled
 * base and .BTF.base that base. 0 or -errno (reported).
 */
int btf_elf__write_btf(const char *path, const struct btf *btf, const void *raw, uint32_t size,
		       bool distilled_base, struct btf_elf_copy *copy);

/*
 * Before @path is encoded to have BTF written into it: opens the new copy
 * of the file and starts copying into it, on a thread of its own, the part
 * that writing .BTF (and .BTF.base) leaves as it is: everything before the
 * first of those sections, the section name table and the section headers,
 * which for a vmlinux is nearly all of it. The write then only adds the
 * rest, and the copy costs no time of its own where a CPU is free. NULL
 * when there is not enough to copy or it cannot start (nothing reported:
 * the write does it all then).
 */
struct btf_elf_copy *btf_elf__start_copy(const char *path);

/* Ends @copy (NULL: nothing to do); a new copy that was not written is removed. */
void btf_elf__copy_free(struct btf_elf_copy *copy);

#endif
