/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARVES_LAYOUT_H
#define PAHOLE_DWARVES_LAYOUT_H
/*
 * Layout arithmetic over the model: member storage units, byte and bit
 * holes, padding, natural alignment and inferred packedness.
 *
 * Results are cached per CU in a struct layout, owned by whoever prints
 * that CU. The packed inference is, as upstream pahole's, order dependent:
 * looking at one struct may mark the types of its members packed.
 */
#include <stdbool.h>
#include <stdint.h>

#include "dwarves.h"

struct layout_opts {
	bool	fixup_silly_bitfields;	/* a bitfield as wide as its unit is a plain member */
};

/* Where one member of a struct or union lives, as the printer shows it. */
struct member_layout {
	uint32_t	byte_offset;	/* of the storage unit, for bitfields */
	uint32_t	bitfield_offset;/* from the unit's least significant bit */
	uint32_t	bitfield_size;	/* 0 unless printed as a bitfield */
	uint32_t	byte_size;	/* of the type, or of the unit for bitfields */
	uint64_t	bit_offset;	/* from the start of the struct */
	int32_t		hole;		/* bytes after it, before the next member */
	int32_t		bit_hole;	/* bits after it (negative when members overlap) */
};

struct class_layout {
	struct member_layout	*members;	/* one per model member; owned */
	int32_t			pre_hole, pre_bit_hole;	/* before the first member */
	uint32_t		nr_holes, nr_bit_holes;
	int32_t			padding, bit_padding;
	uint32_t		natural_alignment;	/* 0 until computed */
	bool			holes_done;
	bool			packed_done;
	bool			is_packed;
};

struct layout;

/*
 * A layout cache for @cu (borrowed; must outlive it). NULL on ENOMEM.
 * Free with layout__free(). One thread at a time.
 */
struct layout *layout__new(const struct cu *cu, const struct layout_opts *opts);
void layout__free(struct layout *l);
const struct cu *layout__cu(const struct layout *l);

/*
 * The layout of struct or union @id with members placed and, for structs,
 * holes found. NULL for other kinds or on ENOMEM (then members are unknown).
 */
struct class_layout *layout__class(struct layout *l, uint32_t id);
/*
 * Whether a layout__class() of @l failed to allocate: what was printed
 * from it since may lack members, and the caller must fail.
 */
bool layout__out_of_memory(const struct layout *l);

/*
 * Places the members of @t (a struct or union, maybe not one of the CU's:
 * a reorganized copy) and finds its holes into @cl, whose members array
 * must have room for t->nr_entries. The packed fields are left alone.
 */
void layout__compute(const struct layout *l, const struct type *t, struct class_layout *cl);

/*
 * Until layout__clear_override(), struct @id reads as @t laid out as @cl
 * (both borrowed; they must outlive the override), for layout__type(),
 * layout__class() and so for the printer: how a reorganized copy is shown.
 */
void layout__set_override(struct layout *l, uint32_t id, const struct type *t,
			  struct class_layout *cl);
void layout__clear_override(struct layout *l);
/* Type @id of the CU, or the override's type. */
const struct type *layout__type(const struct layout *l, uint32_t id);

/* Inferred __packed__ for struct @id (may mark member types packed too). */
bool layout__infer_packed(struct layout *l, uint32_t id);
/*
 * Marks packed the struct types of @id's members (a struct or union) that
 * sit at offsets their natural alignment forbids, as upstream's type
 * emission does before printing what a struct needs.
 */
void layout__mark_misplaced_members(struct layout *l, uint32_t id);
/* A union marks its struct members packed when their alignment does not divide it. */
void layout__infer_union_packed(struct layout *l, uint32_t id);
/* Natural alignment of a type (1 at least), as pahole computes it. */
uint32_t layout__natural_alignment(struct layout *l, uint32_t id);

/*
 * True when @id (through modifiers) is a struct of size 1 without members: a
 * C++ empty class, which upstream counts as taking no room in a struct (the
 * empty base optimization), whatever its own size.
 */
bool layout__is_empty_class(const struct cu *cu, uint32_t id);
/* True when the last member of struct @id is an array of 0 or unknown elements. */
bool layout__has_flexible_array(const struct cu *cu, uint32_t id);
/* True when a struct member of @id (at any depth) ends in a flexible array. */
bool layout__has_embedded_flexible_array(const struct cu *cu, uint32_t id);

#endif
