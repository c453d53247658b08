/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PDWTAGS_PRINT_H
#define PAHOLE_PDWTAGS_PRINT_H
/*
 * pdwtags's job: every CU of each file printed as upstream pdwtags v1.32
 * prints it, its types, functions and variables, CU by CU. Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>

#include "dwarf_loader.h"

struct pdwtags_opts {
	const char		*format_path;	/* -F, or NULL: DWARF then BTF */
	bool			decl_info;	/* -V: the "Used at" lines */
	uint32_t		cacheline_size;
	struct dwarf_loader_opts loader;	/* -j; the rest is set by the job */
};

/* Runs the job on @files (@nr_files, at least one). Returns the exit status. */
int pdwtags__run(const struct pdwtags_opts *opts, char **files, int nr_files);

#endif
