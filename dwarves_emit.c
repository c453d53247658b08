// SPDX-License-Identifier: GPL-2.0-only
/*
 * The types a struct (pahole --compile) or a function's prototype (pfunct
 * -b, --compile) needs, printed before it, each once. The order, the empty
 * lines and the cases left out (a typedef of a const struct, restrict,
 * type tags) are upstream's, so that the text matches pahole's and
 * pfunct's, which share upstream's emitter; a type printed in an earlier
 * CU is not printed again in a later one that has a type of the same name
 * and kind.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dwarves_emit.h"
#include "dwarves_hash.h"

/*
 * Per type of a CU (struct emit_cu.flags). Upstream keeps each type it
 * printed on one list, of definitions or of forward declarations, and
 * looks names up in the lists: a type printed as a definition after its
 * forward declaration leaves the list of those (LISTED_FWD), and a forward
 * declaration of a type defined already is not listed (LISTED_DEF).
 */
enum {
	EMITTED_DEF = 1, EMITTED_FWD = 2, EMIT_WALKING = 4, LISTED_DEF = 8, LISTED_FWD = 16,
};
enum { MAX_EMIT_DEPTH = 256 };

/* Definitions are told apart by kind: "typedef struct s s;" defines two. */
enum def_set { DEFS_STRUCT, DEFS_UNION, DEFS_ENUM, DEFS_TYPEDEF, DEFS__MAX };

struct type_emissions {
	struct str_set	defs[DEFS__MAX];
	struct str_set	fwds;		/* forward declarations */
	struct str_set	atomics;	/* "atomic_" base types */
	char		**renamed;	/* owned: the NAME__1 given to types */
	uint32_t	nr_renamed, renamed_cap;
	bool		skip_atomic_typedefs;
};

/* One emission: the CU, the output and the first error. */
struct emitter {
	struct type_emissions	*e;
	struct emit_cu		*ec;
	FILE			*fp;
	int			err;
	unsigned int		depth;
};

struct type_emissions *type_emissions__new(bool skip_atomic_typedefs)
{
	struct type_emissions *e = calloc(1, sizeof(*e));

	if (e)
		e->skip_atomic_typedefs = skip_atomic_typedefs;
	return e;
}

void type_emissions__free(struct type_emissions *e)
{
	int i;

	if (!e)
		return;
	for (i = 0; i < DEFS__MAX; i++)
		str_set__release(&e->defs[i]);
	str_set__release(&e->fwds);
	str_set__release(&e->atomics);
	for (i = 0; i < (int)e->nr_renamed; i++)
		free(e->renamed[i]);
	free(e->renamed);
	free(e);
}

/* ---- the walk ----------------------------------------------------------------------- */

static const struct type *type_of(const struct emitter *em, uint32_t id)
{
	const struct cu *cu = em->ec->cu;

	return cu__type(cu, id < cu->nr_types ? id : 0);
}

static void note(struct emitter *em, struct str_set *s, const char *name)
{
	int err = str_set__add(s, name);

	if (err && !em->err)
		em->err = err;
}

static struct str_set *defs_of(struct emitter *em, uint32_t id)
{
	switch (type_of(em, id)->kind) {
	case TK_UNION:		return &em->e->defs[DEFS_UNION];
	case TK_ENUM:		return &em->e->defs[DEFS_ENUM];
	case TK_TYPEDEF:	return &em->e->defs[DEFS_TYPEDEF];
	default:		return &em->e->defs[DEFS_STRUCT];
	}
}

/* Printed in this CU, or under its name in an earlier one (then marked here too). */
static bool is_defined(struct emitter *em, uint32_t id)
{
	if (em->ec->flags[id] & EMITTED_DEF)
		return true;
	if (!str_set__has(defs_of(em, id), type_of(em, id)->name))
		return false;
	em->ec->flags[id] |= EMITTED_DEF;
	return true;
}

static void mark_defined(struct emitter *em, uint32_t id)
{
	uint8_t *flags = &em->ec->flags[id];

	if (*flags & LISTED_FWD)
		str_set__remove(&em->e->fwds, type_of(em, id)->name);
	*flags = (*flags & ~LISTED_FWD) | EMITTED_DEF | LISTED_DEF;
	note(em, defs_of(em, id), type_of(em, id)->name);
}

static void print_type(struct emitter *em, uint32_t id, const char *prefix, const char *suffix)
{
	struct print_top top = { .prefix = prefix, .suffix = suffix };

	printer__print_type(em->ec->printer, id, &top, em->fp);
	fputc('\n', em->fp);
}

/* A struct or union with its summary, if it has a name to be printed under. */
static void emit_type(struct emitter *em, uint32_t id, const char *prefix, const char *suffix)
{
	if (type_of(em, id)->name || prefix || suffix)
		print_type(em, id, prefix, suffix);
}

/*
 * A struct, union or enum named as one of another kind printed already
 * ("struct irte" after "union irte": C has one namespace for the tags).
 */
static bool is_shadowing(struct emitter *em, uint32_t id)
{
	static const enum def_set tagged[] = { DEFS_STRUCT, DEFS_UNION, DEFS_ENUM };
	const struct type *t = type_of(em, id);
	const struct str_set *own = defs_of(em, id);
	size_t i;

	if (!t->name || (t->kind != TK_STRUCT && t->kind != TK_UNION && t->kind != TK_ENUM))
		return false;
	for (i = 0; i < sizeof(tagged) / sizeof(tagged[0]); i++)
		if (&em->e->defs[tagged[i]] != own && str_set__has(&em->e->defs[tagged[i]], t->name))
			return true;
	return false;
}

/*
 * Upstream's way out, as bpftool's vmlinux.h: the second one is NAME__1,
 * in the CU from then on. 0, or -ENOMEM (the name is kept).
 */
static int rename_shadowing(struct emitter *em, uint32_t id)
{
	struct type_emissions *e = em->e;
	const char *name = type_of(em, id)->name;
	size_t len = strlen(name);
	char *renamed;

	if (dw_ensure_cap(&e->renamed, &e->renamed_cap, sizeof(*e->renamed), e->nr_renamed + 1) ||
	    !(renamed = malloc(len + sizeof("__1")))) {
		em->err = em->err ?: -ENOMEM;
		return -ENOMEM;
	}
	memcpy(renamed, name, len);
	memcpy(renamed + len, "__1", sizeof("__1"));
	e->renamed[e->nr_renamed++] = renamed;
	cu__type(em->ec->cu, id)->name = renamed;
	return 0;
}

/*
 * One without enumerators is a declaration, printed again when needed
 * again. Upstream renames a struct or union named as an enum printed
 * already, but not an enum named as a struct or union: its text does not
 * compile then ("defined as wrong kind of tag"); ours renames the enum.
 */
static int emit_enum(struct emitter *em, uint32_t id, const char *suffix)
{
	if (is_defined(em, id))
		return 0;
	if (is_shadowing(em, id) && !rename_shadowing(em, id) && is_defined(em, id))
		return 0;
	print_type(em, id, NULL, suffix);
	if (type_of(em, id)->nr_entries)
		mark_defined(em, id);
	return 1;
}

static int emit_fwd_decl(struct emitter *em, uint32_t id)
{
	const struct type *t = type_of(em, id);

	if (em->ec->flags[id] & EMITTED_FWD || !t->name)
		return 0;
	em->ec->flags[id] |= EMITTED_FWD;
	if (str_set__has(&em->e->fwds, t->name))
		return 0;
	fprintf(em->fp, "%s %s;\n", t->kind == TK_UNION ? "union" : "struct", t->name);
	if (!(em->ec->flags[id] & (LISTED_DEF | LISTED_FWD))) {
		em->ec->flags[id] |= LISTED_FWD;
		note(em, &em->e->fwds, t->name);
	}
	return 1;
}

/* The C spelling of the type an "atomic_" name stands for, after "_Atomic". */
static const char *stdint_simple(const char *name)
{
	static const char *const map[][2] = {
		{ "int32_t", "int" }, { "int16_t", "short" },
		{ "int8_t", "char" }, { "int64_t", "long" },
	};
	size_t i;

	for (i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (!strcmp(name, map[i][0]))
			return map[i][1];
	return name;
}

static void atomic_spelling(const char *rest, FILE *fp)
{
	if (rest[0] == 's' && rest[1] != 'i' && rest[1] != 'h')	/* not size_t, short */
		fprintf(fp, " signed %s", rest + 1);
	else if (rest[0] == 'l' && rest[1] == 'l')
		fputs(" long long", fp);
	else if (rest[0] == 'u' && rest[1] == 'l')
		fputs(rest[2] == 'l' ? " unsigned long long" : " unsigned long", fp);
	else if (rest[0] == 'u')
		fprintf(fp, " unsigned %s", stdint_simple(rest + 1));
	else if (rest[0] == 'b')
		fputs(" _Bool", fp);
	else
		fprintf(fp, " %s", stdint_simple(rest));
}

/* A base type named "atomic_X" gets "typedef _Atomic X atomic_X;". */
static int emit_atomic_base(struct emitter *em, uint32_t id)
{
	static const char prefix[] = "atomic_";
	const char *name = type_of(em, id)->name;

	if (em->e->skip_atomic_typedefs || em->ec->flags[id] & EMITTED_DEF)
		return 0;
	if (!name || strncmp(name, prefix, sizeof(prefix) - 1))
		return 0;
	em->ec->flags[id] |= EMITTED_DEF;
	if (str_set__has(&em->e->atomics, name))
		return 0;
	fputs("typedef _Atomic", em->fp);
	atomic_spelling(name + sizeof(prefix) - 1, em->fp);
	fprintf(em->fp, " %s;\n", name);
	note(em, &em->e->atomics, name);
	return 1;
}

static int emit_refs(struct emitter *em, uint32_t id);
static int emit_typedef(struct emitter *em, uint32_t id);
static int emit_definitions(struct emitter *em, uint32_t id);

/*
 * What a prototype's return type and parameters need; an empty line after.
 * A prototype reaching itself (BTF allows it) is not walked again meanwhile.
 */
static int emit_proto(struct emitter *em, uint32_t id)
{
	const struct type *t = type_of(em, id);
	int printed;
	uint32_t i;

	if (em->ec->flags[id] & EMIT_WALKING || em->depth >= MAX_EMIT_DEPTH)
		return 0;
	em->ec->flags[id] |= EMIT_WALKING;
	em->depth++;
	printed = emit_refs(em, t->type);
	for (i = 0; i < t->nr_entries; i++)
		if (emit_refs(em, t->params[i].type))
			printed = 1;
	em->depth--;
	em->ec->flags[id] &= ~EMIT_WALKING;
	if (printed)
		fputc('\n', em->fp);
	return printed;
}

/* A struct or union reached without a pointer: its needs, then itself. */
static int emit_embedded(struct emitter *em, uint32_t id)
{
	if (emit_definitions(em, id))
		emit_type(em, id, NULL, NULL);
	return 1;
}

/* What a member, parameter or target of type @id needs printed before it. */
static int emit_refs(struct emitter *em, uint32_t id)
{
	bool pointer = false;
	unsigned int n;

	for (n = 0; id && n < CU_MAX_TYPE_NESTING; n++) {
		const struct type *t = type_of(em, id);

		switch (t->kind) {
		case TK_POINTER:
			pointer = true;
			/* fall through */
		case TK_ARRAY: case TK_CONST: case TK_VOLATILE: case TK_ATOMIC:
			id = t->type;
			continue;
		case TK_UNSUPPORTED:
			if (t->encoding != CXX_REF_LVALUE && t->encoding != CXX_REF_RVALUE)
				return 0;
			pointer = true;
			id = t->type;
			continue;
		case TK_BASE:
			return emit_atomic_base(em, id);
		case TK_TYPEDEF:
			return emit_typedef(em, id);
		case TK_ENUM:
			return t->name ? emit_enum(em, id, NULL) : 0;
		case TK_STRUCT: case TK_UNION:
			if (!pointer)
				return emit_embedded(em, id);
			if (!t->name)
				emit_definitions(em, id);
			return emit_fwd_decl(em, id);
		case TK_FUNC_PROTO:
			return emit_proto(em, id);
		default:
			return 0;
		}
	}
	return 0;
}

/* A pointer target of a typedef: another typedef, or a prototype. */
static void emit_typedef_pointee(struct emitter *em, uint32_t id)
{
	const struct type *t = type_of(em, id);

	if (!id)
		return;
	if (t->kind == TK_TYPEDEF)
		emit_typedef(em, id);
	else if (t->kind == TK_FUNC_PROTO)
		emit_proto(em, id);
}

/*
 * What the target of typedef @td needs. True when the target was printed
 * together with the typedef's name (an unnamed struct, union or enum).
 */
static bool emit_typedef_target(struct emitter *em, uint32_t td)
{
	const char *name = type_of(em, td)->name;
	uint32_t tid = type_of(em, td)->type;
	const struct type *t = type_of(em, tid);

	switch (t->kind) {
	case TK_ATOMIC: case TK_ARRAY:
		emit_refs(em, tid);
		return false;
	case TK_TYPEDEF:
		emit_typedef(em, tid);
		return false;
	case TK_POINTER:
		emit_typedef_pointee(em, t->type);
		return false;
	case TK_FUNC_PROTO:
		emit_proto(em, tid);
		return false;
	case TK_ENUM:
		if (t->name) {
			emit_enum(em, tid, NULL);
			return false;
		}
		fputs("typedef ", em->fp);
		emit_enum(em, tid, name);
		return true;
	case TK_STRUCT: case TK_UNION:
		if (t->name) {
			emit_embedded(em, tid);
			return false;
		}
		/* Printed even when the struct was walked already (through a pointer). */
		emit_definitions(em, tid);
		emit_type(em, tid, "typedef", name);
		return true;
	default:
		return false;
	}
}

static int emit_typedef(struct emitter *em, uint32_t id)
{
	static const struct print_top plain;

	if (is_defined(em, id) || em->depth >= MAX_EMIT_DEPTH)
		return 0;
	em->depth++;
	/*
	 * The target may have printed this typedef already: a struct whose
	 * member is a pointer to a function taking the typedef.
	 */
	if (!emit_typedef_target(em, id) && !(em->ec->flags[id] & EMITTED_DEF)) {
		printer__print_type(em->ec->printer, id, &plain, em->fp);
		fputc('\n', em->fp);
	}
	em->depth--;
	mark_defined(em, id);
	return 1;
}

/* The members' needs of struct or union @id; 1 when @id is yet to be printed. */
static int emit_definitions(struct emitter *em, uint32_t id)
{
	const struct type *t = type_of(em, id);
	uint32_t i;

	if (is_defined(em, id))
		return 0;
	if (t->kind == TK_TYPEDEF)
		return emit_typedef(em, id);
	if (is_shadowing(em, id) && !rename_shadowing(em, id) && is_defined(em, id))
		return 0;
	mark_defined(em, id);
	layout__mark_misplaced_members(em->ec->layout, id);
	if (em->depth >= MAX_EMIT_DEPTH || (t->kind != TK_STRUCT && t->kind != TK_UNION))
		return 1;
	em->depth++;
	for (i = 0; i < t->nr_entries; i++)
		if (emit_refs(em, t->members[i].type))
			fputc('\n', em->fp);
	em->depth--;
	return 1;
}

int type_emissions__emit_class(struct type_emissions *e, struct emit_cu *ec, uint32_t id,
			       FILE *fp, bool *is_new)
{
	struct emitter em = { .e = e, .ec = ec, .fp = fp };

	*is_new = id && id < ec->cu->nr_types && emit_definitions(&em, id);
	return em.err;
}

int type_emissions__printed_typedef(struct type_emissions *e, struct emit_cu *ec, uint32_t id)
{
	struct emitter em = { .e = e, .ec = ec };

	if (id && id < ec->cu->nr_types && type_of(&em, id)->kind == TK_TYPEDEF)
		mark_defined(&em, id);
	return em.err;
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
static uint32_t strip(const struct emitter *em, uint32_t id)
{
	unsigned int n;

	for (n = 0; id && n < CU_MAX_TYPE_NESTING; n++) {
		const struct type *t = type_of(em, id);

		if (t->kind != TK_POINTER && !is_modifier(t->kind))
			break;
		id = t->type;
	}
	return id < em->ec->cu->nr_types ? id : 0;
}

/* A parameter's type: a prototype's needs, or a type not printed yet with its needs. */
static void emit_param(struct emitter *em, uint32_t id)
{
	const struct type *t = type_of(em, id);

	if (t->kind == TK_FUNC_PROTO) {
		emit_proto(em, id);
	} else if (is_printable_type(t->kind) && !is_defined(em, id)) {
		emit_definitions(em, id);
		if (t->kind != TK_TYPEDEF)
			emit_type(em, id, NULL, NULL);
		fputc('\n', em->fp);
	}
}

int type_emissions__emit_function(struct type_emissions *e, struct emit_cu *ec,
				  const struct function *f, FILE *fp)
{
	struct emitter em = { .e = e, .ec = ec, .fp = fp };
	uint32_t id = strip(&em, f->ret_type), i;

	/* A typedef returned is printed twice, as upstream's pfunct does. */
	if (id && is_printable_type(type_of(&em, id)->kind) && !is_defined(&em, id)) {
		emit_definitions(&em, id);
		emit_type(&em, id, NULL, NULL);
	}
	for (i = 0; i < f->nr_params; i++) {
		id = strip(&em, f->params[i].type);
		if (id)
			emit_param(&em, id);
	}
	return em.err;
}
