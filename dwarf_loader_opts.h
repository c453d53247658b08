/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_LOADER_OPTS_H
#define PAHOLE_DWARF_LOADER_OPTS_H
/*
 * What a DWARF load is asked (dwarf_loader.h): the options, which the CU
 * loader (dwarf_cu*.c) reads without the loader's functions.
 */
#include <stdbool.h>
#include <stdint.h>

#include "dwarves.h"
#include "phase_stats.h"

enum { DWARF_LOADER_MAX_LANGS = 48 };	/* more than the names */
/*
 * Default reorder window: one CU per loading thread (the workers and the
 * caller), and at least
 * DWARF_LOADER_MIN_WINDOW, so that with few threads a loader seldom waits
 * for the consumer to take a large CU. More CUs in flight than threads
 * would only raise peak memory.
 */
enum { DWARF_LOADER_WINDOW_PER_JOB = 1, DWARF_LOADER_MIN_WINDOW = 8 };

/*
 * Work on a CU that needs the CU alone, run on the thread that loaded it,
 * right after: it may only read @ctx and keep its results in @cu
 * (cu__set_prepared()). A negative return stops the load like bad DWARF
 * (its messages come in CU order too). The context is the hook owner's
 * type (btf_encoder.h): to the loader, an opaque pointer it passes on.
 */
struct cu_prepare_ctx;
typedef int (*dwarf_prepare_fn)(struct cu *cu, const struct cu_prepare_ctx *ctx);

/*
 * Called once per load on the main thread, as soon as the loading threads
 * run and before the first CU reaches the consumer (also when there is
 * none): what the consumer needs that the loading may overlap. Non-zero
 * stops the load and is its result.
 */
typedef int (*dwarf_start_fn)(void *ctx);

struct dwarf_loader_opts {
	uint16_t	lang_exclude[DWARF_LOADER_MAX_LANGS];	/* DW_LANG_* to drop */
	unsigned int	nr_lang_exclude;
	const uint16_t	*langs;		/* --lang: DW_LANG_* to keep, borrowed */
	unsigned int	nr_langs;	/* 0: every language */
	const char	*cu_exclude_prefix; /* -X: drop CUs named so (or unnamed); or NULL */
	const char	*kabi_prefix;	/* --kabi_prefix: names starting so become it; or NULL */
	bool		type_tags;	/* read btf_type_tag annotations of pointers */
	bool		decl_tags;	/* read btf_decl_tag annotations */
	/*
	 * A multi-dimensional array as arrays of arrays, BTF's form (the
	 * inner ones get ids before it, innermost first); else one array
	 * of the dimensions' product.
	 */
	bool		nested_arrays;
	bool		param_locations; /* decode parameter locations (function flags) */
	unsigned int	jobs;		/* loader threads besides the caller's; 0: none */
	unsigned int	cu_window;	/* CUs loaded ahead of the consumer; 0: default */
	unsigned int	test_delay_seed;/* test-only random delays (cu_pool.h) */
	void		(*thread_start)(void); /* or NULL: first thing on each loader thread */
	/*
	 * Test-only: decode every location with libdw too; a difference
	 * stops the load (dwarf_locations.h).
	 */
	bool		check_locations;
	struct phase_stats *stats;	/* --phase_stats sink, main thread only; or NULL */
	/*
	 * Read what only the layout printer needs: alignments, array
	 * dimensions, types defined inside structs and functions, bitfield
	 * storage sizes (struct type and struct member "printing only" fields).
	 */
	bool		for_printing;
	bool		decl_info;	/* also DW_AT_decl_file (reads line tables) */
	/*
	 * Read what only a function lister needs (pfunct): DW_AT_inline, and
	 * each function's body (struct function "printing only" fields).
	 */
	bool		fn_bodies;
	/*
	 * Read what a namespace holds (pdwtags): cu->ns_items, and the
	 * variables declared in namespaces as the CU's.
	 */
	bool		namespaces;
	dwarf_start_fn	start;		/* or NULL */
	void		*start_ctx;
	dwarf_prepare_fn prepare;	/* or NULL */
	const struct cu_prepare_ctx *prepare_ctx; /* borrowed: prepare's @ctx */
};

#endif
