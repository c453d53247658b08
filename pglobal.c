// SPDX-License-Identifier: GPL-2.0-only
/*
 * pglobal: lists the external variables or functions of DWARF or BTF
 * files, upstream's options and text. This file is the command line;
 * pglobal_print.c the job.
 */
#include <argp.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "pglobal_print.h"
#include "tuning.h"

/* The options; written only while argp parses them. */
static struct {
	struct pglobal_opts	job;
	bool			walk_variables, walk_functions;	/* -v, -f */
} opts = { .job = { .loader = { .thread_start = tuning__thread_start } } };

static const struct argp_option pglobal_options[] = {
	{ "variables", 'v', NULL, 0, "show global variables", 0 },
	{ "functions", 'f', NULL, 0, "show global functions", 0 },
	CLI_OPTION_FORMATS,
	CLI_OPTION_JOBS,
	{ "verbose", 'V', NULL, 0, "be verbose", 0 },
	{ NULL, 0, NULL, 0, NULL, 0 },
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'v': opts.walk_variables = true; break;
	case 'f': opts.walk_functions = true; break;
	case 'F': opts.job.format_path = arg; break;
	case 'j': cli__parse_jobs(arg, state, &opts.job.loader.jobs); break;
	case 'V': break;	/* upstream's does nothing either */
	case ARGP_KEY_END:
		/* Upstream lists nothing then, and exits 0. */
		if (!opts.walk_variables && !opts.walk_functions)
			argp_failure(state, CLI_EXIT_USAGE, 0,
				     "-v (variables) or -f (functions) says what to list");
		opts.job.walk = opts.walk_variables ? PG_WALK_VARIABLES :
				opts.walk_functions ? PG_WALK_FUNCTIONS : PG_WALK_NONE;
		opts.job.cacheline_size = cli__cacheline_size();
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static int run(const struct cli_files *in)
{
	return pglobal__run(&opts.job, in->paths, in->nr);
}

static const struct cli_program pglobal = {
	.name = "pglobal",
	.options = pglobal_options,
	.parser = parse_opt,
	.files_required = true,
	.jobs = &opts.job.loader.jobs,
	.run = run,
};

CLI_MAIN(pglobal)
