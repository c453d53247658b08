// SPDX-License-Identifier: GPL-2.0-only
/*
 * pdwtags: prints every type, function and variable of DWARF or BTF files
 * as C, CU by CU, upstream's options and text. This file is the command
 * line; pdwtags_print.c the job.
 */
#include <argp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "pdwtags_print.h"
#include "tuning.h"

/* The options; written only while argp parses them. */
static struct {
	struct pdwtags_opts	job;
} opts = { .job = { .loader = { .thread_start = tuning__thread_start } } };

static const struct argp_option pdwtags_options[] = {
	CLI_OPTION_FORMATS,
	CLI_OPTION_JOBS,
	{ "verbose", 'V', NULL, 0, "show details", 0 },
	{ NULL, 0, NULL, 0, NULL, 0 },
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'F': opts.job.format_path = arg; break;
	case 'j': cli__parse_jobs(arg, state, &opts.job.loader.jobs); break;
	case 'V': opts.job.decl_info = true; break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static int run(const struct cli_files *in)
{
	opts.job.cacheline_size = cli__cacheline_size();
	return pdwtags__run(&opts.job, in->paths, in->nr);
}

static const struct cli_program pdwtags = {
	.name = "pdwtags",
	.options = pdwtags_options,
	.parser = parse_opt,
	.files_required = true,
	.jobs = &opts.job.loader.jobs,
	.run = run,
};

CLI_MAIN(pdwtags)
