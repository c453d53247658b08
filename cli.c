// SPDX-License-Identifier: GPL-2.0-only
/* What the programs' command lines share (cli.h). */
#include <ctype.h>
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "cu_pool.h"
#include "dwarves_version.h"
#include "input_format.h"
#include "input_fault.h"
#include "log.h"
#include "num_parse.h"
#include "tool_load.h"
#include "tuning.h"

const char *argp_program_version = DWARVES_VERSION;

static const struct argp_child version_child[] = { { &dwarves_version_argp, 0, NULL, 0 }, { 0 } };

/* The file operands of a program whose parser does not read them. */
static struct cli_files shell_files;

/* Where @prog's file operands go: NULL where its parser takes them. */
static struct cli_files *files_of(const struct cli_program *prog)
{
	if (prog->own_operands)
		return NULL;
	return prog->files ? prog->files : &shell_files;
}

/* The program's parser, the file operands taken for it (state->input: the program). */
static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	const struct cli_program *prog = state->input;
	struct cli_files *files = files_of(prog);

	if (key == ARGP_KEY_ARGS && files) {
		files->paths = state->argv + state->next;
		files->nr = state->argc - state->next;
		return 0;
	}
	if (key == ARGP_KEY_END && prog->files_required && !files->nr)
		argp_state_help(state, stderr, ARGP_HELP_SEE | ARGP_HELP_EXIT_ERR);
	return prog->parser(key, arg, state);
}

int cli__parse(const struct cli_program *prog, int argc, char **argv, unsigned int flags)
{
	const struct argp argp = {
		.options = prog->options,
		.parser = parse_opt,
		.args_doc = prog->args_doc ? prog->args_doc :
			    prog->kernel_default ? "[FILE...]" : "FILE",
		.doc = prog->doc,
		.children = version_child,
	};
	int err = argp_parse(&argp, argc, argv, flags, NULL, (void *)prog);

	if (err == ENOMEM) {
		pr_err("out of memory");
		return 1;
	}
	if (!err)
		return 0;
	return prog->parse_status ? prog->parse_status : CLI_EXIT_USAGE;
}

int cli__main(const struct cli_program *prog, int argc, char **argv)
{
	struct cli_files *files = files_of(prog);
	char *kernel = NULL;
	int rc;

	tuning__start();
	input_fault__install();
	argp_err_exit_status = CLI_EXIT_USAGE;
	log__set_program(prog->name);
	log__hook_libbpf();
	rc = cli__parse(prog, argc, argv, 0);
	if (rc)
		return rc;
	if (prog->kernel_default && !files->nr) {
		if (input_format__default_file(&kernel))
			return EXIT_FAILURE;
		files->paths = &kernel;
		files->nr = 1;
	}
	if (files)
		tuning__inputs(files->paths, files->nr,
			       prog->btf_base ? *prog->btf_base : NULL, prog->jobs ? *prog->jobs : 0);
	rc = prog->run(files ? files : &(struct cli_files){ 0 });
	free(kernel);
	return rc;
}

/*
 * Digits, up to @max, nothing after them; no sign first. As strtoul() took
 * them, spaces and then a sign before the digits still are (" 4", " -0").
 */
static int parse_decimal(const char *s, unsigned long max, unsigned long *ret)
{
	const char *end;
	uint64_t v;
	bool neg;

	if (*s == '-' || *s == '+')
		return -EINVAL;
	while (isspace((unsigned char)*s))
		s++;
	neg = *s == '-';
	s += *s == '-' || *s == '+';
	errno = 0;
	end = num_parse(s, SIZE_MAX, 10, &v);
	if (neg)
		v = -v;
	if (errno || end == s || *end || v > max)
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

void cli__parse_jobs(const char *arg, struct argp_state *state, unsigned int *jobs)
{
	if (!arg)
		*jobs = cu_pool__usable_cpus();
	else if (cli__parse_positive(arg, CLI_MAX_JOBS, jobs))
		argp_failure(state, CLI_EXIT_USAGE, 0,
			     "invalid number of jobs '%s': expected a number from 1 to %u", arg,
			     CLI_MAX_JOBS);
}

void cli__parse_formats(const char *arg, struct argp_state *state, const char **formats)
{
	const char *s = arg, *name;
	enum tool_format format;
	size_t len;

	while (tool_load__next_format(&s, true, &format, &name, &len))
		if (len == 3 && !strncmp(name, "ctf", 3))
			argp_failure(state, CLI_EXIT_USAGE, 0,
				     "-F ctf: CTF is not read here; use DWARF or BTF (see DIFFERENCES in the manual)");
	*formats = arg;
}

uint32_t cli__cacheline_size(void)
{
	long n = sysconf(_SC_LEVEL1_DCACHE_LINESIZE);

	return n > 0 ? (uint32_t)n : 64;
}
