// SPDX-License-Identifier: GPL-2.0-only
/* What the programs' command lines share (cli.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "input_fault.h"
#include "log.h"
#include "tuning.h"

int cli__start(const char *program, const struct argp *argp, int argc, char **argv)
{
	tuning__start();
	input_fault__install();
	argp_err_exit_status = CLI_EXIT_USAGE;
	log__set_program(program);
	log__hook_libbpf();
	return cli__parse_args(argp, argc, argv, CLI_EXIT_USAGE);
}

void cli__take_files(const struct argp_state *state, char ***files, int *nr)
{
	*files = state->argv + state->next;
	*nr = state->argc - state->next;
}

/* Digits only, up to @max: strtoul() alone takes signs, spaces and nothing. */
static int parse_decimal(const char *s, unsigned long max, unsigned long *ret)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || *s == '+' || v > max)
		return -EINVAL;
	*ret = v;
	return 0;
}

int cli__parse_positive(const char *s, unsigned long max, unsigned int *ret)
{
	unsigned long v;

	if (parse_decimal(s, max, &v) || !v)
		return -EINVAL;
	*ret = (unsigned int)v;
	return 0;
}

int cli__parse_uint(const char *s, uint32_t *ret)
{
	unsigned long v;

	if (parse_decimal(s, UINT32_MAX, &v))
		return -EINVAL;
	*ret = (uint32_t)v;
	return 0;
}

unsigned int cli__online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? (unsigned int)n : 1;
}

void cli__parse_jobs(const char *arg, struct argp_state *state, unsigned int *jobs)
{
	if (!arg)
		*jobs = cli__online_cpus();
	else if (cli__parse_positive(arg, CLI_MAX_JOBS, jobs))
		argp_failure(state, CLI_EXIT_USAGE, 0,
			     "invalid number of jobs '%s': expected a number from 1 to %u", arg,
			     CLI_MAX_JOBS);
}

int cli__parse_args(const struct argp *argp, int argc, char **argv, int status)
{
	int err = argp_parse(argp, argc, argv, 0, NULL, NULL);

	if (err == ENOMEM) {
		pr_err("out of memory");
		return 1;
	}
	return err ? status : 0;
}

void cli__parse_formats(const char *arg, struct argp_state *state, const char **formats)
{
	const char *s = arg;

	while (*s) {
		size_t len = strcspn(s, ",");

		if (len == 3 && !strncmp(s, "ctf", 3))
			argp_failure(state, CLI_EXIT_USAGE, 0,
				     "-F ctf: CTF is not read here; use DWARF or BTF (see DIFFERENCES in the manual)");
		s += len + (s[len] == ',');
	}
	*formats = arg;
}

uint32_t cli__cacheline_size(void)
{
	long n = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);

	return n > 0 ? (uint32_t)n : 64;
}
