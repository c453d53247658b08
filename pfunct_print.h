/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PFUNCT_PRINT_H
#define PAHOLE_PFUNCT_PRINT_H
/*
 * pfunct's job: load each file (DWARF with function bodies, or BTF), pick
 * functions as upstream pfunct does, and print what the options ask for.
 * Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>

#include "dwarf_loader.h"

/* The one-line-per-function listing the options select (last one wins, as upstream). */
enum pfunct_formatter {
	PF_FMT_NAMES,		/* names, or prototypes with -P/-V */
	PF_FMT_SIZES,		/* -s */
	PF_FMT_NR_VARIABLES,	/* -S */
	PF_FMT_NR_PARMS,	/* -p */
	PF_FMT_GOTO_LABELS,	/* -g */
	PF_FMT_NAME_LEN,	/* -N */
	PF_FMT_INLINE_EXPS,	/* -I */
};

struct pfunct_opts {
	const char		*class_name;	/* -c */
	const char		*function_name;	/* -f, --compile=FUNCTION */
	const char		*format_path;	/* -F, or NULL: DWARF then BTF */
	const char		*symtab_name;	/* --symtab, or NULL */
	uint64_t		addr;		/* -a; 0: not asked */
	enum pfunct_formatter	formatter;
	bool			verbose;	/* -V (and -i) */
	bool			show_all;	/* -A */
	bool			expand_types;	/* -b, --compile */
	bool			compilable;	/* --compile */
	bool			prototypes;	/* -P */
	bool			externals;	/* -E */
	bool			cc_inlined;	/* -H */
	bool			cc_uninlined;	/* -G */
	bool			inline_expansions;	/* -i */
	bool			variables;	/* -T */
	bool			total_inline_stats;	/* -t */
	bool			decl_info;	/* -l */
	bool			no_parm_names;
	uint32_t		cacheline_size;
	struct dwarf_loader_opts loader;	/* -j; the rest is set by the job */
};

/*
 * Runs the job on @files (@nr_files of them; none: the running kernel's
 * BTF). Prints errors itself, one line each. Returns the exit status.
 */
int pfunct__run(const struct pfunct_opts *opts, char **files, int nr_files);

#endif
