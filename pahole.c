// SPDX-License-Identifier: GPL-2.0-only
/*
 * pahole: command line, per-module options and the jobs they select.
 * The option variables below are the program's only mutable globals: they
 * are written while argp parses, before any other work starts.
 */
#include <argp.h>
#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <bpf/libbpf_version.h>

#include "btf_base_raw.h"
#include "btf_loader.h"
#include "btf_elf.h"
#include "btf_encoder.h"
#include "btf_split_own.h"
#include "cli.h"
#include "dwarf_archive.h"
#include "dwarf_loader.h"
#include "dwarves_version.h"
#include "log.h"
#include "pahole_prettify.h"
#include "pahole_print.h"
#include "running_kernel.h"
#include "tuning.h"


/* Exit status of errors, and of usage errors (as argp's). */
enum { EXIT_ERROR = 1, EXIT_USAGE = 64 };
enum { MAX_CU_WINDOW = 1 << 20 };
/* Test-only: seeds random delays in the CU loaders (see cu_pool.h). */
static const char TEST_DELAY_ENV[] = "PAHOLE_TEST_CU_DELAY_SEED";
/* Test-only: "check" decodes every location with libdw too (dwarf_locations.h). */
static const char TEST_LOCATIONS_ENV[] = "PAHOLE_TEST_LOCATIONS";
/* Test-only: "1" encodes with exact repeats only, no FWD tolerance (btf_repeats.h). */
static const char TEST_EXACT_ENV[] = "PAHOLE_TEST_EXACT_REPEATS";
/* Test-only: "1" reads --btf_base with libbpf, split BTF on libbpf's path (btf_split_own.h). */
static const char TEST_LIBBPF_BASE_ENV[] = "PAHOLE_TEST_LIBBPF_BASE";

/* A usage error: one line on stderr, exit status 64. */
/*
 * What the encode job holds when it ends, the kernel takes back with the
 * process, faster than free(): libbpf's index of the base's strings and
 * libdw's tables are a tenth of a small module's run. Sanitizer builds
 * free everything, so LeakSanitizer has nothing to report.
 */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define FREE_AT_EXIT 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || \
	__has_feature(memory_sanitizer) || __has_feature(leak_sanitizer)
#define FREE_AT_EXIT 1
#endif
#endif
#ifndef FREE_AT_EXIT
#define FREE_AT_EXIT 0
#endif

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
	F("attributes", attributes, false, true),
	F("true_signature", true_signature, false, true),
	F("layout", layout, false, true),
#undef F
};

enum { NR_FEATURES = sizeof(features_table) / sizeof(features_table[0]) };

/* Everything the command line says; filled by parse_opt() only. */
static struct options {
	bool			btf_encode;
	const char		*detached_out;
	const char		*btf_base;
	bool			phase_stats;
	bool			features_seen;	/* a --btf_features reset the legacy defaults */
	bool			force_cu_merging; /* named in a feature list: refused with -J */
	struct btf_features	features;
	struct dwarf_loader_opts loader;	/* both jobs' CU filters, -j threads */
	unsigned int		verbose;
	struct print_job_opts	print;		/* the layout printing job */
	struct prettify_opts	prettify;	/* --prettify and its options */
	const char		*needs_prettify;	/* an option only --prettify uses */
	uint16_t		langs[DWARF_LOADER_MAX_LANGS];	/* --lang */
	bool			numeric_version;
} opts = {
	/* Without --btf_features, these are on (upstream's legacy defaults). */
	.features = { .var = true, .decl_tag = true, .type_tag = true, .enum64 = true },
	.print = { .separator = '\t', .padding = -1, .padding_ge = -1 },
	.loader = { .thread_start = tuning__thread_start },
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
	ARG_phase_stats,
	/* Layout printing. */
	ARG_flat_arrays,
	ARG_show_private_classes,
	ARG_fixup_silly_bitfields,
	ARG_first_obj_only,
	ARG_classes_as_structs,
	ARG_hex,
	ARG_suppress_aligned_attribute,
	ARG_suppress_force_paddings,
	ARG_suppress_packed,
	ARG_unions,
	ARG_structs,
	ARG_packed,
	ARG_count,
	ARG_skip,
	ARG_seek_bytes,
	ARG_size_bytes,
	ARG_range,
	ARG_header_type,
	ARG_numeric_version,
	ARG_with_flexible_array,
	ARG_with_embedded_flexible_array,
	ARG_kabi_prefix,
	ARG_prettify,
	ARG_sort,
	ARG_hashbits,
	ARG_ptr_table_stats,
	ARG_btf_attributes,
	ARG_skip_missing,
	ARG_padding,
	ARG_padding_ge,
	ARG_contains_enumerator,
	ARG_running_kernel_vmlinux,
	ARG_lang,
	ARG_compile,
	ARG_skip_emitting_atomic_typedefs,
};

static const struct argp_option pahole_options[] = {
	{ "btf_encode", 'J', NULL, 0, "Encode as BTF", 0 },
	{ "btf_encode_detached", ARG_btf_encode_detached, "FILENAME", 0,
	  "Encode as BTF in a detached file", 0 },
	{ "btf_base", ARG_btf_base, "PATH", 0, "Path to the base BTF file", 0 },
	CLI_OPTION_JOBS,
	{ "btf_features", ARG_btf_features, "FEATURE_LIST", 0,
	  "Encode the BTF features in FEATURE_LIST, a comma-separated list; 'default' is the "
	  "default set (see the manual page)", 0 },
	{ "features", 0, NULL, OPTION_ALIAS, NULL, 0 },
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
	  "Load at most NR_CUS compile units ahead of the encoder (default: 2 per job)", 0 },
	{ "phase_stats", ARG_phase_stats, NULL, 0,
	  "With -J, print the time, counts and peak memory of each phase on stderr", 0 },
	{ "verbose", 'V', NULL, 0, "be verbose", 0 },
	/* Layout printing. */
	{ "bit_holes", 'B', "NR_HOLES", 0, "Show only structs at least NR_HOLES bit holes", 0 },
	{ "cacheline_size", 'c', "SIZE", 0, "set cacheline size to SIZE", 0 },
	{ "class_name", 'C', "CLASS_NAME", 0, "Show just this class", 0 },
	{ "count", ARG_count, "COUNT", 0, "Print only COUNT input records", 0 },
	{ "skip", ARG_skip, "COUNT", 0, "Skip COUNT input records", 0 },
	{ "seek_bytes", ARG_seek_bytes, "BYTES", 0, "Seek COUNT input records", 0 },
	{ "size_bytes", ARG_size_bytes, "BYTES", 0,
	  "Read only this number of bytes from this point onwards", 0 },
	{ "range", ARG_range, "STRUCT", 0,
	  "Data struct with 'offset' and 'size' fields to determine --seek_bytes and --size_bytes", 0 },
	{ "header_type", ARG_header_type, "TYPE", 0, "File header type", 0 },
	{ "find_pointers_to", 'f', "CLASS_NAME", 0, "Find pointers to CLASS_NAME", 0 },
	{ "format_path", 'F', "FORMAT_LIST", 0, "List of debugging formats to try", 0 },
	{ "contains", 'i', "CLASS_NAME", 0, "Show classes that contains CLASS_NAME", 0 },
	{ "show_decl_info", 'I', NULL, 0,
	  "Show the file and line number where the tags were defined", 0 },
	{ "holes", 'H', "NR_HOLES", 0, "show only structs with at least NR_HOLES holes", 0 },
	{ "hole_size_ge", 'z', "HOLE_SIZE", 0,
	  "show only structs with at least one hole greater or equal to HOLE_SIZE", 0 },
	{ "packable", 'P', NULL, 0, "show only structs that has holes that can be packed", 0 },
	{ "padding_ge", ARG_padding_ge, "SIZE", 0,
	  "show only structs with padding >= SIZE", 0 },
	{ "padding", ARG_padding, "SIZE", 0, "show only structs with padding == SIZE", 0 },
	{ "with_flexible_array", ARG_with_flexible_array, NULL, 0,
	  "show only structs with a flexible array", 0 },
	{ "with_embedded_flexible_array", ARG_with_embedded_flexible_array, NULL, 0,
	  "show only structs with an embedded flexible array (contaning a struct that has a "
	  "flexible array)", 0 },
	{ "expand_types", 'E', NULL, 0, "expand class members", 0 },
	{ "nr_members", 'n', NULL, 0, "show number of members", 0 },
	{ "rel_offset", 'r', NULL, 0, "show relative offsets of members in inner structs", 0 },
	{ "recursive", 'd', NULL, 0, "recursive mode, affects several other flags", 0 },
	{ "reorganize", 'R', NULL, 0, "reorg struct trying to kill holes", 0 },
	{ "show_reorg_steps", 'S', NULL, 0, "show the struct layout at each reorganization step",
	  0 },
	{ "class_name_len", 'N', NULL, 0, "show size of classes", 0 },
	{ "show_first_biggest_size_base_type_member", 'l', NULL, 0,
	  "show first biggest size base_type member", 0 },
	{ "nr_methods", 'm', NULL, 0, "show number of methods", 0 },
	{ "show_only_data_members", 'M', NULL, 0,
	  "show only the members that use space in the class layout", 0 },
	{ "expand_pointers", 'p', NULL, 0, "expand class pointer members", 0 },
	{ "sizes", 's', NULL, 0, "show size of classes", 0 },
	{ "separator", 't', "SEP", 0, "use SEP as the field separator", 0 },
	{ "nr_definitions", 'T', NULL, 0, "show how many times struct was defined", 0 },
	{ "decl_exclude", 'D', "PREFIX", 0, "exclude classes declared in files with PREFIX", 0 },
	{ "exclude", 'x', "PREFIX", 0, "exclude PREFIXed classes", 0 },
	{ "prefix_filter", 'y', "PREFIX", 0, "include PREFIXed classes", 0 },
	{ "cu_exclude", 'X', "PREFIX", 0, "exclude PREFIXed compilation units", 0 },
	{ "anon_include", 'a', NULL, 0, "include anonymous classes", 0 },
	{ "nested_anon_include", 'A', NULL, 0,
	  "include nested (inside other structs) anonymous classes", 0 },
	{ "quiet", 'q', NULL, 0, "be quieter", 0 },
	{ "defined_in", 'u', NULL, 0, "show CUs where CLASS_NAME (-C) is defined", 0 },
	/* Refused (see parse_print_arg()), so out of --help. */
	{ "word_size", 'w', "WORD_SIZE", OPTION_HIDDEN, NULL, 0 },
	{ "ctf_encode", 'Z', NULL, 0, "Encode as CTF: DISABLED, consider helping porting to libctf",
	  0 },
	{ "flat_arrays", ARG_flat_arrays, NULL, 0, "Flat arrays", 0 },
	{ "suppress_aligned_attribute", ARG_suppress_aligned_attribute, NULL, 0,
	  "Suppress __attribute__((aligned(N))", 0 },
	{ "suppress_force_paddings", ARG_suppress_force_paddings, NULL, 0,
	  "Suppress int :N paddings at the end", 0 },
	{ "suppress_packed", ARG_suppress_packed, NULL, 0,
	  "Suppress output of inferred __attribute__((__packed__))", 0 },
	{ "show_private_classes", ARG_show_private_classes, NULL, 0,
	  "Show classes that are defined inside other classes or in functions", 0 },
	{ "fixup_silly_bitfields", ARG_fixup_silly_bitfields, NULL, 0,
	  "Fix silly bitfields such as int foo:32", 0 },
	{ "first_obj_only", ARG_first_obj_only, NULL, 0,
	  "Only process the first object file in the binary", 0 },
	{ "classes_as_structs", ARG_classes_as_structs, NULL, 0,
	  "Use 'struct' when printing classes", 0 },
	{ "hex", ARG_hex, NULL, 0, "Print offsets and sizes in hexadecimal", 0 },
	{ "kabi_prefix", ARG_kabi_prefix, "STRING", 0,
	  "When the prefix of the string is STRING, treat the string as STRING.", 0 },
	{ "structs", ARG_structs, NULL, 0, "Show just structs", 0 },
	{ "unions", ARG_unions, NULL, 0, "Show just unions", 0 },
	{ "packed", ARG_packed, NULL, 0, "Show just packed structs", 0 },
	{ "numeric_version", ARG_numeric_version, NULL, 0,
	  "Print a numeric version, i.e. 119 instead of v1.19", 0 },
	{ "sort", ARG_sort, NULL, 0, "Sort types by name", 0 },
	{ "prettify", ARG_prettify, "PATH", 0, "Path to the raw data to pretty print", 0 },
	{ "hashbits", ARG_hashbits, "BITS", 0, "Number of bits for the hash table key", 0 },
	{ "ptr_table_stats", ARG_ptr_table_stats, NULL, 0, "Print internal data structures stats",
	  0 },
	{ "btf_attributes", ARG_btf_attributes, NULL, 0,
	  "Encode BTF attributes (type tags with kind_flag set): the address_space(1) of BPF arena "
	  "kfuncs' pointers", 0 },
	{ "skip_missing", ARG_skip_missing, NULL, 0,
	  "skip missing types passed to -C rather than stop", 0 },
	{ "contains_enumerator", ARG_contains_enumerator, "ENUMERATOR", 0,
	  "Show enumerations that contains ENUMERATOR", 0 },
	{ "running_kernel_vmlinux", ARG_running_kernel_vmlinux, NULL, 0,
	  "Search for, possibly getting from a debuginfo server, a vmlinux matching the running kernel build-id (from /sys/kernel/notes)",
	  0 },
	{ "lang", ARG_lang, "LANGUAGES", 0, "Only consider compilation units written in these languages",
	  0 },
	{ "compile", ARG_compile, NULL, 0,
	  "Generate compilable source code with types expanded (pahole --compile)", 0 },
	{ "skip_emitting_atomic_typedefs", ARG_skip_emitting_atomic_typedefs, NULL, 0,
	  "Do not emit 'typedef _Atomic int atomic_int' & friends.", 0 },
	{ 0 },
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
		else if (!strict && len == 16 && !strncmp(p, "force_cu_merging", 16))
			opts.force_cu_merging = true;
		else if (len == 7 && !strncmp(p, "default", 7))
			features_enable(true);
		else if (len == 3 && !strncmp(p, "all", 3))
			features_enable(false);
		else if (strict && (!f || !f->supported)) {
			fprintf(stderr, "pahole: Feature '%.*s' in '%s' is not supported. "
				"Supported BTF features are: ", (int)len, p, list);
			print_supported_features(stderr);
			fputc('\n', stderr);
			return -EINVAL;
		} else if (opts.verbose && len) {
			/* As upstream: said when -V came before the list. */
			fprintf(stderr, "Ignoring unsupported feature '%.*s'\n", (int)len, p);
		}
		p += len + (p[len] == ',');
	}
	return 0;
}

/* ---- argument parsing ------------------------------------------------------------ */

/* Appends DW_LANG_* @id to @ids unless it is there already; false when full. */
static bool add_lang(uint16_t *ids, unsigned int *nr, uint16_t id)
{
	unsigned int i;

	for (i = 0; i < *nr; i++)
		if (ids[i] == id)
			return true;
	if (*nr == DWARF_LOADER_MAX_LANGS)
		return false;
	ids[(*nr)++] = id;
	return true;
}

/*
 * A comma-separated list of language names for @option, appended to @ids
 * (room for DWARF_LOADER_MAX_LANGS, more than there are names). As
 * upstream, every item must be a name: an empty one (",c", "c,,rust",
 * "") is unknown too. Stops at the first bad name, even where argp is told
 * not to exit.
 */
static void parse_lang_list(const char *list, const char *option, uint16_t *ids,
			    unsigned int *nr, struct argp_state *state)
{
	char *copy = strdup(list), *tok, *next;

	if (!copy) {
		argp_failure(state, EXIT_ERROR, ENOMEM, "out of memory");
		return;
	}
	for (tok = copy; tok; tok = next) {
		int id;

		next = strchr(tok, ',');
		if (next)
			*next++ = '\0';
		id = dwarf_loader__lang_id(tok);
		if (id < 0) {
			usage_error(state, "unknown language '%s' in %s", tok, option);
			break;
		}
		if (!add_lang(ids, nr, id)) {
			usage_error(state, "too many languages in %s", option);
			break;
		}
	}
	free(copy);
}

static void parse_lang_exclude(const char *list, struct argp_state *state)
{
	parse_lang_list(list, "--lang_exclude", opts.loader.lang_exclude,
			&opts.loader.nr_lang_exclude, state);
}

static void parse_cu_window(const char *arg, struct argp_state *state)
{
	if (cli__parse_positive(arg, MAX_CU_WINDOW, &opts.loader.cu_window))
		usage_error(state, "invalid --cu_window '%s': expected a number from 1 to %u",
			   arg, MAX_CU_WINDOW);
}

/* A whole non-negative decimal number; anything else is a usage error. */
static uint32_t parse_uint(const char *s, const char *what, struct argp_state *state)
{
	uint32_t v = 0;

	if (cli__parse_uint(s, &v))
		usage_error(state, "invalid %s '%s': expected a number", what, s);
	return v;
}

/* The options of --prettify, which mean nothing without it. */
static void parse_prettify_arg(int key, char *arg, struct argp_state *state)
{
	struct prettify_opts *p = &opts.prettify;

	switch (key) {
	case ARG_count:
		p->count = parse_uint(arg, "--count", state);
		opts.needs_prettify = "--count";
		break;
	case ARG_skip:
		p->skip = parse_uint(arg, "--skip", state);
		opts.needs_prettify = "--skip";
		break;
	case ARG_seek_bytes:
	case ARG_size_bytes:
		opts.needs_prettify = key == ARG_seek_bytes ? "--seek_bytes" : "--size_bytes";
		if (!prettify__is_offset_expr(arg))
			usage_error(state, "invalid %s '%s': expected a number or $header.MEMBER",
				    opts.needs_prettify, arg);
		*(key == ARG_seek_bytes ? &p->seek_bytes : &p->size_bytes) = arg;
		break;
	case ARG_range:
		p->range = arg;
		opts.needs_prettify = "--range";
		break;
	case ARG_header_type:
		p->header_type = arg;
		opts.needs_prettify = "--header_type";
		break;
	}
}

/* What --prettify needs, and what needs it, once every option is seen. */
static void check_prettify(struct argp_state *state)
{
	const struct prettify_opts *p = &opts.prettify;

	if (!p->input && opts.needs_prettify)
		usage_error(state, "%s needs --prettify", opts.needs_prettify);
	else if (p->input && opts.btf_encode)
		usage_error(state, "--prettify does not go with -J");
	else if (p->input && !opts.print.class_names && !p->header_type)
		usage_error(state, "--prettify needs a type: -C TYPE or --header_type TYPE");
}

static void parse_lang(const char *list, struct argp_state *state)
{
	parse_lang_list(list, "--lang", opts.langs, &opts.loader.nr_langs, state);
	opts.loader.langs = opts.langs;
}

/* Options that only change what is printed. */
static error_t parse_print_flag(int key)
{
	struct print_job_opts *po = &opts.print;
	struct fprintf_opts *fo = &po->fprintf;

	switch (key) {
	case 'A': po->nested_anon_include = true; break;
	case 'a': po->anon_include = true; break;
	case 'd': po->recursive = true; break;
	case 'E': fo->expand_types = true; break;
	case 'I': fo->show_decl_info = true; po->decl_info = true; break;
	case 'l': fo->show_first_biggest = true; break;
	case 'M': fo->show_only_data_members = true; break;
	case 'm': po->nr_methods = true; po->formatter = FMT_NONE; break;
	case 'N': po->formatter = FMT_NAME_LEN; break;
	case 'n': po->formatter = FMT_NR_MEMBERS; break;
	case 'P': po->packable = true; po->decl_info = true; break;
	case 'p': fo->expand_pointers = true; break;
	case 'q': fo->quiet = true; break;
	case 'R': po->reorganize = true; break;
	case 'r': fo->rel_offset = true; break;
	case 'S': po->show_reorg_steps = true; break;
	case 's': po->formatter = FMT_SIZES; break;
	case 'T': po->nr_definitions = true; po->formatter = FMT_NONE; break;
	case 'u': po->defined_in = true; break;
	case ARG_flat_arrays: fo->flat_arrays = true; break;
	case ARG_suppress_aligned_attribute: fo->suppress_aligned_attribute = true; break;
	case ARG_suppress_force_paddings: fo->suppress_force_paddings = true; break;
	case ARG_suppress_packed: fo->suppress_packed = true; break;
	case ARG_show_private_classes:
		po->show_private_classes = true;
		fo->show_only_data_members = true;
		break;
	case ARG_fixup_silly_bitfields: po->layout.fixup_silly_bitfields = true; break;
	case ARG_first_obj_only: po->first_obj_only = true; break;
	case ARG_classes_as_structs: fo->classes_as_structs = true; break;
	case ARG_hex: fo->hex = true; break;
	case ARG_unions: po->just_unions = true; break;
	case ARG_structs: po->just_structs = true; break;
	case ARG_packed: po->just_structs = po->just_packed = true; break;
	case ARG_with_flexible_array: po->with_flexible_array = true; break;
	case ARG_with_embedded_flexible_array:
		po->with_embedded_flexible_array = po->just_structs = true;
		break;
	case ARG_sort: po->sort = true; break;
	case ARG_skip_missing: po->skip_missing = true; break;
	case ARG_numeric_version: opts.numeric_version = true; break;
	case ARG_compile: po->compile = true; break;
	case ARG_skip_emitting_atomic_typedefs: po->skip_atomic_typedefs = true; break;
	default: return ARGP_ERR_UNKNOWN;
	}
	return 0;
}

/* --running_kernel_vmlinux: the path, or why not in one line; exits. */
static void __attribute__((noreturn)) show_running_kernel_vmlinux(void)
{
	char *path = running_kernel__find_vmlinux();

	if (!path) {
		fputs("pahole: couldn't find a vmlinux that matches the running kernel (from /sys/kernel/notes); maybe inside a container, or its debuginfo package is missing?\n",
		      stderr);
		exit(EXIT_ERROR);
	}
	printf("%s\n", path);
	free(path);
	exit(0);
}

/* Printing options with an argument. */
static error_t parse_print_arg(int key, char *arg, struct argp_state *state)
{
	struct print_job_opts *po = &opts.print;

	switch (key) {
	case 'B': po->nr_bit_holes = parse_uint(arg, "number of bit holes", state); break;
	case 'c': po->fprintf.cacheline_size = parse_uint(arg, "cacheline size", state); break;
	case 'C': po->class_names = arg; break;
	case 'D': po->decl_exclude_prefix = arg; po->decl_info = true; break;
	case 'f': po->find_pointers_to = arg; break;
	case 'F': cli__parse_formats(arg, state, &po->format_path); break;
	case 'H': po->nr_holes = parse_uint(arg, "number of holes", state); break;
	case 'i': po->contains = arg; break;
	case 't': po->separator = arg[0]; break;
	/* Layouts recomputed for another word size: upstream's own are unreliable. */
	case 'w': usage_error(state, "-w/--word_size is not supported"); break;
	/* Upstream's loader tables' figures: ours are our CU arrays' (pahole(1)). */
	case ARG_ptr_table_stats: po->ptr_table_stats = true; break;
	/* Upstream's attributes: the address space of arena kfuncs' pointers. */
	case ARG_btf_attributes:
		opts.features.attributes = true;
		break;
	case 'X': opts.loader.cu_exclude_prefix = arg; break;
	case 'x': po->exclude_prefix = arg; break;
	case 'y': po->include_prefix = arg; break;
	case 'z':
		po->hole_size_ge = parse_uint(arg, "hole size", state);
		/* Order matters: -V before -z keeps the full layouts. */
		if (!opts.verbose)
			po->formatter = FMT_NAME;
		break;
	case 'Z':
		argp_failure(state, EXIT_USAGE, 0, "-Z: (PROGRAM ERROR) Option should have been recognized!?");
		break;
	case ARG_padding: po->padding = parse_uint(arg, "padding", state); break;
	case ARG_padding_ge: po->padding_ge = parse_uint(arg, "padding", state); break;
	case ARG_contains_enumerator: po->contains_enumerator = arg; break;
	case ARG_lang: parse_lang(arg, state); break;
	case ARG_hashbits:
		if (parse_uint(arg, "hashbits", state) > 31) {
			fprintf(stderr, "Invalid --hashbits value (%s) should be less than 32\n", arg);
			exit(EXIT_ERROR);
		}
		break;
	case ARG_kabi_prefix: opts.loader.kabi_prefix = arg; break;
	case ARG_prettify: opts.prettify.input = arg; break;
	case ARG_count: case ARG_skip: case ARG_seek_bytes: case ARG_size_bytes:
	case ARG_range: case ARG_header_type:
		parse_prettify_arg(key, arg, state);
		break;
	case ARG_running_kernel_vmlinux:
		show_running_kernel_vmlinux();
	default:
		return parse_print_flag(key);
	}
	return 0;
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

/* The test-only settings of the environment, read with the options. */
static void parse_test_env(struct argp_state *state)
{
	const char *seed = getenv(TEST_DELAY_ENV), *locations = getenv(TEST_LOCATIONS_ENV);

	if (seed && *seed && cli__parse_positive(seed, UINT_MAX, &opts.loader.test_delay_seed))
		usage_error(state, "invalid %s '%s': expected a positive number", TEST_DELAY_ENV,
			    seed);
	if (locations && *locations && strcmp(locations, "check"))
		usage_error(state, "invalid %s '%s': expected 'check'", TEST_LOCATIONS_ENV,
			    locations);
	opts.loader.check_locations = locations && !strcmp(locations, "check");
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
		cli__parse_jobs(arg, state, &opts.loader.jobs);
		break;
	case ARG_cu_window:
		parse_cu_window(arg, state);
		break;
	case ARG_phase_stats:
		opts.phase_stats = true;
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
	case ARGP_KEY_END:
		/* Without --lang or --lang_exclude, the environment may exclude some. */
		if (!opts.loader.nr_langs && !opts.loader.nr_lang_exclude &&
		    getenv("PAHOLE_LANG_EXCLUDE"))
			parse_lang_list(getenv("PAHOLE_LANG_EXCLUDE"), "PAHOLE_LANG_EXCLUDE",
					opts.loader.lang_exclude, &opts.loader.nr_lang_exclude,
					state);
		check_prettify(state);
		parse_test_env(state);
		break;
	default:
		if (parse_legacy(key) == 0)
			return 0;
		return parse_print_arg(key, arg, state);
	}
	return 0;
}

/* ---- the encode job ----------------------------------------------------------------- */

/* Where -J writes, decided once from the command line and the first input. */
enum encode_target {
	ENCODE_DETACHED,	/* --btf_encode_detached=FILE */
	ENCODE_IN_PLACE,	/* .BTF into the first input, rewritten */
	ENCODE_REFUSED,		/* in place, but the first input is an ar archive */
};

/* What the encode job reads, resolved from the options once (encode_job()). */
struct encode_job {
	char *const		*files;
	int			nr_files;
	bool			first_is_archive;
	enum encode_target	target;
	const char		*btf_base;
	struct dwarf_loader_opts loader;	/* the options', with what encoding needs */
	/* The encoder's; each pass sets exact_repeats, trace, copy and stats. */
	struct btf_encoder_opts	encoder;
	bool			trace;		/* -V */
	bool			kfuncs;		/* the kfunc sets of .BTF_ids read */
	bool			table_stats;	/* --ptr_table_stats */
	bool			exact_repeats;	/* PAHOLE_TEST_EXACT_REPEATS=1 */
	bool			phase_stats;
};

/* What the encode job hands each CU to. */
struct encode_sink {
	struct btf_encoder	*encoder;	/* made with the first file */
	bool			stats;		/* --ptr_table_stats, in the first pass */
	uint32_t		nr_stats;	/* its lines printed */
};

static int encode_cu(struct cu *cu, void *ctx)
{
	struct encode_sink *sink = ctx;
	int err;

	if (sink->stats)
		print_job__table_stats(cu, !sink->nr_stats++, stderr);
	err = btf_encoder__add_cu(sink->encoder, cu);

	cu__free(cu);
	tuning__advise();
	return err;
}

/*
 * The ELF symbols of a file being encoded, read before its CUs load: they
 * decide which functions are encoded, and the kfunc sets tag some.
 */
static int read_symtab(struct dwarf_file *df, struct phase_stats *stats, bool kfuncs,
		       struct elf_symtab **ret)
{
	const char *path = dwarf_file__path(df);
	double start = phase_stats__now();
	int err = elf_symtab__new(dwarf_file__elf(df), ret);

	if (err == -ENOENT)
		pr_err("%s: no ELF symbol table (.symtab) to select functions with", path);
	else if (err)
		pr_err("%s: cannot read the ELF symbol table: %s", path, strerror(-err));
	if (!err && kfuncs) {
		size_t size;
		char *raw = dwarf_file__raw_image(df, &size);

		err = raw ? elf_symtab__read_kfuncs_image(*ret, path, raw, size) :
			    elf_symtab__read_kfuncs(*ret, path);
		if (err)
			elf_symtab__free(*ret);
	}
	if (stats)
		phase_stats__end(stats, PHASE_SYMBOLS, start);
	return err;
}

/* What the loader's start hook needs of encode_file(). */
struct file_start {
	struct dwarf_file	*df;
	struct btf_encoder	*encoder;
	struct phase_stats	*stats;
	bool			kfuncs;
};

/*
 * Main thread, while the loading threads already load the first CUs: the
 * symbols go to the encoder before its first CU, and to the threads'
 * prepare hook, which looks functions up once it sees them.
 */
static int start_file(void *ctx)
{
	struct file_start *fs = ctx;
	struct elf_symtab *symtab;
	int err = read_symtab(fs->df, fs->stats, fs->kfuncs, &symtab);

	return err ?: btf_encoder__add_file(fs->encoder, symtab);
}

static int encode_file(struct dwarf_file *df, const struct dwarf_loader_opts *file_lo,
		       const struct btf *base, const struct btf_encoder_opts *eo, bool kfuncs,
		       struct encode_sink *sink)
{
	/* The loading threads also make what each CU's encoding needs of it alone. */
	struct dwarf_loader_opts lo = *file_lo;
	struct file_start fs = { df, NULL, lo.stats, kfuncs };
	int err;

	if (!sink->encoder) {
		err = btf_encoder__new(eo, base, dwarf_file__is_big_endian(df), &sink->encoder);
		if (err)
			return err;
	}
	fs.encoder = sink->encoder;
	lo.start = start_file;
	lo.start_ctx = &fs;
	lo.prepare = btf_encoder__prepare_cu;
	lo.prepare_ctx = btf_encoder__start_file(sink->encoder, dwarf_file__path(df));
	return dwarf_loader__load(df, &lo, encode_cu, sink);
}

static void *close_file(void *df)
{
	dwarf_file__free(df);
	return NULL;
}

/*
 * With -j, the last input file is closed on a thread of its own while the
 * encoder finishes: libdw's teardown takes about 60 ms on a vmlinux. The
 * encoder holds nothing of the file by then. False: close it now.
 */
static bool close_file_async(struct dwarf_file *df, unsigned int jobs, pthread_t *tid)
{
	return jobs && !pthread_create(tid, NULL, close_file, df);
}

/* The last file, after a successful encoding: freed now, later, or by exit. */
static bool close_last_file(struct dwarf_file *df, unsigned int jobs, pthread_t *tid)
{
	if (!FREE_AT_EXIT)
		return false;
	if (close_file_async(df, jobs, tid))
		return true;
	dwarf_file__free(df);
	return false;
}

/*
 * Encodes every member with DWARF of the archive at @path, in archive
 * order, as if they were given as files one after the other.
 */
static int encode_archive(const char *path, const struct dwarf_loader_opts *lo,
			  const struct btf *base, const struct btf_encoder_opts *eo, bool kfuncs,
			  struct encode_sink *sink)
{
	struct dwarf_archive *ar;
	struct dwarf_file *df;
	int err = dwarf_archive__open(path, &ar);

	while (!err && !(err = dwarf_archive__next(ar, &df))) {
		err = encode_file(df, lo, base, eo, kfuncs, sink);
		dwarf_file__free(df);
	}
	dwarf_archive__free(ar);
	return err == 1 ? 0 : err;
}

/* Written in place, a file starts its new copy before it is encoded (btf_elf.h). */
static struct btf_elf_copy *start_copy(const struct encode_job *job)
{
	if (job->target != ENCODE_IN_PLACE)
		return NULL;
	return btf_elf__start_copy(job->files[0]);
}

/*
 * Encodes the files; @again: a second time, after FWD tolerance did not
 * hold (btf_encoder.h), when the first pass wrote on stdout and stderr what
 * upstream's one pass writes (the -V trace does not depend on repeats).
 */
static int encode_once(const struct encode_job *job, const struct dwarf_loader_opts *lo,
		       const struct btf *base, struct btf_elf_copy *copy, bool exact_repeats,
		       bool again)
{
	struct btf_encoder_opts eo = job->encoder;
	struct encode_sink sink = { NULL, job->table_stats && !again, 0 };
	struct dwarf_file *df = NULL;
	pthread_t closer;
	bool closing = false;
	int i, err = 0;

	eo.exact_repeats = exact_repeats;
	eo.trace = job->trace && !again;
	eo.copy = copy;
	eo.stats = lo->stats;
	for (i = 0; i < job->nr_files && !err; i++) {
		if (i ? dwarf_archive__is_archive(job->files[i]) : job->first_is_archive) {
			err = encode_archive(job->files[i], lo, base, &eo, job->kfuncs, &sink);
			continue;
		}
		err = dwarf_file__open(job->files[i], &df);
		if (err)
			break;
		err = encode_file(df, lo, base, &eo, job->kfuncs, &sink);
		if (err || i + 1 < job->nr_files)
			dwarf_file__free(df);
		else
			closing = close_last_file(df, lo->jobs, &closer);
	}
	err = err ?: btf_encoder__finish(sink.encoder);
	if (closing)
		pthread_join(closer, NULL);
	if (!err)
		pr_info("%s: %u types written to %s", job->files[0],
			btf_encoder__nr_types(sink.encoder), eo.out_path ?: job->files[0]);
	if (FREE_AT_EXIT || err == BTF_ENCODER_AGAIN)
		btf_encoder__free(sink.encoder);
	return err;
}

static int encode_files(const struct encode_job *job, const struct dwarf_loader_opts *lo,
			const struct btf *base)
{
	struct btf_elf_copy *copy = start_copy(job);
	int err = encode_once(job, lo, base, copy, job->exact_repeats, false);

	/* FWD tolerance did not hold (btf_encoder.h): once more without it. */
	if (err == BTF_ENCODER_AGAIN)
		err = encode_once(job, lo, base, copy, true, true);
	btf_elf__copy_free(copy);
	return err;
}

/*
 * The encode job of the options: the inputs, the output target, the
 * encoder's and the loader's settings. An archive has no one ELF file to
 * hold the .BTF of all its members, and a member rewritten in place would
 * leave the archive's symbol index stale: in place, it is refused.
 */
static struct encode_job encode_job(const struct cli_files *in)
{
	const struct btf_features *f = &opts.features;
	const char *exact = getenv(TEST_EXACT_ENV);
	struct encode_job job = {
		.files = in->paths,
		.nr_files = in->nr,
		.first_is_archive = dwarf_archive__is_archive(in->paths[0]),
		.btf_base = opts.btf_base,
		.loader = opts.loader,
		.encoder = {
			.in_path = in->paths[0],
			.out_path = opts.detached_out,
			.gen_floats = f->float_,
			.enum64 = f->enum64,
			.percpu_vars = f->var,
			.global_vars = f->global_var,
			.encode_force = f->encode_force,
			.decl_tags = f->decl_tag,
			.consistent_func = f->consistent_func,
			.tag_kfuncs = f->decl_tag_kfuncs,
			.true_signature = f->true_signature,
			.attributes = f->attributes,
			.layout = f->layout,
			.distilled_base = f->distilled_base,
		},
		.trace = opts.verbose != 0,
		.kfuncs = f->decl_tag_kfuncs && (f->decl_tag || f->attributes),
		.table_stats = opts.print.ptr_table_stats,
		.exact_repeats = exact && !strcmp(exact, "1"),
		.phase_stats = opts.phase_stats,
	};

	job.loader.type_tags = f->type_tag;
	job.loader.decl_tags = f->decl_tag;
	job.loader.nested_arrays = true;
	job.loader.param_locations = true;
	job.target = opts.detached_out ? ENCODE_DETACHED :
		     job.first_is_archive ? ENCODE_REFUSED : ENCODE_IN_PLACE;
	return job;
}

/* A base read by our own code, its deduplicator, and the job that uses them. */
struct own_base {
	struct btf_base_raw	*raw;
	struct btf_split_own	*dedup;
	struct encode_job	job;
};

static void own_base__free(struct own_base *o)
{
	if (!o)
		return;
	btf_split_own__free(o->dedup);
	btf_base_raw__free(o->raw);
	free(o);
}

/*
 * The job's base: read by our own code (btf_split_own.h) where that can
 * make the bytes libbpf's path makes, into *@own; else by libbpf, into
 * *@base. The -V trace numbers the types as it builds them, and
 * .BTF.base is libbpf's distilling: those take libbpf's path.
 */
static int open_base(const struct encode_job *job, struct btf **base, struct own_base **own)
{
	const char *libbpf_only = getenv(TEST_LIBBPF_BASE_ENV);
	struct own_base *o;
	int err;

	if (!job->btf_base || job->trace || job->encoder.distilled_base ||
	    (libbpf_only && !strcmp(libbpf_only, "1")))
		return btf_loader__open_base(job->btf_base, base);
	o = calloc(1, sizeof(*o));
	err = o ? btf_base_raw__open(job->btf_base, &o->raw) : -ENOMEM;
	err = err ?: btf_split_own__new(o->raw, &o->dedup);
	if (err == -EAGAIN) {
		own_base__free(o);
		return btf_loader__open_base(job->btf_base, base);
	}
	if (err) {
		own_base__free(o);
		pr_err("%s: cannot read base BTF: %s", job->btf_base, strerror(-err));
		return err;
	}
	o->job = *job;
	o->job.encoder.own = o->dedup;
	o->job.encoder.base_path = job->btf_base;
	*own = o;
	return 0;
}

static int run_encode(const struct encode_job *job)
{
	struct dwarf_loader_opts lo = job->loader;
	struct phase_stats stats = { 0 };
	struct own_base *own = NULL;
	struct btf *base = NULL;
	int err;

	if (job->phase_stats)
		lo.stats = &stats;
	if (job->target == ENCODE_REFUSED) {
		pr_err("%s: cannot write .BTF into an ar archive: use --btf_encode_detached=FILE",
		       job->files[0]);
		return -EINVAL;
	}
	err = open_base(job, &base, &own);
	err = err ?: encode_files(own ? &own->job : job, &lo, base);
	if (FREE_AT_EXIT) {
		btf__free(base);
		own_base__free(own);
	}
	if (!err && job->phase_stats)
		phase_stats__print(&stats, job->files[0], stderr);
	return err;
}

/* ---- the print job ----------------------------------------------------------------------- */

/* The print job's options: the command line's, with what they borrow from the rest. */
static struct print_job_opts print_opts(void)
{
	struct print_job_opts po = opts.print;

	if (!po.fprintf.cacheline_size)
		po.fprintf.cacheline_size = cli__cacheline_size();
	po.btf_base = opts.btf_base;
	po.verbose = opts.verbose;
	po.loader = &opts.loader;
	return po;
}

static int run_prettify(const struct cli_files *in)
{
	struct print_job_opts po = print_opts();

	return prettify__run(&opts.prettify, &po, in->paths, in->nr);
}

static int run_print(const struct cli_files *in)
{
	const struct print_job_opts *po = &opts.print;
	struct print_job_opts run;

	/* Upstream v1.32's messages and exit status. */
	if (po->class_names && po->nr_methods) {
		fputs("pahole: -m/nr_methods doesn't work with --class_name/-C, it shows all classes and the number of its methods\n",
		      stderr);
		return EXIT_ERROR;
	}
	if (po->class_names && po->nr_definitions) {
		fputs("pahole: -T/nr_definitions doesn't work with --class_name/-C, it shows all classes and the number of times they are defined\n",
		      stderr);
		return EXIT_ERROR;
	}
	run = print_opts();
	return print_job__run(&run, in->paths, in->nr);
}

static int run(const struct cli_files *in)
{
	struct encode_job job;
	int err;

	log__set_level(opts.verbose >= 2 ? LOG_DEBUG : opts.verbose ? LOG_INFO : LOG_WARN);
	if (opts.numeric_version) {
		printf("%s\n", DWARVES_NUMERIC_VERSION);
		return 0;
	}
	if (opts.prettify.input)
		return run_prettify(in);
	if (!opts.btf_encode)
		return run_print(in);
	if (!in->nr) {
		fprintf(stderr, "pahole: no input file given\n");
		return EXIT_USAGE;
	}
	/*
	 * Printing gives the same text with CUs merged or not, and cross-CU
	 * references are followed anyway; upstream's BTF of merged CUs has
	 * the same types in another order, which we do not write.
	 */
	if (opts.force_cu_merging) {
		fprintf(stderr, "pahole: the BTF feature force_cu_merging is not supported with -J\n");
		return EXIT_USAGE;
	}
	job = encode_job(in);
	err = run_encode(&job);
	if (err && !log__has_errors())
		pr_err("%s: %s", in->paths[0], err == -ENOMEM ? "out of memory" : strerror(-err));
	return err ? EXIT_ERROR : 0;
}

static const struct cli_program pahole = {
	.name = "pahole",
	.options = pahole_options,
	.parser = parse_opt,
	.doc = "pahole: DWARF to BTF encoder and data structure layout printer",
	.jobs = &opts.loader.jobs,
	.btf_base = &opts.btf_base,
	.parse_status = EXIT_ERROR,
	.run = run,
};

CLI_MAIN(pahole)
