/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_INPUT_FORMAT_H
#define PAHOLE_INPUT_FORMAT_H
/*
 * Which debugging format a file given to prefcnt or dtagnames is read in:
 * DWARF when it has some, else BTF (a raw file or an ELF file's .BTF), the
 * order upstream's loaders are tried in when no format is named. Main
 * thread only (libbpf's logging).
 */

enum input_format {
	INPUT_DWARF,
	INPUT_BTF,
};

/* Where upstream reads the running kernel's types when given no file. */
#define INPUT_KERNEL_BTF "/sys/kernel/btf/vmlinux"

/*
 * The file read when none is given, as upstream picks it: the running
 * kernel's BTF where it can be read, else its vmlinux (running_kernel.h).
 * 0 and the path in *@ret (malloc'ed), or -ENOENT after one line.
 */
int input_format__default_file(char **ret);

/*
 * The format of @path. 0 and *@ret, or -errno after one line naming the
 * file: it cannot be read, or it has neither format ("No debugging
 * information found", upstream's words).
 */
int input_format__probe(const char *path, enum input_format *ret);

#endif
