// SPDX-License-Identifier: GPL-2.0-only
/*
 * C++ namespaces for printing (pdwtags): what each namespace of a CU holds,
 * in DIE order, as cu->ns_items (see struct ns_item). Loaded only when
 * dwarf_loader_opts.namespaces asks; the BTF encoder never does.
 *
 * The walk records each child by what it is and, for types and imports, by
 * the DIE key it names; after the CU's resolution the keys become core type
 * ids and the imports the names of what they import.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>

#include "dwarf_cu_loader.h"
#include "dwarf_namespaces.h"

/* An item of the walk, and the DIE it names. */
struct ns_pending {
	struct ns_item	item;
	uint64_t	target;		/* NS_TYPE, NS_USING*: a DIE key */
	bool		has_target;
};

/* A namespace DIE of the CU, for the imports that name it. */
struct ns_known {
	uint64_t	key;
	const char	*name;
};

struct ns_loader {
	struct ns_pending	*items;
	uint32_t		nr_items, items_cap;
	struct ns_known		*spaces;
	uint32_t		nr_spaces, spaces_cap;
};

static int push(struct cu_loader *l, const struct ns_pending *p)
{
	struct ns_loader *nl = l->namespaces;
	int err = dw_ensure_cap(&nl->items, &nl->items_cap, sizeof(*nl->items),
				nl->nr_items + 1);

	if (!err)
		nl->items[nl->nr_items++] = *p;
	return err;
}

static int push_kind(struct cu_loader *l, const struct die *die, enum ns_item_kind kind)
{
	const struct ns_pending p = {
		.item = { .kind = kind, .tag = (uint16_t)die->tag, .src_off = die->off },
	};

	return push(l, &p);
}

struct import_ref {
	const struct die_unit	*unit;
	uint64_t		off;
	bool			found;
};

static int read_import(const struct die_attr *a, void *arg)
{
	struct import_ref *r = arg;

	if (a->name == DW_AT_import)
		r->found = die_attr__ref(r->unit, a, &r->off);
	return 0;
}

/* DW_TAG_imported_declaration or DW_TAG_imported_module: what it names. */
static int push_import(struct cu_loader *l, struct die *die, enum ns_item_kind kind)
{
	struct import_ref r = { .unit = die->unit };
	struct ns_pending p = {
		.item = { .kind = kind, .tag = (uint16_t)die->tag, .src_off = die->off },
	};

	if (die__attrs(die, read_import, &r))
		return cu_loader__walk_error(l, die);
	p.has_target = r.found;
	p.target = r.found ? cu_loader__ref_key(l, die, r.off) : 0;
	return push(l, &p);
}

static int push_type(struct cu_loader *l, struct die *die)
{
	const struct ns_pending p = {
		.item = { .kind = NS_TYPE, .tag = (uint16_t)die->tag, .src_off = die->off },
		.target = cu_loader__ref_key(l, die, die->off),
		.has_target = true,
	};

	return push(l, &p);
}

/* What upstream's loader keeps of a namespace's child, recorded; the child loaded. */
static int load_child(struct cu_loader *l, struct die *die)
{
	int err = 0;

	switch (die->tag) {
	case DW_TAG_namespace:
		return cu_loader__load_die(l, die);
	case DW_TAG_variable:
		/* Declared in a namespace: the CU's, as at its top level. */
		return push_kind(l, die, NS_VARIABLE) ?: cu_loader__load_tag(l, die);
	case DW_TAG_subprogram:
		err = push_kind(l, die, NS_FUNCTION);
		break;
	case DW_TAG_imported_declaration:
		return push_import(l, die, NS_USING);
	case DW_TAG_imported_module:
		return push_import(l, die, NS_USING_NAMESPACE);
	case DW_TAG_structure_type: case DW_TAG_class_type: case DW_TAG_interface_type:
	case DW_TAG_union_type: case DW_TAG_enumeration_type: case DW_TAG_typedef:
	case DW_TAG_array_type: case DW_TAG_subroutine_type:
		err = push_type(l, die);
		break;
	case DW_TAG_base_type: case DW_TAG_const_type: case DW_TAG_pointer_type:
	case DW_TAG_reference_type: case DW_TAG_rvalue_reference_type:
	case DW_TAG_restrict_type: case DW_TAG_volatile_type: case DW_TAG_atomic_type:
	case DW_TAG_unspecified_type: case DW_TAG_ptr_to_member_type: case DW_TAG_string_type:
		err = push_kind(l, die, NS_UNSUPPORTED);
		break;
	default:
		break;
	}
	return err ?: cu_loader__load_die(l, die);
}

static int add_known(struct cu_loader *l, const struct die *die, const char *name)
{
	struct ns_loader *nl = l->namespaces;
	int err = dw_ensure_cap(&nl->spaces, &nl->spaces_cap, sizeof(*nl->spaces),
				nl->nr_spaces + 1);

	if (!err)
		nl->spaces[nl->nr_spaces++] = (struct ns_known){
			.key = cu_loader__ref_key(l, die, die->off), .name = name,
		};
	return err;
}

int dwarf_namespaces__load(struct cu_loader *l, struct die *die)
{
	struct ns_pending begin = {
		.item = { .kind = NS_BEGIN, .tag = DW_TAG_namespace, .src_off = die->off },
	};
	unsigned int scope = l->cu_scope_depth;
	struct die_attrs a;
	struct die child;
	int rc, err;

	if (l->foreign)		/* another CU's: its types only */
		return cu_loader__load_private_children(l, die);
	if (!l->namespaces) {
		l->namespaces = calloc(1, sizeof(*l->namespaces));
		if (!l->namespaces)
			return -ENOMEM;
	}
	err = cu_loader__read_attrs(l, die, &a);
	if (err)
		return err;
	begin.item.name = a.name;
	err = add_known(l, die, a.name) ?: push(l, &begin);
	l->private_depth++;
	l->cu_scope_depth = l->depth + 1;	/* its variables are the CU's */
	for (rc = die__child(die, &child); !err && rc == 0; rc = die__sibling(&child))
		err = load_child(l, &child);
	l->cu_scope_depth = scope;
	l->private_depth--;
	if (!err && rc < 0)
		err = cu_loader__walk_error(l, die);
	return err ?: push_kind(l, die, NS_END);
}

/* ---- after the walk ------------------------------------------------------------ */

/* The namespace DIE @key of the CU, or NULL. */
static const struct ns_known *find_space(const struct ns_loader *nl, uint64_t key)
{
	uint32_t i;

	for (i = 0; i < nl->nr_spaces; i++)
		if (nl->spaces[i].key == key)
			return &nl->spaces[i];
	return NULL;
}

/* The name of the namespace, type, function or variable DIE @key, or NULL. */
static const char *target_name(struct cu_loader *l, uint64_t key)
{
	const struct ns_known *space = find_space(l->namespaces, key);
	const struct function *f;
	const struct variable *v;
	uint32_t id;

	if (space)
		return space->name;
	if (cu_loader__type_id(l, key, &id))
		return id ? cu__type(l->cu, id)->name : NULL;
	f = cu__function_at(l->cu, cu_loader__key_off(key));
	if (f)
		return f->name;
	v = cu__variable_at(l->cu, cu_loader__key_off(key));
	return v ? v->name : NULL;
}

static void resolve_item(struct cu_loader *l, const struct ns_pending *p, struct ns_item *it)
{
	const struct ns_known *space;
	uint32_t id = 0;

	*it = p->item;
	switch (it->kind) {
	case NS_TYPE:
		if (!cu_loader__type_id(l, p->target, &id))
			id = 0;
		it->type = id;
		break;
	case NS_USING:
		it->name = p->has_target ? target_name(l, p->target) : NULL;
		break;
	case NS_USING_NAMESPACE:
		space = p->has_target ? find_space(l->namespaces, p->target) : NULL;
		it->name = space ? space->name : NULL;
		break;
	default:
		break;
	}
}

int dwarf_namespaces__resolve(struct cu_loader *l)
{
	const struct ns_loader *nl = l->namespaces;
	struct ns_item *items;
	uint32_t i;

	if (!nl || !nl->nr_items)
		return 0;
	items = arena__alloc(&l->cu->arena, (size_t)nl->nr_items * sizeof(*items));
	if (!items)
		return -ENOMEM;
	for (i = 0; i < nl->nr_items; i++)
		resolve_item(l, &nl->items[i], &items[i]);
	l->cu->ns_items = items;
	l->cu->nr_ns_items = nl->nr_items;
	return 0;
}

void dwarf_namespaces__release(struct cu_loader *l)
{
	if (!l->namespaces)
		return;
	free(l->namespaces->items);
	free(l->namespaces->spaces);
	free(l->namespaces);
	l->namespaces = NULL;
}
