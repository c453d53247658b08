/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_ARCHIVE_H
#define PAHOLE_DWARF_ARCHIVE_H
/*
 * ar archives (static libraries) as input: their members with DWARF, in
 * archive order, each opened as a struct dwarf_file named "lib.a(m.o)".
 * An archive is read as its members given as files one after the other.
 * Main thread only.
 */
#include <stdbool.h>

#include "dwarf_loader.h"

struct dwarf_archive;

/* Whether @path starts like an ar archive (thin ones included); false if unreadable. */
bool dwarf_archive__is_archive(const char *path);

/*
 * Opens the archive at @path (borrowed: it must outlive the archive).
 * 0, or -errno after one line naming it (not an archive, a thin one), *@ret NULL.
 * Free with dwarf_archive__free().
 */
int dwarf_archive__open(const char *path, struct dwarf_archive **ret);

/*
 * The next member with DWARF, in *@ret (free it with dwarf_file__free(); it
 * may outlive the archive). Members without DWARF are skipped. Returns 0,
 * 1 after the last member, or -errno after one line naming the archive or
 * the member (a truncated or corrupt archive, a member that is not ELF or
 * is corrupt, -ENODATA when no member has DWARF).
 */
int dwarf_archive__next(struct dwarf_archive *ar, struct dwarf_file **ret);

void dwarf_archive__free(struct dwarf_archive *ar);

#endif
