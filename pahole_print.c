// SPDX-License-Identifier: GPL-2.0-only
/*
 * The print job. CUs arrive in CU order on the main thread; each struct or
 * union that passes the filters is printed the first time an equal one is
 * seen (same name, size and member names/offsets), or, with --sort, kept
 * with its CU and printed at the end in name order.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <gelf.h>

#include "btf_loader.h"
#include "dwarves_emit.h"
#include "dwarves_hash.h"
#include "log.h"
#include "pahole_print.h"
#include "reorganize.h"
#include "tool_load.h"
#include "tuning.h"

/* One loaded CU with what printing it needs; kept to the end with --sort. */
struct job_cu {
	struct cu		*cu;
	struct layout		*layout;
	struct printer		*printer;
	/* --compile: the printer of what a type needs (upstream's defaults), owned */
	struct printer		*emit_printer;
	uint8_t			*emit_flags;	/* --compile: owned, by type id */
};

/* What de-duplication compares, copied so that the CU can be freed. */
struct key_member {
	const char	*name;		/* in the key's blob; NULL when unnamed */
	uint64_t	bit_offset;
	uint32_t	bitfield_size;
};

struct struct_key {
	const char		*name;
	uint64_t		byte_size;
	uint32_t		nr_members;
	struct key_member	members[];
};

/* A struct printed (or to print): its identity for de-duplication. */
struct structure {
	struct struct_key *key;		/* owned */
	struct job_cu	*jcu;		/* only while the CU is kept (--sort) */
	uint32_t	id;
	uint32_t	nr_files;
	uint32_t	nr_methods;	/* -m */
};

/* A -C entry still being looked for. */
struct class_name {
	char		*name;
	bool		found;
};

struct print_job {
	const struct print_job_opts	*opts;
	struct structure		*structs;
	uint32_t			nr_structs, structs_cap;
	struct hash_index		index;		/* struct_hash() -> index in structs */
	struct job_cu			**kept;
	uint32_t			nr_kept, kept_cap;
	struct tool_load		load;		/* the files, those of kept CUs kept open */
	struct class_name		*names;
	uint32_t			nr_names, names_cap, nr_pending;
	bool				stop;
	struct btf			*base;
	uint32_t			nr_cus;
	uint32_t			nr_stats;	/* --ptr_table_stats lines printed */
	print_job_cu_fn			consume;	/* print_job__load(): takes the CUs */
	void				*consume_ctx;
	struct type_emissions		*emissions;	/* --compile: owned */
};

enum { STOP_LOADING = TOOL_LOAD_STOP };

/* ---- CUs ------------------------------------------------------------------------ */

static void job_cu_free(struct job_cu *jc)
{
	if (!jc)
		return;
	free(jc->emit_flags);
	printer__free(jc->emit_printer);
	printer__free(jc->printer);
	layout__free(jc->layout);
	cu__free(jc->cu);
	free(jc);
}

/*
 * Whether what @jc printed may be wrong for want of memory: a struct's
 * layout (printed without members) or a prototype's name could not be
 * allocated.
 */
static bool job_cu_out_of_memory(const struct job_cu *jc)
{
	return layout__out_of_memory(jc->layout) || printer__out_of_memory(jc->printer) ||
	       (jc->emit_printer && printer__out_of_memory(jc->emit_printer));
}

static struct job_cu *job_cu_new(const struct print_job *j, struct cu *cu)
{
	struct job_cu *jc = calloc(1, sizeof(*jc));

	if (!jc) {
		cu__free(cu);
		return NULL;
	}
	jc->cu = cu;
	jc->layout = layout__new(cu, &j->opts->layout);
	jc->printer = jc->layout ? printer__new(cu, jc->layout, &j->opts->fprintf) : NULL;
	if (!jc->printer) {
		job_cu_free(jc);
		return NULL;
	}
	return jc;
}

/*
 * --compile: the flags of the emitter and its printer, which prints what a
 * type needs as upstream's does, with the default options but for the
 * cacheline size. 0 or -ENOMEM.
 */
static int job_cu_emitting(const struct print_job *j, struct job_cu *jc)
{
	struct fprintf_opts plain = { .cacheline_size = j->opts->fprintf.cacheline_size };

	jc->emit_flags = calloc(jc->cu->nr_types, 1);
	jc->emit_printer = printer__new(jc->cu, jc->layout, &plain);
	return jc->emit_flags && jc->emit_printer ? 0 : -ENOMEM;
}

/* ---- de-duplication ------------------------------------------------------------- */

static uint32_t struct_hash(const struct type *t)
{
	return hash_str(t->name) ^ (uint32_t)t->byte_size * 31 ^ t->nr_entries;
}

/* Upstream's equality: name, size, member count and member names/offsets/widths. */
static bool same_struct(const struct struct_key *a, const struct type *b)
{
	uint32_t i;

	if (strcmp(a->name, b->name) || a->byte_size != b->byte_size ||
	    a->nr_members != b->nr_entries)
		return false;
	for (i = 0; i < a->nr_members; i++) {
		const struct key_member *ma = &a->members[i];
		const struct member *mb = &b->members[i];

		if (ma->name && mb->name && strcmp(ma->name, mb->name))
			return false;
		if (ma->bit_offset != mb->bit_offset || ma->bitfield_size != mb->bitfield_size)
			return false;
	}
	return true;
}

static struct struct_key *key_new(const struct type *t)
{
	size_t size = sizeof(struct struct_key) + t->nr_entries * sizeof(struct key_member);
	struct struct_key *k;
	uint32_t i;
	char *str;

	size += strlen(t->name) + 1;
	for (i = 0; i < t->nr_entries; i++)
		size += t->members[i].name ? strlen(t->members[i].name) + 1 : 0;
	k = malloc(size);
	if (!k)
		return NULL;
	str = (char *)&k->members[t->nr_entries];
	k->name = strcpy(str, t->name);
	str += strlen(str) + 1;
	k->byte_size = t->byte_size;
	k->nr_members = t->nr_entries;
	for (i = 0; i < t->nr_entries; i++) {
		const struct member *m = &t->members[i];

		k->members[i].name = NULL;
		if (m->name) {
			k->members[i].name = strcpy(str, m->name);
			str += strlen(str) + 1;
		}
		k->members[i].bit_offset = m->bit_offset;
		k->members[i].bitfield_size = m->bitfield_size;
	}
	return k;
}

/*
 * Returns the entry for struct @id of @jc, adding it if new (*existing
 * false). With --sort nothing is equal yet: the final sort weeds out copies.
 */
static int structures_add(struct print_job *j, struct job_cu *jc, uint32_t id,
			  struct structure **ret, bool *existing)
{
	const struct type *t = cu__type(jc->cu, id);
	uint32_t h = struct_hash(t), p;
	struct structure *s;
	int err;

	for (p = j->opts->sort ? 0 : hash_index__first(&j->index, h); p;
	     p = hash_index__next(&j->index, p)) {
		s = &j->structs[hash_index__value(&j->index, p)];
		if (same_struct(s->key, t)) {
			*existing = true;
			*ret = s;
			return 0;
		}
	}
	err = dw_ensure_cap(&j->structs, &j->structs_cap, sizeof(*j->structs), j->nr_structs + 1);
	if (err)
		return err;
	s = &j->structs[j->nr_structs];
	*s = (struct structure){ .jcu = jc, .id = id, .nr_files = 1, .key = key_new(t) };
	if (!s->key)
		return -ENOMEM;
	err = hash_index__add(&j->index, h, j->nr_structs);
	if (err) {
		free(s->key);
		return err;
	}
	j->nr_structs++;
	*existing = false;
	*ret = s;
	return 0;
}

/* ---- filters ------------------------------------------------------------------------ */

static uint32_t first_typedef_of(const struct cu *cu, uint32_t id)
{
	uint32_t i;

	for (i = 1; i < cu->nr_types; i++)
		if (cu__type(cu, i)->kind == TK_TYPEDEF && cu__type(cu, i)->type == id)
			return i;
	return 0;
}

static bool has_prefix(const char *s, const char *prefix)
{
	return !strncmp(prefix, s, strlen(prefix));
}

/* Unnamed types match -x/-y through their first typedef's name. */
static const char *filter_name(const struct cu *cu, uint32_t id)
{
	uint32_t td;

	if (cu__type(cu, id)->name)
		return cu__type(cu, id)->name;
	td = first_typedef_of(cu, id);
	return td ? cu__type(cu, td)->name : NULL;
}

static bool has_hole_ge(const struct type *t, const struct class_layout *cl, uint32_t size)
{
	uint32_t i;

	if (!cl->nr_holes)
		return false;
	for (i = 0; i < t->nr_entries; i++)
		if (cl->members[i].hole >= (int32_t)size)
			return true;
	return false;
}

static bool name_filters_pass(const struct print_job_opts *o, const struct cu *cu, uint32_t id)
{
	const struct type *t = cu__type(cu, id);
	const char *name;

	if (!o->anon_include && !t->name)
		return false;
	if (o->exclude_prefix) {
		name = filter_name(cu, id);
		if (name && has_prefix(name, o->exclude_prefix))
			return false;
	}
	if (o->include_prefix) {
		name = filter_name(cu, id);
		if (name && !has_prefix(name, o->include_prefix))
			return false;
	}
	if (o->decl_exclude_prefix &&
	    (!t->decl_file || has_prefix(t->decl_file, o->decl_exclude_prefix)))
		return false;
	return true;
}

static bool layout_filters_pass(const struct print_job *j, struct job_cu *jc, uint32_t id)
{
	const struct print_job_opts *o = j->opts;
	const struct type *t = cu__type(jc->cu, id);
	struct class_layout *cl = layout__class(jc->layout, id);

	if (!cl)
		return false;
	if (cl->nr_holes < o->nr_holes || cl->nr_bit_holes < o->nr_bit_holes ||
	    (o->hole_size_ge && !has_hole_ge(t, cl, o->hole_size_ge)))
		return false;
	if (o->packable && !reorganize__is_packable(jc->printer, jc->layout, id))
		return false;
	if (o->with_flexible_array && !layout__has_flexible_array(jc->cu, id))
		return false;
	if (o->with_embedded_flexible_array && !layout__has_embedded_flexible_array(jc->cu, id))
		return false;
	if (o->padding >= 0 && (o->padding == 0 || cl->padding != o->padding))
		return false;
	if (o->padding_ge >= 0 && cl->padding < o->padding_ge)
		return false;
	return true;
}

/*
 * Upstream's class__filter, in its order. As in v1.32, the filters only a
 * struct can pass (packable, holes, padding, flexible arrays) leave out
 * unions, with --unions too.
 */
static bool class_filter(const struct print_job *j, struct job_cu *jc, uint32_t id)
{
	const struct print_job_opts *o = j->opts;
	const struct type *t = cu__type(jc->cu, id);
	bool needs_struct = o->just_structs || o->packable || o->nr_holes || o->nr_bit_holes ||
			    o->hole_size_ge || o->padding >= 0 || o->padding_ge >= 0 ||
			    o->with_flexible_array || o->with_embedded_flexible_array;

	if (o->just_unions && t->kind != TK_UNION)
		return false;
	if ((o->just_structs || o->just_packed) && t->kind != TK_STRUCT)
		return false;
	if (o->just_packed && !layout__infer_packed(jc->layout, id))
		return false;
	if (t->is_private && !o->show_private_classes)
		return false;
	if (t->is_declaration || !name_filters_pass(o, jc->cu, id))
		return false;
	if (t->kind != TK_STRUCT)
		return !needs_struct;
	return layout_filters_pass(j, jc, id);
}

/* ---- formatters ---------------------------------------------------------------------- */

static const char *name_or_null(const char *s)
{
	return s ? s : "(null)";
}

/* How type @id is printed on its own: an unnamed one through its first typedef. */
static struct print_top top_of(const struct job_cu *jc, uint32_t id)
{
	const struct type *t = cu__type(jc->cu, id);
	struct print_top top = { 0 };

	if (!t->name && (t->kind == TK_STRUCT || t->kind == TK_UNION)) {
		uint32_t td = first_typedef_of(jc->cu, id);

		if (td) {
			top.prefix = "typedef";
			top.suffix = cu__type(jc->cu, td)->name;
		}
	}
	return top;
}

static void print_layout(struct job_cu *jc, uint32_t id, bool extra_newline)
{
	struct print_top top = top_of(jc, id);

	printer__print_type(jc->printer, id, &top, stdout);
	putchar('\n');
	if (extra_newline)
		putchar('\n');
}

/* A typedef of an unnamed struct, union or enum, which C cannot define twice. */
static bool is_typedef_of_unnamed(const struct cu *cu, uint32_t id)
{
	const struct type *t = cu__type(cu, id), *target;

	if (t->kind != TK_TYPEDEF || !t->type || t->type >= cu->nr_types)
		return false;
	target = cu__type(cu, t->type);
	return !target->name &&
	       (target->kind == TK_STRUCT || target->kind == TK_UNION || target->kind == TK_ENUM);
}

/*
 * --compile: the types @id needs, then @id, once each. As upstream, a type
 * printed already leaves only the newline that would have ended it; -C
 * (@extra_newline) adds an empty line. Where upstream's text defines an
 * unnamed type twice (a -C typedef of one printed by the emission and again
 * as asked; with -a, a typedef printed with its struct and again where
 * needed), which C refuses, ours defines it once.
 */
static int emit_class(const struct print_job *j, struct job_cu *jc, uint32_t id,
		      bool extra_newline)
{
	struct emit_cu ec = {
		.cu = jc->cu, .layout = jc->layout, .printer = jc->emit_printer,
		.flags = jc->emit_flags,
	};
	struct print_top top = top_of(jc, id);
	bool is_new = false;
	int err = 0;

	/* Unnamed ones are printed through a typedef, or with -A, as without it. */
	if (cu__type(jc->cu, id)->name || top.suffix || j->opts->nested_anon_include) {
		err = type_emissions__emit_class(j->emissions, &ec, id, stdout, &is_new);
		if (is_new && !is_typedef_of_unnamed(jc->cu, id))
			printer__print_type(jc->printer, id, &top, stdout);
		if (is_new && top.suffix && !err)
			err = type_emissions__printed_typedef(j->emissions, &ec,
							      first_typedef_of(jc->cu, id));
		putchar('\n');
	}
	if (extra_newline)
		putchar('\n');
	return err;
}

static void run_formatter(const struct print_job *j, struct job_cu *jc, uint32_t id)
{
	const struct print_job_opts *o = j->opts;
	const struct type *t = cu__type(jc->cu, id);
	struct class_layout *cl = layout__class(jc->layout, id);
	const char *name = name_or_null(t->name);
	char sep = o->separator;

	switch (o->formatter) {
	case FMT_LAYOUT:
		/* Unnamed ones are printed through a typedef, or with -A. */
		if (!t->name && !first_typedef_of(jc->cu, id) && !o->nested_anon_include)
			return;
		print_layout(jc, id, false);
		break;
	case FMT_SIZES:
		printf("%s%c%d%c%u\n", name, sep, (int)t->byte_size, sep,
		       t->kind == TK_UNION || !cl ? 0 : cl->nr_holes);
		break;
	case FMT_NR_MEMBERS:
		printf("%s%c%u\n", name, sep, t->nr_entries);
		break;
	case FMT_NAME_LEN:
		printf("%s%c%zu\n", name, sep, t->name ? strlen(t->name) : 0);
		break;
	case FMT_NAME:
		puts(name);
		break;
	case FMT_NONE:
		break;
	}
}

static void print_packable(struct job_cu *jc, uint32_t id, char sep)
{
	const struct type *t = cu__type(jc->cu, id);
	uint64_t new_size = reorganize__packed_size(jc->printer, jc->layout, id);
	const char *name = filter_name(jc->cu, id);

	if (name)
		printf("%s%c%d%c%d%c%d\n", name, sep, (int)t->byte_size, sep, (int)new_size,
		       sep, (int)(t->byte_size - new_size));
	else
		printf("%s(%u)%c%d%c%d%c%d\n", name_or_null(t->decl_file), t->decl_line, sep,
		       (int)t->byte_size, sep, (int)new_size, sep, (int)(t->byte_size - new_size));
}

/* Default mode: every selected struct and union of the CU, once. */
static int print_classes(struct print_job *j, struct job_cu *jc, bool *keep)
{
	const struct print_job_opts *o = j->opts;
	uint32_t id;
	int err = 0;

	for (id = 1; id < jc->cu->nr_types; id++) {
		const struct type *t = cu__type(jc->cu, id);
		struct structure *s;
		bool existing;

		if (t->kind != TK_STRUCT && t->kind != TK_UNION)
			continue;
		if (!t->name && !o->anon_include && !o->nested_anon_include)
			continue;
		if (!class_filter(j, jc, id))
			continue;
		if (t->name) {
			err = structures_add(j, jc, id, &s, &existing);
			if (err)
				return err;
			if (existing) {
				s->nr_files++;
				continue;
			}
			*keep = *keep || o->sort;
		}
		if (o->packable && !o->verbose)
			print_packable(jc, id, o->separator);
		else if (o->sort && o->formatter == FMT_LAYOUT)
			continue;
		else if (j->emissions && o->formatter == FMT_LAYOUT)
			err = emit_class(j, jc, id, false);
		else
			run_formatter(j, jc, id);
		if (err)
			return err;
	}
	return 0;
}

/*
 * -m: each parameter, of any function of the CU, whose type is directly a
 * pointer to a named struct that passes the filters, counts as a method of
 * that struct ("const struct s *" does not: the pointee is a qualifier).
 */
static int account_methods(struct print_job *j, struct job_cu *jc)
{
	const struct cu *cu = jc->cu;
	uint32_t i, k;
	int err;

	for (i = 0; i < cu->nr_functions; i++) {
		const struct function *f = &cu->functions[i];

		for (k = 0; k < f->nr_params; k++) {
			uint32_t pid = f->params[k].type, sid;
			struct structure *s;
			bool existing;

			if (!pid || pid >= cu->nr_types || cu__type(cu, pid)->kind != TK_POINTER)
				continue;
			sid = cu__type(cu, pid)->type;
			if (!sid || sid >= cu->nr_types || cu__type(cu, sid)->kind != TK_STRUCT ||
			    !cu__type(cu, sid)->name || !class_filter(j, jc, sid))
				continue;
			err = structures_add(j, jc, sid, &s, &existing);
			if (err)
				return err;
			s->nr_methods++;
		}
	}
	return 0;
}

/* ---- -C and the queries built on it ------------------------------------------------ */

static bool is_named_kind(uint8_t kind)
{
	return kind == TK_STRUCT || kind == TK_UNION || kind == TK_ENUM || kind == TK_TYPEDEF;
}

/* The first type of the CU with that name (declarations only if asked). */
static uint32_t find_type(const struct cu *cu, const char *name, bool include_decls)
{
	uint32_t id;

	for (id = 1; id < cu->nr_types; id++) {
		const struct type *t = cu__type(cu, id);

		if (is_named_kind(t->kind) && t->name && !strcmp(t->name, name) &&
		    (!t->is_declaration || include_decls))
			return id;
	}
	return 0;
}

static uint32_t nr_members_of_type(const struct type *t, uint32_t type)
{
	uint32_t i, n = 0;

	for (i = 0; i < t->nr_entries; i++)
		n += t->members[i].type == type;
	return n;
}

/* -i: structs with a member of exactly that type; -d descends into members. */
static int print_containers(struct print_job *j, struct job_cu *jc, uint32_t sid,
			    uint32_t contained, int indent)
{
	const struct type *t = cu__type(jc->cu, sid);
	uint32_t n = nr_members_of_type(t, contained), i;
	struct structure *s;
	bool existing;
	int err;

	if (!n)
		return 0;
	if (!indent) {
		err = structures_add(j, jc, sid, &s, &existing);
		if (err || existing)
			return err;
	}
	printf("%*s%s", indent * 2, "", name_or_null(t->name));
	if (j->opts->verbose)
		printf(": %u", n);
	putchar('\n');
	if (!j->opts->recursive || indent > 64)
		return 0;
	for (i = 0; i < t->nr_entries; i++) {
		uint32_t mt = t->members[i].type;
		uint8_t kind = cu__type(jc->cu, mt)->kind;

		if (mt && (kind == TK_STRUCT || kind == TK_UNION) && cu__type(jc->cu, mt)->name)
			print_containers(j, jc, mt, contained, indent + 1);
	}
	return 0;
}

static int containers(struct print_job *j, struct job_cu *jc, uint32_t contained)
{
	uint32_t id;
	int err;

	for (id = 1; id < jc->cu->nr_types; id++) {
		const struct type *t = cu__type(jc->cu, id);

		if ((t->kind != TK_STRUCT && t->kind != TK_UNION) || !t->name ||
		    !class_filter(j, jc, id))
			continue;
		err = print_containers(j, jc, id, contained, 0);
		if (err)
			return err;
	}
	return 0;
}

/* -f: "struct: member" for members that point directly to the type. */
static int pointers_to(struct print_job *j, struct job_cu *jc, uint32_t target)
{
	uint32_t id, i;
	int err;

	for (id = 1; id < jc->cu->nr_types; id++) {
		const struct type *t = cu__type(jc->cu, id);
		bool looked = false, existing;
		struct structure *s;

		if ((t->kind != TK_STRUCT && t->kind != TK_UNION) || !t->name ||
		    !class_filter(j, jc, id))
			continue;
		for (i = 0; i < t->nr_entries; i++) {
			const struct type *mt = cu__type(jc->cu, t->members[i].type);

			if (!t->members[i].type || mt->kind != TK_POINTER || mt->type != target)
				continue;
			if (!looked) {
				err = structures_add(j, jc, id, &s, &existing);
				if (err)
					return err;
				if (existing)
					break;
				looked = true;
			}
			printf("%s: %s\n", t->name, name_or_null(t->members[i].name));
		}
	}
	return 0;
}

static int print_found(struct print_job *j, struct job_cu *jc, uint32_t id)
{
	const struct print_job_opts *o = j->opts;

	if (o->reorganize) {
		if (cu__type(jc->cu, id)->kind != TK_STRUCT)
			return 0;
		return reorganize__print(jc->printer, jc->layout, id, o->show_reorg_steps,
					 o->verbose, stdout);
	}
	if (o->contains)
		return containers(j, jc, id);
	if (o->find_pointers_to)
		return pointers_to(j, jc, id);
	if (o->formatter == FMT_LAYOUT && j->emissions)
		return emit_class(j, jc, id, true);
	if (o->formatter == FMT_LAYOUT) {
		print_layout(jc, id, true);
		return 0;
	}
	run_formatter(j, jc, id);
	putchar('\n');
	return 0;
}

/* Tries the pending -C names in list order; a missing one abandons the CU. */
static int find_class_names(struct print_job *j, struct job_cu *jc)
{
	bool include_decls = j->opts->find_pointers_to != NULL;
	uint32_t i, id;
	int err;

	for (i = 0; i < j->nr_names; i++) {
		struct class_name *cn = &j->names[i];

		if (cn->found)
			continue;
		id = find_type(jc->cu, cn->name, include_decls);
		if (!id) {
			if (j->opts->skip_missing)
				continue;
			break;
		}
		cn->found = true;
		j->nr_pending--;
		if (j->opts->defined_in) {
			puts(jc->cu->name ? jc->cu->name : "(null)");
			break;
		}
		err = print_found(j, jc, id);
		if (err)
			return err;
	}
	if (!j->nr_pending)
		j->stop = true;
	return 0;
}

/* ---- --contains_enumerator ------------------------------------------------------------ */

static uint32_t find_enum_with(const struct cu *cu, const char *enumerator)
{
	uint32_t id, i;

	for (id = 1; id < cu->nr_types; id++) {
		const struct type *t = cu__type(cu, id);

		if (t->kind != TK_ENUM)
			continue;
		for (i = 0; i < t->nr_entries; i++)
			if (t->enumerators[i].name && !strcmp(t->enumerators[i].name, enumerator))
				return id;
	}
	return 0;
}

/* ---- per CU ------------------------------------------------------------------------ */

static bool cu_filtered_out(const struct print_job_opts *po, const struct cu *cu)
{
	const struct dwarf_loader_opts *o = po->loader;
	unsigned int i;

	if (o->cu_exclude_prefix && (!cu->name || has_prefix(cu->name, o->cu_exclude_prefix)))
		return true;
	if (!o->nr_langs)
		return false;
	for (i = 0; i < o->nr_langs; i++)
		if (o->langs[i] == cu->language)
			return false;
	return true;
}

static int keep_cu(struct print_job *j, struct job_cu *jc)
{
	int err = dw_ensure_cap(&j->kept, &j->kept_cap, sizeof(*j->kept), j->nr_kept + 1);

	if (err)
		return err;
	j->kept[j->nr_kept++] = jc;
	return 0;
}

/* print_job__load(): the CU goes to the consumer, which may stop loading. */
static int consume_cu(struct print_job *j, struct cu *cu)
{
	int ret = j->consume(cu, j->consume_ctx);

	if (ret > 0)
		j->stop = true;
	return ret < 0 ? ret : j->stop ? STOP_LOADING : 0;
}

/*
 * Upstream's columns: a CU's three pointer tables (every DIE that is not a
 * type or a function, types with void at 0, functions), each used and
 * allocated. Ours are its arrays: variables and type decl tags (all the CU
 * keeps that is neither type nor function), types with void at 0,
 * functions; each as many as held and as many as allocated.
 */
void print_job__table_stats(const struct cu *cu, bool header, FILE *fp)
{
	if (header)
		fputs("# cu,tags,allocated_tags,types,allocated_types,functions,"
		      "allocated_functions\n", fp);
	fprintf(fp, "%s,%u,%u,%u,%u,%u,%u\n", cu->name ? cu->name : "",
		cu->nr_variables + cu->nr_type_annots, cu->variables_cap + cu->type_annots_cap,
		cu->nr_types, cu->types_cap, cu->nr_functions, cu->functions_cap);
}

static int handle_cu(struct cu *cu, void *ctx)
{
	struct print_job *j = ctx;
	const struct print_job_opts *o = j->opts;
	struct job_cu *jc;
	bool keep = false;
	uint32_t eid;
	int err = 0;

	tuning__advise();
	if (j->stop || cu_filtered_out(o, cu)) {
		cu__free(cu);
		return j->stop ? STOP_LOADING : 0;
	}
	if (o->ptr_table_stats)
		print_job__table_stats(cu, !j->nr_stats++, stderr);
	if (j->consume)
		return consume_cu(j, cu);
	jc = job_cu_new(j, cu);
	if (!jc)
		return -ENOMEM;
	if (o->compile && job_cu_emitting(j, jc)) {
		job_cu_free(jc);
		return -ENOMEM;
	}
	j->nr_cus++;
	if (o->contains_enumerator && (eid = find_enum_with(cu, o->contains_enumerator))) {
		struct print_top top = { .no_semicolon = true };

		printer__print_type(jc->printer, eid, &top, stdout);
		putchar('\n');
	} else if (j->nr_names) {
		err = find_class_names(j, jc);
	} else if (o->nr_methods) {
		err = account_methods(j, jc);
	} else {
		err = print_classes(j, jc, &keep);
	}
	keep = keep || (o->nr_definitions && j->nr_structs);
	if (!err && job_cu_out_of_memory(jc))
		err = -ENOMEM;
	if (!err && keep)
		err = keep_cu(j, jc);
	else
		job_cu_free(jc);
	if (!keep) {
		uint32_t i;

		for (i = 0; i < j->nr_structs; i++)
			if (j->structs[i].jcu == jc)
				j->structs[i].jcu = NULL;
	}
	if (o->first_obj_only)
		j->stop = true;
	if (err)
		return err;
	return j->stop ? STOP_LOADING : 0;
}

/* ---- --sort and -T at the end ------------------------------------------------------- */

/*
 * One member's place against another's, as both of upstream's comparisons
 * order them: names (where both have one), bit offsets, widths.
 */
static int compare_layout(const char *na, uint64_t off_a, uint32_t width_a,
			  const char *nb, uint64_t off_b, uint32_t width_b)
{
	int ret = na && nb ? strcmp(na, nb) : 0;

	if (ret)
		return ret;
	ret = (int)off_a - (int)off_b;
	return ret ? ret : (int)width_a - (int)width_b;
}

/*
 * Upstream's second comparison: name, then member by member the names,
 * bit offsets, widths and printed type names. Size and member count are not
 * compared: equal prefixes make a copy, which is dropped.
 */
static int compare_structs(const struct structure *sa, const struct structure *sb)
{
	const struct type *a = cu__type(sa->jcu->cu, sa->id), *b = cu__type(sb->jcu->cu, sb->id);
	char bf_a[1024], bf_b[1024];
	uint32_t i;
	int ret = strcmp(a->name, b->name);

	if (ret || !a->nr_entries)
		return ret;
	for (i = 0; i < a->nr_entries; i++) {
		const struct member *ma = &a->members[i], *mb;

		if (i >= b->nr_entries)
			return 1;
		mb = &b->members[i];
		ret = compare_layout(ma->name, ma->bit_offset, ma->bitfield_size,
				     mb->name, mb->bit_offset, mb->bitfield_size);
		if (ret)
			return ret;
		ret = strcmp(printer__type_name(sa->jcu->printer, ma->type, bf_a, sizeof(bf_a)),
			     printer__type_name(sb->jcu->printer, mb->type, bf_b, sizeof(bf_b)));
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * Upstream's first comparison: name, size, member count, then member by
 * member the names (where both have one), bit offsets and widths; 0 when
 * all of it is equal.
 */
static int compare_keys(const struct structure *sa, const struct structure *sb)
{
	const struct struct_key *a = sa->key, *b = sb->key;
	int ret = strcmp(a->name, b->name);
	uint32_t i;

	if (ret)
		return ret;
	if (a->byte_size != b->byte_size)
		return a->byte_size < b->byte_size ? -1 : 1;
	if (a->nr_members != b->nr_members)
		return a->nr_members < b->nr_members ? -1 : 1;
	for (i = 0; i < a->nr_members; i++) {
		const struct key_member *ma = &a->members[i], *mb = &b->members[i];

		ret = compare_layout(ma->name, ma->bit_offset, ma->bitfield_size,
				     mb->name, mb->bit_offset, mb->bitfield_size);
		if (ret)
			return ret;
	}
	return 0;
}

/*
 * The kept structs into @sorted by @cmp, by insertion; returns how many.
 * An entry equal to one already there is left out and sets *equal.
 */
static uint32_t sort_structs(const struct print_job *j, struct structure **sorted,
			     int (*cmp)(const struct structure *, const struct structure *),
			     bool *equal)
{
	uint32_t n = 0, i;

	for (i = 0; i < j->nr_structs; i++) {
		struct structure *s = &j->structs[i];
		uint32_t lo = 0, hi = n;
		bool dup = false;

		if (!s->jcu)
			continue;
		while (lo < hi) {
			uint32_t mid = lo + (hi - lo) / 2;
			int rc = cmp(sorted[mid], s);

			if (!rc) {
				dup = true;
				break;
			}
			if (rc > 0)
				hi = mid;
			else
				lo = mid + 1;
		}
		if (dup) {
			*equal = true;
			continue;
		}
		memmove(&sorted[lo + 1], &sorted[lo], (n - lo) * sizeof(*sorted));
		sorted[lo] = s;
		n++;
	}
	return n;
}

/*
 * --sort as upstream: by the first comparison (name, size, member count,
 * member layout); where two structs are equal by it, everything again by the
 * second (names and member types), the first of equals kept.
 */
static int print_sorted(struct print_job *j)
{
	struct structure **sorted = malloc((j->nr_structs + 1) * sizeof(*sorted));
	bool equal = false;
	uint32_t n, i;
	int err = 0;

	if (!sorted)
		return -ENOMEM;
	n = sort_structs(j, sorted, compare_keys, &equal);
	if (equal)
		n = sort_structs(j, sorted, compare_structs, &equal);
	for (i = 0; i < n && !err; i++) {
		if (j->emissions)
			err = emit_class(j, sorted[i]->jcu, sorted[i]->id, false);
		else
			print_layout(sorted[i]->jcu, sorted[i]->id, false);
	}
	free(sorted);
	return err;
}

static void print_nr_definitions(const struct print_job *j)
{
	uint32_t i;

	for (i = 0; i < j->nr_structs; i++)
		printf("%s%c%u\n", j->structs[i].key->name, j->opts->separator,
		       j->structs[i].nr_files);
}

static void print_nr_methods(const struct print_job *j)
{
	uint32_t i;

	for (i = 0; i < j->nr_structs; i++)
		printf("%s%c%u\n", j->structs[i].key->name, j->opts->separator,
		       j->structs[i].nr_methods);
}

/* ---- -C list -------------------------------------------------------------------------- */

static int add_name(struct print_job *j, const char *name, size_t len)
{
	int err = dw_ensure_cap(&j->names, &j->names_cap, sizeof(*j->names), j->nr_names + 1);
	char *copy;

	if (err)
		return err;
	copy = strndup(name, len);
	if (!copy)
		return -ENOMEM;
	j->names[j->nr_names++] = (struct class_name){ .name = copy };
	j->nr_pending++;
	return 0;
}

/*
 * "name(args)": the arguments serve pretty printing raw data, which this
 * program does not do; they are checked and dropped.
 */
static int add_entry(struct print_job *j, const char *entry)
{
	const char *open = strchr(entry, '('), *close, *arg;

	if (!open)
		return add_name(j, entry, strlen(entry));
	close = strchr(open, ')');
	if (!close) {
		pr_err("invalid, no closing parens in '%s'", entry);
		return -EINVAL;
	}
	for (arg = open + 1; arg < close; ) {
		size_t len = strcspn(arg, ",)");
		const char *eq = memchr(arg, '=', len);

		while (len && *arg == ' ') {
			arg++;
			len--;
		}
		if (!len)
			break;
		if (!eq && !(len == 6 && !strncmp(arg, "sizeof", 6)) &&
		    !(len == 4 && !strncmp(arg, "type", 4))) {
			pr_err("invalid, missing '=' in '%.*s'", (int)len, arg);
			return -EINVAL;
		}
		arg += len + (arg[len] == ',');
	}
	return add_name(j, entry, open - entry);
}

static int add_file_entries(struct print_job *j, const char *path)
{
	char line[1024];
	FILE *fp = fopen(path, "r");
	int err = 0;

	if (!fp) {
		pr_err("%s: %s", path, strerror(errno));
		return -errno;
	}
	while (!err && fgets(line, sizeof(line), fp)) {
		size_t len = strlen(line);

		if (!len)
			continue;
		line[len - 1] = '\0';	/* upstream drops the last character unconditionally */
		err = add_entry(j, line);
	}
	fclose(fp);
	return err;
}

/* Splits on commas, except inside parentheses. */
/*
 * The comma that ends the name at @s: not one inside a C++ template's
 * argument list ("Pair<char, long int>"), which upstream splits. NULL: none.
 */
static const char *name_end(const char *s)
{
	int depth = 0;

	for (; *s; s++) {
		if (*s == '<')
			depth++;
		else if (*s == '>' && depth > 0)
			depth--;
		else if (*s == ',' && !depth)
			return s;
	}
	return NULL;
}

static int parse_class_names(struct print_job *j, const char *list)
{
	const char *s = list;
	char *entry;
	int err = 0;

	while (*s && !err) {
		const char *comma = name_end(s), *paren = strchr(s, '(');
		size_t len;

		if (paren && (!comma || paren < comma)) {
			const char *close = strchr(paren, ')');

			if (!close) {
				fprintf(stderr, "Unterminated '(' in '%s'\n", list);
				fprintf(stderr, "                     %*s^\n", (int)(paren - list), "");
				return -EINVAL;
			}
			comma = strchr(close, ',');
		}
		len = comma ? (size_t)(comma - s) : strlen(s);
		entry = strndup(s, len);
		if (!entry)
			return -ENOMEM;
		err = !strncmp(entry, "file://", 7) ? add_file_entries(j, entry + 7) :
						      add_entry(j, entry);
		free(entry);
		if (!comma)
			break;
		s = comma + 1;
	}
	return err;
}

/* ---- files ------------------------------------------------------------------------------ */

static int load_running_kernel(struct print_job *j)
{
	const char *path = tool_load__kernel_btf(j->opts->format_path);
	const char *fmt = j->opts->format_path;

	int err = path ? tool_load__file(&j->load, path) : -ENOENT;

	if (!err || err == STOP_LOADING)
		return 0;
	if (fmt)
		pr_err("couldn't find any %s debug information on this system.", fmt);
	else
		pr_err("couldn't find any debug information on this system.");
	return -ENOENT;
}

/*
 * The base BTF (--btf_base, or vmlinux's for a running kernel module's
 * BTF, /sys/kernel/btf/MODULE), then how files are loaded. 0 or -errno,
 * reported.
 */
static int load_init(struct print_job *j, const char *first_file)
{
	const struct print_job_opts *o = j->opts;
	const char *base = o->btf_base;
	int err;

	if (!base && first_file && !strncmp(first_file, "/sys/kernel/btf/", 16) &&
	    !strstr(first_file, "/vmlinux"))
		base = "/sys/kernel/btf/vmlinux";
	err = btf_loader__open_base(base, &j->base);
	if (err)
		return err;
	j->load = (struct tool_load){
		.format_path = o->format_path,
		.default_formats = o->btf_base ? "btf" : NULL,
		.dwarf = *o->loader,
		.btf = { .cacheline_size = o->fprintf.cacheline_size },
		.base = j->base,
		.handle_cu = handle_cu,
		.ctx = j,
		/* Names of kept CUs point into the file's DWARF; a consumer may keep any. */
		.keep_files = j->consume != NULL,
		.kept_cus = &j->nr_kept,
		.match_case = true,
	};
	j->load.dwarf.for_printing = true;
	j->load.dwarf.decl_info = o->decl_info;
	/*
	 * --compile: upstream's emitter stops at a pointer's btf_type_tag (no
	 * forward declaration for what it points to), so the tags must be there.
	 */
	j->load.dwarf.type_tags = j->load.dwarf.type_tags || o->compile;
	return 0;
}

static void job_release(struct print_job *j)
{
	uint32_t i;

	for (i = 0; i < j->nr_kept; i++)
		job_cu_free(j->kept[i]);
	tool_load__release(&j->load);
	for (i = 0; i < j->nr_structs; i++)
		free(j->structs[i].key);
	for (i = 0; i < j->nr_names; i++)
		free(j->names[i].name);
	free(j->kept);
	free(j->structs);
	hash_index__release(&j->index);
	free(j->names);
	btf__free(j->base);
	type_emissions__free(j->emissions);
}

/*
 * Whether @path, which failed to load, is no file that can be read: then
 * said in one line ("No such file or directory", "Is a directory"), unless
 * it may be a type name (@may_be_name, no such file and no '/' in it),
 * which upstream looks up in the running kernel (*@retry).
 */
static bool unreadable(const char *path, bool may_be_name, bool *retry)
{
	int err = dwarf_file__path_error(path);

	if (!err)
		return false;
	if (may_be_name && err == ENOENT && !strchr(path, '/')) {
		*retry = true;
		return true;
	}
	pr_err("%s: %s", path, strerror(err));
	return true;
}

/* Loads every file; on failure says why, upstream's way. Returns the exit status. */
static int load_files(struct print_job *j, char **files, int nr_files, bool *retry)
{
	const struct print_job_opts *o = j->opts;
	/* Nothing names a type: an operand may be one (upstream's fallback). */
	const bool may_be_name = !j->nr_names && !o->contains && !o->find_pointers_to &&
				 !j->consume;
	int i, err;

	*retry = false;
	if (!nr_files)
		return load_running_kernel(j) ? 1 : 0;
	for (i = 0; i < nr_files && !j->stop; i++) {
		err = tool_load__file(&j->load, files[i]);
		if (err == -ENODATA && tool_load__names_unknown(&j->load))
			err = -EOPNOTSUPP;
		if (err == STOP_LOADING)
			break;
		if (!err)
			continue;
		/* Where an allocation failed, the module that saw it may have said nothing. */
		if (err == -ENOMEM) {
			if (!log__has_errors())
				pr_err("%s: out of memory", files[i]);
			return 1;
		}
		if (unreadable(files[i], may_be_name, retry))
			return 1;
		if (err == -ENODATA)
			tool_load__report_none(files[i], o->format_path);
		else if (err == -EOPNOTSUPP)
			pr_err("%s: %s", files[i], strerror(-err));
		return 1;
	}
	return 0;
}

int print_job__run(const struct print_job_opts *opts, char **files, int nr_files)
{
	struct print_job j = { .opts = opts };
	const char *names = opts->class_names ? opts->class_names :
			    opts->contains ? opts->contains : opts->find_pointers_to;
	bool retry;
	int status = 1, err;

	if (names && (err = parse_class_names(&j, names))) {
		if (err == -ENOMEM)
			pr_err("out of memory");
		goto out;
	}
	if (opts->compile && !(j.emissions = type_emissions__new(opts->skip_atomic_typedefs))) {
		pr_err("not enough memory");
		goto out;
	}
	if (load_init(&j, nr_files ? files[0] : NULL))
		goto out;
	status = load_files(&j, files, nr_files, &retry);
	if (retry) {
		/* A lone type name: "pahole list_head" looks in the running kernel. */
		if (parse_class_names(&j, files[0]))
			goto out;
		status = load_files(&j, NULL, 0, &retry);
	}
	if (status)
		goto out;
	if (opts->sort && opts->formatter == FMT_LAYOUT && !j.nr_names && print_sorted(&j))
		status = 1;
	if (opts->nr_definitions)
		print_nr_definitions(&j);
	else if (opts->nr_methods)
		print_nr_methods(&j);
	/* What the kept CUs printed at the end, with a struct's members or a name missing. */
	for (uint32_t i = 0; i < j.nr_kept && !status; i++) {
		if (job_cu_out_of_memory(j.kept[i])) {
			fflush(stdout);
			pr_err("%s: out of memory", nr_files ? files[0] : "the running kernel's BTF");
			status = 1;
		}
	}
	if (status)
		goto out;
	for (uint32_t i = 0; i < j.nr_names; i++) {
		if (!j.names[i].found) {
			fflush(stdout);
			pr_err("type '%s' not found", j.names[i].name);
			status = 1;
			break;
		}
	}
out:
	fflush(stdout);
	job_release(&j);
	return status;
}

int print_job__load(const struct print_job_opts *opts, char **files, int nr_files,
		    print_job_cu_fn fn, void *ctx)
{
	struct print_job j = { .opts = opts, .consume = fn, .consume_ctx = ctx };
	bool retry;
	int status = 1;

	if (!load_init(&j, nr_files ? files[0] : NULL))
		status = load_files(&j, files, nr_files, &retry);
	job_release(&j);
	return status;
}
