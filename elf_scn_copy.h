/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_ELF_SCN_COPY_H
#define PAHOLE_ELF_SCN_COPY_H
/*
 * scncopy's writer: some sections of an ELF file copied into a new ELF
 * file of the same class, byte order, type and machine. Each section keeps
 * its header (type, flags, address, alignment, entry size) and its bytes as
 * stored (compressed ones stay compressed); a link to another section, and
 * the info of a relocation section or one flagged SHF_INFO_LINK, name the
 * section's copy, or 0 when it is not copied. The section names are a new
 * .shstrtab, the last section. No program headers: the segments would
 * describe the input's layout, not the copy's. Main thread only.
 */
#include <stdbool.h>
#include <gelf.h>

/* Whether a section is copied; @name is never NULL. */
typedef bool (*elf_scn_pick_fn)(const char *name, void *arg);

/*
 * Writes to @fd (positioned at 0, empty) the sections of @in that @pick
 * takes, in their order, but @in's section name table, which is replaced.
 * Returns 0, or -EINVAL with libelf's reason in *@why (static text), or
 * -ENOMEM, or the error of a failed write (-ENOSPC, -EIO), *@why NULL.
 */
int elf_scn_copy__write(Elf *in, int fd, elf_scn_pick_fn pick, void *arg, const char **why);

#endif
