// SPDX-License-Identifier: GPL-2.0-only
/*
 * pfunct's job, as upstream pfunct v1.32 runs it. Functions are taken in
 * each CU's order (DWARF: DIE order; BTF: id order). The listings (-s, -p,
 * -P, names, ...) come from one list of statistics where a function joins
 * at the head, so they print in the reverse of that order; an external
 * function seen again in another CU is counted there, not listed twice.
 * -f, -c and -A print while each CU is handed over, the CU then freed
 * (upstream's "stealer"), except the CU -f found its function in: loading
 * stops there and -b prints that CU's other functions too.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>
#include <dwarf.h>

#include <bpf/btf.h>

#include "btf_loader.h"
#include "tool_load.h"
#include "dwarves_emit.h"
#include "dwarves_hash.h"
#include "log.h"
#include "pfunct_int.h"
#include "pfunct_print.h"
#include "tuning.h"

enum { STOP_LOADING = TOOL_LOAD_STOP };

/* One entry of the statistics list. */
struct fn_stat {
	struct pf_cu	*pc;		/* borrowed from the job */
	uint32_t	fn;		/* index in pc->cu->functions */
	uint32_t	nr_expansions;
	uint64_t	size_expansions;
	uint32_t	nr_files;
	bool		printed;
};

struct pf_job {
	const struct pfunct_opts *o;
	struct pf_conf		conf;
	struct pf_cu		**cus;		/* kept CUs, in load order */
	uint32_t		nr_cus, cus_cap;
	struct tool_load	load;		/* the files, those of kept CUs kept open */
	struct fn_stat		*stats;		/* in the order they joined */
	uint32_t		nr_stats, stats_cap;
	struct hash_index	by_name;	/* hash of a function's name -> index in stats */
	struct type_emissions	*emissions;	/* -b, --compile: owned, made when first needed */
	struct btf		*base;		/* owned: of a running kernel module's BTF, or NULL */
	bool			is_stealer;	/* -f, -c, -A: print while loading */
	bool			is_btf;		/* -F btf: every function listed */
	int			err;		/* first failure while printing */
};

static const struct function *fn_of(const struct fn_stat *s)
{
	return &s->pc->cu->functions[s->fn];
}

/* ---- CUs ------------------------------------------------------------------------ */

static void pf_cu_free(struct pf_cu *pc)
{
	if (!pc)
		return;
	printer__free(pc->printer);
	layout__free(pc->layout);
	cu__free(pc->cu);
	free(pc->emitted);
	free(pc->nr_exp);
	free(pc->size_exp);
	free(pc);
}

static void account_block(struct pf_cu *pc, const struct lexblock *b, unsigned int depth);

/*
 * Each inline expansion counts for the function it expands (-t), as
 * upstream counts them: a block without expansions of its own is not
 * looked into.
 */
static void account_block(struct pf_cu *pc, const struct lexblock *b, unsigned int depth)
{
	uint32_t i;

	if (!b->nr_inline_expansions || depth > 64)
		return;
	for (i = 0; i < b->nr_items; i++) {
		const struct fn_item *it = &b->items[i];

		if (it->kind == FN_ITEM_BLOCK) {
			account_block(pc, it->block, depth + 1);
		} else if (it->kind == FN_ITEM_INLINE && it->origin < pc->cu->nr_functions) {
			pc->nr_exp[it->origin]++;
			pc->size_exp[it->origin] += it->size;
		}
	}
}

/*
 * Whether what was printed from @pc may be wrong for want of memory: a
 * struct's layout (printed without members) or a prototype's name could
 * not be allocated.
 */
static bool pf_cu_out_of_memory(const struct pf_cu *pc)
{
	return layout__out_of_memory(pc->layout) || printer__out_of_memory(pc->printer);
}

static struct pf_cu *pf_cu_new(const struct pf_job *j, struct cu *cu)
{
	struct layout_opts lo = { 0 };
	struct fprintf_opts fo = { .cacheline_size = j->o->cacheline_size };
	struct pf_cu *pc = calloc(1, sizeof(*pc));
	uint32_t i, n = cu->nr_functions ? cu->nr_functions : 1;

	if (!pc) {
		cu__free(cu);
		return NULL;
	}
	pc->cu = cu;
	pc->layout = layout__new(cu, &lo);
	pc->printer = pc->layout ? printer__new(cu, pc->layout, &fo) : NULL;
	pc->emitted = calloc(cu->nr_types ? cu->nr_types : 1, 1);
	pc->nr_exp = calloc(n, sizeof(*pc->nr_exp));
	pc->size_exp = calloc(n, sizeof(*pc->size_exp));
	if (!pc->printer || !pc->emitted || !pc->nr_exp || !pc->size_exp) {
		pf_cu_free(pc);
		return NULL;
	}
	for (i = 0; i < cu->nr_functions; i++)
		if (cu->functions[i].body)
			account_block(pc, cu->functions[i].body, 0);
	return pc;
}

static int keep_cu(struct pf_job *j, struct pf_cu *pc)
{
	int err = dw_ensure_cap(&j->cus, &j->cus_cap, sizeof(*j->cus), j->nr_cus + 1);

	if (err) {
		pf_cu_free(pc);
		return err;
	}
	j->cus[j->nr_cus++] = pc;
	return 0;
}

/* ---- the statistics list ---------------------------------------------------------- */

/* The newest entry named @name, or NULL. */
static struct fn_stat *stats_find(struct pf_job *j, const char *name)
{
	uint32_t p;

	if (!name)
		return NULL;
	for (p = hash_index__first(&j->by_name, hash_str(name)); p;
	     p = hash_index__next(&j->by_name, p)) {
		struct fn_stat *s = &j->stats[hash_index__value(&j->by_name, p)];
		const char *n = fn_of(s)->name;

		if (n && !strcmp(n, name))
			return s;
	}
	return NULL;
}

static struct fn_stat *stats_add(struct pf_job *j, struct pf_cu *pc, uint32_t fn)
{
	const struct function *f = &pc->cu->functions[fn];

	if (dw_ensure_cap(&j->stats, &j->stats_cap, sizeof(*j->stats), j->nr_stats + 1) ||
	    hash_index__add(&j->by_name, hash_str(f->name), j->nr_stats)) {
		j->err = -ENOMEM;
		return NULL;
	}
	j->stats[j->nr_stats] = (struct fn_stat){
		.pc = pc, .fn = fn, .nr_files = 1,
		.nr_expansions = pc->nr_exp[fn], .size_expansions = pc->size_exp[fn],
	};
	return &j->stats[j->nr_stats++];
}

/* -V: what differs between two definitions of an external function. */
static void check_dup(const struct fn_stat *s, const struct pf_cu *pc, const struct function *dup)
{
	const struct function *f = fn_of(s);
	bool hdr = false;

	if (f->size != dup->size || f->nr_params != dup->nr_params) {
		printf("function: %s\nfirst: %s\ncurrent: %s\n", f->name,
		       s->pc->cu->name ? s->pc->cu->name : "(null)",
		       pc->cu->name ? pc->cu->name : "(null)");
		hdr = true;
	}
	if (f->size != dup->size)
		printf("size: %zd != %zd\n", (size_t)f->size, (size_t)dup->size);
	if (f->nr_params != dup->nr_params)
		printf("nr_parms: %u != %u\n", f->nr_params, dup->nr_params);
	if (hdr)
		putchar('\n');
}

/* True when function @fn of @pc does not join the list (upstream's function__filter). */
static bool filtered_out(struct pf_job *j, struct pf_cu *pc, uint32_t fn)
{
	const struct function *f = &pc->cu->functions[fn];
	const struct pfunct_opts *o = j->o;
	struct fn_stat *s;

	if (f->is_nested || !f->name)
		return true;
	if ((o->externals && !f->is_external) ||
	    (o->cc_uninlined && f->inlined != DW_INL_declared_not_inlined) ||
	    (o->cc_inlined && f->inlined != DW_INL_inlined))
		return true;
	s = stats_find(j, f->name);
	if (!s)
		return false;
	if (!fn_of(s)->is_external)
		return false;
	if (o->verbose)
		check_dup(s, pc, f);
	s->nr_expansions += pc->nr_exp[fn];
	s->size_expansions += pc->size_exp[fn];
	s->nr_files++;
	return true;
}

static void add_cu_functions(struct pf_job *j, struct pf_cu *pc)
{
	uint32_t i;

	for (i = 0; i < pc->cu->nr_functions && !j->err; i++)
		if (j->is_btf || !filtered_out(j, pc, i))
			stats_add(j, pc, i);
}

/* ---- showing one function ------------------------------------------------------------ */

/* The return statement --compile puts in an empty body, as upstream picks it. */
static void compile_body(const struct pf_cu *pc, const struct function *f)
{
	const struct type *t = cu__type(pc->cu, f->ret_type < pc->cu->nr_types ? f->ret_type : 0);

	fputs("\n{", stdout);
	if (f->ret_type && t->type) {
		if (t->kind == TK_POINTER)
			fputs("\n\treturn (void *)0;", stdout);
		else if (t->kind == TK_STRUCT)
			printf("\n\treturn *(struct %s *)1;", t->name ? t->name : "");
		else if (t->kind == TK_UNION)
			printf("\n\treturn *(union %s *)1;", t->name ? t->name : "");
		else if (t->kind == TK_TYPEDEF)
			printf("\n\treturn *(%s *)1;", t->name ? t->name : "");
		else
			fputs("\n\treturn 0;", stdout);
	}
	fputs("\n}\n", stdout);
}

/* -b: the types @f's prototype needs, printed before it (upstream's type emission). */
static int emit_fn_types(struct pf_job *j, struct pf_cu *pc, const struct function *f)
{
	struct emit_cu ec = {
		.cu = pc->cu, .layout = pc->layout, .printer = pc->printer, .flags = pc->emitted,
	};

	if (!j->emissions && !(j->emissions = type_emissions__new(false)))
		return -ENOMEM;
	return type_emissions__emit_function(j->emissions, &ec, f, stdout);
}

/* Upstream's function__show: -f, -A, -a, -b and --compile. */
static void function_show(struct pf_job *j, struct pf_cu *pc, uint32_t fn)
{
	const struct function *f = &pc->cu->functions[fn];
	const struct pfunct_opts *o = j->o;
	struct fn_stat *s = NULL;
	int err;

	if (f->has_origin || f->is_declaration)
		return;
	if (!o->show_all) {
		s = stats_find(j, f->name);
		if (s && s->printed)
			return;
		if (o->expand_types) {
			err = emit_fn_types(j, pc, f);
			if (err && !j->err)
				j->err = err;
		}
	}
	pf__function_fprintf(pc, f, &j->conf, stdout);
	if (o->compilable)
		compile_body(pc, f);
	putchar('\n');
	if (o->show_all)
		return;
	if (o->variables || o->inline_expansions)
		pf__body_fprintf(pc, f, &j->conf, stdout);
	if (!s)
		s = stats_add(j, pc, fn);
	if (s)
		s->printed = true;
}

/* The struct named @name with a body, or 0. */
static uint32_t find_struct(const struct cu *cu, const char *name)
{
	uint32_t id;

	for (id = 1; id < cu->nr_types; id++) {
		const struct type *t = cu__type(cu, id);

		if (t->kind == TK_STRUCT && t->name && !t->is_declaration && !strcmp(t->name, name))
			return id;
	}
	return 0;
}

static bool has_pointer_param_to(const struct cu *cu, const struct function *f, uint32_t target)
{
	uint32_t i;

	for (i = 0; i < f->nr_params; i++) {
		uint32_t pid = f->params[i].type;

		if (pid && pid < cu->nr_types && cu__type(cu, pid)->kind == TK_POINTER &&
		    cu__type(cu, pid)->type == target)
			return true;
	}
	return false;
}

/* -c: the functions of @pc taking a pointer to the struct. */
static void class_functions(struct pf_job *j, struct pf_cu *pc)
{
	const struct cu *cu = pc->cu;
	uint32_t target = find_struct(cu, j->o->class_name), i;

	if (!target)
		return;
	for (i = 0; i < cu->nr_functions; i++) {
		const struct function *f = &cu->functions[i];

		if (f->inlined || !has_pointer_param_to(cu, f, target))
			continue;
		if (j->o->verbose)
			pf__function_fprintf(pc, f, &j->conf, stdout);
		else
			fputs(f->name ? f->name : "(null)", stdout);
		putchar('\n');
	}
}

/* What -f, -c and -A print as a CU comes in. True: keep it and stop loading. */
static bool steal(struct pf_job *j, struct pf_cu *pc)
{
	const struct pfunct_opts *o = j->o;
	uint32_t i;

	if (o->function_name) {
		for (i = 0; i < pc->cu->nr_functions; i++) {
			const char *name = pc->cu->functions[i].name;

			if (name && !strcmp(name, o->function_name)) {
				function_show(j, pc, i);
				return !o->show_all;
			}
		}
	} else if (o->class_name) {
		class_functions(j, pc);
	} else if (o->show_all) {
		for (i = 0; i < pc->cu->nr_functions; i++)
			function_show(j, pc, i);
	}
	return false;
}

static int handle_cu(struct cu *cu, void *ctx)
{
	struct pf_job *j = ctx;
	struct pf_cu *pc = pf_cu_new(j, cu);
	int err;

	tuning__advise();
	if (!pc)
		return -ENOMEM;
	if (!j->is_stealer)
		return keep_cu(j, pc);
	if (!steal(j, pc)) {
		if (!j->err && pf_cu_out_of_memory(pc))
			j->err = -ENOMEM;
		pf_cu_free(pc);
		return j->err;
	}
	err = keep_cu(j, pc);
	return err ?: STOP_LOADING;
}

/* ---- the listings ----------------------------------------------------------------- */

static void print_stat(struct pf_job *j, const struct fn_stat *s)
{
	const struct pfunct_opts *o = j->o;
	const struct function *f = fn_of(s);
	const struct lexblock *b = f->body;

	switch (o->formatter) {
	case PF_FMT_SIZES:
		if (f->size)
			printf("%s: %zd\n", f->name, (size_t)f->size);
		return;
	case PF_FMT_NR_VARIABLES:
		if (b && b->nr_variables)
			printf("%s: %u\n", f->name, b->nr_variables);
		return;
	case PF_FMT_NR_PARMS:
		printf("%s: %u\n", f->name, f->nr_params);
		return;
	case PF_FMT_GOTO_LABELS:
		if (b && b->nr_labels)
			printf("%s: %u\n", f->name, b->nr_labels);
		return;
	case PF_FMT_NAME_LEN:
		printf("%s: %zd\n", f->name, strlen(f->name));
		return;
	case PF_FMT_INLINE_EXPS:
		if (b && b->nr_inline_expansions)
			printf("%s: %u %d\n", f->name, b->nr_inline_expansions,
			       (int)b->size_inline_expansions);
		return;
	case PF_FMT_NAMES:
		break;
	}
	if (!o->verbose && !o->prototypes) {
		puts(f->name);
		return;
	}
	pf__function_fprintf(s->pc, f, &j->conf, stdout);
	putchar('\n');
	if (o->prototypes)
		return;
	if (o->variables || o->inline_expansions)
		pf__body_fprintf(s->pc, f, &j->conf, stdout);
	printf("/* definitions: %u */\n", s->nr_files);
	putchar('\n');
}

/* Newest first, as upstream's list. */
static void print_stats(struct pf_job *j)
{
	uint32_t i;

	for (i = j->nr_stats; i > 0; i--)
		print_stat(j, &j->stats[i - 1]);
}

static void print_total_inline_stats(struct pf_job *j)
{
	uint32_t i;

	printf("%-32.32s  %5.5s / %5.5s = %5.5s  %s\n", "name", "totsz", "exp#", "avgsz", "src#");
	for (i = j->nr_stats; i > 0; i--) {
		const struct fn_stat *s = &j->stats[i - 1];

		if (s->nr_expansions > 1)
			printf("%-31.31s %6u %7u  %6u %6u\n", fn_of(s)->name,
			       (unsigned int)s->size_expansions, s->nr_expansions,
			       (unsigned int)(s->size_expansions / s->nr_expansions), s->nr_files);
	}
}

/* -a: the function whose code holds the address; 1 when there is none. */
static int show_at_addr(struct pf_job *j)
{
	uint32_t c, i;

	for (c = 0; c < j->nr_cus; c++) {
		const struct cu *cu = j->cus[c]->cu;

		for (i = 0; i < cu->nr_functions; i++) {
			const struct function *f = &cu->functions[i];

			if (f->size && f->low_pc <= j->o->addr && j->o->addr - f->low_pc < f->size) {
				function_show(j, j->cus[c], i);
				return 0;
			}
		}
	}
	fprintf(stderr, "pfunct: No function found at %#llx!\n", (unsigned long long)j->o->addr);
	return 1;
}

/* Every kept CU's functions, shown as -f shows one (-b, --compile). */
static void show_all_kept(struct pf_job *j)
{
	uint32_t c, i;

	for (c = 0; c < j->nr_cus; c++)
		for (i = 0; i < j->cus[c]->cu->nr_functions; i++)
			function_show(j, j->cus[c], i);
}

/* ---- loading -------------------------------------------------------------------- */

static void load_init(struct pf_job *j)
{
	j->load = (struct tool_load){
		.format_path = j->o->format_path,
		.dwarf = j->o->loader,
		.btf = { .cacheline_size = j->o->cacheline_size },
		.base = j->base,
		.handle_cu = handle_cu,
		.ctx = j,
		.kept_cus = &j->nr_cus,
	};
	j->load.dwarf.for_printing = true;
	j->load.dwarf.fn_bodies = true;
	j->load.dwarf.decl_info = j->o->decl_info;
}

/* A running kernel module's BTF (/sys/kernel/btf/MODULE) is split over vmlinux's. */
static int open_base(struct pf_job *j, const char *first_file)
{
	const char *base = NULL;

	if (first_file && !strncmp(first_file, "/sys/kernel/btf/", 16) &&
	    strcmp(first_file + 16, "vmlinux"))
		base = "/sys/kernel/btf/vmlinux";
	return btf_loader__open_base(base, &j->base);
}

/* Loads every file; one line on failure. 0 or 1. */
static int load_files(struct pf_job *j, char **files, int nr_files)
{
	if (open_base(j, files[0]))
		return 1;
	load_init(j);
	return tool_load__files(&j->load, files, nr_files);
}

static int load_running_kernel(struct pf_job *j)
{
	const char *path = tool_load__kernel_btf(j->o->format_path);
	int err;

	if (!path) {
		pr_err("couldn't find any debug information on this system.");
		return 1;
	}
	load_init(j);
	err = tool_load__btf(&j->load, path);
	return err && err != TOOL_LOAD_STOP ? 1 : 0;
}

static void job_release(struct pf_job *j)
{
	uint32_t i;

	for (i = 0; i < j->nr_cus; i++)
		pf_cu_free(j->cus[i]);
	tool_load__release(&j->load);
	free(j->cus);
	free(j->stats);
	hash_index__release(&j->by_name);
	type_emissions__free(j->emissions);
	btf__free(j->base);
}

/* What is printed once everything is loaded, as upstream's main picks it. */
static int print_results(struct pf_job *j)
{
	const struct pfunct_opts *o = j->o;
	uint32_t i;

	for (i = 0; i < j->nr_cus && !j->err; i++)
		add_cu_functions(j, j->cus[i]);
	if (j->err)
		return j->err;
	if (o->addr)
		return show_at_addr(j);
	if (o->total_inline_stats)
		print_total_inline_stats(j);
	else if (o->expand_types)
		show_all_kept(j);
	else if (!o->function_name)
		print_stats(j);
	for (i = 0; i < j->nr_cus && !j->err; i++)
		if (pf_cu_out_of_memory(j->cus[i]))
			j->err = -ENOMEM;
	return j->err;
}

int pfunct__run(const struct pfunct_opts *opts, char **files, int nr_files)
{
	struct pf_job j = {
		.o = opts,
		.conf = {
			.no_parm_names = opts->no_parm_names,
			.show_decl_info = opts->decl_info,
			.no_semicolon = opts->compilable,
			.strip_inline = opts->compilable,
		},
		.is_stealer = opts->function_name || opts->class_name ||
			      (opts->show_all && !opts->function_name),
		.is_btf = opts->format_path && !strcasecmp(opts->format_path, "btf"),
	};
	int rc = nr_files ? load_files(&j, files, nr_files) : load_running_kernel(&j);

	if (!rc) {
		rc = print_results(&j);
		if (rc < 0) {
			pr_err("%s", strerror(-rc));
			rc = 1;
		}
	}
	fflush(stdout);
	job_release(&j);
	return rc;
}
