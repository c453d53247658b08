/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARVES_H
#define PAHOLE_DWARVES_H
/*
 * The in-memory model of one compile unit (CU): its types, members and
 * parameters. Loaders fill it, the BTF encoder and the printer read it.
 * It knows neither DWARF nor BTF.
 *
 * Invariants:
 * - types[0] is void; a type reference is an index ("core id") into types[].
 * - A type's id is larger than the ids of every type nested inside it
 *   (post-order), and top-level types come in source (DIE) order.
 * - Everything a CU points to lives in its arena, or is borrowed from the
 *   loader's input (names), which outlives the CU. cu__free() frees it all.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum type_kind {
	TK_VOID,
	TK_BASE,	/* integer, bool, char, float: see enum base_encoding */
	TK_POINTER,
	TK_CONST,
	TK_VOLATILE,
	TK_RESTRICT,
	TK_ATOMIC,	/* _Atomic T: encoded as T */
	TK_TYPEDEF,
	TK_ARRAY,
	TK_STRUCT,
	TK_UNION,
	TK_ENUM,
	TK_FUNC_PROTO,
	TK_TYPE_TAG,	/* one annotation of a pointer: name is the tag value */
	TK_UNSUPPORTED,	/* C++ references and the like: see type.unsupported_tag */
	TK__MAX,
};

enum base_encoding {
	BE_UNSIGNED,
	BE_SIGNED,
	BE_BOOL,
	BE_FLOAT,
	BE_COMPLEX_FLOAT,	/* complex, imaginary or interval float */
};

struct member {
	const char	*name;		/* borrowed; NULL when anonymous */
	uint32_t	type;		/* core id */
	uint32_t	bitfield_size;	/* 0 unless a bitfield */
	uint64_t	bit_offset;	/* from the start of the struct, BTF numbering */
};

struct enumerator {
	const char	*name;		/* borrowed */
	uint64_t	value;		/* as read: zero-extended unless signed in DWARF */
};

struct parameter {
	const char	*name;		/* borrowed; NULL when anonymous */
	uint32_t	type;		/* core id */
};

struct type {
	uint8_t		kind;		/* enum type_kind */
	uint8_t		encoding;	/* enum base_encoding, for TK_BASE */
	bool		is_declaration;	/* struct/union/enum without a body */
	bool		has_varargs;	/* TK_FUNC_PROTO: trailing "..." */
	uint16_t	unsupported_tag;/* TK_UNSUPPORTED: the producer's tag number */
	const char	*name;		/* borrowed; NULL when anonymous */
	uint64_t	byte_size;
	uint32_t	type;		/* target, element, return, underlying: core id */
	uint32_t	nr_entries;	/* members, enumerators, parameters */
	uint32_t	nr_elems;	/* TK_ARRAY: product of the dimensions */
	uint64_t	src_off;	/* the loader's position of it, for messages */
	union {
		struct member		*members;	/* arena */
		struct enumerator	*enumerators;	/* arena */
		struct parameter	*params;	/* arena */
	};
};

struct arena_chunk;

/* A bump allocator; everything in it is freed at once. */
struct arena {
	struct arena_chunk	*head;
	size_t			used;		/* bytes used in head */
	size_t			total;		/* bytes allocated in all chunks */
};

void arena__init(struct arena *a);
void arena__release(struct arena *a);
/* Zeroed memory aligned for any type, or NULL. Valid until arena__release(). */
void *arena__alloc(struct arena *a, size_t size);

struct cu {
	struct arena	arena;
	uint32_t	id;		/* sequential, in input order */
	const char	*name;		/* borrowed; may be NULL */
	uint16_t	language;	/* DW_LANG_* value */
	uint8_t		addr_size;
	struct type	*types;		/* malloc'ed; types[0] is void */
	uint32_t	nr_types;	/* including void */
	uint32_t	types_cap;
};

/* Returns a new empty CU (with the void type) or NULL on allocation failure. */
struct cu *cu__new(uint32_t id);
/* Frees the CU and everything in its arena. NULL is fine. */
void cu__free(struct cu *cu);
/*
 * Appends a copy of *t, returning its core id in *ret. 0 or -ENOMEM.
 * Invalidates pointers into cu->types.
 */
int cu__add_type(struct cu *cu, const struct type *t, uint32_t *ret);

static inline struct type *cu__type(const struct cu *cu, uint32_t id)
{
	return &cu->types[id];
}

/*
 * Follows typedefs and qualifiers (const, volatile, restrict, atomic) to the
 * type that defines the storage. Stops at void. Cycles end at void.
 */
uint32_t cu__strip_typedefs(const struct cu *cu, uint32_t id);
/* Size in bytes of a type, through typedefs and qualifiers; arrays multiply. */
uint64_t cu__type_byte_size(const struct cu *cu, uint32_t id);

/*
 * Checks that no chain of references through pointers, qualifiers,
 * typedefs, arrays and prototypes (the types BTF dedup follows by
 * recursion) is longer than @max_depth; cycles end a chain. 0, -ENOMEM, or
 * -E2BIG with a type at the start of a too long chain in *@bad_ret.
 */
int cu__check_ref_depth(const struct cu *cu, uint32_t max_depth, uint32_t *bad_ret);

/* Growable array helper: ensures room for @need elements. 0 or -ENOMEM. */
int dw_ensure_cap(void *data_ptr, uint32_t *cap, size_t elem_size, uint32_t need);

#endif
