// SPDX-License-Identifier: GPL-2.0-only
/*
 * prefcnt: upstream's tool to list the types of a file that no function
 * refers to. Upstream marks each type a function's return value,
 * parameters or variables name (and, through struct and union members,
 * the types those name), then prints the unmarked types that have a
 * declaration file; its loader records declaration files only for the
 * tools that ask for them, which prefcnt does not, so it prints nothing
 * for any file it can read. This prefcnt reads the files as upstream's
 * does, reports the ones it cannot read, and prints as much.
 */
#define _GNU_SOURCE
#include <argp.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btf_loader.h"
#include "cli.h"
#include "dwarf_loader.h"
#include "input_format.h"
#include "log.h"
#include "tuning.h"

/* The options; written only while argp parses them. */
static struct {
	unsigned int		jobs;
} opts;

static const struct argp_option prefcnt_options[] = {
	CLI_OPTION_JOBS,
	{ 0 }
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'j': cli__parse_jobs(arg, state, &opts.jobs); break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* Each CU, once read: nothing of it is printed (see the top of the file). */
static int consume_cu(struct cu *cu, void *ctx)
{
	cu__free(cu);
	tuning__advise();
	return 0;
}

static int read_dwarf(const char *path)
{
	const struct dwarf_loader_opts lo = {
		.jobs = opts.jobs, .fn_bodies = true, .thread_start = tuning__thread_start,
	};
	struct dwarf_file *df;
	int err = dwarf_file__open(path, &df);

	if (err)
		return err;
	err = dwarf_loader__load(df, &lo, consume_cu, NULL);
	dwarf_file__free(df);
	return err;
}

/* libbpf's reasons for refusing a BTF are left out: our one line says it. */
static int read_btf(const char *path)
{
	const struct btf_loader_opts bo = { .cacheline_size = cli__cacheline_size() };
	struct log_buf libbpf_log = { 0 };
	struct cu *cu;
	int err;

	log__capture(&libbpf_log);
	err = btf_loader__load(path, NULL, &bo, &cu);
	log__capture(NULL);
	if (err == -ENODATA) {
		log_buf__release(&libbpf_log);
		pr_err("%s: cannot parse BTF", path);
	} else {
		log_buf__flush(&libbpf_log);
	}
	if (!err)
		consume_cu(cu, NULL);
	return err;
}

/* Upstream reads every file before it would print: the first it cannot read ends the run. */
static int read_files(const struct cli_files *in)
{
	char **files = in->paths;
	int nr_files = in->nr;
	enum input_format fmt;
	int i, err = 0;

	for (i = 0; i < nr_files && !err; i++) {
		err = input_format__probe(files[i], &fmt);
		if (!err)
			err = fmt == INPUT_DWARF ? read_dwarf(files[i]) : read_btf(files[i]);
		/* Where an allocation failed, the module that saw it may have said nothing. */
		if (err == -ENOMEM && !log__has_errors())
			pr_err("%s: out of memory", files[i]);
	}
	return err ? EXIT_FAILURE : EXIT_SUCCESS;
}

static const struct cli_program prefcnt = {
	.name = "prefcnt",
	.options = prefcnt_options,
	.parser = parse_opt,
	.doc = "prefcnt: the types of FILEs that no function refers to, as upstream lists "
	       "them (no FILE: the running kernel's)",
	.kernel_default = true,
	.jobs = &opts.jobs,
	.run = read_files,
};

CLI_MAIN(prefcnt)
