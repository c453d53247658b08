/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PGLOBAL_PRINT_H
#define PAHOLE_PGLOBAL_PRINT_H
/*
 * pglobal's job: the external variables (-v) or functions (-f) of all the
 * CUs of the files, one each by name, in name order, as upstream pglobal
 * v1.32 prints them. Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>

#include "dwarf_loader.h"

enum pglobal_walk {
	PG_WALK_NONE,		/* neither -v nor -f: nothing printed */
	PG_WALK_VARIABLES,	/* -v (wins over -f, as upstream) */
	PG_WALK_FUNCTIONS,	/* -f */
};

struct pglobal_opts {
	const char		*format_path;	/* -F, or NULL: DWARF then BTF */
	enum pglobal_walk	walk;
	uint32_t		cacheline_size;
	struct dwarf_loader_opts loader;	/* -j; the rest is set by the job */
};

/* Runs the job on @files (@nr_files, at least one). Returns the exit status. */
int pglobal__run(const struct pglobal_opts *opts, char **files, int nr_files);

#endif
