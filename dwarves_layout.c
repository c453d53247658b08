// SPDX-License-Identifier: GPL-2.0-only
/*
 * Layout arithmetic: where members live, holes, padding, natural alignment
 * and the __packed__ guess, computed the way upstream pahole prints them.
 */
#include <stdlib.h>

#include "dwarves_layout.h"

struct layout {
	const struct cu		*cu;		/* borrowed */
	struct layout_opts	opts;
	struct class_layout	**classes;	/* by core id, lazily; owned */
	/* While set, struct override_id reads as override_type, laid out as override_cl. */
	uint32_t		override_id;	/* 0: none */
	const struct type	*override_type;	/* borrowed from the caller */
	struct class_layout	*override_cl;	/* borrowed from the caller */
	bool			out_of_memory;	/* a layout__class() could not allocate */
};

struct layout *layout__new(const struct cu *cu, const struct layout_opts *opts)
{
	struct layout *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	l->classes = calloc(cu->nr_types ? cu->nr_types : 1, sizeof(*l->classes));
	if (!l->classes) {
		free(l);
		return NULL;
	}
	l->cu = cu;
	l->opts = *opts;
	return l;
}

void layout__free(struct layout *l)
{
	uint32_t i;

	if (!l)
		return;
	for (i = 0; i < l->cu->nr_types; i++) {
		if (!l->classes[i])
			continue;
		free(l->classes[i]->members);
		free(l->classes[i]);
	}
	free(l->classes);
	free(l);
}

bool layout__out_of_memory(const struct layout *l)
{
	return l->out_of_memory;
}

const struct cu *layout__cu(const struct layout *l)
{
	return l->cu;
}

void layout__set_override(struct layout *l, uint32_t id, const struct type *t,
			  struct class_layout *cl)
{
	l->override_id = id;
	l->override_type = t;
	l->override_cl = cl;
}

void layout__clear_override(struct layout *l)
{
	l->override_id = 0;
	l->override_type = NULL;
	l->override_cl = NULL;
}

const struct type *layout__type(const struct layout *l, uint32_t id)
{
	if (id && id == l->override_id)
		return l->override_type;
	return cu__type(l->cu, id);
}

static bool is_aggregate(const struct type *t)
{
	return t->kind == TK_STRUCT || t->kind == TK_UNION;
}

/* Places each member: bitfields in the naturally aligned unit holding their first bit. */
bool layout__is_empty_class(const struct cu *cu, uint32_t id)
{
	const struct type *t = cu__type(cu, cu__strip_modifiers(cu, id));

	return t->kind == TK_STRUCT && t->byte_size == 1 && !t->nr_entries;
}

static void place_member(const struct layout *l, const struct member *m,
			 struct member_layout *ml)
{
	const struct cu *cu = l->cu;
	uint64_t bits;

	ml->bit_offset = m->bit_offset;
	ml->bitfield_size = m->bitfield_size;
	ml->bitfield_offset = 0;
	ml->byte_offset = m->bit_offset / 8;
	if (!m->bitfield_size) {
		ml->byte_size = layout__is_empty_class(cu, m->type) ? 0 :
				cu__type_byte_size(cu, m->type);
		return;
	}
	ml->byte_size = m->storage_size ? m->storage_size :
			cu__type_byte_size(cu, m->type);
	if (!ml->byte_size)
		return;
	bits = (uint64_t)ml->byte_size * 8;
	ml->byte_offset = m->bit_offset / bits * bits / 8;
	ml->bitfield_offset = m->bit_offset - (uint64_t)ml->byte_offset * 8;
	/* A bitfield as wide as its type is the plain member (int x:32 is int x). */
	if (l->opts.fixup_silly_bitfields && (uint64_t)ml->byte_size * 8 == ml->bitfield_size) {
		ml->bitfield_size = 0;
		ml->bitfield_offset = 0;
	}
}

/* Hole state while walking the members of a struct (bits from its start). */
struct hole_walk {
	int64_t		seen;		/* end of the data seen so far */
	int64_t		run_end;	/* end of the current bitfield storage run */
	int64_t		run_size;	/* its unit size in bits, 0 outside a run */
	bool		in_bitfield;
};

/* Byte and bit holes before @ml, then advances the walk past it. */
static void walk_member(struct hole_walk *w, const struct member_layout *ml,
			int64_t *byte_hole, int64_t *bit_hole)
{
	int64_t start = ml->bit_offset, unit_bits = (int64_t)ml->byte_size * 8;
	int64_t end = start + (ml->bitfield_size ? ml->bitfield_size : unit_bits);

	*byte_hole = *bit_hole = 0;
	if (w->in_bitfield) {
		int64_t bf_end = start < w->run_end ? start : w->run_end;

		*bit_hole = bf_end - w->seen;
		w->seen = bf_end;
	}
	if (ml->bitfield_size) {
		int64_t unit_start = (int64_t)ml->byte_offset * 8;

		if (w->seen < unit_start && unit_start <= start) {
			*byte_hole = ml->byte_offset - w->seen / 8;
			w->seen = unit_start;
		}
		*bit_hole += start - w->seen;
	} else {
		*byte_hole = start / 8 - w->seen / 8;
	}
	w->seen = end;
	if (ml->bitfield_size) {
		w->in_bitfield = true;
		if (end > w->run_end || unit_bits > w->run_size) {
			w->run_size = unit_bits;
			w->run_end = (int64_t)ml->byte_offset * 8 + unit_bits;
			if (end > w->run_end)
				w->run_end += unit_bits;
		}
	} else {
		w->in_bitfield = false;
		w->run_size = 0;
		w->run_end = end;
	}
}

/*
 * Holes are attributed to the member before them (or to the struct for the
 * first). Differences are kept modulo 2^32, as upstream's int arithmetic.
 */
static void find_holes(const struct type *t, struct class_layout *cl)
{
	struct hole_walk w = { .run_end = (int64_t)t->byte_size * 8 };
	int64_t size_bits = (int64_t)t->byte_size * 8;
	struct member_layout *last = NULL;
	uint32_t i;

	cl->nr_holes = cl->nr_bit_holes = 0;
	cl->pre_hole = cl->pre_bit_hole = 0;
	cl->bit_padding = 0;
	for (i = 0; i < t->nr_entries; i++) {
		struct member_layout *ml = &cl->members[i];
		int64_t byte_hole, bit_hole;

		ml->hole = ml->bit_hole = 0;
		walk_member(&w, ml, &byte_hole, &bit_hole);
		if (last) {
			last->hole = byte_hole;
			last->bit_hole = bit_hole;
		} else {
			cl->pre_hole = byte_hole;
			cl->pre_bit_hole = bit_hole;
		}
		cl->nr_bit_holes += (int32_t)bit_hole != 0;
		/* Overlapping members (an empty base) are no hole, as upstream counts. */
		cl->nr_holes += (int32_t)byte_hole > 0;
		last = ml;
	}
	if (w.in_bitfield) {
		int64_t bf_end = size_bits < w.run_end ? size_bits : w.run_end;

		cl->bit_padding = bf_end - w.seen;
		w.seen = bf_end;
	}
	cl->padding = (int64_t)t->byte_size - w.seen / 8;
}

void layout__compute(const struct layout *l, const struct type *t, struct class_layout *cl)
{
	uint32_t i;

	for (i = 0; i < t->nr_entries; i++)
		place_member(l, &t->members[i], &cl->members[i]);
	if (t->kind == TK_STRUCT)
		find_holes(t, cl);
	cl->holes_done = true;
}

struct class_layout *layout__class(struct layout *l, uint32_t id)
{
	const struct type *t;
	struct class_layout *cl;

	if (!id || id >= l->cu->nr_types)
		return NULL;
	if (id == l->override_id)
		return l->override_cl;
	t = cu__type(l->cu, id);
	if (!is_aggregate(t))
		return NULL;
	cl = l->classes[id];
	if (cl)
		return cl;
	cl = calloc(1, sizeof(*cl));
	if (cl)
		cl->members = calloc(t->nr_entries ? t->nr_entries : 1, sizeof(*cl->members));
	if (!cl || !cl->members) {
		free(cl);
		l->out_of_memory = true;
		return NULL;
	}
	layout__compute(l, t, cl);
	l->classes[id] = cl;
	return cl;
}

static uint32_t natural_alignment(struct layout *l, uint32_t id, unsigned int depth);

static uint32_t aggregate_alignment(struct layout *l, uint32_t id, unsigned int depth)
{
	const struct type *t = layout__type(l, id);
	struct class_layout *cl = layout__class(l, id);
	uint32_t i, max = 0;

	if (cl && cl->natural_alignment)
		return cl->natural_alignment;
	for (i = 0; i < t->nr_entries; i++) {
		uint32_t a = natural_alignment(l, cu__strip_modifiers(l->cu, t->members[i].type), depth + 1);

		if (a > max)
			max = a;
	}
	if (cl)
		cl->natural_alignment = max;
	return max;
}

static uint32_t natural_alignment(struct layout *l, uint32_t id, unsigned int depth)
{
	const struct type *t;
	uint32_t a = 1;

	if (!id || id >= l->cu->nr_types || depth > CU_MAX_TYPE_NESTING)
		return 1;
	t = cu__type(l->cu, id);
	switch (t->kind) {
	case TK_POINTER:
		a = l->cu->addr_size;
		break;
	case TK_UNSUPPORTED:
		a = t->encoding != CXX_REF_NONE ? l->cu->addr_size : 0;
		break;
	case TK_BASE:
	case TK_ENUM:
		a = t->byte_size;
		break;
	case TK_STRUCT:
	case TK_UNION:
		a = aggregate_alignment(l, id, depth);
		break;
	case TK_ARRAY:
		a = natural_alignment(l, cu__strip_modifiers(l->cu, t->type), depth + 1);
		break;
	default:
		break;
	}
	return a ? a : 1;
}

uint32_t layout__natural_alignment(struct layout *l, uint32_t id)
{
	return natural_alignment(l, id, 0);
}

static void mark_packed(struct layout *l, uint32_t id)
{
	struct class_layout *cl = layout__class(l, id);

	if (!cl)
		return;
	cl->is_packed = true;
	cl->packed_done = true;
}

/* Struct members at offsets their type's natural alignment forbids are packed. */
static void mark_misplaced_members(struct layout *l, const struct type *t,
				   const struct class_layout *cl)
{
	uint32_t i;

	for (i = 0; i < t->nr_entries; i++) {
		uint32_t mt = cu__strip_modifiers(l->cu, t->members[i].type);

		if (!mt || cu__type(l->cu, mt)->kind != TK_STRUCT)
			continue;
		if (cl->members[i].byte_offset % natural_alignment(l, mt, 0))
			mark_packed(l, mt);
	}
}

void layout__mark_misplaced_members(struct layout *l, uint32_t id)
{
	struct class_layout *cl = layout__class(l, id);

	if (cl)
		mark_misplaced_members(l, layout__type(l, id), cl);
}

bool layout__infer_packed(struct layout *l, uint32_t id)
{
	struct class_layout *cl = layout__class(l, id);
	const struct type *t;
	uint32_t i, max_align = 1;

	if (!cl || layout__type(l, id)->kind != TK_STRUCT)
		return false;
	if (cl->packed_done)
		return cl->is_packed;
	t = layout__type(l, id);
	cl->packed_done = true;
	if (cl->padding || cl->nr_holes) {
		mark_misplaced_members(l, t, cl);
		cl->is_packed = false;
		return false;
	}
	for (i = 0; i < t->nr_entries; i++) {
		uint32_t a = natural_alignment(l, cu__strip_modifiers(l->cu, t->members[i].type), 0);

		if (a == 1)
			continue;
		if (a > max_align)
			max_align = a;
		if (cl->members[i].byte_offset % a) {
			cl->is_packed = true;
			return true;
		}
	}
	if ((max_align != 1 && t->alignment == 1) || t->byte_size % max_align)
		cl->is_packed = true;
	return cl->is_packed;
}

void layout__infer_union_packed(struct layout *l, uint32_t id)
{
	struct class_layout *cl = layout__class(l, id);
	const struct type *t;
	uint32_t i;

	if (!cl || cl->packed_done)
		return;
	t = layout__type(l, id);
	for (i = 0; i < t->nr_entries; i++) {
		uint32_t mt = cu__strip_modifiers(l->cu, t->members[i].type);

		if (!mt || cu__type(l->cu, mt)->kind != TK_STRUCT)
			continue;
		if (t->byte_size % natural_alignment(l, mt, 0))
			mark_packed(l, mt);
	}
	cl->packed_done = true;
}

bool layout__has_flexible_array(const struct cu *cu, uint32_t id)
{
	const struct type *t = cu__type(cu, id), *at;

	if (t->kind != TK_STRUCT || !t->nr_entries)
		return false;
	at = cu__type(cu, t->members[t->nr_entries - 1].type);
	if (at->kind != TK_ARRAY)
		return false;
	if (at->nr_dims > 1)
		return false;
	return !at->nr_dims || at->dims[0] == 0;
}

static bool has_embedded(const struct cu *cu, uint32_t id, unsigned int depth)
{
	const struct type *t = cu__type(cu, id);
	uint32_t i;

	if (depth > CU_MAX_TYPE_NESTING)
		return false;
	for (i = 0; i < t->nr_entries; i++) {
		uint32_t mt = cu__strip_modifiers(cu, t->members[i].type);

		if (!mt || cu__type(cu, mt)->kind != TK_STRUCT)
			continue;
		if (layout__has_flexible_array(cu, mt) || has_embedded(cu, mt, depth + 1))
			return true;
	}
	return false;
}

bool layout__has_embedded_flexible_array(const struct cu *cu, uint32_t id)
{
	if (cu__type(cu, id)->kind != TK_STRUCT)
		return false;
	return has_embedded(cu, id, 0);
}
