// SPDX-License-Identifier: GPL-2.0-only
/*
 * pglobal's job, as upstream pglobal v1.32 lists globals: each external
 * variable (-v) or function (-f) of every CU joins the entries of its name.
 * The first one of a name is the one printed, except that a variable that
 * is not a declaration takes the place of the one printed; a variable's
 * line ends with the number of the others. Names print in strcmp() order.
 *
 * Upstream keeps every CU to print at the end; here the text of the entry
 * printed is made when it takes that place, and each CU is freed when it
 * has been looked at.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwarves_hash.h"
#include "log.h"
#include "pfunct_int.h"
#include "pglobal_print.h"
#include "tool_load.h"
#include "tuning.h"

/* The entries of one name. */
struct global {
	char		*name;		/* owned */
	char		*text;		/* owned: the printed one's, without the line's end */
	uint32_t	nr_others;	/* entries of the name besides the printed one */
};

struct pg_job {
	const struct pglobal_opts *o;
	struct tool_load	load;
	struct global		*globals;	/* owned, in the order their names came */
	uint32_t		nr_globals, globals_cap;
	struct hash_index	by_name;	/* hash of a name -> index in globals */
};

/* The entries of @name, or NULL. */
static struct global *find_global(struct pg_job *j, const char *name)
{
	uint32_t p;

	for (p = hash_index__first(&j->by_name, hash_str(name)); p;
	     p = hash_index__next(&j->by_name, p)) {
		struct global *g = &j->globals[hash_index__value(&j->by_name, p)];

		if (!strcmp(g->name, name))
			return g;
	}
	return NULL;
}

static struct global *add_global(struct pg_job *j, const char *name)
{
	struct global *g;

	if (dw_ensure_cap(&j->globals, &j->globals_cap, sizeof(*j->globals), j->nr_globals + 1) ||
	    hash_index__add(&j->by_name, hash_str(name), j->nr_globals))
		return NULL;
	g = &j->globals[j->nr_globals];
	g->name = strdup(name);
	if (!g->name)
		return NULL;
	j->nr_globals++;
	return g;
}

/* Replaces @g's text with what @print writes of @arg. 0 or -ENOMEM. */
static int set_text(struct global *g, void (*print)(struct pf_cu *, const void *, FILE *),
		    struct pf_cu *pc, const void *arg)
{
	char *text = NULL;
	size_t len;
	FILE *fp = open_memstream(&text, &len);

	if (!fp)
		return -ENOMEM;
	print(pc, arg, fp);
	if (fclose(fp) || !text) {
		free(text);
		return -ENOMEM;
	}
	free(g->text);
	g->text = text;
	return 0;
}

/* ---- the texts ------------------------------------------------------------------ */

/* A variable of the CU's or an extern declaration in a function's body. */
struct pg_var {
	const char	*name;
	uint32_t	type;
	bool		is_declaration;
};

static void variable_text(struct pf_cu *pc, const void *arg, FILE *fp)
{
	const struct pg_var *v = arg;

	if (v->is_declaration)
		fputs("extern ", fp);
	printer__variable_fprintf(pc->printer, v->type, v->name, fp);
	fputc(';', fp);
}

static void function_text(struct pf_cu *pc, const void *arg, FILE *fp)
{
	const struct pf_conf conf = { 0 };

	pf__function_fprintf(pc, arg, &conf, fp);
}

/* ---- collecting ----------------------------------------------------------------- */

static int add_variable(struct pg_job *j, struct pf_cu *pc, const struct pg_var *v)
{
	struct global *g = find_global(j, v->name);

	if (g) {
		g->nr_others++;
		if (v->is_declaration)
			return 0;
	} else if (!(g = add_global(j, v->name))) {
		return -ENOMEM;
	}
	return set_text(g, variable_text, pc, v);
}

static int add_function(struct pg_job *j, struct pf_cu *pc, uint32_t idx)
{
	struct global *g = find_global(j, pc->cu->functions[idx].name);

	if (g) {
		g->nr_others++;
		return 0;
	}
	if (!(g = add_global(j, pc->cu->functions[idx].name)))
		return -ENOMEM;
	return set_text(g, function_text, pc, &pc->cu->functions[idx]);
}

/* The extern declarations in block @b of a function and the blocks in it. */
static int add_body_externs(struct pg_job *j, struct pf_cu *pc, const struct lexblock *b,
			    unsigned int depth)
{
	uint32_t i;
	int err = 0;

	for (i = 0; b && depth <= 64 && i < b->nr_items && !err; i++) {
		const struct fn_item *it = &b->items[i];

		if (it->kind == FN_ITEM_VARIABLE && it->is_extern && it->name) {
			const struct pg_var v = {
				.name = it->name, .type = it->type, .is_declaration = true,
			};

			err = add_variable(j, pc, &v);
		} else if (it->kind == FN_ITEM_BLOCK) {
			err = add_body_externs(j, pc, it->block, depth + 1);
		}
	}
	return err;
}

/*
 * The CU's external variables and the extern declarations in its
 * functions' bodies, in the order of their entries, as upstream meets them.
 */
static int collect_variables(struct pg_job *j, struct pf_cu *pc)
{
	const struct cu *cu = pc->cu;
	uint32_t v = 0, f = 0;
	int err = 0;

	while (!err && (v < cu->nr_variables || f < cu->nr_functions)) {
		const struct variable *var = v < cu->nr_variables ? &cu->variables[v] : NULL;
		const struct function *fn = f < cu->nr_functions ? &cu->functions[f] : NULL;

		if (var && (!fn || var->src_off < fn->src_off)) {
			const struct pg_var pv = {
				.name = var->name, .type = var->type,
				.is_declaration = var->is_declaration,
			};

			/* Upstream reads DW_AT_external on the DIE itself. */
			if (var->is_external && !var->completes_decl && var->name)
				err = add_variable(j, pc, &pv);
			v++;
		} else {
			err = add_body_externs(j, pc, fn->body, 0);
			f++;
		}
	}
	return err;
}

static int collect(struct pg_job *j, struct pf_cu *pc)
{
	const struct cu *cu = pc->cu;
	uint32_t i;
	int err = 0;

	if (j->o->walk == PG_WALK_VARIABLES)
		return collect_variables(j, pc);
	if (j->o->walk == PG_WALK_FUNCTIONS) {
		for (i = 0; i < cu->nr_functions && !err; i++)
			if (cu->functions[i].is_external && cu->functions[i].name)
				err = add_function(j, pc, i);
	}
	return err;
}

static int handle_cu(struct cu *cu, void *ctx)
{
	struct pg_job *j = ctx;
	struct layout_opts lo = { 0 };
	struct fprintf_opts fo = { .cacheline_size = j->o->cacheline_size };
	struct pf_cu pc = { .cu = cu };
	int err = -ENOMEM;

	tuning__advise();
	pc.layout = layout__new(cu, &lo);
	pc.printer = pc.layout ? printer__new(cu, pc.layout, &fo) : NULL;
	if (pc.printer)
		err = collect(j, &pc);
	/* A struct without its members, or a name that could not be built. */
	if (!err && (layout__out_of_memory(pc.layout) || printer__out_of_memory(pc.printer)))
		err = -ENOMEM;
	printer__free(pc.printer);
	layout__free(pc.layout);
	cu__free(cu);
	return err;
}

/* ---- printing ------------------------------------------------------------------- */

static int by_name(const void *a, const void *b)
{
	const struct global *ga = a, *gb = b;

	return strcmp(ga->name, gb->name);
}

static void print_globals(struct pg_job *j)
{
	uint32_t i;

	if (j->nr_globals)	/* qsort() takes no NULL array, even empty */
		qsort(j->globals, j->nr_globals, sizeof(*j->globals), by_name);
	for (i = 0; i < j->nr_globals; i++) {
		const struct global *g = &j->globals[i];

		if (j->o->walk == PG_WALK_VARIABLES)
			printf("%s; /* %u */\n\n", g->text, g->nr_others);
		else
			printf("%s\n\n", g->text);
	}
}

static void job_release(struct pg_job *j)
{
	uint32_t i;

	for (i = 0; i < j->nr_globals; i++) {
		free(j->globals[i].name);
		free(j->globals[i].text);
	}
	free(j->globals);
	hash_index__release(&j->by_name);
	tool_load__release(&j->load);
}

int pglobal__run(const struct pglobal_opts *opts, char **files, int nr_files)
{
	struct pg_job j = {
		.o = opts,
		.load = {
			.format_path = opts->format_path,
			.dwarf = opts->loader,
			.btf = { .cacheline_size = opts->cacheline_size },
			.handle_cu = handle_cu,
		},
	};
	int rc;

	j.load.ctx = &j;
	j.load.dwarf.for_printing = true;
	/*
	 * DW_AT_inline: a function's "inline" comes with its body; so do the
	 * extern declarations in bodies, variables too.
	 */
	j.load.dwarf.fn_bodies = opts->walk != PG_WALK_NONE;
	/* Variables declared in C++ namespaces are the unit's too. */
	j.load.dwarf.namespaces = true;
	rc = tool_load__files(&j.load, files, nr_files);
	if (!rc)
		print_globals(&j);
	if (fflush(stdout) && !rc) {
		pr_err("stdout: %s", strerror(errno));
		rc = 1;
	}
	job_release(&j);
	return rc;
}
