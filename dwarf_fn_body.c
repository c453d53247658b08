// SPDX-License-Identifier: GPL-2.0-only
/*
 * Function bodies for printing (pfunct): what a subprogram's lexical
 * blocks hold -- local variables, goto labels, inline expansions, nested
 * blocks -- and the facts about the subprogram itself that only a function
 * lister shows (DW_AT_inline, decl file and line). Loaded only when
 * dwarf_loader_opts.fn_bodies asks; the BTF encoder never does.
 *
 * The walk records what each item refers to by DIE key; once the CU's walk
 * and resolution are done, variables and labels take their abstract
 * origin's name, type and line, and inline expansions the index of the function they
 * expand (dwarf_fn_body__resolve()).
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include <elfutils/libdw.h>

#include "dwarf_cu_loader.h"
#include "dwarf_fn_body.h"

/* An item whose origin is looked up after the walk. */
struct body_origin {
	struct fn_item	*item;		/* arena */
	uint64_t	origin_off;
};

/* A body variable or label, by its DIE key, for the origins of concrete instances. */
struct body_var {
	uint64_t	key;
	struct fn_item	*item;		/* arena */
};

/* A pending item of an open block, and what it refers to. */
struct pending_item {
	struct fn_item	item;
	uint64_t	type_off;	/* NO_TYPE when absent */
	uint64_t	origin_off;
	uint64_t	key;
	bool		has_origin;
};

struct fn_body_loader {
	struct pending_item	*stack;		/* items of open blocks */
	uint32_t		nr_stack, stack_cap;
	struct body_origin	*origins;	/* items waiting for their origin */
	uint32_t		nr_origins, origins_cap;
	struct body_var		*vars;		/* every body variable and label of the CU */
	uint32_t		nr_vars, vars_cap;
};

enum { MAX_BLOCK_DEPTH = 128 };

static int walk_block(struct cu_loader *l, struct die *die, struct lexblock *b,
		      unsigned int depth);

static int push_item(struct fn_body_loader *bl, const struct pending_item *pi)
{
	int err = dw_ensure_cap(&bl->stack, &bl->stack_cap, sizeof(*bl->stack),
				bl->nr_stack + 1);

	if (!err)
		bl->stack[bl->nr_stack++] = *pi;
	return err;
}

/*
 * An inline expansion with DW_AT_ranges: the sum of its ranges, and the
 * start of the first one as its address, as upstream reads them.
 */
static void die_ranges(const struct cu_loader *l, struct die *die, uint64_t *low,
		       uint64_t *size)
{
	Dwarf_Addr base, start, end;
	ptrdiff_t off = 0;
	Dwarf_Die ldie;

	if (!die__has_attr(die, DW_AT_ranges) || !cu_loader__libdw_die(l, die, &ldie))
		return;
	/* Range lists are read through libdw's caches of the unit. */
	pthread_mutex_lock(l->df->libdw_lock);
	while ((off = dwarf_ranges(&ldie, off, &base, &start, &end)) > 0) {
		if (end > start)
			*size += end - start;
		if (!*low)
			*low = start;
	}
	pthread_mutex_unlock(l->df->libdw_lock);
}

/* Upstream's scope of a variable: from the first operation of a single location. */
static uint8_t var_scope(const struct die_attrs *a)
{
	Dwarf_Attribute attr;
	Dwarf_Block block;
	uint8_t op;

	if (!a->has_location)
		return VSCOPE_OPTIMIZED;
	attr = a->location;
	if (dwarf_formblock(&attr, &block))
		return VSCOPE_OPTIMIZED;
	if (!block.length)
		return VSCOPE_UNKNOWN;
	op = block.data[0];
	if (op == DW_OP_addr || op == DW_OP_addrx || op == DW_OP_GNU_addr_index)
		return VSCOPE_GLOBAL;
	if ((op >= DW_OP_reg1 && op <= DW_OP_reg31) || (op >= DW_OP_breg0 && op <= DW_OP_breg31))
		return VSCOPE_REGISTER;
	return op == DW_OP_fbreg ? VSCOPE_LOCAL : VSCOPE_UNKNOWN;
}

static int add_item(struct cu_loader *l, struct die *die, uint8_t kind, struct lexblock *b)
{
	struct pending_item pi = { .item = { .kind = kind }, .type_off = NO_TYPE };
	struct die_attrs a;
	int err = cu_loader__read_attrs(l, die, &a);

	if (err)
		return err;
	pi.item.name = a.name;
	pi.item.decl_line = (uint32_t)a.decl_line;
	pi.key = cu_loader__plain_key(l, die);
	pi.has_origin = a.has_origin;
	pi.origin_off = a.origin_off;
	if (kind == FN_ITEM_VARIABLE) {
		pi.type_off = a.has_type ? a.type_off : NO_TYPE;
		/* A declaration has no location to be optimized out of: unknown, as upstream. */
		pi.item.scope = a.is_declaration ? VSCOPE_UNKNOWN : var_scope(&a);
		pi.item.is_extern = a.is_external && a.is_declaration;
		b->nr_variables++;
	} else if (kind == FN_ITEM_LABEL) {
		b->nr_labels++;
	} else {
		pi.item.decl_line = (uint32_t)a.call_line;
		pi.item.origin = UINT32_MAX;
		cu_loader__pc_range(die->unit, &a, &pi.item.addr, &pi.item.size);
		if (!pi.item.addr && !pi.item.size)
			die_ranges(l, die, &pi.item.addr, &pi.item.size);
		b->nr_inline_expansions++;
		b->size_inline_expansions += pi.item.size;
	}
	return push_item(l->bodies, &pi);
}

/* A nested lexical block: its own items, then it joins its parent's. */
static int add_block(struct cu_loader *l, struct die *die, struct lexblock *b,
		     unsigned int depth)
{
	struct pending_item pi = { .item = { .kind = FN_ITEM_BLOCK }, .type_off = NO_TYPE };
	struct lexblock *nb = arena__alloc(&l->cu->arena, sizeof(*nb));
	struct die_attrs a;
	int err;

	if (!nb)
		return -ENOMEM;
	err = cu_loader__read_attrs(l, die, &a);
	if (err)
		return err;
	cu_loader__pc_range(die->unit, &a, &nb->low_pc, &nb->size);
	err = walk_block(l, die, nb, depth + 1);
	if (err)
		return err;
	pi.item.block = nb;
	b->nr_lexblocks++;
	return push_item(l->bodies, &pi);
}

/*
 * The children of @die as items of block @b. Those of an inline expansion
 * (@in_expansion): its blocks, labels and the expansions inside it belong
 * to the enclosing block; its variables and parameters are not listed, as
 * upstream.
 */
static int walk_children(struct cu_loader *l, struct die *die, struct lexblock *b,
			 unsigned int depth, bool in_expansion)
{
	struct die child;
	int rc, err = 0;

	if (depth >= MAX_BLOCK_DEPTH)
		return 0;
	for (rc = die__child(die, &child); rc == 0 && !err; rc = die__sibling(&child)) {
		switch (child.tag) {
		case DW_TAG_variable:
			if (!in_expansion)
				err = add_item(l, &child, FN_ITEM_VARIABLE, b);
			break;
		case DW_TAG_label:
			err = add_item(l, &child, FN_ITEM_LABEL, b);
			break;
		case DW_TAG_inlined_subroutine:
			/* What it expands inside comes first, as upstream lists them. */
			err = walk_children(l, &child, b, depth + 1, true) ?:
			      add_item(l, &child, FN_ITEM_INLINE, b);
			break;
		case DW_TAG_lexical_block:
			err = add_block(l, &child, b, depth);
			break;
		}
	}
	return err ?: (rc < 0 ? cu_loader__walk_error(l, die) : 0);
}

static int register_refs(struct cu_loader *l, struct pending_item *pi, struct fn_item *item)
{
	struct fn_body_loader *bl = l->bodies;
	int err = 0;

	if (item->kind == FN_ITEM_VARIABLE || item->kind == FN_ITEM_LABEL) {
		if (pi->type_off != NO_TYPE)
			err = cu_loader__add_ref(l, &item->type, 0, pi->type_off);
		err = err ?: dw_ensure_cap(&bl->vars, &bl->vars_cap, sizeof(*bl->vars),
					   bl->nr_vars + 1);
		if (err)
			return err;
		bl->vars[bl->nr_vars++] = (struct body_var){ .key = pi->key, .item = item };
	}
	if (!pi->has_origin || item->kind == FN_ITEM_BLOCK)
		return 0;
	err = dw_ensure_cap(&bl->origins, &bl->origins_cap, sizeof(*bl->origins),
			    bl->nr_origins + 1);
	if (!err)
		bl->origins[bl->nr_origins++] = (struct body_origin){
			.item = item, .origin_off = pi->origin_off,
		};
	return err;
}

/* Moves the items pushed since @first into @b, in the arena. */
static int finish_block(struct cu_loader *l, uint32_t first, struct lexblock *b)
{
	struct fn_body_loader *bl = l->bodies;
	uint32_t i, n = bl->nr_stack - first;
	int err = 0;

	b->nr_items = n;
	b->items = arena__alloc(&l->cu->arena, (n ? n : 1) * sizeof(*b->items));
	if (!b->items)
		return -ENOMEM;
	for (i = 0; i < n && !err; i++) {
		b->items[i] = bl->stack[first + i].item;
		err = register_refs(l, &bl->stack[first + i], &b->items[i]);
	}
	bl->nr_stack = first;
	return err;
}

/* Block @b's items: those of its children, in the arena. */
static int walk_block(struct cu_loader *l, struct die *die, struct lexblock *b,
		      unsigned int depth)
{
	uint32_t first = l->bodies->nr_stack;

	return walk_children(l, die, b, depth, false) ?: finish_block(l, first, b);
}

int dwarf_fn_body__load(struct cu_loader *l, struct die *die, const struct die_attrs *a,
			struct function *f)
{
	struct lexblock *b;
	Dwarf_Die ldie;

	if (!l->bodies) {
		l->bodies = calloc(1, sizeof(*l->bodies));
		if (!l->bodies)
			return -ENOMEM;
	}
	f->inlined = a->inline_kind;
	f->has_origin = a->has_origin;
	f->is_nested = l->depth > 1;
	f->decl_line = (uint32_t)a->decl_line;
	if (l->opts->decl_info && cu_loader__libdw_die(l, die, &ldie)) {
		/* Line tables are cached in the Dwarf, unlocked in libdw. */
		pthread_mutex_lock(l->df->libdw_lock);
		f->decl_file = dwarf_decl_file(&ldie);
		pthread_mutex_unlock(l->df->libdw_lock);
	}
	b = arena__alloc(&l->cu->arena, sizeof(*b));
	if (!b)
		return -ENOMEM;
	b->low_pc = f->low_pc;
	b->size = f->size;
	f->body = b;
	return walk_block(l, die, b, 0);
}

static int cmp_var(const void *pa, const void *pb)
{
	const struct body_var *a = pa, *b = pb;

	return a->key < b->key ? -1 : a->key > b->key;
}

static const struct fn_item *find_var(const struct fn_body_loader *bl, uint64_t key)
{
	struct body_var k = { .key = key };
	const struct body_var *v = bl->nr_vars ? bsearch(&k, bl->vars, bl->nr_vars,
							   sizeof(*bl->vars), cmp_var) : NULL;

	return v ? v->item : NULL;
}

/* A function's index in cu->functions by the key of its DIE: non-foreign ones, in order. */
static int cmp_fn(const void *pa, const void *pb)
{
	const struct body_var *a = pa, *b = pb;

	return a->key < b->key ? -1 : a->key > b->key;
}

static int index_functions(const struct cu_loader *l, struct body_var **ret)
{
	struct body_var *idx = calloc(l->nr_fns ? l->nr_fns : 1, sizeof(*idx));
	uint32_t i, n = 0;

	if (!idx)
		return -ENOMEM;
	for (i = 0; i < l->nr_fns; i++) {
		if (l->fns[i].is_foreign)
			continue;
		/* The item pointer carries the index; never dereferenced. */
		idx[n].key = l->fns[i].die_off;
		idx[n].item = (struct fn_item *)(uintptr_t)n;
		n++;
	}
	qsort(idx, n, sizeof(*idx), cmp_fn);
	*ret = idx;
	return (int)n;
}

static void resolve_origin(const struct fn_body_loader *bl, const struct body_origin *o,
			   const struct body_var *fns, uint32_t nr_fns)
{
	struct fn_item *item = o->item;
	struct body_var k = { .key = o->origin_off };
	const struct body_var *f;
	const struct fn_item *v;

	if (item->kind == FN_ITEM_INLINE) {
		f = bsearch(&k, fns, nr_fns, sizeof(*fns), cmp_fn);
		if (f)
			item->origin = (uint32_t)(uintptr_t)f->item;
		return;
	}
	v = find_var(bl, o->origin_off);
	if (!v)
		return;
	if (!item->name)
		item->name = v->name;
	if (!item->type)
		item->type = v->type;
	if (!item->decl_line)
		item->decl_line = v->decl_line;
}

/*
 * A concrete instance or a definition without a line of its own has its
 * origin's or specification's, as libdw's dwarf_decl_line() finds it.
 */
static void inherit_decl_lines(struct cu_loader *l, const struct body_var *fns, uint32_t nr)
{
	struct function *cf = l->cu->functions;
	uint32_t i, n = 0;

	for (i = 0; i < l->nr_fns; i++) {
		const struct fn_info *fi = &l->fns[i];
		struct body_var k;
		const struct body_var *o;

		if (fi->is_foreign)
			continue;
		k.key = fi->has_origin ? fi->origin_off : fi->spec_off;
		o = !cf[n].decl_line && (fi->has_origin || fi->has_spec) ?
		    bsearch(&k, fns, nr, sizeof(*fns), cmp_fn) : NULL;
		if (o) {
			cf[n].decl_line = cf[(uintptr_t)o->item].decl_line;
			if (!cf[n].decl_file)
				cf[n].decl_file = cf[(uintptr_t)o->item].decl_file;
		}
		n++;
	}
}

int dwarf_fn_body__resolve(struct cu_loader *l)
{
	struct fn_body_loader *bl = l->bodies;
	struct body_var *fns;
	uint32_t i;
	int n;

	if (!bl)
		return 0;
	if (bl->nr_vars)
		qsort(bl->vars, bl->nr_vars, sizeof(*bl->vars), cmp_var);
	n = index_functions(l, &fns);
	if (n < 0)
		return n;
	for (i = 0; i < bl->nr_origins; i++)
		resolve_origin(bl, &bl->origins[i], fns, (uint32_t)n);
	if (n)
		inherit_decl_lines(l, fns, (uint32_t)n);
	free(fns);
	return 0;
}

void dwarf_fn_body__release(struct cu_loader *l)
{
	if (!l->bodies)
		return;
	free(l->bodies->stack);
	free(l->bodies->origins);
	free(l->bodies->vars);
	free(l->bodies);
	l->bodies = NULL;
}
