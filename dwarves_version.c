// SPDX-License-Identifier: GPL-2.0-only
/* The programs' version and --devel_version (dwarves_version.h). */
#include <stdio.h>
#include <stdlib.h>

#include "dwarves_version.h"
/*
 * DEVEL_DESCRIBE: "COUNT-gSHA", the number of commits of the history and the
 * commit the build was made from (Makefile), "" outside a git checkout.
 */
#if __has_include("devel_version.h")
#include "devel_version.h"
#else
#define DEVEL_DESCRIBE ""
#endif

enum { ARG_devel_version = 900 };

static const struct argp_option version_options[] = {
	{ "devel_version", ARG_devel_version, NULL, 0,
	  "Print the version with the git commit of the build (e.g. v1.32-g1c94bda3d0f2)", 0 },
	{ 0 },
};

static error_t parse_version(int key, char *arg, struct argp_state *state)
{
	(void)arg;
	(void)state;
	if (key != ARG_devel_version)
		return ARGP_ERR_UNKNOWN;
	if (DEVEL_DESCRIBE[0])
		printf("%s-%s\n", DWARVES_VERSION, DEVEL_DESCRIBE);
	else
		printf("%s\n", DWARVES_VERSION);
	exit(0);
}

const struct argp dwarves_version_argp = { .options = version_options, .parser = parse_version };
