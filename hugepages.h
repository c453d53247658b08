/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_HUGEPAGES_H
#define PAHOLE_HUGEPAGES_H

#include <stdbool.h>

/*
 * glibc's heaps on transparent huge pages: where the kernel gives them only
 * to memory that asks (its mode "madvise") and glibc can ask (2.35 on, its
 * tunable glibc.malloc.hugetlb), runs the program again from the start, in
 * the same process, with that tunable added to GLIBC_TUNABLES, and does not
 * return. Returns when it does not apply (another mode, an older glibc,
 * the tunable set already: glibc.malloc.hugetlb=0 keeps 4 KiB pages, under
 * valgrind, a set-user-ID run) or when the exec fails; the environment is
 * then as it was. Call it before any output or open file.
 */
void hugepages__reexec(char *argv[]);

/* Whether to ask for huge pages: the checks above, but set-user-ID and the exec. */
bool hugepages__wanted(const char *thp_mode, const char *libc_version, const char *tunables,
		       const char *preload);

#endif
