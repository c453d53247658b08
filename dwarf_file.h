/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_FILE_H
#define PAHOLE_DWARF_FILE_H
/*
 * An open DWARF file (dwarf_file__open() in dwarf_loader.c), as the DWARF
 * loader's modules read it: dwarf_loader.c, which opens and frees it, the
 * CU loader (dwarf_cu*.c, dwarf_fn_body.c), dwarf_locations.c and
 * dwarf_xunits.c; not for other modules. Read-only once open.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "die_reader.h"
#include "dwarf_functions.h"

struct dwarf_xunits;

struct dwarf_file {
	const char	*path;		/* borrowed from the caller, or owned_path */
	char		*owned_path;	/* owned, or NULL */
	void		*image;		/* owned: an archive member's bytes, or NULL */
	char		*raw;		/* owned: the same as stored (image is relocated) */
	size_t		image_size;
	Dwfl		*dwfl;		/* owned */
	Dwarf		*dwarf;		/* owned by dwfl */
	Elf		*elf;		/* owned by dwfl */
	bool		big_endian;
	struct abi_regs	abi;		/* of e_machine; read-only after open */
	struct die_sections secs;	/* as libdw reads them; read-only after open */
	pthread_mutex_t	*libdw_lock;	/* owned; serialises libdw calls unsafe on threads */
	struct dwarf_xunits *xunits;	/* owned: units beyond a CU (dwarf_xunits.h) */
};

#endif
