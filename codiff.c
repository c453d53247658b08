// SPDX-License-Identifier: GPL-2.0-only
/*
 * codiff: the differences between two builds of a program, an object or a
 * kernel: its structs and functions, from DWARF or BTF. Options, loading
 * both files, exit status; the comparison is codiff_diff.c.
 */
#define _GNU_SOURCE
#include <argp.h>
#include <elfutils/libdwelf.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/btf.h>

#include "btf_loader.h"
#include "codiff_diff.h"
#include "dwarf_archive.h"
#include "dwarf_loader.h"
#include "cli.h"
#include "log.h"
#include "tool_load.h"
#include "tuning.h"

enum { EXIT_USAGE = CLI_EXIT_USAGE };
enum { ARG_btf_base = 300 };

/* A format named by -F. */
enum format { FMT_DWARF, FMT_BTF, FMT__MAX };

/* The options; written only while argp parses them. */
static struct {
	struct codiff_opts	diff;
	enum format		formats[FMT__MAX * 4];	/* -F, in order */
	unsigned int		nr_formats;		/* 0: dwarf, btf */
	const char		*btf_base;
	unsigned int		jobs;
	struct cli_files	files;
} opts;

/* One side: its CUs, and the DWARF file their names point into. */
struct side {
	struct codiff_input	in;
	uint32_t		cap;
	struct dwarf_file	**dfs;	/* owned: the file, or an archive's members */
	uint32_t		nr_dfs, dfs_cap;
};

static const struct argp_option codiff_options[] = {
	{ "structs", 's', NULL, 0, "show struct diffs", 0 },
	{ "functions", 'f', NULL, 0, "show function diffs", 0 },
	CLI_OPTION_FORMATS,
	{ "terse_type_changes", 't', NULL, 0, "show terse type changes", 0 },
	{ "verbose", 'V', NULL, 0, "show diffs details", 0 },
	{ "quiet", 'q', NULL, 0, "Show only differences, no difference? No output", 0 },
	CLI_OPTION_JOBS,
	{ "btf_base", ARG_btf_base, "PATH", 0, "Path to the base BTF file", 0 },
	{ 0 }
};

/* -F dwarf,btf: the formats to try, in order. */
static void parse_formats(const char *list, struct argp_state *state)
{
	enum tool_format format;
	const char *name;
	size_t len;

	while (tool_load__next_format(&list, true, &format, &name, &len)) {
		if (opts.nr_formats == sizeof(opts.formats) / sizeof(opts.formats[0]))
			argp_failure(state, EXIT_USAGE, 0, "too many formats in '%s'", name);
		if (format == TOOL_FORMAT_DWARF)
			opts.formats[opts.nr_formats++] = FMT_DWARF;
		else if (format == TOOL_FORMAT_BTF)
			opts.formats[opts.nr_formats++] = FMT_BTF;
		else
			argp_failure(state, EXIT_USAGE, 0, "unknown format '%.*s': expected dwarf or btf",
				     (int)len, name);
	}
}

static bool wants_btf(void)
{
	unsigned int i;

	for (i = 0; i < opts.nr_formats; i++)
		if (opts.formats[i] == FMT_BTF)
			return true;
	return false;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 's': opts.diff.structs = true; break;
	case 'f': opts.diff.functions = true; break;
	case 't': opts.diff.terse = true; break;
	case 'V': opts.diff.verbose = true; break;
	case 'q': opts.diff.quiet = true; break;
	case 'F': parse_formats(arg, state); break;
	case 'j': cli__parse_jobs(arg, state, &opts.jobs); break;
	case ARG_btf_base: opts.btf_base = arg; break;
	case ARGP_KEY_END:
		if (opts.files.nr != 2)
			argp_failure(state, EXIT_USAGE, 0, opts.files.nr < 2 ?
				     "two files are needed, OLD and NEW" :
				     "only two files are compared, OLD and NEW");
		if (opts.btf_base && opts.nr_formats && !wants_btf())
			argp_failure(state, EXIT_USAGE, 0, "--btf_base reads BTF, which -F leaves out");
		break;
	default:
		return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* ---- loading -------------------------------------------------------------------------- */

static int keep_cu(struct cu *cu, void *arg)
{
	struct side *s = arg;
	int err = dw_ensure_cap(&s->in.cus, &s->cap, sizeof(*s->in.cus), s->in.nr_cus + 1);

	tuning__advise();
	if (err) {
		cu__free(cu);
		pr_err("%s: out of memory", s->in.path);
		return err;
	}
	s->in.cus[s->in.nr_cus++] = cu;
	return 0;
}

/* Loads @df's CUs into @s, which owns @df from then on. */
static int load_dwarf_file(struct side *s, struct dwarf_file *df)
{
	struct dwarf_loader_opts lo = {
		.jobs = opts.jobs, .for_printing = true, .fn_bodies = true,
		.thread_start = tuning__thread_start,
	};
	int err = dw_ensure_cap(&s->dfs, &s->dfs_cap, sizeof(*s->dfs), s->nr_dfs + 1);

	if (err) {
		dwarf_file__free(df);
		pr_err("%s: out of memory", s->in.path);
		return err;
	}
	s->dfs[s->nr_dfs++] = df;
	return dwarf_loader__load(df, &lo, keep_cu, s);
}

static int load_dwarf(struct side *s)
{
	struct dwarf_file *df;
	int err = dwarf_file__open(s->in.path, &df);

	/* reported: no other format is tried then */
	if (err)
		return err == -ENODATA ? -EINVAL : err;
	return load_dwarf_file(s, df);
}

/* An archive's members with DWARF, one after the other, their CUs in order. */
static int load_archive(struct side *s)
{
	struct dwarf_archive *ar;
	struct dwarf_file *df;
	int err = dwarf_archive__open(s->in.path, &ar);

	while (!err && !(err = dwarf_archive__next(ar, &df)))
		err = load_dwarf_file(s, df);
	dwarf_archive__free(ar);
	/* reported, no member with DWARF included */
	if (err == -ENODATA)
		return -EINVAL;
	return err == 1 ? 0 : err;
}

/*
 * libbpf explains why a file is no BTF in lines of its own: only ours is
 * shown then (load_side()'s), as for any other format a file lacks.
 */
static int load_btf(struct side *s, const struct btf *base)
{
	const struct btf_loader_opts bo = { .cacheline_size = 64 };
	struct log_buf libbpf_log = { 0 };
	struct cu *cu;
	int err;

	log__capture(&libbpf_log);
	err = btf_loader__load(s->in.path, base, &bo, &cu);
	log__capture(NULL);
	if (err == -ENODATA)
		log_buf__release(&libbpf_log);
	else
		log_buf__flush(&libbpf_log);
	if (err)
		return err;
	s->in.is_btf = true;
	return keep_cu(cu, s);
}

/*
 * The first format of -F (default: DWARF, then BTF) that @s's file has.
 * Returns 0 or -errno, reported.
 */
static int load_side(struct side *s, const struct btf *base)
{
	static const enum format defaults[] = { FMT_DWARF, FMT_BTF };
	static const enum format btf_only[] = { FMT_BTF };
	const enum format *formats = opts.nr_formats ? opts.formats : base ? btf_only : defaults;
	unsigned int n = opts.nr_formats ? opts.nr_formats : base ? 1 : 2, i;
	int err = dwarf_file__check_elf(s->in.path) ?: -ENODATA;

	for (i = 0; i < n && err == -ENODATA; i++) {
		if (formats[i] == FMT_DWARF && dwarf_archive__is_archive(s->in.path))
			err = load_archive(s);
		else if (formats[i] == FMT_DWARF && (err = dwarf_file__path_has_dwarf(s->in.path)) >= 0)
			err = err ? load_dwarf(s) : -ENODATA;
		else if (formats[i] == FMT_BTF)
			err = load_btf(s, base);
	}
	/* Where an allocation failed, the module that saw it may have said nothing. */
	if (err == -ENOMEM && !log__has_errors())
		pr_err("%s: out of memory", s->in.path);
	/* upstream's words for a file of none of the formats */
	if (err == -ENODATA)
		pr_err("couldn't load debugging info from %s", s->in.path);
	return err;
}

/* Loads @path; a character device (/dev/null) is a side without CUs, as upstream. */
static int open_side(struct side *s, const char *path, const struct btf *base)
{
	struct stat st;

	s->in.path = path;
	if (stat(path, &st)) {
		fprintf(stderr, "codiff: %s (%s)\n", strerror(errno), path);
		return -errno;
	}
	return S_ISCHR(st.st_mode) ? 0 : load_side(s, base);
}

/* Two DWARF files of one build (the same build-id): upstream compares nothing. */
static bool same_build(const struct side *a, const struct side *b)
{
	const void *ida, *idb;
	ssize_t la, lb;

	if (a->nr_dfs != 1 || b->nr_dfs != 1)
		return false;
	la = dwelf_elf_gnu_build_id(dwarf_file__elf(a->dfs[0]), &ida);
	lb = dwelf_elf_gnu_build_id(dwarf_file__elf(b->dfs[0]), &idb);
	return la > 0 && la == lb && !memcmp(ida, idb, (size_t)la);
}

static void side_release(struct side *s)
{
	uint32_t i;

	for (i = 0; i < s->in.nr_cus; i++)
		cu__free(s->in.cus[i]);
	free(s->in.cus);
	for (i = 0; i < s->nr_dfs; i++)
		dwarf_file__free(s->dfs[i]);
	free(s->dfs);
}

static int run(const struct cli_files *in)
{
	struct side old = { 0 }, new = { 0 };
	struct btf *base = NULL;
	int err = btf_loader__open_base(opts.btf_base, &base) ?:
		  open_side(&old, in->paths[0], base) ?: open_side(&new, in->paths[1], base);

	if (!err && !same_build(&old, &new)) {
		err = codiff__run(&old.in, &new.in, &opts.diff, stdout);
		if (err)
			pr_err("out of memory");
	}
	if (fflush(stdout) || ferror(stdout)) {
		pr_err("error writing the output: %s", strerror(errno));
		err = -EIO;
	}
	side_release(&old);
	side_release(&new);
	btf__free(base);
	return err ? EXIT_FAILURE : EXIT_SUCCESS;
}


static const struct cli_program codiff = {
	.name = "codiff",
	.options = codiff_options,
	.parser = parse_opt,
	.args_doc = "OLD_FILE NEW_FILE",
	.doc = "codiff: the differences between two builds, from DWARF or BTF",
	.files = &opts.files,
	.jobs = &opts.jobs,
	.run = run,
};

CLI_MAIN(codiff)
