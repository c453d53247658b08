/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_CU_H
#define PAHOLE_DWARF_CU_H
/*
 * The CU loader (dwarf_cu.c) as dwarf_loader.c, which lists the units and
 * runs the threads, calls it; not for other modules.
 */
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <elfutils/libdw.h>

#include "die_reader.h"
#include "dwarf_loader_opts.h"

struct dwarf_file;

/* What loading a CU counted. */
struct dwarf_load_counts {
	uint64_t	nr_dies;		/* DIEs read, for --phase_stats */
	uint64_t	nr_locations;		/* location attributes read */
	uint64_t	nr_location_fallbacks;	/* of those, read by libdw */
	uint32_t	*type_units;		/* numbers of the type units it reached; owned */
	uint32_t	nr_type_units;
	bool		is_excluded;		/* --lang*, -X left it out: no CU, no message */
};

/*
 * DIE maps kept from one CU to the next, so that a loader neither
 * allocates nor clears one per CU: each loader takes one (or makes its
 * own) and gives it back when done. Any thread; zeroed, then
 * die_map_spares__init(); die_map_spares__release() once no loader runs.
 */
struct die_map_spare;
struct die_map_spares {
	pthread_mutex_t		lock;
	struct die_map_spare	*spare;		/* owned; dwarf_cu.c's */
	uint32_t		nr, cap;
};

void die_map_spares__init(struct die_map_spares *s);
void die_map_spares__release(struct die_map_spares *s);

/*
 * What every CU of a load shares: the file, the options, where DIE maps
 * come from and go back (may be NULL), and the rule that leaves a CU out
 * (--lang_exclude, --lang, -X): whether a CU of @lang named @name is left
 * out, asked with @excluded_ctx (NULL: none is).
 */
struct dwarf_cu_env {
	const struct dwarf_file		*df;
	const struct dwarf_loader_opts	*opts;
	struct die_map_spares		*spares;
	bool	(*excluded)(const void *ctx, uint16_t lang, const char *name);
	const void			*excluded_ctx;
};

/*
 * Loads one CU from its unit DIE (@nr_dies 1), or all type units from
 * theirs as one CU, on any thread. A split unit (the DIEs of a skeleton,
 * in its .dwo) is read from @split, that file's sections; else @split is
 * NULL. @lang is the CU's language, or DWARF_CU_OWN_LANG for one unit: its
 * language and name are then read from its DIE, and when @env's rule
 * leaves the CU out, counts->is_excluded is set and *ret is NULL. 0 and
 * the CU in *ret, or -errno (reported). *counts is set either way.
 */
enum { DWARF_CU_OWN_LANG = -1 };
int dwarf_cu__load(const struct dwarf_cu_env *env, const struct die_sections *split,
		   Dwarf_Die *dies, uint32_t nr_dies, int lang, uint32_t id, struct cu **ret,
		   struct dwarf_load_counts *counts);

#endif
