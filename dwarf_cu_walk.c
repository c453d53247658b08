// SPDX-License-Identifier: GPL-2.0-only
/*
 * The walk of one CU's DIEs (dwarf_cu_loader.h): depth-first, each DIE
 * handed to the loader of its tag in the tag table dwarf_cu.c fills; the
 * DIE map (keys to core ids), the references waiting for the end of the
 * walk, the decl tags of open DIEs. The parts (types, functions,
 * namespaces, bodies) call it; it calls none of them.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include <elfutils/libdw.h>

#include "dwarf_cu_core.h"
#include "log.h"

/* ---- the DIE map and references ------------------------------------------------ */

/* Makes room for @n entries, at most half the slots in use. */
int cu_loader__reserve_map(struct cu_loader *l, uint64_t n)
{
	return n > UINT32_MAX ? -ENOMEM : int_map__reserve(&l->map, (uint32_t)n);
}

/* DIE @die_off (a key) is core type @id; a key already mapped keeps its id. */
static int map_die(struct cu_loader *l, uint64_t die_off, uint32_t id)
{
	return int_map__add(&l->map, die_off, id, NULL) ? 0 : -ENOMEM;
}

int cu_loader__map_die_to(struct cu_loader *l, const struct die *die, uint32_t id)
{
	return map_die(l, cu_loader__die_key(l, die), id);
}

/* Records that @slot (or, with @slot NULL, types[@id].type) refers to @die_off. */
int cu_loader__add_ref(struct cu_loader *l, uint32_t *slot, uint32_t id, uint64_t die_off)
{
	int err = dw_reserve(&l->refs, &l->refs_cap, sizeof(*l->refs), l->nr_refs + 1);

	if (err)
		return err;
	l->refs[l->nr_refs++] = (struct ref_fixup){ .slot = slot, .id = id, .die_off = die_off };
	return 0;
}

int cu_loader__add_containing_ref(struct cu_loader *l, uint32_t id, uint64_t die_off)
{
	int err = cu_loader__add_ref(l, NULL, id, die_off);

	if (!err)
		l->refs[l->nr_refs - 1].is_containing = true;
	return err;
}

/* libdw's handle of @die, for what is left to libdw. NULL when it finds none. */
Dwarf_Die *cu_loader__libdw_die(const struct cu_loader *l, const struct die *die, Dwarf_Die *ret)
{
	if (cu_loader__key_alt(l, die->unit))
		return dwarf_offdie(dwarf_xunits__alt_dwarf(l->df->xunits), die->off, ret);
	return die->unit->in_types ? dwarf_offdie_types(l->dwarf, die->off, ret) :
				     dwarf_offdie(l->dwarf, die->off, ret);
}

/*
 * DWARF 5's file 0 (the primary source file, which clang names in
 * DW_AT_decl_file), which libdw before 0.191 refuses as no file at all;
 * NULL where the index is another, or the unit older.
 */
static const char *decl_file_zero(Dwarf_Die *die)
{
	Dwarf_Attribute attr;
	Dwarf_Word idx;
	Dwarf_Half version;
	Dwarf_Die cudie;
	Dwarf_Files *files;
	size_t nfiles;

	if (!dwarf_attr_integrate(die, DW_AT_decl_file, &attr) ||
	    dwarf_formudata(&attr, &idx) != 0 || idx != 0 ||
	    !dwarf_cu_die(die->cu, &cudie, &version, NULL, NULL, NULL, NULL, NULL) ||
	    version < 5 || dwarf_getsrcfiles(&cudie, &files, &nfiles) != 0 || nfiles == 0)
		return NULL;
	return dwarf_filesrc(files, 0, NULL, NULL);
}

/* What only the printer needs: where the type is declared, its alignment. */
static void set_print_facts(const struct cu_loader *l, struct die *die, struct type *t,
			    const struct die_attrs *a)
{
	Dwarf_Die ldie;

	t->is_private = l->private_depth > 0;
	if (a) {
		t->alignment = a->alignment;
		t->decl_line = a->decl_line;
	}
	if (l->opts->decl_info && cu_loader__libdw_die(l, die, &ldie)) {
		/* Line tables are cached in the Dwarf, unlocked in libdw. */
		pthread_mutex_lock(l->df->libdw_lock);
		t->decl_file = dwarf_decl_file(&ldie) ?: decl_file_zero(&ldie);
		pthread_mutex_unlock(l->df->libdw_lock);
	}
}

/* Appends @t as the type of @die, and queues its DW_AT_type. */
int cu_loader__add_type(struct cu_loader *l, struct die *die, struct type *t,
		    const struct die_attrs *a, uint32_t *ret)
{
	uint32_t id;
	int err;

	t->src_off = die->off;
	if (l->opts->for_printing)
		set_print_facts(l, die, t, a);
	err = cu__add_type(l->cu, t, &id) ?: map_die(l, cu_loader__die_key(l, die), id);
	if (!err && a && a->has_type)
		err = cu_loader__add_ref(l, NULL, id, a->type_off);
	if (!err && ret)
		*ret = id;
	return err;
}

/* ---- the walk ---------------------------------------------------------------------- */

/*
 * A struct, union or enum that only names a type unit's type by its
 * signature (DWARF 4, 7.32): references to it go to that type.
 */
static int add_signature_alias(struct cu_loader *l, struct die *die)
{
	struct die_attr sig;
	Dwarf_Attribute attr;
	Dwarf_Die target;
	uint64_t key;
	int rc = die__find_attr(die, DW_AT_signature, &sig), err;

	if (rc < 0)
		return cu_loader__walk_error(l, die);
	if (sig.form != DW_FORM_ref_sig8 || !cu_loader__signature_key(l, sig.value, &key)) {
		attr = die_attr__libdw(die->unit, &sig);
		if (!dwarf_formref_die(&attr, &target)) {
			cu_loader__error(l, die, dwarf_errmsg(-1));
			return -EINVAL;
		}
		key = cu_loader__libdw_key(&target);
	}
	err = dw_ensure_cap(&l->aliases, &l->aliases_cap, sizeof(*l->aliases),
			    l->nr_aliases + 1);
	if (err)
		return err;
	l->aliases[l->nr_aliases++] = (struct type_alias){ cu_loader__die_key(l, die), key };
	return 0;
}

/* One DIE of any kind, through the tag table; tags it has no loader for are skipped. */
int cu_loader__load_die(struct cu_loader *l, struct die *die)
{
	if (l->depth >= MAX_DIE_DEPTH) {
		cu_loader__error(l, die, "DIE tree nested too deeply");
		return -EINVAL;
	}
	/*
	 * Most DIEs loaded here are types, mapped once their attributes are
	 * read: the slot's cache line is fetched meanwhile.
	 */
	int_map__prefetch(&l->map, cu_loader__die_key(l, die));
	if (die__has_attr(die, DW_AT_signature))
		return add_signature_alias(l, die);
	return cu_loader__load_tag(l, die);
}

/* @die by the loader of its tag, one level down. */
int cu_loader__load_tag(struct cu_loader *l, struct die *die)
{
	cu_die_fn load = die->tag < CU_NR_TAGS ? l->tags->load[die->tag] : NULL;
	int err;

	if (!load)
		return 0;
	l->depth++;
	err = load(l, die);
	l->depth--;
	return err;
}

int cu_loader__load_children(struct cu_loader *l, struct die *parent)
{
	struct die child;
	int rc, err;

	for (rc = die__child(parent, &child); rc == 0; rc = die__sibling(&child)) {
		err = cu_loader__load_die(l, &child);
		if (err)
			return err;
	}
	if (rc < 0)
		return cu_loader__walk_error(l, parent);
	return 0;
}

/* Types defined inside a function or a namespace are private to it (printing only). */
int cu_loader__load_private_children(struct cu_loader *l, struct die *die)
{
	int err;

	l->private_depth++;
	err = cu_loader__load_children(l, die);
	l->private_depth--;
	return err;
}

/* One child DIE of a function, private to it like its children. */
int cu_loader__load_function_child(struct cu_loader *l, struct die *die)
{
	int err;

	l->private_depth++;
	err = cu_loader__load_die(l, die);
	l->private_depth--;
	return err;
}

/* DW_TAG_imported_unit (dwz): the partial unit's DIEs become the CU's, here. */
static int load_imported_unit(struct cu_loader *l, struct die *die)
{
	struct die_attrs da = { .unit = die->unit, .loader = l,
				.key_alt = cu_loader__key_alt(l, die->unit) };
	struct die_attr imp;
	uint64_t key;
	int rc = die__find_attr(die, DW_AT_import, &imp), err;

	if (rc < 0)
		return cu_loader__walk_error(l, die);
	if (rc == 0 || !cu_loader__attr_ref(&imp, &da, true, &key)) {
		cu_loader__error(l, die, "imported unit without a valid DW_AT_import");
		return -EINVAL;
	}
	err = xunit_cache__import(&l->xunits, key);
	if (err == -ENOENT)
		cu_loader__error(l, die, "DW_AT_import names no unit");
	return err == -ENOENT ? -EINVAL : err;
}

/* DW_TAG_unspecified_type: no id, every reference to it is void. */
static int load_unspecified(struct cu_loader *l, struct die *die)
{
	return map_die(l, cu_loader__die_key(l, die), 0);
}

/* The tags the walk loads itself. */
const struct cu_tag_fn cu_walk__tags[] = {
	{ DW_TAG_unspecified_type,	load_unspecified },
	{ DW_TAG_lexical_block,		cu_loader__load_private_children },
	{ DW_TAG_inlined_subroutine,	cu_loader__load_private_children },
	/* Namespaces for printing are dwarf_namespaces.c's, when asked for. */
	{ DW_TAG_namespace,		cu_loader__load_private_children },
	{ DW_TAG_imported_unit,		load_imported_unit },
	{ 0 }
};

/* ---- decl tags --------------------------------------------------------------------- */

static int push_annot(struct cu_loader *l, const char *value, int32_t component_idx)
{
	int err = dw_ensure_cap(&l->astack, &l->astack_cap, sizeof(*l->astack),
				l->nr_astack + 1);

	if (!err)
		l->astack[l->nr_astack++] = (struct annotation){ value, component_idx };
	return err;
}

/* A btf_decl_tag annotation child of @die for @component_idx, if @child is one. */
int cu_loader__load_decl_tag(struct cu_loader *l, struct die *child, int32_t component_idx)
{
	struct die_attrs a;
	int err;

	if (!l->opts->decl_tags || child->tag != TAG_LLVM_ANNOTATION)
		return 0;
	err = cu_loader__read_attrs(l, child, &a);
	if (err || !a.name || strcmp(a.name, "btf_decl_tag") || !a.const_string)
		return err;
	return push_annot(l, a.const_string, component_idx);
}

static int load_decl_tag_children(struct cu_loader *l, struct die *die, int32_t component_idx)
{
	struct die child;
	int rc, err;

	for (rc = die__child(die, &child); rc == 0; rc = die__sibling(&child)) {
		err = cu_loader__load_decl_tag(l, &child, component_idx);
		if (err)
			return err;
	}
	return rc < 0 ? cu_loader__walk_error(l, die) : 0;
}

/*
 * Every btf_decl_tag annotation child of @die. Asked of each member and
 * parameter, which seldom has children: small, to be inlined (with LTO).
 */
int cu_loader__load_decl_tags(struct cu_loader *l, struct die *die, int32_t component_idx)
{
	if (!l->opts->decl_tags || !die->has_children)
		return 0;
	return load_decl_tag_children(l, die, component_idx);
}

/* Moves the annotations pushed since @first to l->annots; their range in *ret. */
int cu_loader__flush_annots(struct cu_loader *l, uint32_t first, uint32_t ret[2])
{
	uint32_t n = l->nr_astack - first;
	int err = dw_ensure_cap(&l->annots, &l->annots_cap, sizeof(*l->annots),
				l->nr_annots + n);

	if (err)
		return err;
	if (n)
		memcpy(l->annots + l->nr_annots, l->astack + first, n * sizeof(*l->annots));
	ret[0] = l->nr_annots;
	ret[1] = n;
	l->nr_annots += n;
	l->nr_astack = first;
	return 0;
}

/* ---- resolution -------------------------------------------------------------------- */

/* The core id of the DIE with key @die_off. */
static bool lookup_die(const struct cu_loader *l, uint64_t die_off, uint32_t *ret)
{
	const uint32_t *id = int_map__find(&l->map, die_off);

	if (id)
		*ret = *id;
	return id != NULL;
}

static int cmp_alias(const void *a, const void *b)
{
	const struct type_alias *x = a, *y = b;

	return x->key < y->key ? -1 : x->key > y->key;
}

/* Aliases are sorted by then; a stub naming a stub is followed a few times. */
static bool lookup_alias(const struct cu_loader *l, uint64_t key, uint32_t *ret)
{
	unsigned int hops;

	for (hops = 0; hops < 8 && l->nr_aliases; hops++) {
		struct type_alias k = { .key = key }, *a;

		a = bsearch(&k, l->aliases, l->nr_aliases, sizeof(*a), cmp_alias);
		if (!a)
			return false;
		key = a->target;
		if (lookup_die(l, key, ret))
			return true;
	}
	return false;
}

/* Whether @key is mapped yet. */
bool cu_loader__is_mapped(const struct cu_loader *l, uint64_t key)
{
	uint32_t id;

	return lookup_die(l, key, &id);
}

bool cu_loader__type_id(const struct cu_loader *l, uint64_t key, uint32_t *ret)
{
	return lookup_die(l, key, ret) || lookup_alias(l, key, ret);
}

/* Turns every queued DIE offset into a core id; unknown targets become void. */
void cu_loader__resolve_refs(struct cu_loader *l)
{
	uint32_t i, id;

	if (l->nr_aliases)
		qsort(l->aliases, l->nr_aliases, sizeof(*l->aliases), cmp_alias);
	for (i = 0; i < l->nr_refs; i++) {
		const struct ref_fixup *r = &l->refs[i];

		if (!lookup_die(l, r->die_off, &id) && !lookup_alias(l, r->die_off, &id)) {
			id = 0;
			l->nr_unresolved++;
			pr_debug("%s: %s: couldn't find 0x%llx type", l->df->path,
				 l->cu->name ? l->cu->name : "?",
				 (unsigned long long)r->die_off);
		}
		if (r->slot)
			*r->slot = id;
		else if (r->is_containing)
			l->cu->types[r->id].containing_type = id;
		else
			l->cu->types[r->id].type = id;
	}
}
