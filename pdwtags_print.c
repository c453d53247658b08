// SPDX-License-Identifier: GPL-2.0-only
/*
 * pdwtags's job, as upstream pdwtags v1.32 prints a CU: each type by id
 * (base types by name, pointers by the id they point to, the rest as the
 * layout printer prints them; kinds it has no text for named as not
 * supported), each with its size; each function's prototype and body as
 * pfunct prints them, without the addresses upstream's loader does not
 * read here; then every variable, the functions' local ones included, in
 * the order of their entries. A CU is printed when it is handed over and
 * freed at once.
 *
 * Sizes are upstream's tag__size(): a function's is its return type's
 * (BTF: the address size, its type being a prototype). Where upstream reads
 * memory that is not the type's (void: a function returning nothing, a
 * qualified void), ours is 0.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dtag_tree.h"
#include "log.h"
#include "pdwtags_print.h"
#include "pfunct_int.h"
#include "tool_load.h"
#include "tuning.h"

struct pdw_job {
	const struct pdwtags_opts *o;
	struct tool_load	load;
};

/* ---- sizes ---------------------------------------------------------------------- */

/* The size upstream's tag__size() gives type @id (see the top of the file). */
static uint64_t tag_size(const struct cu *cu, uint32_t id, unsigned int depth)
{
	const struct type *t;

	if (!id || id >= cu->nr_types || depth > CU_MAX_TYPE_NESTING)
		return 0;
	t = cu__type(cu, id);
	switch (t->kind) {
	case TK_POINTER:
	case TK_FUNC_PROTO:
		return cu->addr_size;
	case TK_BASE:
	case TK_ENUM:
		return t->byte_size;
	case TK_STRUCT:
	case TK_UNION:
		/* An empty C++ class has size 1: upstream counts it as 0. */
		return t->byte_size == 1 && !t->nr_entries ? 0 : t->byte_size;
	case TK_ARRAY:
		return tag_size(cu, t->type, depth + 1) * t->nr_elems;
	case TK_UNSUPPORTED:
		return cu__type_byte_size(cu, id);
	default:
		return tag_size(cu, t->type, depth + 1);
	}
}

static uint64_t function_size(const struct pdw_job *j, const struct cu *cu,
			      const struct function *f)
{
	return j->load.is_btf ? cu->addr_size : tag_size(cu, f->ret_type, 0);
}

/* ---- the three parts ------------------------------------------------------------ */

/* -V: upstream's lines, without the file and line its loader did not read. */
static void decl_info(const struct pdw_job *j, const struct cu *cu)
{
	if (j->o->decl_info)
		printf("/* Used at: %s */\n/* <0> (null):0 */\n", cu->name ? cu->name : "(null)");
}

static void print_type(struct pdw_job *j, struct pf_cu *pc, uint32_t id)
{
	const struct type *t = cu__type(pc->cu, id);
	struct print_top top = { 0 };

	printf("/* %u */\n", id);
	if (t->kind == TK_BASE) {
		puts(t->name ? t->name : "anonymous base_type");
	} else if (t->kind == TK_POINTER) {
		printf(" /* pointer to %u */\n", t->type);
	} else {
		decl_info(j, pc->cu);
		printer__print_type(pc->printer, id, &top, stdout);
	}
	printf(" /* size: %llu */\n\n", (unsigned long long)tag_size(pc->cu, id, 0));
}

static void print_types(struct pdw_job *j, struct pf_cu *pc)
{
	uint32_t id;

	puts("/* Types: */\n");
	for (id = 1; id < pc->cu->nr_types; id++) {
		/* BTF's FUNCs, VARs, DATASECs and DECL_TAGs are no types here. */
		if (j->load.is_btf && cu__type(pc->cu, id)->kind == TK_UNSUPPORTED)
			continue;
		print_type(j, pc, id);
	}
}

static void print_functions(struct pdw_job *j, struct pf_cu *pc)
{
	const struct pf_conf conf = { .no_semicolon = true, .no_addr_info = true };
	uint32_t i;

	puts("/* Functions: */\n");
	for (i = 0; i < pc->cu->nr_functions; i++) {
		const struct function *f = &pc->cu->functions[i];

		decl_info(j, pc->cu);
		pf__function_fprintf(pc, f, &conf, stdout);
		putchar('\n');
		pf__block_fprintf(pc, f, &conf, stdout);
		printf(" /* size: %llu */\n\n", (unsigned long long)function_size(j, pc->cu, f));
	}
}

static void print_variable(struct pf_cu *pc, uint32_t type, const char *name, bool is_extern)
{
	if (is_extern && name)
		fputs("extern ", stdout);
	printer__variable_fprintf(pc->printer, type, name, stdout);
	printf("; /* size: %llu */\n\n", (unsigned long long)tag_size(pc->cu, type, 0));
}

/* The local variables of a block and the blocks in it, in their order. */
static void print_locals(struct pf_cu *pc, const struct lexblock *b, unsigned int depth)
{
	uint32_t i;

	if (!b || depth > 64)
		return;
	for (i = 0; i < b->nr_items; i++) {
		const struct fn_item *it = &b->items[i];

		if (it->kind == FN_ITEM_VARIABLE)
			print_variable(pc, it->type, it->name, it->is_extern);
		else if (it->kind == FN_ITEM_BLOCK)
			print_locals(pc, it->block, depth + 1);
	}
}

/*
 * The CU's variables and the functions' local ones, in the order of their
 * entries: a function's locals where the function is.
 */
static void print_variables(struct pf_cu *pc)
{
	const struct cu *cu = pc->cu;
	uint32_t v = 0, f = 0;

	puts("\n\n/* Variables: */\n");
	while (v < cu->nr_variables || f < cu->nr_functions) {
		const struct variable *var = v < cu->nr_variables ? &cu->variables[v] : NULL;
		const struct function *fn = f < cu->nr_functions ? &cu->functions[f] : NULL;

		if (var && (!fn || var->src_off < fn->src_off)) {
			print_variable(pc, var->type, var->name,
				       var->is_external && var->is_declaration);
			v++;
		} else {
			print_locals(pc, fn->body, 0);
			f++;
		}
	}
	puts("\n\n/* Constants: */\n");
}

/* ---- namespaces ----------------------------------------------------------------- */

/* Indentation of nested namespaces: up to 16 levels. */
static const char TABS[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";

static void print_ns_function(struct pf_cu *pc, const struct ns_item *it)
{
	const struct pf_conf conf = { .no_semicolon = true, .no_addr_info = true };
	const struct function *f = cu__function_at(pc->cu, it->src_off);

	if (f)
		pf__function_fprintf(pc, f, &conf, stdout);
}

static void print_ns_variable(struct pf_cu *pc, const struct ns_item *it)
{
	const struct variable *v = cu__variable_at(pc->cu, it->src_off);

	if (!v)
		return;
	if (v->is_external && v->is_declaration && v->name)
		fputs("extern ", stdout);
	printer__variable_fprintf(pc->printer, v->type, v->name, stdout);
}

/* One item of a namespace but a nested namespace, @indent tabs in, without its ';'. */
static void print_ns_item(struct pf_cu *pc, const struct ns_item *it, int indent)
{
	/* Upstream's spacing is the namespace's: a union's members too. */
	struct print_top top = { .no_semicolon = true, .indent = indent, .name_spacing = 23 };

	if (it->kind == NS_TYPE) {
		printer__print_type(pc->printer, it->type, &top, stdout);
		return;
	}
	printf("%.*s", indent, TABS);
	switch (it->kind) {
	case NS_FUNCTION:
		print_ns_function(pc, it);
		break;
	case NS_VARIABLE:
		print_ns_variable(pc, it);
		break;
	case NS_USING:
		printf("using ::%s", it->name ? it->name : "<ERROR: not found>");
		break;
	case NS_USING_NAMESPACE:
		printf("using namespace %s", it->name ? it->name : "<IMPORTED MODULE ERROR!>");
		break;
	default:
		printf("/* tag__fprintf: %s tag not supported! */", dtag__name(it->tag));
		break;
	}
}

/*
 * The namespace that begins at item @i, as upstream prints one: each item
 * a level in, followed by ";" and an empty line. The index past its end.
 */
static uint32_t print_namespace(struct pf_cu *pc, uint32_t i, int indent)
{
	const struct ns_item *items = pc->cu->ns_items;
	uint32_t n = pc->cu->nr_ns_items;

	printf("namespace %s {\n", items[i].name ? items[i].name : "(null)");
	for (i++; i < n && items[i].kind != NS_END; ) {
		if (items[i].kind == NS_BEGIN) {
			printf("%.*s", indent + 1, TABS);
			i = print_namespace(pc, i, indent + 1);
		} else {
			print_ns_item(pc, &items[i++], indent + 1);
		}
		puts(";\n");
	}
	printf("%.*s}", indent, TABS);
	return i + 1;
}

/* The CU's top-level namespaces, after a heading when there are any. */
static void print_namespaces(struct pf_cu *pc)
{
	uint32_t i = 0;

	if (pc->cu->nr_ns_items)
		puts("\n\n/* Namespaces: */\n");
	while (i < pc->cu->nr_ns_items) {
		i = print_namespace(pc, i, 0);
		puts(";\n");
	}
}

/* ---- the job -------------------------------------------------------------------- */

static int handle_cu(struct cu *cu, void *ctx)
{
	struct pdw_job *j = ctx;
	struct layout_opts lo = { 0 };
	struct fprintf_opts fo = { .cacheline_size = j->o->cacheline_size };
	struct pf_cu pc = { .cu = cu };
	int err = -ENOMEM;

	tuning__advise();
	pc.layout = layout__new(cu, &lo);
	pc.printer = pc.layout ? printer__new(cu, pc.layout, &fo) : NULL;
	if (pc.printer) {
		print_types(j, &pc);
		print_functions(j, &pc);
		print_variables(&pc);
		print_namespaces(&pc);
		/* A struct without its members, or a name that could not be built. */
		err = layout__out_of_memory(pc.layout) || printer__out_of_memory(pc.printer) ?
		      -ENOMEM : 0;
	}
	printer__free(pc.printer);
	layout__free(pc.layout);
	cu__free(cu);
	return err;
}

int pdwtags__run(const struct pdwtags_opts *opts, char **files, int nr_files)
{
	struct pdw_job j = {
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
	j.load.dwarf.fn_bodies = true;
	j.load.dwarf.namespaces = true;
	rc = tool_load__files(&j.load, files, nr_files);
	if (fflush(stdout) && !rc) {
		pr_err("stdout: %s", strerror(errno));
		rc = 1;
	}
	tool_load__release(&j.load);
	return rc;
}
