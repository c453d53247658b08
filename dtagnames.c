// SPDX-License-Identifier: GPL-2.0-only
/*
 * dtagnames: the DWARF tag of every tag upstream pahole's loader keeps of
 * the files' DWARF (or BTF), one a line, in the order upstream prints
 * them. The command line and the files; the walks are dtag_dwarf.c and
 * dtag_btf.c.
 */
#define _GNU_SOURCE
#include <argp.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "dtag_btf.h"
#include "dtag_dwarf.h"
#include "dwarf_loader.h"
#include "dwarves_version.h"
#include "input_format.h"
#include "log.h"
#include "tuning.h"

/* The options; written only while argp parses them. */
static struct {
	char	**files;
	int	nr_files;
} opts;

const char *argp_program_version = DWARVES_VERSION;

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case ARGP_KEY_ARGS: cli__take_files(state, &opts.files, &opts.nr_files); break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static const struct argp_child version_child[] = { { &dwarves_version_argp, 0, NULL, 0 }, { 0 } };

static const struct argp dtagnames_argp = {
	/* None of its own: NULL, since glibc's help leaks an empty table's entries. */
	.options = NULL,
	.parser = parse_opt,
	.args_doc = "[FILE...]",
	.doc = "dtagnames: the DWARF tags of the types, functions and variables of FILEs, "
	       "one a line (no FILE: the running kernel's)",
	.children = version_child,
};

static int print_file(const char *path, enum input_format fmt)
{
	struct dwarf_file *df;
	int err;

	if (fmt == INPUT_BTF)
		return dtag_btf__print(path, stdout);
	err = dwarf_file__open(path, &df);
	if (err)
		return err;
	err = dtag_dwarf__print(df, stdout);
	dwarf_file__free(df);
	return err;
}

/*
 * Upstream reads every file before it prints: a file it cannot read
 * leaves the output empty. Each is checked first, then printed in turn.
 */
static int run(char **files, int nr_files)
{
	enum input_format *fmts = calloc(nr_files ? nr_files : 1, sizeof(*fmts));
	int i, err = fmts ? 0 : -ENOMEM;

	if (!fmts)
		pr_err("out of memory");
	for (i = 0; i < nr_files && !err; i++)
		err = input_format__probe(files[i], &fmts[i]);
	for (i = 0; i < nr_files && !err; i++) {
		err = print_file(files[i], fmts[i]);
		/* Where an allocation failed, the module that saw it may have said nothing. */
		if (err == -ENOMEM && !log__has_errors())
			pr_err("%s: out of memory", files[i]);
	}
	free(fmts);
	if (fflush(stdout) && !err) {
		pr_err("error writing the output: %s", strerror(errno));
		err = -EIO;
	}
	return err ? EXIT_FAILURE : EXIT_SUCCESS;
}

int main(int argc, char *argv[])
{
	char *kernel = NULL;
	int rc;

	rc = cli__start("dtagnames", &dtagnames_argp, argc, argv);
	if (rc)
		return rc;
	if (!opts.nr_files) {
		if (input_format__default_file(&kernel))
			return EXIT_FAILURE;
		opts.files = &kernel;
		opts.nr_files = 1;
	}
	tuning__inputs(opts.files, opts.nr_files, NULL, 0);
	rc = run(opts.files, opts.nr_files);
	free(kernel);
	return rc;
}
