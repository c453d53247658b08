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
#include "input_format.h"
#include "log.h"

/* No option of its own: the shell takes the files. */
static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	return ARGP_ERR_UNKNOWN;
}

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
static int print_files(const struct cli_files *in)
{
	char **files = in->paths;
	int nr_files = in->nr;
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

static const struct cli_program dtagnames = {
	.name = "dtagnames",
	.parser = parse_opt,
	.doc = "dtagnames: the DWARF tags of the types, functions and variables of FILEs, "
	       "one a line (no FILE: the running kernel's)",
	.kernel_default = true,
	.run = print_files,
};

CLI_MAIN(dtagnames)
