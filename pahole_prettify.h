/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PRETTIFY_H
#define PAHOLE_PRETTIFY_H
/*
 * Pretty printing raw data (--prettify): records read from a file or stdin
 * are printed as C initializers of the types named by -C (with upstream's
 * arguments: sizeof=, type=, type_enum=, filter=, range=) or --header_type,
 * the types coming from the files the print job loads. Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>

#include "pahole_print.h"

struct prettify_opts {
	const char	*input;		/* --prettify: a path, or "-" for stdin; NULL: off */
	const char	*header_type;	/* --header_type: read once, before the records */
	const char	*seek_bytes;	/* a number, or "$header.MEMBER[.MEMBER...]" */
	const char	*size_bytes;	/* the same */
	const char	*range;		/* a header member with 'offset' and 'size' members */
	uint32_t	count;		/* records to print, 0: all */
	uint32_t	skip;		/* records (that pass the filter) to skip first */
};

/*
 * Whether @s is what --seek_bytes and --size_bytes take: a whole
 * non-negative number (decimal, 0x hex or 0 octal) or "$header." and a
 * member path.
 */
bool prettify__is_offset_expr(const char *s);

/*
 * Runs the job: loads @files (none: the running kernel) as the print job
 * does, with @print's -C list, -F, --btf_base, --hex, -V, --skip_missing
 * and CU filters, and prints the records of @opts->input on stdout.
 * Returns the exit status: 0, or 1 after one line on stderr saying why.
 */
int prettify__run(const struct prettify_opts *opts, const struct print_job_opts *print,
		  char **files, int nr_files);

#endif
