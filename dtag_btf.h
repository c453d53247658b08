/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DTAG_BTF_H
#define PAHOLE_DTAG_BTF_H
/*
 * dtagnames on BTF: the tags upstream pahole's BTF loader makes of each
 * type (dtag_tree.h), printed as its one unit. Main thread only.
 */
#include <stdio.h>

/*
 * Prints the tag names of the BTF in @path (raw, or an ELF file's .BTF)
 * to @fp. 0, or -errno after one line naming the file.
 */
int dtag_btf__print(const char *path, FILE *fp);

#endif
