/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PROC_MAPS_H
#define PAHOLE_PROC_MAPS_H
/*
 * The one reader of /proc/self/maps: the mapping that holds an address.
 * System calls only, no allocation: safe in a signal handler (input_fault.c)
 * and on any thread, each with its own buffer (tuning.c).
 */
#include <limits.h>
#include <stdbool.h>
#include <stdint.h>

/* The reader's room: one line (longer ones cut short) and one read's bytes. */
struct proc_maps_buf {
	char	line[PATH_MAX + 256];
	char	chunk[4096];
};

/* One mapping: its addresses, "rw-p" and such, its file's inode and path. */
struct proc_map {
	uintptr_t	start, end;
	char		perms[5];
	unsigned long	inode;		/* 0: anonymous */
	const char	*path;		/* from its first '/', in @buf's line; else NULL */
};

/*
 * The mapping of this process that holds @addr, into *@m: true, or false
 * where none does or the map cannot be read.
 */
bool proc_maps__find(uintptr_t addr, struct proc_maps_buf *buf, struct proc_map *m);

#endif
