// SPDX-License-Identifier: GPL-2.0-only
/* The model: CUs, their types, and an arena to free a CU in one go. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dwarves.h"

struct arena_chunk {
	struct arena_chunk	*next;
	size_t			size;
	max_align_t		data[];
};

enum { ARENA_CHUNK_MIN = 64 * 1024 };

void arena__init(struct arena *a)
{
	memset(a, 0, sizeof(*a));
}

void arena__release(struct arena *a)
{
	struct arena_chunk *c = a->head, *next;

	for (; c; c = next) {
		next = c->next;
		free(c);
	}
	arena__init(a);
}

void *arena__alloc(struct arena *a, size_t size)
{
	const size_t align = _Alignof(max_align_t);
	struct arena_chunk *c = a->head;
	void *p;

	size = (size + align - 1) & ~(align - 1);
	if (!c || c->size - a->used < size) {
		size_t csize = size > ARENA_CHUNK_MIN ? size : ARENA_CHUNK_MIN;

		c = malloc(sizeof(*c) + csize);
		if (!c)
			return NULL;
		c->size = csize;
		c->next = a->head;
		a->head = c;
		a->used = 0;
		a->total += csize;
	}
	p = (char *)c->data + a->used;
	a->used += size;
	memset(p, 0, size);
	return p;
}

/* Room for @need elements, @*cap grown by @cap / @divisor at least. */
static int grow(void **data, uint32_t *cap, size_t elem_size, uint32_t need, uint32_t divisor)
{
	uint64_t new_cap = *cap + *cap / divisor;
	void *p;

	if (new_cap < 16)
		new_cap = 16;
	if (new_cap < need)
		new_cap = need;
	if (new_cap > UINT32_MAX)
		new_cap = UINT32_MAX;
	if (new_cap > SIZE_MAX / elem_size)
		return -ENOMEM;
	p = realloc(*data, new_cap * elem_size);
	if (!p)
		return -ENOMEM;
	*data = p;
	*cap = (uint32_t)new_cap;
	return 0;
}

int dw_ensure_cap(void *data_ptr, uint32_t *cap, size_t elem_size, uint32_t need)
{
	void **data = data_ptr;
	uint32_t old = *cap;
	int err;

	if (need <= *cap)
		return 0;
	err = grow(data, cap, elem_size, need, 4);
	if (!err)
		memset((char *)*data + old * elem_size, 0, (*cap - old) * elem_size);
	return err;
}

int dw_reserve(void *data_ptr, uint32_t *cap, size_t elem_size, uint32_t need)
{
	return need <= *cap ? 0 : grow(data_ptr, cap, elem_size, need, 2);
}

struct cu *cu__new(uint32_t id)
{
	struct cu *cu = calloc(1, sizeof(*cu));
	uint32_t void_id;
	struct type void_type = { .kind = TK_VOID };

	if (!cu)
		return NULL;
	arena__init(&cu->arena);
	cu->id = id;
	if (cu__add_type(cu, &void_type, &void_id)) {
		cu__free(cu);
		return NULL;
	}
	return cu;
}

void cu__free(struct cu *cu)
{
	if (!cu)
		return;
	cu__set_prepared(cu, NULL, NULL);
	arena__release(&cu->arena);
	free(cu->types);
	free(cu->functions);
	free(cu->variables);
	free(cu->type_annots);
	free(cu);
}

void cu__set_prepared(struct cu *cu, void *prepared, cu_prepared_free_fn free_fn)
{
	if (cu->prepared && cu->prepared_free)
		cu->prepared_free(cu->prepared);
	cu->prepared = prepared;
	cu->prepared_free = free_fn;
}

int cu__add_type(struct cu *cu, const struct type *t, uint32_t *ret)
{
	int err = dw_reserve(&cu->types, &cu->types_cap, sizeof(*t), cu->nr_types + 1);

	if (err)
		return err;
	cu->types[cu->nr_types] = *t;
	cu->nr_atomic += t->kind == TK_ATOMIC;
	*ret = cu->nr_types++;
	return 0;
}

int cu__add_function(struct cu *cu, const struct function *f)
{
	int err = dw_ensure_cap(&cu->functions, &cu->functions_cap, sizeof(*f),
				cu->nr_functions + 1);

	if (!err)
		cu->functions[cu->nr_functions++] = *f;
	return err;
}

int cu__add_variable(struct cu *cu, const struct variable *v)
{
	int err = dw_ensure_cap(&cu->variables, &cu->variables_cap, sizeof(*v),
				cu->nr_variables + 1);

	if (!err)
		cu->variables[cu->nr_variables++] = *v;
	return err;
}

const struct function *cu__function_at(const struct cu *cu, uint64_t src_off)
{
	uint32_t i;

	for (i = 0; i < cu->nr_functions; i++)
		if (cu->functions[i].src_off == src_off)
			return &cu->functions[i];
	return NULL;
}

const struct variable *cu__variable_at(const struct cu *cu, uint64_t src_off)
{
	uint32_t i;

	for (i = 0; i < cu->nr_variables; i++)
		if (cu->variables[i].src_off == src_off)
			return &cu->variables[i];
	return NULL;
}

int cu__add_type_annotation(struct cu *cu, const struct type_annotation *a)
{
	int err = dw_ensure_cap(&cu->type_annots, &cu->type_annots_cap, sizeof(*a),
				cu->nr_type_annots + 1);

	if (!err)
		cu->type_annots[cu->nr_type_annots++] = *a;
	return err;
}

bool type_kind__is_modifier(uint8_t kind)
{
	return kind == TK_TYPEDEF || kind == TK_CONST || kind == TK_VOLATILE ||
	       kind == TK_RESTRICT || kind == TK_ATOMIC || kind == TK_TYPE_TAG;
}

uint32_t cu__strip_modifiers(const struct cu *cu, uint32_t id)
{
	uint32_t hops;

	for (hops = 0; id && id < cu->nr_types && hops < cu->nr_types; hops++) {
		const struct type *t = cu__type(cu, id);

		if (!type_kind__is_modifier(t->kind))
			return id;
		id = t->type;
	}
	return 0;
}

static uint64_t cxx_ref_byte_size(const struct cu *cu, const struct type *t)
{
	uint32_t target;

	if (t->byte_size || t->encoding == CXX_REF_NONE)
		return t->byte_size;
	if (t->encoding != CXX_REF_PTR_TO_MEMBER)
		return cu->addr_size;
	target = cu__strip_modifiers(cu, t->type);
	return cu__type(cu, target)->kind == TK_FUNC_PROTO ? 2 * cu->addr_size : cu->addr_size;
}

static uint64_t type_byte_size(const struct cu *cu, uint32_t id, unsigned int depth)
{
	const struct type *t;

	id = cu__strip_modifiers(cu, id);
	if (!id || depth > CU_MAX_TYPE_NESTING)
		return 0;
	t = cu__type(cu, id);
	switch (t->kind) {
	case TK_POINTER:
	case TK_FUNC_PROTO:
		return cu->addr_size;
	case TK_ARRAY:
		return (uint64_t)t->nr_elems * type_byte_size(cu, t->type, depth + 1);
	case TK_ENUM:
		return t->byte_size ? t->byte_size : 4;
	case TK_UNSUPPORTED:
		return cxx_ref_byte_size(cu, t);
	default:
		return t->byte_size;
	}
}

uint64_t cu__type_byte_size(const struct cu *cu, uint32_t id)
{
	return type_byte_size(cu, id, 0);
}

/* Alignment a type gets without attributes: its size, or its largest part's. */
static uint64_t natural_alignment(const struct cu *cu, uint32_t id, unsigned int depth)
{
	const struct type *t;
	uint64_t align = 1, a;
	uint32_t i;

	id = cu__strip_modifiers(cu, id);
	if (!id || depth > CU_MAX_TYPE_NESTING)
		return 1;
	t = cu__type(cu, id);
	switch (t->kind) {
	case TK_POINTER:
		return cu->addr_size;
	case TK_UNSUPPORTED:
		if (t->encoding != CXX_REF_NONE)
			return cu->addr_size;
		return cu__type_byte_size(cu, id) ?: 1;
	case TK_ARRAY:
		return natural_alignment(cu, t->type, depth + 1);
	case TK_STRUCT:
	case TK_UNION:
		for (i = 0; i < t->nr_entries; i++) {
			a = natural_alignment(cu, t->members[i].type, depth + 1);
			if (a > align)
				align = a;
		}
		return align;
	default:
		return cu__type_byte_size(cu, id) ?: 1;
	}
}

/* End of member @m in bits: its bitfield, or its type's whole size. */
static uint64_t member_bit_end(const struct cu *cu, const struct member *m)
{
	if (m->bitfield_size)
		return m->bit_offset + m->bitfield_size;
	return m->bit_offset + cu__type_byte_size(cu, m->type) * 8;
}

/* Holes between members or tail padding, in whole bytes. */
static bool has_holes_or_padding(const struct cu *cu, const struct type *t)
{
	uint64_t end_bytes = 0, e;
	uint32_t i;

	for (i = 0; i < t->nr_entries; i++) {
		const struct member *m = &t->members[i];

		if (t->kind == TK_STRUCT && m->bit_offset / 8 > end_bytes)
			return true;
		e = (member_bit_end(cu, m) + 7) / 8;
		if (e > end_bytes)
			end_bytes = e;
	}
	return t->byte_size > end_bytes;
}

bool cu__struct_is_packed(const struct cu *cu, uint32_t id)
{
	const struct type *t = cu__type(cu, id);
	uint64_t max_align = 1, a;
	bool misaligned = false;
	uint32_t i;

	if (t->kind != TK_STRUCT || t->is_declaration || has_holes_or_padding(cu, t))
		return false;
	for (i = 0; i < t->nr_entries; i++) {
		const struct member *m = &t->members[i];

		a = natural_alignment(cu, m->type, 0);
		if (a > max_align)
			max_align = a;
		if (!m->bitfield_size && (m->bit_offset / 8) % a)
			misaligned = true;
	}
	return misaligned || t->byte_size % max_align;
}


/* Insertion sort of @t's members (and their C++ bits) by byte offset: stable. */
static void sort_members(struct type *t)
{
	uint8_t *bits = t->cxx ? t->cxx->member_bits : NULL;
	uint32_t i, j;

	for (i = 1; i < t->nr_entries; i++) {
		struct member m = t->members[i];
		uint8_t b = bits ? bits[i] : 0;

		for (j = i; j > 0 && t->members[j - 1].bit_offset / 8 > m.bit_offset / 8; j--) {
			t->members[j] = t->members[j - 1];
			if (bits)
				bits[j] = bits[j - 1];
		}
		t->members[j] = m;
		if (bits)
			bits[j] = b;
	}
}

void cu__sort_members_by_offset(struct cu *cu)
{
	uint32_t id;

	for (id = 1; id < cu->nr_types; id++) {
		struct type *t = cu__type(cu, id);

		if ((t->kind == TK_STRUCT || t->kind == TK_UNION) && t->nr_entries > 1)
			sort_members(t);
	}
}
