// SPDX-License-Identifier: GPL-2.0-only
/*
 * pahole: command line, per-module options and the jobs they select.
 * The option variables below are the program's only mutable globals: they
 * are written while argp parses, before any other work starts.
 */
#include <argp.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <bpf/libbpf_version.h>

#include "btf_check.h"
#include "btf_encoder.h"
#include "dwarf_loader.h"
#include "log.h"

#define PAHOLE_VERSION "v1.31"

/* Exit status of errors, and of usage errors (as argp's). */
enum { EXIT_ERROR = 1, EXIT_USAGE = 64 };
enum { MAX_JOBS = 4096, MAX_CU_WINDOW = 1 << 20 };
/* Test-only: seeds random delays in the CU loaders (see cu_pool.h). */
static const char TEST_DELAY_ENV[] = "PAHOLE_TEST_CU_DELAY_SEED";

/* A usage error: one line on stderr, exit status 64. */
#define usage_error(state, ...) argp_failure(state, EXIT_USAGE, 0, __VA_ARGS__)

struct btf_features {
	bool encode_force, var, float_, decl_tag, type_tag, enum64, optimized_func;
	bool consistent_func, decl_tag_kfuncs, reproducible_build, distilled_base;
	bool global_var, attributes, true_signature, layout;
};

static const struct feature_info {
	const char	*name;
	size_t		offset;
	bool		in_default;
	bool		supported;	/* capability of the libbpf we are built with */
} features_table[] = {
#define F(n, field, def, sup) { n, offsetof(struct btf_features, field), def, sup }
	F("encode_force", encode_force, true, true),
	F("var", var, true, true),
	F("float", float_, true, true),
	F("decl_tag", decl_tag, true, true),
	F("type_tag", type_tag, true, true),
	F("enum64", enum64, true, true),
	F("optimized_func", optimized_func, true, true),
	F("consistent_func", consistent_func, true, true),
	F("decl_tag_kfuncs", decl_tag_kfuncs, true, true),
	F("reproducible_build", reproducible_build, false, true),
	F("distilled_base", distilled_base, false,
	  LIBBPF_MAJOR_VERSION > 1 || LIBBPF_MINOR_VERSION >= 5),
	F("global_var", global_var, false, true),
	F("attributes", attributes, false,
	  LIBBPF_MAJOR_VERSION > 1 || LIBBPF_MINOR_VERSION >= 6),
	F("true_signature", true_signature, false, true),
	F("layout", layout, false, LIBBPF_MAJOR_VERSION > 1 || LIBBPF_MINOR_VERSION >= 8),
#undef F
};

enum { NR_FEATURES = sizeof(features_table) / sizeof(features_table[0]) };

/* Everything the command line says; filled by parse_opt() only. */
static struct options {
	bool			btf_encode;
	const char		*detached_out;
	const char		*btf_base;
	unsigned int		jobs;
	bool			features_seen;	/* a --btf_features reset the legacy defaults */
	struct btf_features	features;
	struct dwarf_loader_opts loader;
	unsigned int		verbose;
	char			**files;
	int			nr_files;
} opts = {
	.jobs = 1,
	/* Without --btf_features, these are on (upstream's legacy defaults). */
	.features = { .var = true, .decl_tag = true, .type_tag = true, .enum64 = true },
};

enum {
	ARG_btf_encode_detached = 300,
	ARG_btf_base,
	ARG_btf_features,
	ARG_btf_features_strict,
	ARG_supported_btf_features,
	ARG_skip_encoding_btf_vars,
	ARG_skip_encoding_btf_decl_tag,
	ARG_skip_encoding_btf_type_tag,
	ARG_skip_encoding_btf_enum64,
	ARG_skip_encoding_btf_inconsistent_proto,
	ARG_btf_gen_floats,
	ARG_btf_gen_all,
	ARG_btf_gen_optimized,
	ARG_btf_encode_force,
	ARG_lang_exclude,
	ARG_reproducible_build,
	ARG_cu_window,
};

static const struct argp_option pahole_options[] = {
	{ "btf_encode", 'J', NULL, 0, "Encode as BTF", 0 },
	{ "btf_encode_detached", ARG_btf_encode_detached, "FILENAME", 0,
	  "Encode as BTF in a detached file", 0 },
	{ "btf_base", ARG_btf_base, "PATH", 0, "Path to the base BTF file", 0 },
	{ "jobs", 'j', "NR_JOBS", OPTION_ARG_OPTIONAL,
	  "Run with NR_JOBS threads in all (default: the number of online CPUs)", 0 },
	{ "btf_features", ARG_btf_features, "FEATURE_LIST", 0,
	  "Encode the BTF features in FEATURE_LIST, a comma-separated list; 'default' is the "
	  "default set (see the manual page)", 0 },
	{ "btf_features_strict", ARG_btf_features_strict, "FEATURE_LIST", 0,
	  "Specify supported BTF features in FEATURE_LIST; fail if an unknown feature is "
	  "listed", 0 },
	{ "supported_btf_features", ARG_supported_btf_features, NULL, 0,
	  "Show list of btf_features supported by pahole and exit.", 0 },
	{ "skip_encoding_btf_vars", ARG_skip_encoding_btf_vars, NULL, 0,
	  "Do not encode VARs in BTF.", 0 },
	{ "skip_encoding_btf_decl_tag", ARG_skip_encoding_btf_decl_tag, NULL, 0,
	  "Do not encode DECL_TAGs in BTF.", 0 },
	{ "skip_encoding_btf_type_tag", ARG_skip_encoding_btf_type_tag, NULL, 0,
	  "Do not encode TYPE_TAGs in BTF.", 0 },
	{ "skip_encoding_btf_enum64", ARG_skip_encoding_btf_enum64, NULL, 0,
	  "Do not encode ENUM64s in BTF.", 0 },
	{ "skip_encoding_btf_inconsistent_proto", ARG_skip_encoding_btf_inconsistent_proto,
	  NULL, 0, "Skip functions that have multiple inconsistent function prototypes", 0 },
	{ "btf_gen_floats", ARG_btf_gen_floats, NULL, 0, "Allow producing BTF_KIND_FLOAT", 0 },
	{ "btf_gen_all", ARG_btf_gen_all, NULL, 0, "Allow using all the BTF features", 0 },
	{ "btf_gen_optimized", ARG_btf_gen_optimized, NULL, 0,
	  "Encode functions with optimization suffixes (.isra, .constprop)", 0 },
	{ "btf_encode_force", ARG_btf_encode_force, NULL, 0,
	  "Skip invalid symbols when encoding BTF", 0 },
	{ "lang_exclude", ARG_lang_exclude, "LANGUAGES", 0,
	  "Don't consider compilation units written in these languages", 0 },
	{ "reproducible_build", ARG_reproducible_build, NULL, 0,
	  "Generate reproducibly built BTF (always the case)", 0 },
	{ "cu_window", ARG_cu_window, "NR_CUS", 0,
	  "Load at most NR_CUS compile units ahead of the encoder (default: 4 per job)", 0 },
	{ "verbose", 'V', NULL, 0, "be verbose", 0 },
	{ NULL },
};

/* ---- features ------------------------------------------------------------------- */

static bool *feature_field(const struct feature_info *f)
{
	return (bool *)((char *)&opts.features + f->offset);
}

static const struct feature_info *feature_find(const char *name, size_t len)
{
	size_t i;

	for (i = 0; i < NR_FEATURES; i++)
		if (strlen(features_table[i].name) == len &&
		    !strncmp(features_table[i].name, name, len))
			return &features_table[i];
	return NULL;
}

static void features_enable(bool only_default)
{
	size_t i;

	for (i = 0; i < NR_FEATURES; i++)
		if (features_table[i].supported && (features_table[i].in_default || !only_default))
			*feature_field(&features_table[i]) = true;
}

static void print_supported_features(FILE *f)
{
	const char *sep = "";
	size_t i;

	for (i = 0; i < NR_FEATURES; i++) {
		if (!features_table[i].supported)
			continue;
		fprintf(f, "%s%s", sep, features_table[i].name);
		sep = ",";
	}
}

/*
 * "default" enables the default set, "all" every supported feature (upstream
 * turns everything off for it, which is never what a user means), a leading
 * '+' means default plus the list. Unknown names are ignored unless @strict.
 */
static int features_parse(const char *list, bool strict)
{
	const char *p = list;

	if (!opts.features_seen) {
		memset(&opts.features, 0, sizeof(opts.features));
		opts.features_seen = true;
	}
	if (*p == '+') {
		features_enable(true);
		p++;
	}
	while (*p) {
		size_t len = strcspn(p, ",");
		const struct feature_info *f = feature_find(p, len);

		if (f && f->supported)
			*feature_field(f) = true;
		else if (len == 7 && !strncmp(p, "default", 7))
			features_enable(true);
		else if (len == 3 && !strncmp(p, "all", 3))
			features_enable(false);
		else if (strict && !f) {
			fprintf(stderr, "pahole: Feature '%.*s' in '%s' is not supported. "
				"Supported BTF features are: ", (int)len, p, list);
			print_supported_features(stderr);
			fputc('\n', stderr);
			return -EINVAL;
		}
		p += len + (p[len] == ',');
	}
	return 0;
}

/* ---- argument parsing ------------------------------------------------------------ */

/* A whole positive decimal number, or -EINVAL: "4x", "", "0" and "-1" are not. */
static int parse_positive(const char *s, unsigned long max, unsigned int *ret)
{
	unsigned long v;
	char *end;

	errno = 0;
	v = strtoul(s, &end, 10);
	if (errno || end == s || *end || *s == '-' || *s == '+' || !v || v > max)
		return -EINVAL;
	*ret = v;
	return 0;
}

static unsigned int online_cpus(void)
{
	long n = sysconf(_SC_NPROCESSORS_ONLN);

	return n > 0 ? n : 1;
}

static void parse_lang_exclude(const char *list, struct argp_state *state)
{
	char *copy = strdup(list), *save = NULL, *tok;

	if (!copy)
		argp_failure(state, EXIT_ERROR, ENOMEM, "out of memory");
	for (tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
		int id = dwarf_loader__lang_id(tok);

		if (id < 0)
			usage_error(state, "unknown language '%s' in --lang_exclude", tok);
		if (opts.loader.nr_lang_exclude == DWARF_LOADER_MAX_LANGS)
			usage_error(state, "too many languages in --lang_exclude");
		opts.loader.lang_exclude[opts.loader.nr_lang_exclude++] = id;
	}
	free(copy);
}

static void parse_jobs(const char *arg, struct argp_state *state)
{
	if (!arg)
		opts.jobs = online_cpus();
	else if (parse_positive(arg, MAX_JOBS, &opts.jobs))
		usage_error(state, "invalid number of jobs '%s': expected a number from 1 to %u",
			   arg, MAX_JOBS);
}

static void parse_cu_window(const char *arg, struct argp_state *state)
{
	if (parse_positive(arg, MAX_CU_WINDOW, &opts.loader.cu_window))
		usage_error(state, "invalid --cu_window '%s': expected a number from 1 to %u",
			   arg, MAX_CU_WINDOW);
}

static error_t parse_legacy(int key)
{
	struct btf_features *f = &opts.features;

	switch (key) {
	case ARG_skip_encoding_btf_vars:		f->var = false; break;
	case ARG_skip_encoding_btf_decl_tag:		f->decl_tag = false; break;
	case ARG_skip_encoding_btf_type_tag:		f->type_tag = false; break;
	case ARG_skip_encoding_btf_enum64:		f->enum64 = false; break;
	case ARG_skip_encoding_btf_inconsistent_proto:	f->consistent_func = true; break;
	case ARG_btf_gen_floats:			f->float_ = true; break;
	case ARG_btf_gen_optimized:			f->optimized_func = true; break;
	case ARG_btf_encode_force:			f->encode_force = true; break;
	case ARG_btf_gen_all:				features_enable(false); break;
	case ARG_reproducible_build:			f->reproducible_build = true; break;
	default:					return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

static error_t parse_opt(int key, char *arg, struct argp_state *state)
{
	switch (key) {
	case 'J':
		opts.btf_encode = true;
		break;
	case ARG_btf_encode_detached:
		opts.btf_encode = true;
		opts.detached_out = arg;
		break;
	case ARG_btf_base:
		opts.btf_base = arg;
		break;
	case 'j':
		parse_jobs(arg, state);
		break;
	case ARG_cu_window:
		parse_cu_window(arg, state);
		break;
	case 'V':
		opts.verbose++;
		break;
	case ARG_btf_features:
	case ARG_btf_features_strict:
		if (features_parse(arg, key == ARG_btf_features_strict))
			exit(EXIT_ERROR);
		break;
	case ARG_supported_btf_features:
		print_supported_features(stdout);
		putchar('\n');
		exit(0);
	case ARG_lang_exclude:
		parse_lang_exclude(arg, state);
		break;
	case ARGP_KEY_ARGS:
		opts.files = state->argv + state->next;
		opts.nr_files = state->argc - state->next;
		break;
	default:
		return parse_legacy(key);
	}
	return 0;
}

const char *argp_program_version = PAHOLE_VERSION;

static const struct argp pahole_argp = {
	.options = pahole_options,
	.parser = parse_opt,
	.args_doc = "FILE",
	.doc = "pahole: DWARF to BTF encoder and data structure layout printer",
};

/* ---- the encode job ----------------------------------------------------------------- */

static int encode_cu(struct cu *cu, void *ctx)
{
	int err = btf_encoder__add_cu(ctx, cu);

	cu__free(cu);
	return err;
}

/*
 * libbpf explains a malformed BTF in its own messages, before it returns
 * EINVAL; the last one becomes the reason of our single error line.
 */
static const char *last_libbpf_reason(const struct log_buf *buf)
{
	static const char prefix[] = "pahole: libbpf: ";
	char *line, *end;

	if (!buf->len)
		return NULL;
	buf->text[buf->len - 1] = '\0';
	line = strrchr(buf->text, '\n');
	line = line ? line + 1 : buf->text;
	if (!strncmp(line, prefix, sizeof(prefix) - 1))
		line += sizeof(prefix) - 1;
	if (!strncmp(line, "libbpf: ", 8))
		line += 8;
	end = line + strlen(line);
	while (end > line && (end[-1] == '\n' || end[-1] == ' '))
		*--end = '\0';
	return *line ? line : NULL;
}

static int load_base(struct btf **ret)
{
	struct log_buf libbpf_log = { 0 };
	const char *reason;
	char why[128];
	struct btf *base;
	int err;

	*ret = NULL;
	if (!opts.btf_base)
		return 0;
	log__capture(&libbpf_log);
	base = btf__parse(opts.btf_base, NULL);
	err = base ? 0 : -errno;
	log__capture(NULL);
	if (!base) {
		reason = last_libbpf_reason(&libbpf_log);
		pr_err("%s: cannot parse base BTF: %s", opts.btf_base,
		       reason ? reason : strerror(-err));
		log_buf__release(&libbpf_log);
		return err;
	}
	log_buf__flush(&libbpf_log);
	err = btf_check__refs(base, why, sizeof(why));
	if (err) {
		pr_err("%s: corrupt base BTF: %s", opts.btf_base, why);
		btf__free(base);
		return err;
	}
	*ret = base;
	return 0;
}

static int encode_files(const struct btf *base)
{
	struct btf_encoder_opts eo = {
		.in_path = opts.files[0],
		.out_path = opts.detached_out,
		.gen_floats = opts.features.float_,
		.enum64 = opts.features.enum64,
	};
	struct btf_encoder *encoder = NULL;
	struct dwarf_file *df = NULL;
	int i, err = 0;

	for (i = 0; i < opts.nr_files && !err; i++) {
		err = dwarf_file__open(opts.files[i], &df);
		if (err)
			break;
		if (!encoder) {
			eo.big_endian = dwarf_file__is_big_endian(df);
			err = btf_encoder__new(&eo, base, &encoder);
		}
		err = err ?: dwarf_loader__load(df, &opts.loader, encode_cu, encoder);
		dwarf_file__free(df);
	}
	err = err ?: btf_encoder__finish(encoder);
	if (!err)
		pr_info("%s: %u types written to %s", opts.files[0],
			btf_encoder__nr_types(encoder), opts.detached_out);
	btf_encoder__free(encoder);
	return err;
}

/* The loader's share of -j, and the test-only delay seed from the environment. */
static int set_loader_threads(void)
{
	const char *seed = getenv(TEST_DELAY_ENV);

	opts.loader.jobs = opts.jobs;
	if (seed && *seed && parse_positive(seed, UINT_MAX, &opts.loader.test_delay_seed)) {
		fprintf(stderr, "pahole: invalid %s '%s': expected a positive number\n",
			TEST_DELAY_ENV, seed);
		return -EINVAL;
	}
	return 0;
}

static int run_encode(void)
{
	struct btf *base;
	int err;

	if (!opts.detached_out) {
		pr_err("%s: writing .BTF into the ELF file itself is not supported yet; "
		       "use --btf_encode_detached=FILE", opts.files[0]);
		return -EOPNOTSUPP;
	}
	opts.loader.type_tags = opts.features.type_tag;
	err = load_base(&base) ?: encode_files(base);
	btf__free(base);
	return err;
}

int main(int argc, char *argv[])
{
	int err;

	if (argp_parse(&pahole_argp, argc, argv, 0, NULL, NULL))
		return EXIT_ERROR;
	log__set_level(opts.verbose >= 2 ? LOG_DEBUG : opts.verbose ? LOG_INFO : LOG_WARN);
	log__hook_libbpf();
	if (set_loader_threads())
		return EXIT_USAGE;
	if (!opts.nr_files) {
		fprintf(stderr, "pahole: no input file given\n");
		return EXIT_USAGE;
	}
	if (!opts.btf_encode) {
		pr_err("struct layout printing is not implemented yet; use -J");
		return EXIT_ERROR;
	}
	err = run_encode();
	return err ? EXIT_ERROR : 0;
}
