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
#include "dwarves_version.h"
#include "pglobal_print.h"
#include "tuning.h"

const char *argp_program_version = DWARVES_VERSION;

static struct pglobal_opts opts = { .loader = { .thread_start = tuning__thread_start } };
static bool walk_variables, walk_functions;
static int nr_files;
static char **files;

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
	case 'v': walk_variables = true; break;
	case 'f': walk_functions = true; break;
	case 'F': opts.format_path = arg; break;
	case 'j': cli__parse_jobs(arg, state, &opts.loader.jobs); break;
	case 'V': break;	/* upstream's does nothing either */
	case ARGP_KEY_ARGS: cli__take_files(state, &files, &nr_files); break;
	case ARGP_KEY_END:
		if (!nr_files)
			argp_state_help(state, stderr, ARGP_HELP_SEE | ARGP_HELP_EXIT_ERR);
		/* Upstream lists nothing then, and exits 0. */
		if (!walk_variables && !walk_functions)
			argp_failure(state, CLI_EXIT_USAGE, 0,
				     "-v (variables) or -f (functions) says what to list");
		opts.walk = walk_variables ? PG_WALK_VARIABLES :
			    walk_functions ? PG_WALK_FUNCTIONS : PG_WALK_NONE;
		opts.cacheline_size = cli__cacheline_size();
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child version_child[] = { { &dwarves_version_argp, 0, NULL, 0 }, { 0 } };

static const struct argp pglobal_argp = {
	.options = pglobal_options,
	.parser = parse_opt,
	.args_doc = "FILE",
	.children = version_child,
};

int main(int argc, char *argv[])
{
	int rc = cli__start("pglobal", &pglobal_argp, argc, argv);

	if (rc)
		return rc;
	tuning__inputs(files, nr_files, NULL, opts.loader.jobs);
	return pglobal__run(&opts, files, nr_files);
}
