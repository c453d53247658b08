// SPDX-License-Identifier: GPL-2.0-only
/*
 * pfunct: lists the functions of DWARF or BTF files, upstream's options
 * and text. This file is the command line; pfunct_print.c the job.
 */
#include <argp.h>
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "elf_symtab.h"
#include "log.h"
#include "pfunct_print.h"
#include "tuning.h"


enum { EXIT_USAGE = CLI_EXIT_USAGE };

enum {
	ARG_symtab = 300,
	ARG_no_parm_names,
	ARG_compile,
};

/* The options; written only while argp parses them. */
static struct {
	struct pfunct_opts	job;
	struct cli_files	files;
} opts = { .job = { .loader = { .thread_start = tuning__thread_start } } };

static const struct argp_option pfunct_options[] = {
	{ "addr", 'a', "ADDR", 0, "show just the function that where ADDR is", 0 },
	{ "all", 'A', NULL, 0,
	  "show all functions that match filter, or show all function prototypes if no filter "
	  "is specified", 0 },
	{ "expand_types", 'b', NULL, 0, "Expand types needed by the prototype", 0 },
	{ "class", 'c', "CLASS", 0, "functions that have CLASS pointer parameters", 0 },
	{ "externals", 'E', NULL, 0, "show just external functions", 0 },
	{ "function", 'f', "FUNCTION", 0, "show just FUNCTION", 0 },
	CLI_OPTION_FORMATS,
	{ "goto_labels", 'g', NULL, 0, "show number of goto labels", 0 },
	{ "cc_uninlined", 'G', NULL, 0, "declared inline, uninlined by compiler", 0 },
	{ "cc_inlined", 'H', NULL, 0, "not declared inline, inlined by compiler", 0 },
	{ "inline_expansions", 'i', NULL, 0, "show inline expansions", 0 },
	{ "inline_expansions_stats", 'I', NULL, 0, "show inline expansions stats", 0 },
	CLI_OPTION_JOBS,
	{ "decl_info", 'l', NULL, 0, "show source code info", 0 },
	{ "total_inline_stats", 't', NULL, 0, "show Multi-CU total inline expansions stats", 0 },
	{ "sizes", 's', NULL, 0, "show size of functions", 0 },
	{ "function_name_len", 'N', NULL, 0, "show size of functions names", 0 },
	{ "nr_parms", 'p', NULL, 0, "show number of parameters", 0 },
	{ "prototypes", 'P', NULL, 0, "show function prototypes", 0 },
	{ "nr_variables", 'S', NULL, 0, "show number of variables", 0 },
	{ "variables", 'T', NULL, 0, "show variables", 0 },
	{ "verbose", 'V', NULL, 0, "be verbose", 0 },
	{ "symtab", ARG_symtab, "NAME", OPTION_ARG_OPTIONAL,
	  "show symbol table NAME (Default .symtab)", 0 },
	{ "compile", ARG_compile, "FUNCTION", OPTION_ARG_OPTIONAL,
	  "Generate compilable source code with types expanded (Default all functions)", 0 },
	{ "no_parm_names", ARG_no_parm_names, NULL, 0, "Don't show parameter names", 0 },
	{ NULL, 0, NULL, 0, NULL, 0 },
};

static void parse_addr(const char *arg, struct argp_state *state)
{
	char *end;

	errno = 0;
	opts.job.addr = strtoull(arg, &end, 0);
	if (errno || end == arg || *end)
		argp_failure(state, EXIT_USAGE, 0, "invalid address '%s'", arg);
}

/* The options that only pick one of the listings; the last one wins, as upstream. */
static bool parse_formatter(int key)
{
	switch (key) {
	case 's': opts.job.formatter = PF_FMT_SIZES; break;
	case 'S': opts.job.formatter = PF_FMT_NR_VARIABLES; break;
	case 'p': opts.job.formatter = PF_FMT_NR_PARMS; break;
	case 'g': opts.job.formatter = PF_FMT_GOTO_LABELS; break;
	case 'N': opts.job.formatter = PF_FMT_NAME_LEN; break;
	case 'I': opts.job.formatter = PF_FMT_INLINE_EXPS; break;
	default: return false;
	}
	return true;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	if (parse_formatter(key))
		return 0;
	switch (key) {
	case 'a': parse_addr(arg, state); break;
	case 'A': opts.job.show_all = true; break;
	case 'b': opts.job.expand_types = true; break;
	case 'c': opts.job.class_name = arg; break;
	case 'E': opts.job.externals = true; break;
	case 'f': opts.job.function_name = arg; break;
	case 'F': cli__parse_formats(arg, state, &opts.job.format_path); break;
	case 'G': opts.job.cc_uninlined = true; break;
	case 'H': opts.job.cc_inlined = true; break;
	case 'i': opts.job.inline_expansions = opts.job.verbose = true; break;
	case 'j': cli__parse_jobs(arg, state, &opts.job.loader.jobs); break;
	case 'l': opts.job.decl_info = true; break;
	case 'P': opts.job.prototypes = true; break;
	case 't': opts.job.total_inline_stats = true; break;
	case 'T': opts.job.variables = true; break;
	case 'V': opts.job.verbose = true; break;
	case ARG_symtab: opts.job.symtab_name = arg ? arg : ".symtab"; break;
	case ARG_no_parm_names: opts.job.no_parm_names = true; break;
	case ARG_compile:
		opts.job.expand_types = opts.job.compilable = true;
		if (arg)
			opts.job.function_name = arg;
		break;
	case ARGP_KEY_END:
		if (!opts.files.nr && !opts.job.class_name && !opts.job.function_name)
			argp_state_help(state, stderr, ARGP_HELP_SEE | ARGP_HELP_EXIT_ERR);
		opts.job.cacheline_size = cli__cacheline_size();
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* ---- --symtab ------------------------------------------------------------------- */

static bool is_listed_function(const GElf_Sym *sym)
{
	return GELF_ST_TYPE(sym->st_info) == STT_FUNC && sym->st_name && sym->st_shndx != SHN_UNDEF;
}

/* The first symbol table section named @name, or NULL. */
static Elf_Scn *find_symtab(Elf *elf, const char *name, GElf_Shdr *shdr)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_section_next(elf, scn, name, shdr)) && !shdr->sh_entsize)
		;
	return scn;
}

static void print_symbols(Elf *elf, Elf_Scn *scn, const GElf_Shdr *shdr)
{
	Elf_Data *data = elf_getdata(scn, NULL);
	int nr = data ? (int)(shdr->sh_size / shdr->sh_entsize) : 0, i, n, width = 0, spacing = 0;
	GElf_Sym sym;

	for (i = 0; i < nr; i++) {
		if (!gelf_getsym(data, i, &sym) || !is_listed_function(&sym))
			continue;
		n = (int)strlen(elf_strptr(elf, shdr->sh_link, sym.st_name) ?: "");
		if (n > width)
			width = n;
	}
	if (width > 32)
		width = 32;
	for (n = nr; n; n /= 10)
		spacing++;
	for (i = 0; i < nr; i++) {
		if (!gelf_getsym(data, i, &sym) || !is_listed_function(&sym))
			continue;
		printf("%*d: %-*s %#llx %5u\n", spacing, i, width,
		       elf_strptr(elf, shdr->sh_link, sym.st_name) ?: "",
		       (unsigned long long)sym.st_value, (unsigned int)sym.st_size);
	}
}

/* The functions of one file's symbol table, as upstream lists them. 0 or 1. */
static int show_symtab(const char *path, const char *name)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), rc = 1;
	GElf_Shdr shdr;
	Elf_Scn *scn;
	Elf *elf;

	if (fd < 0) {
		pr_err("%s: %s", path, strerror(errno));
		return 1;
	}
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		pr_err("%s: not an ELF file", path);
	} else if (!(scn = find_symtab(elf, name, &shdr))) {
		pr_err("%s: no %s symbol table", path, name);
	} else {
		print_symbols(elf, scn, &shdr);
		rc = 0;
	}
	elf_end(elf);
	close(fd);
	return rc;
}

static int run(const struct cli_files *in)
{
	int i, rc = 0;

	if (opts.job.symtab_name) {
		for (i = 0; i < in->nr && !rc; i++)
			rc = show_symtab(in->paths[i], opts.job.symtab_name);
		return rc;
	}
	return pfunct__run(&opts.job, in->paths, in->nr);
}

static const struct cli_program pfunct = {
	.name = "pfunct",
	.options = pfunct_options,
	.parser = parse_opt,
	.files = &opts.files,
	.jobs = &opts.job.loader.jobs,
	.run = run,
};

CLI_MAIN(pfunct)
