/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PRINT_H
#define PAHOLE_PRINT_H
/*
 * The print job: loads each file (DWARF or BTF), selects types (default
 * mode, -C, filters), de-duplicates them across CUs and prints them with
 * dwarves_fprintf.c or a one-line formatter. Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>

#include "dwarf_loader.h"
#include "dwarves_fprintf.h"
#include "dwarves_layout.h"

enum print_formatter {
	FMT_LAYOUT,		/* the struct printout */
	FMT_SIZES,		/* -s */
	FMT_NR_MEMBERS,		/* -n */
	FMT_NAME_LEN,		/* -N */
	FMT_NAME,		/* -z without -V */
	FMT_NONE,		/* -T, -m: only the statistics at the end */
};

struct print_job_opts {
	const char		*format_path;	/* -F, NULL: "dwarf,btf" */
	const char		*btf_base;
	const char		*class_names;	/* -C list as given */
	const char		*contains;	/* -i */
	const char		*find_pointers_to;	/* -f */
	const char		*contains_enumerator;
	const char		*exclude_prefix, *include_prefix;	/* -x, -y */
	const char		*decl_exclude_prefix;	/* -D */
	enum print_formatter	formatter;
	bool			nr_definitions;	/* -T */
	bool			nr_methods;	/* -m */
	char			separator;
	bool			anon_include, nested_anon_include;
	bool			sort, show_private_classes, first_obj_only, skip_missing;
	bool			just_structs, just_unions, just_packed;
	bool			with_flexible_array, with_embedded_flexible_array;
	bool			packable, reorganize, show_reorg_steps, recursive, defined_in;
	bool			compile;	/* --compile: the types needed first */
	bool			skip_atomic_typedefs;
	unsigned int		verbose;
	uint32_t		nr_holes, nr_bit_holes, hole_size_ge;
	int64_t			padding, padding_ge;	/* -1: not given */
	struct fprintf_opts	fprintf;
	struct layout_opts	layout;
	bool			decl_info;	/* -I, -P, -D: read DW_AT_decl_file */
	bool			ptr_table_stats;	/* --ptr_table_stats: a CSV line per CU */
	/* Borrowed: the CU filters (--lang, --lang_exclude, -X) and threads. */
	const struct dwarf_loader_opts *loader;
};

/*
 * --ptr_table_stats: upstream's CSV line for @cu on @fp, after its header
 * line when @header; the figures are those of this program's arrays
 * (pahole(1)). Any thread that owns @cu.
 */
void print_job__table_stats(const struct cu *cu, bool header, FILE *fp);

/*
 * Runs the print job over @files (none: the running kernel). Returns the
 * exit status: 0, or 1 after printing why.
 */
int print_job__run(const struct print_job_opts *opts, char **files, int nr_files);

/* Takes a loaded CU (owned from then on): 0 goes on, 1 stops loading, -errno fails. */
typedef int (*print_job_cu_fn)(struct cu *cu, void *ctx);

/*
 * Loads @files as print_job__run() does (-F, --btf_base, archives, the
 * running kernel when there is none; -X and --lang drop CUs) and hands
 * each CU, in CU order, to @fn instead of printing it. The input files
 * stay open until it returns: CUs @fn keeps may be read until then, and
 * only freed afterwards. Returns 0, or 1 after printing why (an error
 * @fn returned was reported by it).
 */
int print_job__load(const struct print_job_opts *opts, char **files, int nr_files,
		    print_job_cu_fn fn, void *ctx);

#endif
