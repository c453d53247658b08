// SPDX-License-Identifier: GPL-2.0-only
/*
 * Encoding of the model into libbpf BTF. The pre-dedup sequence of types is
 * fixed by CU order and by the core ids inside each CU, so the output does
 * not depend on anything but the input.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dwarf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "btf_elf.h"
#include "btf_encoder.h"
#include "btf_encoder_funcs.h"
#include "btf_loader.h"
#include "btf_names.h"
#include "btf_raw.h"
#include "btf_repeats.h"
#include "btf_sized.h"
#include "btf_split_dedup.h"
#include "btf_split_own.h"
#include "btf_trace.h"
#include "cu_pool.h"
#include "log.h"
#include "out_file.h"

/* A VAR's entry in its section's DATASEC. */
struct var_secinfo {
	uint32_t	type;		/* the VAR's BTF id */
	uint32_t	vtype;		/* its virtual id (btf_trace.h), with -V */
	uint32_t	offset;		/* in the section */
	uint32_t	size;
	uint32_t	seq;		/* insertion order, for a stable sort */
};

/* The variables of one ELF section. */
struct datasec {
	struct var_secinfo	*vars;	/* owned */
	uint32_t		nr_vars, vars_cap;
	bool			include;	/* its variables are encoded */
};

/*
 * What the loading threads read in btf_encoder__prepare_cu(): the options,
 * frozen, and the current file's symbols, published by the main thread
 * while they run.
 */
struct cu_prepare_ctx {
	const struct btf_encoder_opts	*opts;		/* the encoder's */
	struct cu_pool_shared		symtab;		/* const struct elf_symtab * */
	struct btf_encoder		*encoder;	/* its BTF read under the repeats' lock */
};

struct btf_encoder {
	struct btf_encoder_opts	opts;		/* copied; strings borrowed */
	struct cu_prepare_ctx	prepare;	/* for the loading threads */
	bool			big_endian;	/* byte order of the output */
	struct btf		*btf;		/* owned */
	uint32_t		index_type;	/* BTF id of "int" for arrays, 0 until known */
	uint32_t		*ids;		/* per CU: core id -> BTF id */
	uint32_t		ids_cap;
	uint32_t		nr_types;	/* after finish */
	bool			cu_has_array;
	struct elf_symtab	**symtabs;	/* owned, one per input file */
	uint32_t		nr_symtabs, symtabs_cap;
	struct func_table	*funcs;		/* owned */
	struct btf_repeats	*repeats;	/* owned */
	struct btf_names	*names;		/* owned: string offsets of the file's names */
	uint32_t		start_id;	/* the first BTF id of the split part */
	uint32_t		*raw;		/* owned: a type built for btf__add_type() */
	uint32_t		raw_cap;	/* in words */
	struct datasec		*secs;		/* owned, by section index of the first file */
	uint32_t		nr_secs;
	struct btf_trace	*trace;		/* owned: the -V trace, or NULL */
	void			*out_raw;	/* owned: the bytes opts.own made, or NULL */
	uint32_t		out_size;
	struct btf		*own_base;	/* owned: libbpf's base where opts.own declined */
	struct btf		*built;		/* owned: the types as built, then */
	const char		*file_path;	/* borrowed: the file being encoded */
};

static const char *const kind_names[TK__MAX] = {
	[TK_VOID] = "void", [TK_BASE] = "base type", [TK_POINTER] = "pointer",
	[TK_CONST] = "const", [TK_VOLATILE] = "volatile", [TK_RESTRICT] = "restrict",
	[TK_ATOMIC] = "atomic", [TK_TYPEDEF] = "typedef", [TK_ARRAY] = "array",
	[TK_STRUCT] = "struct", [TK_UNION] = "union", [TK_ENUM] = "enum",
	[TK_FUNC_PROTO] = "function type", [TK_TYPE_TAG] = "type tag",
	[TK_UNSUPPORTED] = "unsupported type",
};

int btf_encoder__new(const struct btf_encoder_opts *opts, const struct btf *base,
		     bool big_endian, struct btf_encoder **ret)
{
	struct btf_encoder *e = calloc(1, sizeof(*e));
	int err;

	if (!e)
		return -ENOMEM;
	e->opts = *opts;
	e->prepare.opts = &e->opts;
	e->prepare.encoder = e;
	e->big_endian = big_endian;
	e->start_id = base ? btf__type_cnt(base) : 1;
	if (opts->trace)
		e->trace = btf_trace__new(&(struct btf_trace_opts){
			.enum64 = opts->enum64, .decl_tags = opts->decl_tags }, e->start_id);
	e->funcs = func_table__new(&(struct func_table_opts){
		.consistent_func = opts->consistent_func, .decl_tags = opts->decl_tags,
		.tag_kfuncs = opts->tag_kfuncs, .true_signature = opts->true_signature,
		.attributes = opts->attributes, .trace = e->trace });
	e->btf = base ? btf__new_empty_split((struct btf *)base) : btf__new_empty();
	err = e->btf ? 0 : -errno;
	e->names = btf_names__new();
	e->repeats = e->btf ? btf_repeats__new(e->btf, e->names) : NULL;
	if (err || !e->funcs || !e->names || !e->repeats || (opts->trace && !e->trace)) {
		err = err ?: -ENOMEM;
		btf_encoder__free(e);
		return err;
	}
	/* Split BTF stays exact: dedup treats its base's FWDs apart. */
	btf_repeats__set_tolerant(e->repeats, !base && !opts->own && !opts->exact_repeats);
	*ret = e;
	return 0;
}

void btf_encoder__free(struct btf_encoder *e)
{
	uint32_t i;

	if (!e)
		return;
	btf__free(e->btf);
	btf__free(e->built);
	btf__free(e->own_base);
	free(e->out_raw);
	free(e->ids);
	func_table__free(e->funcs);
	btf_repeats__free(e->repeats);
	btf_names__free(e->names);
	btf_trace__free(e->trace);
	free(e->raw);
	for (i = 0; i < e->nr_symtabs; i++)
		elf_symtab__free(e->symtabs[i]);
	free(e->symtabs);
	for (i = 0; i < e->nr_secs; i++)
		free(e->secs[i].vars);
	free(e->secs);
	free(e);
}

/* The sections of the first file: which of them get their variables encoded. */
static int init_sections(struct btf_encoder *e, const struct elf_symtab *st)
{
	uint32_t i, n = elf_symtab__nr_sections(st);

	e->secs = calloc(n + 1, sizeof(*e->secs));
	if (!e->secs)
		return -ENOMEM;
	e->nr_secs = n;
	for (i = 0; i < n; i++)
		e->secs[i].include = e->opts.global_vars ||
			(e->opts.percpu_vars && !strcmp(elf_symtab__section(st, i)->name,
							".data..percpu"));
	return 0;
}

const struct cu_prepare_ctx *btf_encoder__start_file(struct btf_encoder *e, const char *path)
{
	e->file_path = path;
	cu_pool_shared__publish(&e->prepare.symtab, NULL);
	/* Names are known by address: the last file's go before any CU of this one loads. */
	btf_names__clear(e->names);
	return &e->prepare;
}

int btf_encoder__add_file(struct btf_encoder *e, struct elf_symtab *symtab)
{
	int err = dw_ensure_cap(&e->symtabs, &e->symtabs_cap, sizeof(*e->symtabs),
				e->nr_symtabs + 1);

	if (err) {
		elf_symtab__free(symtab);
		return err;
	}
	e->symtabs[e->nr_symtabs++] = symtab;
	cu_pool_shared__publish(&e->prepare.symtab, symtab);
	return e->nr_symtabs == 1 ? init_sections(e, symtab) : 0;
}

unsigned int btf_encoder__nr_types(const struct btf_encoder *e)
{
	return e->nr_types;
}

static void encode_error(const struct btf_encoder_opts *o, const struct cu *cu,
			 const struct type *t, const char *what, int err)
{
	pr_err("%s: %s: die 0x%llx: %s '%s': %s%s%s", o->in_path,
	       cu->name ? cu->name : "?", (unsigned long long)t->src_off,
	       kind_names[t->kind], t->name ? t->name : "", what,
	       err ? ": " : "", err ? strerror(-err) : "");
}

/* BTF id of core id @id of the CU being encoded (0 stays void). */
static uint32_t btf_id(const struct btf_encoder *e, uint32_t id)
{
	return e->ids[id];
}

static bool is_pow2(uint64_t x)
{
	return x && !(x & (x - 1));
}

static bool has_name(const char *name)
{
	return name && name[0];
}

/* ---- records: what each core type becomes ------------------------------------------- */

/*
 * Each core type is first described as the record btf__add_*() would
 * append (btf_repeats.h), then either matched to an exact repeat or
 * appended from that record: the encoding rules live here only. Records
 * that libbpf would refuse are never matched, so they fail as they would
 * have when appended.
 */

/*
 * A core reference with _Atomic aliases followed; a cycle of them (corrupt
 * input) is void. Most CUs have none, and then the target is not read.
 */
static uint32_t resolve_ref(const struct cu *cu, uint32_t id)
{
	uint32_t hops;

	if (!cu->nr_atomic)
		return id;
	for (hops = 0; hops < cu->nr_types && id && cu__type(cu, id)->kind == TK_ATOMIC; hops++)
		id = cu__type(cu, id)->type;
	return id && cu__type(cu, id)->kind != TK_ATOMIC ? id : 0;
}

static void rec_error(struct btf_rec *rec, int err, const char *what)
{
	rec->kind = 0;
	rec->err = err;
	rec->err_what = what;
	rec->is_matchable = false;
}

static void rec_named(struct btf_rec *rec, uint8_t kind, const char *name)
{
	rec->kind = kind;
	rec->name = name;
	rec->is_matchable = has_name(name);
}

static void rec_int(struct btf_rec *rec, const struct type *t)
{
	/* Odd sizes (clang's _BitInt-like DW_ATE_unsigned_24, x87 long double) */
	bool is_odd = !is_pow2(t->byte_size) || t->byte_size > 16;

	rec_named(rec, BTF_KIND_INT, is_odd ? "__SANITIZED_FAKE_INT__" : t->name);
	rec->size = is_odd ? 4 : t->byte_size;
	rec->extra = t->encoding == BE_SIGNED ? BTF_INT_SIGNED :
		     t->encoding == BE_BOOL ? BTF_INT_BOOL : 0;
}

static void rec_base(const struct btf_encoder_opts *o, const struct type *t, struct btf_rec *rec)
{
	if (!o->gen_floats || (t->encoding != BE_FLOAT && t->encoding != BE_COMPLEX_FLOAT)) {
		rec_int(rec, t);
		return;
	}
	if (t->encoding == BE_COMPLEX_FLOAT) {
		rec_error(rec, -EOPNOTSUPP,
			  "complex, interval and imaginary float types are not supported");
		return;
	}
	switch (t->byte_size) {
	case 2: case 4: case 8: case 12: case 16:
		rec_named(rec, BTF_KIND_FLOAT, t->name);
		rec->size = t->byte_size;
		return;
	}
	rec_error(rec, -EOPNOTSUPP, "float size not supported by BTF");
}

/* A member as btf__add_field() takes it; kind_flag and validity as libbpf decides them. */
static bool rec_member(struct btf_rec *rec, struct btf_rec_item *it, const struct cu *cu,
		       const struct member *m)
{
	bool is_bitfield = m->bitfield_size || m->bit_offset % 8;

	if (m->bit_offset > UINT32_MAX) {
		rec_error(rec, -E2BIG, NULL);
		return false;
	}
	*it = (struct btf_rec_item){ m->name, resolve_ref(cu, m->type), m->bit_offset,
				     m->bitfield_size };
	rec->kflag |= is_bitfield;
	if ((is_bitfield && (!it->hi || it->hi > 255 || it->lo > 0xffffff)) ||
	    (rec->kind == BTF_KIND_UNION && it->lo))
		rec->is_matchable = false;
	return true;
}

static int rec_struct(struct btf_recs *rs, const struct cu *cu, const struct type *t,
		      struct btf_rec *rec)
{
	struct btf_rec_item *it;
	uint32_t i;

	/*
	 * A declaration without a name (gcc's reduced debug info names a
	 * typedef of an anonymous struct defined elsewhere so) has no FWD:
	 * BTF's needs a name. It is an empty struct or union of size 0.
	 */
	if (t->is_declaration && t->name && *t->name) {
		rec_named(rec, BTF_KIND_FWD, t->name);
		rec->kflag = t->kind == TK_UNION;
		return 0;
	}
	rec->kind = t->kind == TK_UNION ? BTF_KIND_UNION : BTF_KIND_STRUCT;
	rec->name = t->is_declaration ? NULL : t->name;
	rec->size = t->is_declaration ? 0 : t->byte_size;
	if (t->is_declaration)
		return 0;
	it = btf_recs__add_items(rs, rec, t->nr_entries);
	if (!it)
		return -ENOMEM;
	for (i = 0; i < t->nr_entries; i++)
		if (!rec_member(rec, &it[i], cu, &t->members[i]))
			return 0;
	return 0;
}

/* True when an enum's underlying type is signed (decides ENUM64's kind_flag). */
static bool enum_is_signed(const struct cu *cu, const struct type *t)
{
	uint32_t under = cu__strip_modifiers(cu, t->type);

	return under && cu__type(cu, under)->kind == TK_BASE &&
	       cu__type(cu, under)->encoding == BE_SIGNED;
}

/*
 * Values are added as read: a negative one sets kind_flag (libbpf). Without
 * ENUM64 every value is cut to 32 bits first, as older kernels expect.
 */
static int rec_enum(const struct btf_encoder_opts *o, struct btf_recs *rs, const struct cu *cu,
		    const struct type *t, struct btf_rec *rec)
{
	bool is_64 = t->byte_size > 4 && o->enum64;
	struct btf_rec_item *it;
	uint32_t i;

	rec->kind = is_64 ? BTF_KIND_ENUM64 : BTF_KIND_ENUM;
	rec->name = t->name;
	rec->size = t->byte_size;
	rec->kflag = is_64 && enum_is_signed(cu, t);
	rec->is_matchable = is_pow2(rec->size) && rec->size <= 8;
	it = btf_recs__add_items(rs, rec, t->nr_entries);
	if (!it)
		return -ENOMEM;
	for (i = 0; i < t->nr_entries; i++) {
		uint64_t v = t->enumerators[i].value;
		int64_t value = is_64 || o->enum64 ? (int64_t)v : (int64_t)(uint32_t)v;

		it[i] = (struct btf_rec_item){ t->enumerators[i].name, 0, (uint32_t)value,
					       (uint32_t)((uint64_t)value >> 32) };
		if (!is_64 && value < 0)
			rec->kflag = true;
		if (!has_name(it[i].name) || (!is_64 && (value < INT32_MIN || value > UINT32_MAX)))
			rec->is_matchable = false;
	}
	return 0;
}

static int rec_proto(struct btf_recs *rs, const struct cu *cu, const struct type *t,
		     struct btf_rec *rec)
{
	struct btf_rec_item *it;
	uint32_t i;

	rec->kind = BTF_KIND_FUNC_PROTO;
	rec->type = resolve_ref(cu, t->type);
	/* "..." is a last parameter without name and type */
	it = btf_recs__add_items(rs, rec, t->nr_entries + t->has_varargs);
	if (!it)
		return -ENOMEM;
	for (i = 0; i < t->nr_entries; i++)
		it[i] = (struct btf_rec_item){ t->params[i].name,
					       resolve_ref(cu, t->params[i].type), 0, 0 };
	return 0;
}

/*
 * The index type is the BTF's first "int", given when the CU is matched
 * (btf_repeats__match()); before that is known, arrays get theirs when
 * appended.
 */
static void rec_array(const struct cu *cu, const struct type *t, struct btf_rec *rec)
{
	rec->kind = BTF_KIND_ARRAY;
	rec->type = resolve_ref(cu, t->type);
	rec->extra = t->nr_elems;
}

static void rec_ref_kind(const struct cu *cu, const struct type *t, uint8_t kind,
			 struct btf_rec *rec)
{
	rec->kind = kind;
	rec->type = resolve_ref(cu, t->type);
	if (kind == BTF_KIND_TYPEDEF || kind == BTF_KIND_TYPE_TAG)
		rec_named(rec, kind, t->name);
}

/* One core type's record. 0, or -ENOMEM; other failures stay in the record. */
static int rec_build(const struct btf_encoder_opts *o, struct btf_recs *rs, const struct cu *cu,
		     const struct type *t, struct btf_rec *rec)
{
	*rec = (struct btf_rec){ .is_matchable = true };
	switch (t->kind) {
	case TK_BASE:		rec_base(o, t, rec); break;
	case TK_POINTER:	rec_ref_kind(cu, t, BTF_KIND_PTR, rec); break;
	case TK_CONST:		rec_ref_kind(cu, t, BTF_KIND_CONST, rec); break;
	case TK_VOLATILE:	rec_ref_kind(cu, t, BTF_KIND_VOLATILE, rec); break;
	case TK_RESTRICT:	rec_ref_kind(cu, t, BTF_KIND_RESTRICT, rec); break;
	case TK_TYPEDEF:	rec_ref_kind(cu, t, BTF_KIND_TYPEDEF, rec); break;
	case TK_TYPE_TAG:	rec_ref_kind(cu, t, BTF_KIND_TYPE_TAG, rec); break;
	case TK_ARRAY:		rec_array(cu, t, rec); break;
	case TK_STRUCT:
	case TK_UNION:		return rec_struct(rs, cu, t, rec);
	case TK_ENUM:		return rec_enum(o, rs, cu, t, rec);
	case TK_FUNC_PROTO:	return rec_proto(rs, cu, t, rec);
	default:		rec_error(rec, -EOPNOTSUPP, NULL); break;
	}
	return 0;
}

static int build_recs(const struct btf_encoder_opts *o, struct btf_recs *rs, const struct cu *cu)
{
	struct btf_rec *recs = btf_recs__recs(rs);
	uint32_t i;
	int err;

	for (i = 1; i < cu->nr_types; i++) {
		const struct type *t = cu__type(cu, i);

		if (t->kind == TK_ATOMIC) {
			recs[i] = (struct btf_rec){ 0 };	/* no BTF type */
			continue;
		}
		err = rec_build(o, rs, cu, t, &recs[i]);
		if (err)
			return err;
		if (recs[i].nr_items > BTF_MAX_VLEN)
			recs[i].is_matchable = false;
	}
	return 0;
}

/* ---- appending a record ------------------------------------------------------------ */

/*
 * The type libbpf just appended as @id, to give it and its items the name
 * offsets of btf_names__add(): it was appended without them, as libbpf
 * allows, so that names already known by address are not hashed again.
 */
static struct btf_type *appended(struct btf_encoder *e, int id)
{
	return (struct btf_type *)btf__type_by_id(e->btf, id);
}

static void prefetch_names(const struct btf_encoder *e, const struct btf_rec *rec,
			   const struct btf_rec_item *it)
{
	uint32_t i;

	for (i = 0; i < rec->nr_items; i++)
		btf_names__prefetch(e->names, it[i].name);
}

/*
 * A struct, union or prototype whose record libbpf takes as it is, copied
 * in one btf__add_type() call rather than one call per member or
 * parameter: built here in BTF's raw form, as those calls would write it
 * (btf_rec__info(), member offsets, BTF ids), with every name 0 so that libbpf
 * adds no string. The caller names it and its items afterwards, and
 * btf_recs__rec_is() checks it.
 *
 * libbpf grows its type data by a quarter whenever it is full, so where
 * its capacities fall depends only on the first, small steps, unless one
 * addition is more than a quarter of them. Until the split part holds
 * RAW_MIN_TYPES types (a quarter of their data is then 196 KB at least,
 * more than a record of RAW_MAX_ITEMS items), and for bigger records, the
 * calls go one by one: the capacities, and the peak memory, stay those of
 * appending every item alone.
 */
enum { RAW_MIN_TYPES = 1 << 16, RAW_MAX_ITEMS = 1 << 13 };

static bool appends_raw(const struct btf_encoder *e, const struct btf_rec *rec)
{
	return rec->is_matchable && rec->nr_items <= RAW_MAX_ITEMS &&
	       btf__type_cnt(e->btf) - e->start_id >= RAW_MIN_TYPES;
}

/* Returns the new BTF id or -errno. */
static int append_raw(struct btf_encoder *e, const struct btf_rec *rec,
		      const struct btf_rec_item *it)
{
	bool is_proto = rec->kind == BTF_KIND_FUNC_PROTO;
	uint32_t words = (sizeof(struct btf_type) +
			  rec->nr_items * (is_proto ? sizeof(struct btf_param) :
						      sizeof(struct btf_member))) / 4;
	struct btf_type *t;
	uint32_t i;

	if (dw_ensure_cap(&e->raw, &e->raw_cap, sizeof(*e->raw), words))
		return -ENOMEM;
	t = (struct btf_type *)e->raw;
	t->name_off = 0;
	t->info = btf_rec__info(rec);
	if (is_proto) {
		struct btf_param *p = btf_params(t);

		t->type = btf_id(e, rec->type);
		for (i = 0; i < rec->nr_items; i++)
			p[i] = (struct btf_param){ 0, btf_id(e, it[i].type) };
	} else {
		struct btf_member *m = btf_members(t);

		t->size = rec->size;
		for (i = 0; i < rec->nr_items; i++)
			m[i] = (struct btf_member){ 0, btf_id(e, it[i].type),
						    btf_rec_item__member_offset(&it[i]) };
	}
	return btf__add_type(e->btf, e->btf, t);
}

/*
 * Members, then their names in order: libbpf would have added the strings
 * in the same order, which the output's string section keeps.
 */
static int append_members(struct btf_encoder *e, int id, const struct btf_rec *rec,
			  const struct btf_rec_item *it, bool raw)
{
	struct btf_member *m;
	uint32_t i;
	int err, off;

	prefetch_names(e, rec, it);
	for (i = 0; i < rec->nr_items && !raw; i++) {
		err = btf__add_field(e->btf, NULL, btf_id(e, it[i].type), it[i].lo, it[i].hi);
		if (err)
			return err;
	}
	m = btf_members(appended(e, id));
	for (i = 0; i < rec->nr_items; i++) {
		off = btf_names__add(e->names, e->btf, it[i].name);
		if (off < 0)
			return off;
		m[i].name_off = off;
	}
	return 0;
}

static int append_enumerators(struct btf_encoder *e, const struct btf_rec *rec,
			      const struct btf_rec_item *it)
{
	uint32_t i;
	int err;

	prefetch_names(e, rec, it);
	for (i = 0; i < rec->nr_items; i++) {
		uint64_t v = (uint64_t)it[i].hi << 32 | it[i].lo;

		/* libbpf wants the name: it finds the string the table added. */
		err = btf_names__add(e->names, e->btf, it[i].name);
		if (err < 0)
			return err;
		err = rec->kind == BTF_KIND_ENUM64 ?
		      btf__add_enum64_value(e->btf, it[i].name, v) :
		      btf__add_enum_value(e->btf, it[i].name, (int64_t)v);
		if (err)
			return err;
	}
	return 0;
}

static int append_params(struct btf_encoder *e, int id, const struct btf_rec *rec,
			 const struct btf_rec_item *it, bool raw)
{
	struct btf_param *p;
	uint32_t i;
	int err, off;

	prefetch_names(e, rec, it);
	for (i = 0; i < rec->nr_items && !raw; i++) {
		err = btf__add_func_param(e->btf, NULL, btf_id(e, it[i].type));
		if (err)
			return err;
	}
	p = btf_params(appended(e, id));
	for (i = 0; i < rec->nr_items; i++) {
		off = btf_names__add(e->names, e->btf, it[i].name);
		if (off < 0)
			return off;
		p[i].name_off = off;
	}
	return 0;
}

/* A struct, union or enum, named before its items as libbpf would. */
static int append_aggregate(struct btf_encoder *e, const struct btf_rec *rec,
			    const struct btf_rec_item *it)
{
	int off = btf_names__add(e->names, e->btf, rec->name), id;
	bool raw = appends_raw(e, rec);

	if (off < 0)
		return off;
	switch (rec->kind) {
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		if (raw) {
			id = append_raw(e, rec, it);
			break;
		}
		id = rec->kind == BTF_KIND_STRUCT ? btf__add_struct(e->btf, NULL, rec->size) :
						    btf__add_union(e->btf, NULL, rec->size);
		break;
	case BTF_KIND_ENUM64:	id = btf__add_enum64(e->btf, NULL, rec->size, rec->kflag); break;
	default:		id = btf__add_enum(e->btf, NULL, rec->size); break;
	}
	if (id < 0)
		return id;
	appended(e, id)->name_off = off;
	if (rec->kind == BTF_KIND_STRUCT || rec->kind == BTF_KIND_UNION)
		return append_members(e, id, rec, it, raw) ?: id;
	return append_enumerators(e, rec, it) ?: id;
}

static bool has_own_name(uint8_t kind)
{
	return kind == BTF_KIND_INT || kind == BTF_KIND_FLOAT || kind == BTF_KIND_TYPEDEF ||
	       kind == BTF_KIND_TYPE_TAG || kind == BTF_KIND_FWD;
}

/* The type with its items, if any. Returns the new BTF id or -errno. */
static int append_rec(struct btf_encoder *e, const struct btf_recs *rs, const struct btf_rec *rec)
{
	const struct btf_rec_item *it = btf_recs__items(rs, rec);
	uint32_t target = btf_id(e, rec->type);
	bool raw;
	int id = 0;

	/*
	 * The kinds libbpf names itself: their name goes through the table
	 * first, so that the matcher finds it by address (libbpf then finds
	 * the string it already has; the strings' order is the same).
	 */
	if (has_own_name(rec->kind))
		id = btf_names__add(e->names, e->btf, rec->name);
	if (id < 0)
		return id;
	switch (rec->kind) {
	case BTF_KIND_INT:	return btf__add_int(e->btf, rec->name, rec->size, rec->extra);
	case BTF_KIND_FLOAT:	return btf__add_float(e->btf, rec->name, rec->size);
	case BTF_KIND_PTR:	return btf__add_ptr(e->btf, target);
	case BTF_KIND_CONST:	return btf__add_const(e->btf, target);
	case BTF_KIND_VOLATILE:	return btf__add_volatile(e->btf, target);
	case BTF_KIND_RESTRICT:	return btf__add_restrict(e->btf, target);
	case BTF_KIND_TYPEDEF:	return btf__add_typedef(e->btf, rec->name, target);
	case BTF_KIND_TYPE_TAG:	return btf__add_type_tag(e->btf, rec->name, target);
	case BTF_KIND_ARRAY:	return btf__add_array(e->btf, rec->index_type, target, rec->extra);
	case BTF_KIND_FWD:
		return btf__add_fwd(e->btf, rec->name, rec->kflag ? BTF_FWD_UNION : BTF_FWD_STRUCT);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
		return append_aggregate(e, rec, it);
	case BTF_KIND_FUNC_PROTO:
		raw = appends_raw(e, rec);
		id = raw ? append_raw(e, rec, it) : btf__add_func_proto(e->btf, target);
		return id < 0 ? id : append_params(e, id, rec, it, raw) ?: id;
	default:
		return -EOPNOTSUPP;
	}
}

/*
 * Appends core type @i from its record, as the BTF id assign_ids() gave it,
 * and checks that libbpf wrote what the record says (what matching relies
 * on). 0 or -errno, reported.
 */
static int append_type(struct btf_encoder *e, struct btf_recs *rs, const struct cu *cu,
		       uint32_t i, uint32_t provisional)
{
	struct btf_rec *rec = &btf_recs__recs(rs)[i];
	const struct type *t = cu__type(cu, i);
	int id;

	if (rec->err) {
		if (rec->err_what)
			encode_error(&e->opts, cu, t, rec->err_what, 0);
		else if (rec->err != -EOPNOTSUPP)
			encode_error(&e->opts, cu, t, "cannot be encoded", rec->err);
		return rec->err;
	}
	if (rec->kind == BTF_KIND_ARRAY) {
		e->cu_has_array = true;
		if (!rec->index_type)
			rec->index_type = e->index_type ?: provisional;
	}
	id = append_rec(e, rs, rec);
	if (id < 0) {
		if (id != -EOPNOTSUPP)
			encode_error(&e->opts, cu, t, "cannot be encoded", id);
		return id;
	}
	if ((uint32_t)id != e->ids[i]) {
		encode_error(&e->opts, cu, t, "got an unexpected BTF id", 0);
		return -EINVAL;
	}
	if (rec->is_matchable && !btf_recs__rec_is(rs, e->btf, e->names, rec, id, e->ids)) {
		encode_error(&e->opts, cu, t, "was not appended as its record says", 0);
		return -EINVAL;
	}
	return 0;
}

/* ---- ids --------------------------------------------------------------------------- */

/* The name of a type tag no BTF kind has (those the loader keeps as TK_UNSUPPORTED). */
static const char *unsupported_tag_name(unsigned int tag)
{
	switch (tag) {
	case DW_TAG_reference_type:		return "DW_TAG_reference_type";
	case DW_TAG_rvalue_reference_type:	return "DW_TAG_rvalue_reference_type";
	case DW_TAG_ptr_to_member_type:		return "DW_TAG_ptr_to_member_type";
	case DW_TAG_interface_type:		return "DW_TAG_interface_type";
	case DW_TAG_string_type:		return "DW_TAG_string_type";
	default:				return "DW_TAG_?";
	}
}

static int check_supported(const struct btf_encoder_opts *o, const struct cu *cu)
{
	uint32_t i;

	for (i = 1; i < cu->nr_types; i++) {
		const struct type *t = cu__type(cu, i);

		if (t->kind == TK_UNSUPPORTED) {
			pr_err("%s: %s: die 0x%llx: unsupported DWARF tag %s (0x%x)", o->in_path,
			       cu->name ? cu->name : "?", (unsigned long long)t->src_off,
			       unsupported_tag_name(t->unsupported_tag), t->unsupported_tag);
			return -EOPNOTSUPP;
		}
	}
	return 0;
}

/*
 * Whether core id @i is an _Atomic T, asked of its record first, which
 * build_recs() leaves empty for those and for no other type.
 */
static bool is_atomic(const struct cu *cu, const struct btf_rec *recs, uint32_t i)
{
	return !recs[i].kind && !recs[i].err && cu__type(cu, i)->kind == TK_ATOMIC;
}

/*
 * Gives every core id its BTF id before any is appended (forward
 * references): repeats already have theirs (btf_repeats__match()), the
 * other types take the next ids in core id order, an _Atomic T that of T.
 */
static void assign_ids(struct btf_encoder *e, const struct cu *cu, struct btf_recs *rs,
		       uint32_t *next_ret)
{
	const struct btf_rec *recs = btf_recs__recs(rs);
	uint32_t next = btf__type_cnt(e->btf), i, nr_atomics = 0;

	e->ids[0] = 0;
	for (i = 1; i < cu->nr_types; i++) {
		if (e->ids[i])
			continue;
		if (is_atomic(cu, recs, i))
			nr_atomics++;
		else
			e->ids[i] = next++;
	}
	/* Now only the atomics are without an id. */
	for (i = 1; nr_atomics && i < cu->nr_types; i++)
		if (!e->ids[i] && is_atomic(cu, recs, i)) {
			e->ids[i] = btf_id(e, resolve_ref(cu, i));
			nr_atomics--;
		}
	*next_ret = next;
}

/* The first base type named exactly "int" serves as every array's index type. */
static void find_index_type(struct btf_encoder *e, const struct cu *cu)
{
	uint32_t i;

	for (i = 1; i < cu->nr_types && !e->index_type; i++) {
		const struct type *t = cu__type(cu, i);

		if (t->kind == TK_BASE && t->name && !strcmp(t->name, "int"))
			e->index_type = e->ids[i];
	}
}

/* ---- decl tags of types ------------------------------------------------------------ */

/* The CU's struct, union and typedef decl tags, in type order. */
static int encode_type_decl_tags(struct btf_encoder *e, const struct cu *cu)
{
	uint32_t i;
	int id;

	for (i = 0; e->opts.decl_tags && i < cu->nr_type_annots; i++) {
		const struct type_annotation *ta = &cu->type_annots[i];

		id = btf__add_decl_tag(e->btf, ta->annot.value, btf_id(e, ta->type),
				       ta->annot.component_idx);
		if (id < 0)
			return id;
	}
	return 0;
}

/* ---- variables ------------------------------------------------------------------- */

/* The kernel's KSYM_NAME_LEN: longer names cannot be kallsyms names. */
enum { MAX_VAR_NAME = 128 };

/* A name the kernel's BTF verifier accepts for a VAR: a C identifier, dots allowed. */
static bool is_valid_var_name(const char *name)
{
	size_t i;

	if (!(isalpha((unsigned char)name[0]) || name[0] == '_' || name[0] == '.'))
		return false;
	for (i = 1; name[i] && i < MAX_VAR_NAME; i++)
		if (!(isalnum((unsigned char)name[i]) || name[i] == '_' || name[i] == '.'))
			return false;
	return !name[i];
}

/* Compiler and macro by-products that no one looks up (upstream's list). */
static bool is_filtered_var_name(const char *name)
{
	static const char *const prefixes[] = {
		"__UNIQUE_ID", "__tpstrtab_", "__exitcall_", "__gendwarfksyms_ptr_",
		"__func_stack_frame_non_standard_",
	};
	size_t i;

	for (i = 0; name[0] == '_' && i < sizeof(prefixes) / sizeof(prefixes[0]); i++)
		if (!strncmp(name, prefixes[i], strlen(prefixes[i])))
			return true;
	return false;
}

/* The first data section (PROGBITS or NOBITS) holding @addr, or 0. */
static uint32_t var_section(const struct btf_encoder *e, uint64_t addr)
{
	const struct elf_symtab *st = e->symtabs[0];
	uint32_t i;

	for (i = 1; i < e->nr_secs; i++) {
		const struct elf_section *sec = elf_symtab__section(st, i);

		if ((sec->type == SHT_PROGBITS || sec->type == SHT_NOBITS) &&
		    sec->addr <= addr && addr - sec->addr < sec->size)
			return i;
	}
	return 0;
}

/* Bytes a variable of type @id takes; an empty one-byte struct (C++) takes none. */
static uint64_t var_byte_size(const struct cu *cu, uint32_t id)
{
	const struct type *t = cu__type(cu, cu__strip_modifiers(cu, id));

	if ((t->kind == TK_STRUCT || t->kind == TK_UNION) && !t->nr_entries && t->byte_size == 1)
		return 0;
	return cu__type_byte_size(cu, id);
}

static int add_secinfo(struct datasec *ds, uint32_t type, uint32_t vtype, uint32_t offset,
		       uint32_t size)
{
	int err = dw_ensure_cap(&ds->vars, &ds->vars_cap, sizeof(*ds->vars), ds->nr_vars + 1);

	if (!err)
		ds->vars[ds->nr_vars] = (struct var_secinfo){ type, vtype, offset, size,
							      ds->nr_vars };
	ds->nr_vars += !err;
	return err;
}

/*
 * A bad name or a void type is an error, unless encode_force says to skip
 * the variable (said at -V). Returns 1 to skip, or -EINVAL (reported). A
 * bad name in upstream's words and with its prefix, which its tests grep.
 */
static int bad_variable(const struct btf_encoder *e, const struct cu *cu,
			const struct variable *v, bool bad_name)
{
	const char *cu_name = cu->name ? cu->name : "?";

	if (e->opts.encode_force && bad_name)
		log__print_as(LOG_INFO, "PAHOLE: Warning: ",
			      "Found invalid variable name when encoding btf, ignored (sym: '%s') in %s",
			      v->name, e->opts.in_path);
	else if (e->opts.encode_force)
		pr_info("%s: %s: variable '%s' skipped: void type", e->opts.in_path, cu_name,
			v->name);
	else if (bad_name)
		log__print_as(LOG_ERR, "PAHOLE: Error: ",
			      "Found invalid variable name when encoding btf (sym: '%s') in %s (%s); use '--btf_encode_force' to ignore such symbols and force emit the btf",
			      v->name, e->opts.in_path, cu_name);
	else
		pr_err("%s: %s: die 0x%llx: variable '%s': void type (--btf_encode_force skips it)",
		       e->opts.in_path, cu_name, (unsigned long long)v->src_off, v->name);
	return e->opts.encode_force ? 1 : -EINVAL;
}

/*
 * Which variables are encoded: static storage at the top level of the CU,
 * in an included section, with a name and a type. Returns the section
 * index, 0 to skip, or -EINVAL for a bad variable without encode_force.
 */
static int var_placement(const struct btf_encoder *e, const struct cu *cu,
			 const struct variable *v, uint64_t *offset_ret)
{
	const struct elf_symtab *st = e->symtabs[e->nr_symtabs - 1];
	uint32_t shndx;
	int bad;

	if (v->is_declaration || v->is_artificial || !v->has_addr)
		return 0;
	shndx = var_section(e, v->addr);
	if (!shndx || !e->secs[shndx].include || !v->name || is_filtered_var_name(v->name))
		return 0;
	*offset_ret = v->addr - elf_symtab__section(e->symtabs[0], shndx)->addr;
	/* Variables of discarded sections have address 0: the symbol tells. */
	if (!*offset_ret && !elf_symtab__has_object(st, v->name, shndx))
		return 0;
	bad = !is_valid_var_name(v->name) ? bad_variable(e, cu, v, true) :
	      !v->type ? bad_variable(e, cu, v, false) : 0;
	return bad ? (bad > 0 ? 0 : bad) : (int)shndx;
}

static int encode_variable(struct btf_encoder *e, const struct cu *cu, const struct variable *v)
{
	uint64_t offset = 0, size;
	int shndx = var_placement(e, cu, v, &offset), id;
	uint32_t linkage = v->is_external ? BTF_VAR_GLOBAL_ALLOCATED : BTF_VAR_STATIC, i, vid = 0;

	if (shndx <= 0)
		return shndx;
	size = var_byte_size(cu, v->type);
	if (!size || size > UINT32_MAX || offset > UINT32_MAX)
		return 0;
	if (e->trace)
		vid = btf_trace__var(e->trace, cu, v, offset, linkage);
	id = btf__add_var(e->btf, v->name, linkage, btf_id(e, v->type));
	for (i = 0; id > 0 && e->opts.decl_tags && i < v->nr_annots; i++) {
		int err = btf__add_decl_tag(e->btf, v->annots[i].value, id,
					    v->annots[i].component_idx);

		if (err < 0)
			return err;
	}
	if (id < 0)
		return id;
	return add_secinfo(&e->secs[shndx], id, vid, offset, size);
}

static int encode_variables(struct btf_encoder *e, const struct cu *cu)
{
	uint32_t i;
	int err;

	if (!e->nr_symtabs || !(e->opts.percpu_vars || e->opts.global_vars))
		return 0;
	if (e->trace)
		btf_trace__vars_search(e->trace, cu);
	for (i = 0; i < cu->nr_variables; i++) {
		err = encode_variable(e, cu, &cu->variables[i]);
		if (err == -EINVAL)
			return err;
		if (err) {
			pr_err("%s: %s: variable '%s' cannot be encoded: %s", e->opts.in_path,
			       cu->name ? cu->name : "?", cu->variables[i].name, strerror(-err));
			return err;
		}
	}
	return 0;
}

static int cmp_secinfo(const void *a, const void *b)
{
	const struct var_secinfo *x = a, *y = b;

	if (x->offset != y->offset)
		return x->offset < y->offset ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static void trace_datasec(struct btf_encoder *e, uint32_t shndx)
{
	const struct datasec *ds = &e->secs[shndx];
	const struct var_secinfo *last = &ds->vars[ds->nr_vars - 1];
	uint32_t j;

	btf_trace__datasec(e->trace, elf_symtab__section(e->symtabs[0], shndx)->name,
			   last->offset + last->size, ds->nr_vars);
	for (j = 0; j < ds->nr_vars; j++)
		btf_trace__datasec_var(e->trace, ds->vars[j].vtype, ds->vars[j].offset,
				       ds->vars[j].size);
}

/*
 * One DATASEC per section with variables, in section order, its entries
 * by offset. Its size is where the last variable ends, as upstream: not
 * the section's size.
 */
static int encode_datasecs(struct btf_encoder *e)
{
	uint32_t i, j;
	int id, err;

	for (i = 1; i < e->nr_secs; i++) {
		struct datasec *ds = &e->secs[i];
		const struct var_secinfo *last;

		if (!ds->nr_vars)
			continue;
		qsort(ds->vars, ds->nr_vars, sizeof(*ds->vars), cmp_secinfo);
		last = &ds->vars[ds->nr_vars - 1];
		id = btf__add_datasec(e->btf, elf_symtab__section(e->symtabs[0], i)->name,
				      last->offset + last->size);
		if (e->trace)
			trace_datasec(e, i);
		for (j = 0; id > 0 && j < ds->nr_vars; j++) {
			err = btf__add_datasec_var_info(e->btf, ds->vars[j].type, ds->vars[j].offset,
							ds->vars[j].size);
			if (err)
				return err;
		}
		if (id < 0)
			return id;
	}
	return 0;
}

/*
 * libbpf's dedup follows chains of reference types by recursion: a crafted
 * chain of 100,000 pointers overflows its stack. Real ones are a few deep.
 */
enum { MAX_REF_DEPTH = 1024 };

/*
 * What the encoding of @cu takes from the CU and the options alone: its
 * checks, records and their graph, in *@ret. 0 or -errno, reported.
 */
static int prepare_recs(const struct btf_encoder_opts *o, const struct cu *cu,
			struct btf_recs **ret)
{
	struct btf_recs *rs = NULL;
	uint32_t deep;
	int err = check_supported(o, cu);

	if (err)
		return err;
	err = btf_recs__new(cu->nr_types, &rs);
	err = err ?: build_recs(o, rs, cu) ?: btf_recs__graph(rs, MAX_REF_DEPTH, &deep);
	if (err == -E2BIG)
		encode_error(o, cu, cu__type(cu, deep), "type references nested too deeply", 0);
	else if (err)
		pr_err("%s: %s: cannot encode: %s", o->in_path, cu->name ? cu->name : "?",
		       strerror(-err));
	if (err) {
		btf_recs__free(rs);
		return err;
	}
	*ret = rs;
	return 0;
}

/* What btf_encoder__prepare_cu() keeps with a CU. */
struct prepared {
	struct btf_recs			*rs;
	const struct elf_func_group	**groups;	/* per function; NULL: not looked up */
	uint32_t			*match;		/* the repeats found; NULL: none looked for */
	uint32_t			match_end;	/* below which they were looked for */
	uint32_t			index_type;	/* the arrays' index type then */
};

static void free_prepared(void *ctx)
{
	struct prepared *p = ctx;

	btf_recs__free(p->rs);
	free(p->groups);
	free(p->match);
	free(p);
}

/* The functions' symbol groups, looked up here rather than by the collector. */
static int prepare_groups(const struct cu_prepare_ctx *ctx, const struct cu *cu,
			  struct prepared *p)
{
	const struct elf_symtab *symtab = cu_pool_shared__get(&ctx->symtab);

	if (!symtab || !cu->nr_functions)
		return 0;
	p->groups = malloc(cu->nr_functions * sizeof(*p->groups));
	if (!p->groups)
		return -ENOMEM;
	func_table__find_groups(cu, symtab, p->groups);
	return 0;
}

/*
 * The CU's repeats of what the collector appended so far, found here
 * rather than by the collector, which then only looks at what it appended
 * since. Not before the arrays' index type is known: an array's record
 * needs it (0 then, p->match left NULL).
 */
static int prematch(const struct cu_prepare_ctx *ctx, const struct cu *cu, struct prepared *p)
{
	struct btf_encoder *e = ctx->encoder;
	int err;

	btf_repeats__lock_shared(e->repeats);
	p->index_type = e->index_type;
	p->match_end = btf__type_cnt(e->btf);
	btf_repeats__unlock(e->repeats);
	if (!p->index_type)
		return 0;
	p->match = malloc((cu->nr_types ?: 1) * sizeof(*p->match));
	if (!p->match)
		return -ENOMEM;
	err = btf_repeats__prematch(e->repeats, e->btf, p->rs, p->index_type, p->match_end,
				    p->match);
	if (err) {
		free(p->match);
		p->match = NULL;
	}
	return err;
}

int btf_encoder__prepare_cu(struct cu *cu, const struct cu_prepare_ctx *ctx)
{
	struct prepared *p = calloc(1, sizeof(*p));
	int err = p ? prepare_recs(ctx->opts, cu, &p->rs) : -ENOMEM;

	err = err ?: prepare_groups(ctx, cu, p) ?: prematch(ctx, cu, p);
	if (err) {
		if (p)
			free_prepared(p);
		return err;
	}
	cu__set_prepared(cu, p, free_prepared);
	return 0;
}

/*
 * The CU's exact repeats (@pre: those a loading thread found), and its
 * ids. 0 or -errno, reported.
 */
static int match_types(struct btf_encoder *e, const struct cu *cu, struct btf_recs *rs,
		       const struct btf_prematch *pre, uint32_t *provisional_ret)
{
	int err = dw_ensure_cap(&e->ids, &e->ids_cap, sizeof(*e->ids), cu->nr_types);

	err = err ?: btf_repeats__match(e->repeats, e->btf, rs, e->index_type, pre, e->ids);
	if (err) {
		pr_err("%s: %s: cannot encode: %s", e->opts.in_path, cu->name ? cu->name : "?",
		       strerror(-err));
		return err;
	}
	assign_ids(e, cu, rs, provisional_ret);
	return 0;
}

/* How many records ahead append_types() asks for the slots of their names. */
enum { NAMES_AHEAD = 8 };

/*
 * The CU's types that are no exact repeats, appended in core id order, then
 * indexed for the CUs to come. The repeats' lock held. 0 or -errno, reported.
 */
static int append_types(struct btf_encoder *e, const struct cu *cu, struct btf_recs *rs,
			uint32_t first_new, uint32_t provisional)
{
	const struct btf_rec *recs = btf_recs__recs(rs);
	uint32_t i;
	int id, err;

	find_index_type(e, cu);
	e->cu_has_array = false;
	for (i = 1; i < cu->nr_types; i++) {
		uint32_t ahead = i + NAMES_AHEAD;

		if (ahead < cu->nr_types && e->ids[ahead] >= first_new)
			btf_names__prefetch(e->names, recs[ahead].name);
		if (e->ids[i] < first_new || is_atomic(cu, recs, i))
			continue;
		err = append_type(e, rs, cu, i, provisional);
		if (err)
			return err;
	}
	if (!e->index_type && e->cu_has_array) {
		id = btf__add_int(e->btf, "int", 4, BTF_INT_SIGNED);
		if (id < 0)
			return id;
		e->index_type = id;
	}
	err = btf_repeats__index(e->repeats, rs, e->ids);
	if (err)
		pr_err("%s: %s: cannot encode: %s", e->opts.in_path, cu->name ? cu->name : "?",
		       strerror(-err));
	return err;
}

/* What the CU came prepared with: records, and maybe symbol groups. */
static const struct prepared *cu_prepared(const struct cu *cu)
{
	return cu->prepared && cu->prepared_free == free_prepared ? cu->prepared : NULL;
}

/* The CU's prepared records, or, when it came without them, records made now. */
static int cu_recs(const struct btf_encoder *e, const struct cu *cu, struct btf_recs **ret,
		   struct btf_recs **owned_ret)
{
	const struct prepared *p = cu_prepared(cu);
	int err;

	*owned_ret = NULL;
	if (p) {
		*ret = p->rs;
		return 0;
	}
	err = prepare_recs(&e->opts, cu, owned_ret);
	if (!err)
		*ret = *owned_ret;
	return err;
}

/* What a loading thread matched, when it is what matching now needs. */
static bool use_prematch(const struct btf_encoder *e, const struct prepared *p,
			 struct btf_prematch *ret)
{
	if (!p || !p->match || p->index_type != e->index_type)
		return false;
	*ret = (struct btf_prematch){ p->match, p->match_end };
	return true;
}

/* Everything of @cu that changes the BTF: the repeats' lock held. */
static int append_cu(struct btf_encoder *e, const struct cu *cu, struct btf_recs *rs,
		     uint32_t first_new, uint32_t provisional)
{
	const struct prepared *p = cu_prepared(cu);
	const struct elf_symtab *symtab = e->nr_symtabs ? e->symtabs[e->nr_symtabs - 1] : NULL;
	int err = append_types(e, cu, rs, first_new, provisional);

	if (err)
		return err;
	err = encode_type_decl_tags(e, cu);
	if (!err && e->trace) {
		btf_trace__start(e->trace, e->file_path, symtab);
		err = btf_trace__cu(e->trace, cu, rs);
	}
	if (!err && symtab)
		err = func_table__save_cu(e->funcs, e->btf, cu, e->ids,
					  e->trace ? btf_trace__ids(e->trace) : NULL, symtab,
					  p && p->groups ? p->groups : NULL);
	if (err) {
		pr_err("%s: %s: cannot encode: %s", e->opts.in_path, cu->name ? cu->name : "?",
		       strerror(-err));
		return err;
	}
	return encode_variables(e, cu);
}

int btf_encoder__add_cu(struct btf_encoder *e, const struct cu *cu)
{
	struct btf_prematch pre;
	bool has_pre = use_prematch(e, cu_prepared(cu), &pre);
	uint32_t first_new = btf__type_cnt(e->btf), provisional = 0;
	struct btf_recs *rs, *owned;
	int err = cu_recs(e, cu, &rs, &owned);

	err = err ?: match_types(e, cu, rs, has_pre ? &pre : NULL, &provisional);
	if (!err) {
		btf_repeats__lock(e->repeats);
		err = append_cu(e, cu, rs, first_new, provisional);
		btf_repeats__unlock(e->repeats);
	}
	btf_recs__free(owned);
	return err;
}

/* Functions, then DATASECs: the last types before dedup. */
static int finish_functions(struct btf_encoder *e)
{
	int err = func_table__emit(e->funcs, e->btf, e->opts.in_path);

	if (err)
		return err;
	err = encode_datasecs(e);
	if (err)
		pr_err("%s: cannot encode a DATASEC: %s", e->opts.in_path, strerror(-err));
	return err;
}

/*
 * btf__dedup() says -EINVAL whenever its set-up fails, and with no options
 * passed only an allocation can fail there: its message holds the real code.
 */
static bool dedup_ran_out_of_memory(void)
{
	const char *msg = strstr(log__libbpf_last(), "btf_dedup_new failed: ");

	return msg && atol(msg + strlen("btf_dedup_new failed: ")) == -ENOMEM;
}

/*
 * Whether dedup took every name that FWD-tolerant matching took for one
 * type for exactly one struct or union (btf_equiv.h). BTF_ENCODER_AGAIN:
 * it did not, the files are to be encoded again without tolerance.
 */
static int check_taken_names(struct btf_encoder *e, const struct btf_equiv_check *check,
			     uint32_t first)
{
	const char *name;
	int ret = btf_equiv_check__run(check, e->btf, first, &name);

	if (ret < 0) {
		pr_err("%s: cannot encode: %s", e->opts.in_path, strerror(-ret));
		return ret;
	}
	if (ret) {
		pr_info("%s: '%s' is more than one type: encoding again, FWDs apart",
			e->opts.in_path, name);
		return BTF_ENCODER_AGAIN;
	}
	return 0;
}

/* The split BTF deduplicated by our own code: 0, -EAGAIN where it declines, -errno. */
static int own_dedup(struct btf_encoder *e)
{
	uint32_t before = btf__type_cnt(e->btf) - 1;
	double start = phase_stats__now();
	int err = e->big_endian ? -EAGAIN :
		  btf_split_own__dedup(e->opts.own, e->btf, &e->out_raw, &e->out_size, &e->nr_types);

	if (err == -EAGAIN)
		return err;
	if (err) {
		pr_err("%s: BTF deduplication failed: %s", e->opts.in_path, strerror(-err));
		return err;
	}
	if (e->opts.stats) {
		e->opts.stats->types_before_dedup = before;
		e->opts.stats->types_after_dedup = e->nr_types;
		e->opts.stats->libbpf_dedup_secs = phase_stats__now() - start;
		e->opts.stats->own_dedup = true;
	}
	return 0;
}

/*
 * Where our own dedup declined: the types built copied into split BTF on
 * libbpf's reading of the base, for the libbpf path. 0 or -errno.
 */
static int to_libbpf_split(struct btf_encoder *e)
{
	struct btf *split;
	int err = btf_loader__open_base(e->opts.base_path, &e->own_base);

	if (err)
		return err;
	split = btf__new_empty_split(e->own_base);
	err = split ? btf_split_own__append(split, e->btf) : -errno;
	if (err) {
		btf__free(split);
		pr_err("%s: cannot encode: %s", e->opts.in_path, strerror(-err));
		return err;
	}
	e->built = e->btf;
	e->btf = split;
	e->start_id = btf__type_cnt(e->own_base);
	return 0;
}

/* Split BTF is deduplicated as libbpf 1.8, until nothing changes (btf_split_dedup.h). */
static int dedup(struct btf_encoder *e, uint32_t first)
{
	struct btf_equiv_check *check;
	struct btf_repeats_stats rs;
	int err, nr_members;
	double start;

	if (e->opts.own) {
		err = own_dedup(e);
		if (err != -EAGAIN)
			return err;
		err = to_libbpf_split(e);
		if (err)
			return err;
		first = e->start_id;
	}
	btf_repeats__stats(e->repeats, &rs);
	pr_debug("%s: %llu types were repeats (%llu of %llu candidates differed)",
		 e->opts.in_path, (unsigned long long)rs.nr_matched,
		 (unsigned long long)rs.nr_failed, (unsigned long long)rs.nr_checks);

	if (e->opts.stats)
		e->opts.stats->types_before_dedup = btf__type_cnt(e->btf) - first;
	err = btf_equiv_check__new(e->btf, btf_repeats__taken(e->repeats), &check);
	if (err) {
		pr_err("%s: cannot encode: %s", e->opts.in_path, strerror(-err));
		return err;
	}
	log__libbpf_forget();
	start = phase_stats__now();
	err = btf_split__dedup(&e->btf);
	if (e->opts.stats)
		e->opts.stats->libbpf_dedup_secs = phase_stats__now() - start;
	if (err == -EINVAL && dedup_ran_out_of_memory())
		err = -ENOMEM;
	if (err) {
		pr_err("%s: BTF deduplication failed: %s", e->opts.in_path, strerror(-err));
		btf_equiv_check__free(check);
		return err;
	}
	err = check_taken_names(e, check, first);
	btf_equiv_check__free(check);
	if (err)
		return err;
	err = btf_sized__complete(e->btf, first, &nr_members);
	if (err < 0) {
		pr_err("%s: cannot encode: %s", e->opts.in_path, strerror(-err));
		return err;
	}
	if (err || nr_members)
		pr_info("%s: declarations held by value: %d members as bytes, %d as structs without members",
			e->opts.in_path, nr_members, err);
	e->nr_types = btf__type_cnt(e->btf) - first;
	if (e->opts.stats)
		e->opts.stats->types_after_dedup = e->nr_types;
	return 0;
}

/* Split BTF gets no kind layout section, as upstream's. */
static int write_output(struct btf_encoder *e)
{
	bool layout = e->opts.layout && !btf__base_btf(e->btf);
	void *raw = NULL;
	uint32_t size;
	int err;

	if (e->out_raw) {
		raw = e->out_raw;
		size = e->out_size;
		e->out_raw = NULL;
		err = 0;
	} else {
		err = btf__set_endianness(e->btf, e->big_endian ? BTF_BIG_ENDIAN :
								       BTF_LITTLE_ENDIAN);
		err = err ?: btf_raw__image(e->btf, layout, &raw, &size);
	}
	if (err) {
		pr_err("%s: cannot serialise BTF: %s", e->opts.in_path, strerror(-err));
		return err;
	}
	if (e->opts.stats)
		e->opts.stats->out_bytes = size;
	if (!e->opts.out_path)
		err = btf_elf__write_btf(e->opts.in_path, e->btf, raw, size,
					 e->opts.distilled_base, e->opts.copy);
	else
		err = out_file__write_whole(e->opts.out_path, raw, size);
	free(raw);
	return err;
}

int btf_encoder__finish(struct btf_encoder *e)
{
	uint32_t first = e->start_id;
	struct phase_stats *s = e->opts.stats;
	double start = phase_stats__now();
	int err;

	err = finish_functions(e);
	if (s)
		phase_stats__end(s, PHASE_FUNCTIONS, start);
	if (err)
		return err;
	if (btf__type_cnt(e->btf) == first) {
		pr_info("%s: no types to encode, nothing written", e->opts.in_path);
		return 0;
	}
	start = phase_stats__now();
	err = dedup(e, first);
	if (s)
		phase_stats__end(s, PHASE_DEDUP, start);
	if (err)
		return err;
	start = phase_stats__now();
	err = write_output(e);
	if (s)
		phase_stats__end(s, PHASE_WRITING, start);
	return err;
}
