// SPDX-License-Identifier: GPL-2.0-only
/*
 * scncopy: named sections of an ELF file (or all of them) copied into a
 * new ELF file. The command line, the checks of the input, the output
 * written under a temporary name and renamed (out_file.h); the ELF is
 * built by elf_scn_copy.c.
 */
#define _GNU_SOURCE
#include <argp.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli.h"
#include "dwarves_hash.h"
#include "elf_scn_copy.h"
#include "elf_symtab.h"
#include "log.h"
#include "out_file.h"

/* The options; written only while argp parses them. */
static struct {
	struct str_set	sections;	/* -s, borrowed from argv */
	bool		all;		/* -a */
	const char	*output;	/* -o */
	const char	*input;
} opts;

static const struct argp_option scncopy_options[] = {
	{ "section", 's', "SECTION", 0, "Copy SECTION (may be given more than once)", 0 },
	{ "all", 'a', NULL, 0, "Copy every section", 0 },
	{ "output", 'o', "FILE", 0, "Write the copy to FILE", 0 },
	{ 0 }
};

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 's':
		if (str_set__add(&opts.sections, arg))
			argp_failure(state, EXIT_FAILURE, ENOMEM, "out of memory");
		break;
	case 'a': opts.all = true; break;
	case 'o': opts.output = arg; break;
	case ARGP_KEY_ARG:
		if (opts.input)
			argp_error(state, "one input file only");
		opts.input = arg;
		break;
	case ARGP_KEY_END:
		if (!opts.input)
			argp_error(state, "no input file");
		if (!opts.output)
			argp_error(state, "no output file: give -o FILE");
		if (!opts.all && !opts.sections.nr)
			argp_error(state, "nothing to copy: give -s SECTION or -a");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static bool pick_section(const char *name, void *arg)
{
	return opts.all || str_set__has(&opts.sections, name);
}

/* Each section named by -s is in @elf. 0, or -ENOENT after one line. */
static int check_sections(Elf *elf)
{
	GElf_Shdr shdr;
	uint32_t i;

	for (i = 0; i < opts.sections.nr; i++) {
		if (!elf_section_next(elf, NULL, opts.sections.strs[i], &shdr)) {
			pr_err("%s: no section %s", opts.input, opts.sections.strs[i]);
			return -ENOENT;
		}
	}
	return 0;
}

/* Whether the output would replace the input (the same file, by any name). */
static bool is_input(const struct stat *in)
{
	struct stat st;

	return !stat(opts.output, &st) && st.st_dev == in->st_dev && st.st_ino == in->st_ino;
}

static int write_output(Elf *elf, const struct stat *in_st)
{
	struct out_file of;
	const char *why;
	int err;

	if (is_input(in_st)) {
		pr_err("%s: the output file is the input file", opts.output);
		return -EINVAL;
	}
	err = out_file__open(&of, opts.output, in_st);
	if (err)
		return err;
	err = elf_scn_copy__write(elf, of.fd, pick_section, NULL, &why);
	if (err) {
		pr_err("%s: cannot write ELF: %s", opts.output, why ? why : strerror(-err));
		out_file__abort(&of);
		return err;
	}
	return out_file__commit(&of);
}

static int copy(void)
{
	int fd = open(opts.input, O_RDONLY | O_CLOEXEC), err = -EINVAL;
	struct stat st;
	Elf *elf = NULL;

	if (fd < 0 || fstat(fd, &st)) {
		pr_err("%s: %s", opts.input, strerror(errno));
		goto out;
	}
	elf_version(EV_CURRENT);
	errno = 0;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf && errno == ENOMEM)
		pr_err("%s: out of memory", opts.input);
	else if (!elf || elf_kind(elf) != ELF_K_ELF)
		pr_err("%s: not an ELF file", opts.input);
	else
		err = check_sections(elf) ?: write_output(elf, &st);
out:
	elf_end(elf);
	if (fd >= 0)
		close(fd);
	return err ? EXIT_FAILURE : EXIT_SUCCESS;
}

static int run(const struct cli_files *in)
{
	int rc = copy();

	str_set__release(&opts.sections);
	return rc;
}

static const struct cli_program scncopy = {
	.name = "scncopy",
	.options = scncopy_options,
	.parser = parse_opt,
	.own_operands = true,
	.doc = "scncopy: sections of an ELF FILE copied into a new ELF file",
	.run = run,
};

CLI_MAIN(scncopy)
