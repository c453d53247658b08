// SPDX-License-Identifier: GPL-2.0-only
/*
 * pfunct's text of one function, as upstream pfunct prints it: the
 * prototype and the body with its lexical blocks (-i, -T with -V); the
 * types -b prints before it come from dwarves_emit.c. The odd spacing and
 * empty lines are upstream's.
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>

#include "pfunct_int.h"

static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
enum { MAX_TABS = sizeof(tabs) - 1, MAX_NESTING = 64 };

static int clamp(int indent)
{
	return indent > MAX_TABS ? MAX_TABS : indent;
}

/* ---- prototypes ----------------------------------------------------------------- */

/*
 * The annotations pfunct prints: a BTF file's decl tags (as upstream's BTF
 * loader gives them); those a DWARF loader read are for the encoder only.
 */
static const struct annotation *annots_of(const struct pf_cu *pc, const struct function *f)
{
	return pc->cu->from_btf ? f->annots : NULL;
}

/* The parameters of @f, nameless with --no_parm_names. */
static void params_fprintf(struct pf_cu *pc, const struct function *f, bool no_names,
			   int indent, FILE *fp)
{
	struct parameter *copy = NULL;
	uint32_t i;

	if (no_names && f->nr_params) {
		copy = malloc(f->nr_params * sizeof(*copy));
		if (copy) {
			for (i = 0; i < f->nr_params; i++) {
				copy[i] = f->params[i];
				copy[i].name = NULL;
			}
		}
	}
	printer__params_indent_fprintf(pc->printer, copy ? copy : f->params, f->nr_params,
				       f->has_varargs, indent, annots_of(pc, f),
				       annots_of(pc, f) ? f->nr_annots : 0, fp);
	free(copy);
}

static bool is_declared_inline(const struct function *f)
{
	return f->inlined == DW_INL_declared_inlined || f->inlined == DW_INL_declared_not_inlined;
}

static void function_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
			     FILE *fp)
{
	char bf[512];

	if (c->show_decl_info) {
		fprintf(fp, "/* Used at: %s */\n", pc->cu->name ? pc->cu->name : "(null)");
		fprintf(fp, "/* <%" PRIx64 "> %s:%u */\n", f->src_off,
			f->decl_file ? f->decl_file : "(null)", f->decl_line);
	}
	if (annots_of(pc, f)) {
		uint32_t i;

		for (i = 0; i < f->nr_annots; i++)
			if (f->annots[i].component_idx < 0)
				fprintf(fp, "%s ", f->annots[i].value);
	}
	if (f->virtuality == DW_VIRTUALITY_virtual || f->virtuality == DW_VIRTUALITY_pure_virtual)
		fputs("virtual ", fp);
	fprintf(fp, "%s%s %s", !c->strip_inline && is_declared_inline(f) ? "inline " : "",
		printer__type_name(pc->printer, f->ret_type, bf, sizeof(bf)),
		f->name ? f->name : "");
	params_fprintf(pc, f, c->no_parm_names, 0, fp);
	if (f->virtuality == DW_VIRTUALITY_pure_virtual)
		fputs(" = 0", fp);
	if (!c->no_semicolon)
		fputc(';', fp);
}

/*
 * Without parameter names, upstream prints the prototype's qualified types
 * without their trailing space: "const struct a *", not "const struct a  *".
 */
void pf__function_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
			  FILE *fp)
{
	bool was = printer__set_no_parm_names(pc->printer, c->no_parm_names);

	function_fprintf(pc, f, c, fp);
	printer__set_no_parm_names(pc->printer, was);
}

/* ---- bodies --------------------------------------------------------------------- */

static const char *scope_name(uint8_t scope)
{
	switch (scope) {
	case VSCOPE_LOCAL:	return "local";
	case VSCOPE_GLOBAL:	return "global";
	case VSCOPE_REGISTER:	return "register";
	case VSCOPE_OPTIMIZED:	return "optimized";
	default:		return "unknown";
	}
}

static const struct lexblock empty_block;

static void block_fprintf(struct pf_cu *pc, const struct function *f, const struct lexblock *b,
			  int indent, unsigned int depth, const struct pf_conf *c, FILE *fp);

static int inline_fprintf(struct pf_cu *pc, const struct fn_item *it, int indent,
			  const struct pf_conf *c, FILE *fp)
{
	const struct function *alias;
	size_t len;
	bool was;

	if (it->origin >= pc->cu->nr_functions) {
		fprintf(fp, "<ERROR: inline expansion origin not found>");
		return indent * 8;
	}
	alias = &pc->cu->functions[it->origin];
	fprintf(fp, "%s", alias->name ? alias->name : "(null)");
	len = alias->name ? strlen(alias->name) : 0;
	was = printer__set_no_parm_names(pc->printer, c->no_parm_names);
	params_fprintf(pc, alias, c->no_parm_names, indent + (int)((len + 7) / 8), fp);
	printer__set_no_parm_names(pc->printer, was);
	if (c->no_addr_info)
		fputs("; /* size=0, low_pc=0 */", fp);
	else
		fprintf(fp, "; /* size=%" PRIu64 ", low_pc=%#" PRIx64 " */", it->size, it->addr);
	return 69;
}

/* One item of a block, with its "// LINE" column. */
static void item_fprintf(struct pf_cu *pc, const struct function *f, const struct fn_item *it,
			 int indent, unsigned int depth, const struct pf_conf *c, FILE *fp)
{
	int col = clamp(indent) * 8;	/* the column the tabs reach, as upstream counts it */
	char bf[512];

	if (it->kind == FN_ITEM_BLOCK) {
		block_fprintf(pc, f, it->block, indent, depth + 1, c, fp);
		fputc('\n', fp);
		return;
	}
	fprintf(fp, "%.*s", clamp(indent), tabs);
	switch (it->kind) {
	case FN_ITEM_VARIABLE:
		col += fprintf(fp, "%s %s; /* scope: %s */",
			       printer__type_name(pc->printer, it->type, bf, sizeof(bf)),
			       it->name ? it->name : "(null)",
			       scope_name(c->no_addr_info ? VSCOPE_UNKNOWN : it->scope));
		break;
	case FN_ITEM_LABEL:
		fputc('\n', fp);
		col = fprintf(fp, "%s:", it->name ? it->name : "(null)");
		break;
	default:
		col = inline_fprintf(pc, it, indent, c, fp);
		break;
	}
	fprintf(fp, "%-*.*s// %5u\n", 70 - col, 70 - col, " ", c->no_addr_info ? 0 : it->decl_line);
}

static void block_fprintf(struct pf_cu *pc, const struct function *f, const struct lexblock *b,
			  int indent, unsigned int depth, const struct pf_conf *c, FILE *fp)
{
	const struct lexblock *fb = f->body ? f->body : &empty_block;
	uint32_t i;

	fprintf(fp, "%.*s{", clamp(indent), tabs);
	if (b->low_pc && !c->no_addr_info) {
		uint64_t off = b->low_pc - fb->low_pc;

		if (!off)
			fprintf(fp, " /* low_pc=%#" PRIx64 " */", b->low_pc);
		else
			fprintf(fp, " /* %s+%#" PRIx64 " */", f->name ? f->name : "(null)", off);
	}
	fputc('\n', fp);
	for (i = 0; i < b->nr_items && depth < MAX_NESTING; i++)
		item_fprintf(pc, f, &b->items[i], indent + 1, depth, c, fp);
	fprintf(fp, "%.*s}", clamp(indent), tabs);
	if (fb->low_pc != b->low_pc && !c->no_addr_info)
		fprintf(fp, " /* lexblock size=%d */", (int)b->size);
}

void pf__block_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
		       FILE *fp)
{
	block_fprintf(pc, f, f->body ? f->body : &empty_block, 0, 0, c, fp);
}

void pf__body_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
		      FILE *fp)
{
	const struct lexblock *b = f->body ? f->body : &empty_block;

	block_fprintf(pc, f, b, 0, 0, c, fp);
	fprintf(fp, "/* size: %d", (int)f->size);
	if (b->nr_variables)
		fprintf(fp, ", variables: %u", b->nr_variables);
	if (b->nr_labels)
		fprintf(fp, ", goto labels: %u", b->nr_labels);
	if (b->nr_inline_expansions)
		fprintf(fp, ", inline expansions: %u (%d bytes)", b->nr_inline_expansions,
			(int)b->size_inline_expansions);
	fputs(" */\n", fp);
}
