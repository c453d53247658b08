/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DTAG_DWARF_H
#define PAHOLE_DTAG_DWARF_H
/*
 * dtagnames on DWARF: each unit's DIEs walked with our reader as upstream
 * pahole's loader walks them, into the tag lists it would keep
 * (dtag_tree.h), printed unit by unit. Main thread only.
 */
#include <stdio.h>

struct dwarf_file;

/*
 * Prints the tag names of @df's units to @fp in upstream's order: the
 * .debug_types units first, as one; then every unit of .debug_info, each
 * on its own, or all as one where upstream merges them (an LTO build).
 * Returns 0, or -errno after one line naming the file (bad DWARF, no memory,
 * an error writing @fp); the units before a bad one are printed.
 */
int dtag_dwarf__print(struct dwarf_file *df, FILE *fp);

#endif
