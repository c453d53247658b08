// SPDX-License-Identifier: GPL-2.0-only
/*
 * DWARF to the model, one CU (dwarf_cu.h): its units opened, the unit DIE
 * read (name, language, whether the CU is left out), the DIEs walked
 * (dwarf_cu_walk.c) through the tag table this file fills from the parts'
 * lists: type DIEs are dwarf_cu_types.c's, subprograms, parameters and
 * variables dwarf_cu_funcs.c's, namespaces and bodies for printing
 * dwarf_namespaces.c's and dwarf_fn_body.c's. Then the DIEs the CU reaches
 * in other units, references resolved, functions and variables. The file
 * and the order of the CUs are dwarf_loader.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "cu_pool.h"
#include "dwarf_cu.h"
#include "dwarf_cu_core.h"
#include "dwarf_cursor.h"
#include "dwarf_fn_body.h"
#include "dwarf_namespaces.h"
#include "dwarf_functions.h"
#include "dwarf_loader_opts.h"
#include "dwarf_locations.h"
#include "dwarf_xunits.h"
#include "log.h"


/* A map kept for the next CU (dwarf_cu.h). */
struct die_map_spare {
	struct int_map		map;		/* owned */
	unsigned int		owner;		/* cu_pool__thread_index() of its last user */
};

void die_map_spares__init(struct die_map_spares *s)
{
	pthread_mutex_init(&s->lock, NULL);
}

void die_map_spares__release(struct die_map_spares *s)
{
	uint32_t i;

	for (i = 0; i < s->nr; i++)
		int_map__release(&s->spare[i].map);
	free(s->spare);
	pthread_mutex_destroy(&s->lock);
	memset(s, 0, sizeof(*s));
}

/*
 * The spare map this thread gave back last, else none (a new one is made):
 * one another thread filled last is in that thread's core's cache, a miss
 * for each slot probed. By thread number, as btf_repeats keeps its matchers.
 */
static struct die_map_spare take_spare(struct die_map_spares *s)
{
	unsigned int me = cu_pool__thread_index();
	struct die_map_spare m = { 0 };
	uint32_t i;

	for (i = s->nr; i-- > 0;)
		if (s->spare[i].owner == me) {
			m = s->spare[i];
			s->spare[i] = s->spare[--s->nr];
			break;
		}
	return m;
}

/* The loader's map: a spare one with a stamp of its own, else none yet. */
static void take_map(struct cu_loader *l)
{
	struct die_map_spares *s = l->env->spares;
	struct die_map_spare m = { 0 };

	if (s) {
		pthread_mutex_lock(&s->lock);
		m = take_spare(s);
		pthread_mutex_unlock(&s->lock);
	}
	int_map__clear(&m.map);		/* a new stamp: the last CU's keys are gone */
	l->map = m.map;
}

/* Gives the loader's map back to the spares, or frees it. */
static void give_map(struct cu_loader *l)
{
	struct die_map_spares *s = l->env->spares;
	struct die_map_spare m = { l->map, cu_pool__thread_index() };

	if (s && m.map.cap) {
		pthread_mutex_lock(&s->lock);
		if (!dw_reserve(&s->spare, &s->cap, sizeof(*s->spare), s->nr + 1)) {
			s->spare[s->nr++] = m;
			m.map = (struct int_map){ 0 };
		}
		pthread_mutex_unlock(&s->lock);
	}
	int_map__release(&m.map);
	l->map = (struct int_map){ 0 };
}

/* ---- units --------------------------------------------------------------------------- */

static int unit_error(const struct cu_loader *l, const struct die_unit *u, uint64_t off)
{
	pr_err("%s: %s: die 0x%llx: %s", l->df->path, cu_loader__cu_name(l), (unsigned long long)off,
	       u->errmsg ? u->errmsg : "corrupt unit");
	return -EINVAL;
}

/* Size of the header of a unit (DWARF 5, 7.5.1; DWARF 4, 7.5.1 and 7.5.1.2). */
static uint64_t unit_header_size(Dwarf_Half version, uint8_t unit_type, uint8_t off_size)
{
	uint64_t size = (off_size == 8 ? 12 : 4) + 2 + 1 + off_size + (version >= 5);

	if (is_type_unit_type(unit_type))
		size += 8 + off_size;
	else if (version >= 5 && (unit_type == DW_UT_skeleton || unit_type == DW_UT_split_compile))
		size += 8;
	return size;
}

/*
 * The reader's view of the unit libdw's @ldie is in. Its bytes must be
 * those libdw reads (relocated, decompressed): the unit DIE is checked to
 * be where libdw has it. 0, or -EINVAL (reported); release @u either way.
 */
static int open_unit(struct cu_loader *l, Dwarf_Die *ldie, struct die_unit *u)
{
	Dwarf_Half version = 0;
	Dwarf_Off abbrev_off, unit_off;
	uint8_t addr_size, off_size = 4, unit_type = 0;
	Dwarf_Die cu_die;
	uint64_t start;
	int err;

	memset(u, 0, sizeof(*u));
	if (!dwarf_cu_die(ldie->cu, &cu_die, &version, &abbrev_off, &addr_size, &off_size,
			  NULL, NULL) ||
	    dwarf_cu_info(ldie->cu, &version, &unit_type, NULL, NULL, NULL, NULL, NULL)) {
		pr_err("%s: %s: %s", l->df->path, cu_loader__cu_name(l), dwarf_errmsg(-1));
		return -EINVAL;
	}
	unit_off = dwarf_dieoffset(&cu_die);
	start = unit_off - unit_header_size(version, unit_type, off_size);
	err = die_unit__init_cached(u, l->secs, version < 5 && unit_type == DW_UT_type, start,
				    ldie->cu, &l->abbrevs);
	if (err == -ENOMEM)
		return err;
	if (!err && (u->first_die != unit_off || u->version != version ||
		     (const uint8_t *)cu_die.addr != u->sec->data + unit_off)) {
		u->errmsg = "unit header not where libdw reads it";
		err = -EINVAL;
	}
	return err ? unit_error(l, u, unit_off) : 0;
}

/*
 * Room for the types and reference fix-ups a unit of @bytes is likely to
 * make, so that they seldom move while they grow. The Debian 6.1 vmlinux's
 * units take 43 bytes of DIEs per type (the median; a tenth of them 36 or
 * fewer) and 17 per reference (a tenth 14 or fewer): with room for a type
 * per 32 bytes and a reference per 12, 97% of its units grow neither
 * array (with 48 and 24, 63% outgrew the first and 75% the second). Room
 * not used is never touched.
 */
static int reserve_for(struct cu_loader *l, uint64_t bytes)
{
	uint64_t types = l->cu->nr_types + bytes / 32, refs = l->nr_refs + bytes / 12;

	if (types > UINT32_MAX / 2 || refs > UINT32_MAX / 2)
		return 0;	/* let them grow as they go */
	/*
	 * A mapped DIE (type, function, variable) per 44 bytes, a tenth 36 or
	 * fewer; a function per 728 bytes, a tenth 229 or fewer; a parameter
	 * per 445, a tenth 152 or fewer. Room untouched costs no memory.
	 */
	return cu_loader__reserve_map(l, l->map.nr + bytes / 32) ?:
	       dw_reserve(&l->cu->types, &l->cu->types_cap, sizeof(*l->cu->types),
			  (uint32_t)types) ?:
	       dw_reserve(&l->refs, &l->refs_cap, sizeof(*l->refs), (uint32_t)refs) ?:
	       dw_reserve(&l->fns, &l->fns_cap, sizeof(*l->fns), l->nr_fns + bytes / 224) ?:
	       dw_reserve(&l->params, &l->params_cap, sizeof(*l->params),
			  l->nr_params + bytes / 148);
}

/* Whether a DW_AT_producer names clang. */
static bool names_clang(const char *producer)
{
	return producer && strstr(producer, "clang");
}

/* What the unit DIE says of its CU. */
struct unit_attrs {
	const struct cu_loader	*l;
	const struct die_unit	*u;
	const char		*name, *producer;
	uint64_t		lang;
	bool			has_name;
};

static int unit_attr(const struct die_attr *a, void *arg)
{
	struct unit_attrs *ua = arg;

	switch (a->name) {
	case DW_AT_name:
		ua->has_name = true;
		ua->name = cu_loader__attr_string(ua->l, ua->u, a);
		break;
	case DW_AT_producer:
		ua->producer = cu_loader__attr_string(ua->l, ua->u, a);
		break;
	case DW_AT_language:
		if (!cu_loader__attr_constant(ua->u, a, &ua->lang))
			ua->lang = 0;
		break;
	}
	return 0;
}

/*
 * The CU's name, language and producer, read from its unit DIE by the DIE
 * reader: libdw's first look at a unit's attributes reads its whole
 * abbreviation table, and GCC ends the table with the unit DIE's (180M
 * instructions on the vmlinux). A name the DIE lacks is asked of libdw,
 * which looks in a split unit's skeleton too. Then whether the options
 * leave the CU out.
 */
static int read_unit_die(struct cu_loader *l, struct die *die, Dwarf_Die *cu_die)
{
	struct unit_attrs ua = { .l = l, .u = die->unit };

	if (die__attrs(die, unit_attr, &ua) < 0)
		return cu_loader__walk_error(l, die);
	l->cu->name = ua.has_name ? ua.name : dwarf_diename(cu_die);
	l->cu->language = (uint16_t)ua.lang;
	l->is_clang = names_clang(ua.producer);
	l->is_excluded = l->env->excluded &&
			 l->env->excluded(l->env->excluded_ctx, (uint16_t)ua.lang, l->cu->name);
	l->name_die = NULL;
	return 0;
}

/* One unit's DIEs; @own_attrs: the CU's name and language from its DIE. */
static int load_unit(struct cu_loader *l, Dwarf_Die *cu_die, bool own_attrs)
{
	struct die_unit u;
	struct die die;
	int err = open_unit(l, cu_die, &u);

	if (!err && die__unit_die(&u, &die))
		err = unit_error(l, &u, u.first_die);
	if (!err && own_attrs)
		err = read_unit_die(l, &die, cu_die);
	if (!err && l->is_excluded) {
		die_unit__release(&u);
		return 0;
	}
	if (!err)
		dwarf_locations__unit(&die, &l->loc_unit);
	if (!err)
		err = reserve_for(l, u.end - u.start);
	l->xunits.own_start = u.start;
	l->xunits.own_end = u.end;
	if (!err)
		err = cu_loader__load_children(l, &die);
	die_unit__release(&u);
	return err;
}

/* ---- units beyond the CU (dwarf_xunits.h) --------------------------------------- */

/* xunit_hooks: an imported unit's DIEs, at the CU's top level. */
static int xunit_load_children(void *ctx, struct die *unit_die)
{
	struct cu_loader *l = ctx;
	unsigned int scope = l->cu_scope_depth;
	int err;

	l->depth--;	/* the DW_TAG_imported_unit's own level */
	l->cu_scope_depth = 1;	/* its top-level variables are the CU's */
	err = cu_loader__load_children(l, unit_die);
	l->cu_scope_depth = scope;
	l->depth++;
	return err;
}

/* xunit_hooks: a DIE of another CU, alone; its subprograms and variables are not the CU's. */
static int xunit_load_alone(void *ctx, struct die *die)
{
	struct cu_loader *l = ctx;
	unsigned int depth = l->depth, private_depth = l->private_depth;
	unsigned int scope = l->cu_scope_depth;
	int err;

	l->foreign++;
	l->depth = 0;
	l->private_depth = 0;
	l->cu_scope_depth = 1;
	err = cu_loader__load_die(l, die);
	l->foreign--;
	l->depth = depth;
	l->private_depth = private_depth;
	l->cu_scope_depth = scope;
	return err;
}

static bool xunit_is_mapped(void *ctx, uint64_t key)
{
	return cu_loader__is_mapped(ctx, key);
}

static int xunit_error(void *ctx, uint64_t key, const char *why)
{
	const struct cu_loader *l = ctx;

	pr_err("%s: %s: %sdie 0x%llx: %s", l->df->path, l->cu->name ? l->cu->name : "?",
	       key & KEY_ALT ? "alternate file " : "", (unsigned long long)(key & KEY_OFFSET),
	       why ? why : "corrupt unit");
	return -EINVAL;
}

/*
 * Most references stay in the CU: those need no call. Always inlined: the
 * reach pass asks it of every reference (9.9M on the vmlinux), and the
 * compiler left it out of line.
 */
__attribute__((always_inline))
static inline int load_foreign_die(struct cu_loader *l, uint64_t key)
{
	if (xunit_cache__in_own_unit(&l->xunits, key))
		return 0;
	return xunit_cache__load_alone(&l->xunits, key);
}

static int load_ref_target(struct cu_loader *l, uint64_t key);

/* What a subprogram refers to beyond the CU: its origin, specification, return type. */
static int load_fn_reach(struct cu_loader *l, uint32_t i)
{
	struct fn_info fi = l->fns[i];	/* loading moves l->fns */

	return (fi.has_origin ? load_foreign_die(l, fi.origin_off) : 0) ?:
	       (fi.has_spec ? load_foreign_die(l, fi.spec_off) : 0) ?:
	       load_ref_target(l, fi.type_off);
}

static int load_var_reach(struct cu_loader *l, uint32_t i)
{
	struct var_info vi = l->vars[i];

	return (vi.has_spec ? load_foreign_die(l, vi.spec_off) : 0) ?:
	       load_ref_target(l, vi.type_off);
}

/* ---- type units ------------------------------------------------------------------ */

/* A type unit's DIE that the file's index does not have (a .dwo's): libdw finds it. */
static int load_libdw_type_unit_die(struct cu_loader *l, uint64_t key)
{
	Dwarf *dbg = l->dwarf;
	Dwarf_Off off = key & KEY_OFFSET;
	struct die_unit u;
	struct die die;
	Dwarf_Die ldie;
	int err;

	if (!(key & KEY_DEBUG_TYPES ? dwarf_offdie_types(dbg, off, &ldie) :
				      dwarf_offdie(dbg, off, &ldie))) {
		pr_err("%s: %s: type unit die 0x%llx: %s", l->df->path,
		       l->cu->name ? l->cu->name : "?", (unsigned long long)off,
		       dwarf_errmsg(-1));
		return -EINVAL;
	}
	err = open_unit(l, &ldie, &u);
	if (!err && die__at(&u, off, &die))
		err = unit_error(l, &u, off);
	if (!err)
		err = cu_loader__load_die(l, &die);
	die_unit__release(&u);
	return err;
}

/* A type unit's DIE that the CU refers to, loaded into it unless it was already. */
static int load_type_unit_die(struct cu_loader *l, uint64_t key)
{
	struct die die;
	int err;

	if (!(key & KEY_TYPE_UNIT) || cu_loader__is_mapped(l, key))
		return 0;
	err = l->secs == &l->df->secs ? xunit_cache__type_die(&l->xunits, key, &die) : -ENOENT;
	if (err == -ENOENT)
		return load_libdw_type_unit_die(l, key);
	return err ?: cu_loader__load_die(l, &die);
}

/* What a reference of the CU reaches beyond it, when it does (NO_TYPE: void). */
static int load_ref_target(struct cu_loader *l, uint64_t key)
{
	if (key == NO_TYPE)
		return 0;
	return key & KEY_TYPE_UNIT ? load_type_unit_die(l, key) : load_foreign_die(l, key);
}

/*
 * The type unit types a CU refers to are loaded into it, after its own, as
 * if it had them itself: each CU stays whole for the encoder, and dedup
 * merges the copies. So are the DIEs of other CUs it refers to (LTO), and
 * what its subprograms, parameters and variables refer to there. Loading
 * one can add references to more.
 */
static int load_reached(struct cu_loader *l)
{
	uint32_t r = 0, a = 0, f = 0, p = 0, v = 0, t = 0;
	int err = 0;

	while (!err) {
		if (r < l->nr_refs)
			err = load_ref_target(l, l->refs[r++].die_off);
		else if (a < l->nr_aliases)
			err = load_type_unit_die(l, l->aliases[a++].target);
		else if (f < l->nr_fns)
			err = load_fn_reach(l, f++);
		else if (p < l->nr_params)
			err = load_ref_target(l, l->params[p++].type_off);
		else if (v < l->nr_vars)
			err = load_var_reach(l, v++);
		else if (t < l->nr_local_types)
			err = load_ref_target(l, l->local_types[t++]);
		else
			break;
	}
	return err;
}

/*
 * DWARF 4 numbers bitfield bits from the most significant bit of the storage
 * unit (DWARF 4, 5.7.6); BTF wants the offset of the lowest-order bit on
 * little endian, which needs the unit's size, possibly from the member type.
 */
static void resolve_bitfields(struct cu_loader *l)
{
	uint32_t i;

	for (i = 0; i < l->nr_bitfields; i++) {
		const struct bitfield_fixup *f = &l->bitfields[i];
		struct member *m = f->member;
		uint64_t size = f->storage_size ?: cu__type_byte_size(l->cu, m->type);
		int64_t bit;

		if (l->df->big_endian)
			bit = (int64_t)f->dw_bit_offset;
		else
			bit = (int64_t)(size * 8) - (int64_t)f->dw_bit_offset -
			      (int64_t)m->bitfield_size;
		m->bit_offset = (uint64_t)((int64_t)f->byte_offset * 8 + bit);
	}
}

/* An enum is signed when its underlying type (DW_AT_type) is. */
static void mark_signed_enums(struct cu *cu)
{
	uint32_t id;

	for (id = 1; id < cu->nr_types; id++) {
		struct type *t = cu__type(cu, id);
		const struct type *base;

		if (t->kind != TK_ENUM || !t->type || t->type >= cu->nr_types)
			continue;
		base = cu__type(cu, t->type);
		t->is_signed_enum = base->kind == TK_BASE && base->encoding == BE_SIGNED;
	}
}

/* ---- the tag table ---------------------------------------------------------------- */

static void add_tags(struct cu_tags *t, const struct cu_tag_fn *list)
{
	for (; list->tag; list++)
		t->load[list->tag] = list->load;
}

/*
 * What loads a DIE of each tag in a load with @opts: the walk's own tags,
 * the types', the functions' and variables', and what the options ask for
 * printing (namespaces, function bodies).
 */
static void fill_tags(struct cu_tags *t, const struct dwarf_loader_opts *opts)
{
	memset(t, 0, sizeof(*t));
	add_tags(t, cu_walk__tags);
	add_tags(t, cu_types__tags);
	add_tags(t, cu_funcs__tags);
	if (opts->namespaces)
		t->load[DW_TAG_namespace] = dwarf_namespaces__load;
	if (opts->fn_bodies)
		t->body = dwarf_fn_body__load;
}

/* ---- CUs ------------------------------------------------------------------------ */

static void cu_loader_release(struct cu_loader *l)
{
	give_map(l);
	free(l->aliases);
	free(l->refs);
	free(l->bitfields);
	free(l->stack);
	free(l->pstack);
	free(l->params);
	free(l->astack);
	free(l->annots);
	free(l->fns);
	free(l->vars);
	free(l->local_types);
	xunit_cache__release(&l->xunits);
	die_abbrev_cache__release(&l->abbrevs);
	free(l->bases);
	dwarf_fn_body__release(l);
	dwarf_namespaces__release(l);
}

static uint32_t type_id_of(void *ctx, uint64_t die_off)
{
	struct cu_loader *l = ctx;
	uint32_t id;

	if (cu_loader__type_id(l, die_off, &id))
		return id;
	l->nr_unresolved++;
	return 0;
}

static int decode_location_of(void *ctx, struct fn_param *p)
{
	struct loc_cu lc = cu_loader__loc_cu(ctx);

	return dwarf_locations__param(&lc, p);
}

/* After the walk: references, bitfield offsets, then functions and variables. */
static int resolve_cu(struct cu_loader *l)
{
	struct cu_functions cf = {
		.cu = l->cu, .abi = &l->df->abi, .is_clang = l->is_clang,
		.params = l->params, .nr_params = l->nr_params,
		.fns = l->fns, .nr_fns = l->nr_fns, .vars = l->vars, .nr_vars = l->nr_vars,
		.annots = l->annots, .type_id = type_id_of,
		.decode_location = decode_location_of, .ctx = l,
	};
	int err;

	cu_loader__resolve_refs(l);
	resolve_bitfields(l);
	/* Rust reorders fields; upstream prints and encodes them by offset. */
	if (l->cu->language == DW_LANG_Rust)
		cu__sort_members_by_offset(l->cu);
	err = cu_functions__resolve(&cf) ?: dwarf_fn_body__resolve(l) ?:
	      dwarf_namespaces__resolve(l);
	l->nr_unresolved += cf.nr_unresolved;
	return err;
}

static bool producer_is_clang(Dwarf_Die *cu_die)
{
	Dwarf_Attribute attr;

	return names_clang(dwarf_attr(cu_die, DW_AT_producer, &attr) ?
			   dwarf_formstring(&attr) : NULL);
}

/*
 * Loads the types of one CU (@nr_dies is 1), or of all DWARF 4 type units
 * into one CU. 0 and the CU in *ret (NULL: left out), or -errno (reported).
 */
static int load_cu(struct cu_loader *l, Dwarf_Die *cu_die, uint32_t nr_dies, int lang,
		   uint32_t id, struct cu **ret)
{
	uint8_t addr_size = 8, off_size;
	Dwarf_Die unit_die;
	uint32_t i;
	int err = 0;

	l->cu = cu__new(id);
	if (!l->cu)
		return -ENOMEM;
	if (lang != DWARF_CU_OWN_LANG) {
		l->cu->name = dwarf_diename(cu_die);
		l->cu->language = (uint16_t)lang;
		l->is_clang = producer_is_clang(cu_die);
	} else {
		l->name_die = cu_die;
	}
	dwarf_diecu(cu_die, &unit_die, &addr_size, &off_size);
	l->cu->addr_size = addr_size;
	for (i = 0; i < nr_dies && !err && !l->is_excluded; i++)
		err = load_unit(l, &cu_die[i], lang == DWARF_CU_OWN_LANG);
	if (!err && l->is_excluded) {
		cu__free(l->cu);
		*ret = NULL;
		return 0;
	}
	err = err ?: load_reached(l) ?: resolve_cu(l);
	if (err) {
		cu__free(l->cu);
		return err;
	}
	if (l->opts->for_printing)
		mark_signed_enums(l->cu);
	if (l->nr_unresolved)
		pr_info("%s: %s: %u type references not found, encoded as void",
			l->df->path, l->cu->name ? l->cu->name : "?", l->nr_unresolved);
	*ret = l->cu;
	return 0;
}

int dwarf_cu__load(const struct dwarf_cu_env *env, const struct die_sections *split,
		   Dwarf_Die *dies, uint32_t nr_dies, int lang, uint32_t id, struct cu **ret,
		   struct dwarf_load_counts *counts)
{
	const struct dwarf_file *df = env->df;
	const struct dwarf_loader_opts *opts = env->opts;
	struct cu_tags tags;
	struct cu_loader l = {
		.opts = opts, .df = df, .secs = split ? split : &df->secs,
		.dwarf = split ? dwarf_cu_getdwarf(dies[0].cu) : df->dwarf, .env = env,
		.tags = &tags, .cu_scope_depth = 1,
	};
	int err;

	fill_tags(&tags, opts);
	take_map(&l);
	l.reach_locals = df->xunits && dwarf_xunits__alt_secs(df->xunits);
	l.abbrevs.keep = cu_loader__collects;
	l.abbrevs.keep_arg = opts;
	l.xunits = (struct xunit_cache){
		.x = df->xunits, .secs = &df->secs, .abbrevs = &l.abbrevs,
		.hooks = { .load_children = xunit_load_children, .load_alone = xunit_load_alone,
			   .is_mapped = xunit_is_mapped, .error = xunit_error, .ctx = &l },
	};
	err = load_cu(&l, dies, nr_dies, lang, id, ret);
	counts->is_excluded = l.is_excluded;
	if (!err && *ret) {
		err = xunit_cache__type_units(&l.xunits, &counts->type_units,
					      &counts->nr_type_units);
		if (err) {
			cu__free(*ret);
			*ret = NULL;
		}
	}
	cu_loader_release(&l);
	counts->nr_dies = l.nr_dies;
	counts->nr_locations = l.loc_counts.nr_locations;
	counts->nr_location_fallbacks = l.loc_counts.nr_fallbacks;
	return err;
}
