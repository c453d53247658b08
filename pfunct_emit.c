// SPDX-License-Identifier: GPL-2.0-only
/*
 * pfunct's text of one function, as upstream pfunct prints it: the
 * prototype, the body with its lexical blocks (-i, -T with -V), and for
 * -b/--compile the definitions of the types the prototype needs, each
 * printed once (upstream's type emission, forward declarations included).
 * The odd spacing and empty lines are upstream's.
 */
#include <errno.h>
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

/* ---- names ------------------------------------------------------------------------ */

static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (uint8_t)*s++) * 16777619u;
	return h;
}

static bool name_set__has(const struct name_set *s, const char *name)
{
	uint32_t i;

	if (!s->cap)
		return false;
	for (i = name_hash(name) & (s->cap - 1); s->slots[i]; i = (i + 1) & (s->cap - 1))
		if (!strcmp(s->slots[i], name))
			return true;
	return false;
}

static int name_set__add(struct name_set *s, const char *name)
{
	uint32_t i;

	if (name_set__has(s, name))
		return 0;
	if ((s->nr + 1) * 2 > s->cap) {
		struct name_set n = { .cap = s->cap ? s->cap * 2 : 64 };

		n.slots = calloc(n.cap, sizeof(*n.slots));
		if (!n.slots)
			return -ENOMEM;
		for (i = 0; i < s->cap; i++)
			if (s->slots[i])
				name_set__add(&n, s->slots[i]);
		free(s->slots);
		*s = n;
	}
	for (i = name_hash(name) & (s->cap - 1); s->slots[i]; i = (i + 1) & (s->cap - 1))
		;
	s->slots[i] = name;
	s->nr++;
	return 0;
}

void name_set__release(struct name_set *s)
{
	free(s->slots);
	*s = (struct name_set){ 0 };
}

/* ---- prototypes ----------------------------------------------------------------- */

static const struct type *type_at(const struct pf_cu *pc, uint32_t id)
{
	return cu__type(pc->cu, id < pc->cu->nr_types ? id : 0);
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
				       f->has_varargs, indent, fp);
	free(copy);
}

static bool is_declared_inline(const struct function *f)
{
	return f->inlined == DW_INL_declared_inlined || f->inlined == DW_INL_declared_not_inlined;
}

void pf__function_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
			  FILE *fp)
{
	char bf[512];

	if (c->show_decl_info) {
		fprintf(fp, "/* Used at: %s */\n", pc->cu->name ? pc->cu->name : "(null)");
		fprintf(fp, "/* <%" PRIx64 "> %s:%u */\n", f->src_off,
			f->decl_file ? f->decl_file : "(null)", f->decl_line);
	}
	fprintf(fp, "%s%s %s", !c->strip_inline && is_declared_inline(f) ? "inline " : "",
		printer__type_name(pc->printer, f->ret_type, bf, sizeof(bf)),
		f->name ? f->name : "");
	params_fprintf(pc, f, c->no_parm_names, 0, fp);
	if (!c->no_semicolon)
		fputc(';', fp);
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

	if (it->origin >= pc->cu->nr_functions) {
		fprintf(fp, "<ERROR: inline expansion origin not found>");
		return indent * 8;
	}
	alias = &pc->cu->functions[it->origin];
	fprintf(fp, "%s", alias->name ? alias->name : "(null)");
	len = alias->name ? strlen(alias->name) : 0;
	params_fprintf(pc, alias, c->no_parm_names, indent + (int)((len + 7) / 8), fp);
	fprintf(fp, "; /* size=%" PRIu64 ", low_pc=%#" PRIx64 " */", it->size, it->addr);
	return 69;
}

/* One item of a block, with its "// LINE" column. */
static void item_fprintf(struct pf_cu *pc, const struct function *f, const struct fn_item *it,
			 int indent, unsigned int depth, const struct pf_conf *c, FILE *fp)
{
	int col = indent * 8;
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
			       it->name ? it->name : "(null)", scope_name(it->scope));
		break;
	case FN_ITEM_LABEL:
		fputc('\n', fp);
		col = fprintf(fp, "%s:", it->name ? it->name : "(null)");
		break;
	default:
		col = inline_fprintf(pc, it, indent, c, fp);
		break;
	}
	fprintf(fp, "%-*.*s// %5u\n", 70 - col, 70 - col, " ", it->decl_line);
}

static void block_fprintf(struct pf_cu *pc, const struct function *f, const struct lexblock *b,
			  int indent, unsigned int depth, const struct pf_conf *c, FILE *fp)
{
	const struct lexblock *fb = f->body ? f->body : &empty_block;
	uint32_t i;

	fprintf(fp, "%.*s{", clamp(indent), tabs);
	if (b->low_pc) {
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
	if (fb->low_pc != b->low_pc)
		fprintf(fp, " /* lexblock size=%d */", (int)b->size);
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

/* ---- type definitions (-b, --compile) ------------------------------------------- */

/*
 * Upstream's emission: a type is printed once per CU (its flags), and not
 * again in a later CU that has a definition of the same name and kind (the
 * sets).
 */
struct emitter {
	struct pf_emit	*e;
	struct pf_cu	*pc;
	FILE		*fp;
	int		err;
	unsigned int	depth;
};

static int emit_refs(struct emitter *em, uint32_t id);
static int emit_typedef(struct emitter *em, uint32_t id);
static int emit_type(struct emitter *em, uint32_t id);

static struct name_set *defs_of(struct emitter *em, const struct type *t)
{
	switch (t->kind) {
	case TK_UNION:		return &em->e->defs[PF_DEFS_UNION];
	case TK_ENUM:		return &em->e->defs[PF_DEFS_ENUM];
	case TK_TYPEDEF:	return &em->e->defs[PF_DEFS_TYPEDEF];
	default:		return &em->e->defs[PF_DEFS_STRUCT];
	}
}

static bool is_emitted(struct emitter *em, uint32_t id)
{
	const struct type *t = type_at(em->pc, id);

	if (em->pc->emitted[id] & EMIT_DEF)
		return true;
	if (t->name && name_set__has(defs_of(em, t), t->name)) {
		em->pc->emitted[id] |= EMIT_DEF;
		return true;
	}
	return false;
}

static void mark_emitted(struct emitter *em, uint32_t id)
{
	const struct type *t = type_at(em->pc, id);

	em->pc->emitted[id] |= EMIT_DEF;
	if (t->name && !em->err)
		em->err = name_set__add(defs_of(em, t), t->name);
}

/* type__emit(): the declaration of @id with its summary, when it has a name. */
static void print_decl(struct emitter *em, uint32_t id, const char *prefix, const char *suffix)
{
	struct print_top top = { .prefix = prefix, .suffix = suffix };

	if (!type_at(em->pc, id)->name && !prefix && !suffix)
		return;
	printer__print_type(em->pc->printer, id, &top, em->fp);
	fputc('\n', em->fp);
}

static int emit_enum(struct emitter *em, uint32_t id, const char *suffix)
{
	struct print_top top = { .suffix = suffix };

	if (is_emitted(em, id))
		return 0;
	printer__print_type(em->pc->printer, id, &top, em->fp);
	fputc('\n', em->fp);
	mark_emitted(em, id);
	return 1;
}

static int emit_fwd(struct emitter *em, uint32_t id)
{
	const struct type *t = type_at(em->pc, id);

	if (em->pc->emitted[id] & EMIT_FWD || !t->name)
		return 0;
	em->pc->emitted[id] |= EMIT_FWD;
	if (name_set__has(&em->e->fwds, t->name))
		return 0;
	fprintf(em->fp, "%s %s;\n", t->kind == TK_UNION ? "union" : "struct", t->name);
	if (!em->err)
		em->err = name_set__add(&em->e->fwds, t->name);
	return 1;
}

/*
 * ftype__emit_definitions(): what a prototype's return and parameters
 * need. A prototype that reaches itself (through pointers to it, which
 * BTF allows) is not walked again while it is being walked.
 */
static int emit_proto(struct emitter *em, uint32_t id)
{
	const struct type *t = type_at(em->pc, id);
	int printed;
	uint32_t i;

	if (em->pc->emitted[id] & EMIT_BUSY || em->depth >= MAX_NESTING)
		return 0;
	em->pc->emitted[id] |= EMIT_BUSY;
	em->depth++;
	printed = emit_refs(em, t->type);
	for (i = 0; i < t->nr_entries; i++)
		if (emit_refs(em, t->params[i].type))
			printed = 1;
	em->depth--;
	em->pc->emitted[id] &= ~EMIT_BUSY;
	if (printed)
		fputc('\n', em->fp);
	return printed;
}

/* tag__emit_definitions(): what a reference to @id needs printed before it. */
static int emit_refs(struct emitter *em, uint32_t id)
{
	bool pointer = false;
	unsigned int n;

	for (n = 0; id && n < CU_MAX_TYPE_NESTING; n++) {
		const struct type *t = type_at(em->pc, id);

		switch (t->kind) {
		case TK_POINTER:
			pointer = true;
			/* fall through */
		case TK_ARRAY: case TK_CONST: case TK_VOLATILE: case TK_TYPE_TAG:
			id = t->type;
			continue;
		case TK_UNSUPPORTED:
			if (t->encoding != CXX_REF_LVALUE && t->encoding != CXX_REF_RVALUE)
				return 0;
			pointer = true;
			id = t->type;
			continue;
		case TK_TYPEDEF:
			return emit_typedef(em, id);
		case TK_ENUM:
			return t->name ? emit_enum(em, id, NULL) : 0;
		case TK_STRUCT: case TK_UNION:
			if (pointer) {
				if (!t->name)
					emit_type(em, id);
				return emit_fwd(em, id);
			}
			if (emit_type(em, id))
				print_decl(em, id, NULL, NULL);
			return 1;
		case TK_FUNC_PROTO:
			return emit_proto(em, id);
		default:
			return 0;
		}
	}
	return 0;
}

/* What the target of typedef @id needs; an unnamed struct or enum prints with it. */
static bool emit_typedef_target(struct emitter *em, uint32_t id)
{
	const struct type *td = type_at(em->pc, id);
	uint32_t tid = td->type;
	const struct type *t = type_at(em->pc, tid);

	switch (t->kind) {
	case TK_ARRAY:
		emit_refs(em, t->type);
		break;
	case TK_TYPEDEF:
		emit_typedef(em, tid);
		break;
	case TK_POINTER:
		if (!t->type)
			break;
		if (type_at(em->pc, t->type)->kind == TK_TYPEDEF) {
			emit_typedef(em, t->type);
			break;
		}
		if (type_at(em->pc, t->type)->kind == TK_FUNC_PROTO)
			emit_proto(em, t->type);
		break;
	case TK_FUNC_PROTO:
		emit_proto(em, tid);
		break;
	case TK_ENUM:
		if (t->name) {
			emit_enum(em, tid, NULL);
			break;
		}
		fputs("typedef ", em->fp);
		emit_enum(em, tid, td->name);
		return true;
	case TK_STRUCT: case TK_UNION:
		if (!t->name) {
			/* Printed even when the struct was walked already (through a pointer). */
			emit_type(em, tid);
			print_decl(em, tid, "typedef", td->name);
			return true;
		}
		if (emit_type(em, tid))
			print_decl(em, tid, NULL, NULL);
		break;
	default:
		break;
	}
	return false;
}

static int emit_typedef(struct emitter *em, uint32_t id)
{
	static const struct print_top plain;

	if (is_emitted(em, id))
		return 0;
	if (em->depth >= MAX_NESTING)
		return 0;
	em->depth++;
	/* The target may have printed this typedef already (a member's prototype using it). */
	if (!emit_typedef_target(em, id) && !(em->pc->emitted[id] & EMIT_DEF)) {
		printer__print_type(em->pc->printer, id, &plain, em->fp);
		fputc('\n', em->fp);
	}
	em->depth--;
	mark_emitted(em, id);
	return 1;
}

/* type__emit_definitions(): @id's members' types; 1 when @id is yet to be printed. */
static int emit_type(struct emitter *em, uint32_t id)
{
	const struct type *t = type_at(em->pc, id);
	uint32_t i, n;

	if (is_emitted(em, id))
		return 0;
	if (t->kind == TK_TYPEDEF)
		return emit_typedef(em, id);
	mark_emitted(em, id);
	if (em->depth >= MAX_NESTING)
		return 1;
	em->depth++;
	n = t->kind == TK_STRUCT || t->kind == TK_UNION ? t->nr_entries : 0;
	for (i = 0; i < n; i++)
		if (emit_refs(em, t->members[i].type))
			fputc('\n', em->fp);
	em->depth--;
	return 1;
}

static bool is_modifier(uint8_t kind)
{
	return kind == TK_CONST || kind == TK_VOLATILE || kind == TK_RESTRICT ||
	       kind == TK_ATOMIC || kind == TK_TYPE_TAG;
}

static bool is_printable_type(uint8_t kind)
{
	return kind == TK_STRUCT || kind == TK_UNION || kind == TK_TYPEDEF || kind == TK_ENUM;
}

/* Through pointers and qualifiers to what a parameter or the return value names. */
static uint32_t strip(const struct pf_cu *pc, uint32_t id)
{
	unsigned int n;

	for (n = 0; id && n < CU_MAX_TYPE_NESTING; n++) {
		const struct type *t = type_at(pc, id);

		if (t->kind != TK_POINTER && !is_modifier(t->kind))
			break;
		id = t->type;
	}
	return id < pc->cu->nr_types ? id : 0;
}

int pf__emit_fn_types(struct pf_emit *e, struct pf_cu *pc, const struct function *f, FILE *fp)
{
	struct emitter em = { .e = e, .pc = pc, .fp = fp };
	uint32_t id = strip(pc, f->ret_type), i;

	if (id && is_printable_type(type_at(pc, id)->kind) && !is_emitted(&em, id)) {
		emit_type(&em, id);
		print_decl(&em, id, NULL, NULL);
	}
	for (i = 0; i < f->nr_params; i++) {
		const struct type *t;

		id = strip(pc, f->params[i].type);
		if (!id)
			continue;
		t = type_at(pc, id);
		if (t->kind == TK_FUNC_PROTO) {
			emit_proto(&em, id);
		} else if (is_printable_type(t->kind) && !is_emitted(&em, id)) {
			emit_type(&em, id);
			if (t->kind != TK_TYPEDEF)
				print_decl(&em, id, NULL, NULL);
			fputc('\n', fp);
		}
	}
	return em.err;
}
