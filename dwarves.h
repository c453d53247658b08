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
 *   A name's address names the same string until the input file is closed
 *   (the BTF encoder finds string offsets by it: btf_names.h).
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

/* The C++ types among TK_UNSUPPORTED, by what they print and their size. */
enum cxx_ref {
	CXX_REF_NONE,
	CXX_REF_LVALUE,		/* T & */
	CXX_REF_RVALUE,		/* T && */
	CXX_REF_PTR_TO_MEMBER,	/* T C::*, C in containing_type */
};

struct member {
	const char	*name;		/* borrowed; NULL when anonymous */
	uint32_t	type;		/* core id */
	uint32_t	bitfield_size;	/* 0 unless a bitfield */
	uint64_t	bit_offset;	/* from the start of the struct, BTF numbering */
	/* For printing only; zero unless the loader was asked for them. */
	uint32_t	alignment;	/* DW_AT_alignment, or guessed from BTF offsets */
	uint32_t	storage_size;	/* DW_AT_byte_size of a bitfield member */
};

struct enumerator {
	const char	*name;		/* borrowed */
	uint64_t	value;		/* as read: zero-extended unless signed in DWARF */
};

struct parameter {
	const char	*name;		/* borrowed; NULL when anonymous */
	uint32_t	type;		/* core id */
	bool		is_optimized_out; /* of a function: no location, or optimized away */
	/* Of a function with true_sig_ok: how its code receives the parameter. */
	bool		true_sig_dropped;	/* not passed at all */
	const char	*true_sig_name;		/* arena: "<name>__<member>"; NULL: as declared */
	uint32_t	true_sig_type;		/* with true_sig_name: the member's core id */
};

/*
 * A btf_decl_tag annotation (clang's DW_TAG_LLVM_annotation named
 * "btf_decl_tag"): its value and the part of the declaration it tags.
 */
struct annotation {
	const char	*value;		/* borrowed */
	int32_t		component_idx;	/* member or parameter position; -1: the whole */
};

/* A decl tag of a struct, union or typedef of the CU. */
struct type_annotation {
	uint32_t		type;	/* core id of the struct, union or typedef */
	struct annotation	annot;
};

/*
 * A subprogram DIE, after its abstract origin or specification was
 * followed for the name, the return type and each parameter's name and
 * type. The flags come from the parameters' locations (see the loader).
 */
struct function {
	const char		*name;		/* borrowed; NULL when none found */
	uint64_t		low_pc;		/* 0: none (abstract, or only DW_AT_ranges) */
	uint64_t		size;		/* bytes of code, high_pc - low_pc; 0: unknown */
	uint64_t		src_off;	/* the loader's position of it, for messages */
	uint32_t		ret_type;	/* core id */
	uint32_t		nr_params;
	struct parameter	*params;	/* arena; a NULL name: unnamed */
	uint32_t		nr_annots;
	struct annotation	*annots;	/* arena; parameters' and its own, in DIE order */
	bool			is_declaration;
	bool			is_external;	/* DW_AT_external present */
	bool			has_varargs;
	bool			optimized_parms;	/* a parameter lacks a location or is optimized out */
	bool			unexpected_reg;		/* a parameter is not where the ABI puts it */
	bool			reordered_parm;		/* a clone that dropped or moved parameters */
	bool			signature_changed;	/* clang: DW_CC_nocall */
	bool			true_sig_ok;		/* clang changed it; the locations give it */
	bool			uncertain_parm_loc;	/* a packed struct passed on the stack */
	/*
	 * For printing only (pfunct): filled when the loader is asked for
	 * function bodies (DWARF: dwarf_loader_opts.fn_bodies), zero otherwise.
	 */
	uint8_t			inlined;	/* DW_AT_inline: DW_INL_* */
	bool			has_origin;	/* a concrete instance (DW_AT_abstract_origin) */
	bool			is_nested;	/* not a child of the CU (nested, namespaced) */
	uint8_t			virtuality;	/* DW_VIRTUALITY_*: C++ member functions */
	uint32_t		decl_line;
	const char		*decl_file;	/* borrowed; NULL when unknown */
	struct lexblock		*body;		/* arena; NULL when not loaded */
};

/* What a lexical block (or a function's body) holds, in DIE order. */
enum fn_item_kind {
	FN_ITEM_VARIABLE,
	FN_ITEM_LABEL,
	FN_ITEM_INLINE,		/* an inline expansion (DW_TAG_inlined_subroutine) */
	FN_ITEM_BLOCK,		/* a nested lexical block */
};

/* Where a local variable lives, as upstream names it from its location. */
enum var_scope {
	VSCOPE_UNKNOWN,
	VSCOPE_LOCAL,		/* frame base relative */
	VSCOPE_GLOBAL,		/* an address */
	VSCOPE_REGISTER,
	VSCOPE_OPTIMIZED,	/* no single location expression */
};

struct fn_item {
	uint8_t			kind;		/* enum fn_item_kind */
	uint8_t			scope;		/* FN_ITEM_VARIABLE: enum var_scope */
	bool			is_extern;	/* FN_ITEM_VARIABLE: an extern declaration */
	uint32_t		decl_line;	/* FN_ITEM_INLINE: the call's line */
	const char		*name;		/* borrowed; variable, label; NULL: none */
	uint32_t		type;		/* FN_ITEM_VARIABLE: core id */
	uint32_t		origin;		/* FN_ITEM_INLINE: index in cu->functions,
						 * UINT32_MAX when not found */
	uint64_t		addr;		/* FN_ITEM_INLINE: low_pc, 0: unknown */
	uint64_t		size;		/* FN_ITEM_INLINE: bytes of code */
	struct lexblock		*block;		/* FN_ITEM_BLOCK: arena */
};

/* A function's body or a lexical block in it; counts are of its own items. */
struct lexblock {
	uint64_t		low_pc;		/* 0: unknown (or DW_AT_ranges) */
	uint64_t		size;		/* high_pc - low_pc; 0: unknown */
	struct fn_item		*items;		/* arena */
	uint32_t		nr_items;
	uint32_t		nr_variables, nr_labels, nr_inline_expansions, nr_lexblocks;
	uint64_t		size_inline_expansions;
};

/* A variable DIE at the top level of the CU. */
struct variable {
	const char		*name;		/* borrowed; of its specification if any */
	uint64_t		addr;		/* DW_OP_addr operand, when has_addr */
	uint64_t		src_off;
	uint32_t		type;		/* core id, of its specification if any */
	uint32_t		nr_annots;
	struct annotation	*annots;	/* arena; of its specification if any */
	bool			is_external;	/* of its specification if any */
	bool			is_declaration;	/* DW_AT_declaration without a specification */
	bool			completes_decl;	/* of a declaration outside a class, whose DW_AT_external it lacks */
	bool			is_artificial;
	bool			has_addr;	/* static storage: the location is an address */
};

struct type {
	uint8_t		kind;		/* enum type_kind */
	uint8_t		encoding;	/* enum base_encoding (TK_BASE), enum cxx_ref (TK_UNSUPPORTED) */
	bool		is_declaration;	/* struct/union/enum without a body */
	bool		has_varargs;	/* TK_FUNC_PROTO: trailing "..." */
	uint16_t	unsupported_tag;/* TK_UNSUPPORTED: the producer's tag number */
	bool		is_private;	/* defined inside a function, a type or a namespace */
	bool		is_signed_enum;	/* TK_ENUM: values are signed */
	const char	*name;		/* borrowed; NULL when anonymous */
	uint64_t	byte_size;
	uint32_t	type;		/* target, element, return, underlying: core id */
	uint32_t	nr_entries;	/* members, enumerators, parameters */
	uint32_t	nr_elems;	/* TK_ARRAY: product of the dimensions */
	uint32_t	containing_type;/* C++ pointer to member: the class, core id */
	uint64_t	src_off;	/* the loader's position of it, for messages */
	/*
	 * For printing only: filled when the loader is asked to (DWARF:
	 * dwarf_loader_opts.for_printing), zero otherwise.
	 */
	uint32_t	alignment;	/* DW_AT_alignment, or guessed from BTF offsets */
	uint32_t	decl_line;
	const char	*decl_file;	/* borrowed; NULL when unknown */
	uint32_t	*dims;		/* TK_ARRAY: each dimension's count (arena) */
	uint32_t	nr_dims;
	uint32_t	nr_nested;
	struct nested_type *nested;	/* struct/union: types defined in it (arena) */
	bool		is_vector;	/* TK_ARRAY: a GNU vector type */
	bool		is_class;	/* TK_STRUCT: DW_TAG_class_type */
	struct type_cxx	*cxx;		/* struct/union: C++ facts for printing; enum: its
					 * functions (Rust); arena, or NULL */
	union {
		struct member		*members;	/* arena */
		struct enumerator	*enumerators;	/* arena */
		struct parameter	*params;	/* arena */
	};
};

/*
 * A type defined as a child of a struct or union (clang puts the unnamed
 * types of members there): printed before member @before, in DIE order.
 */
struct nested_type {
	uint32_t	type;		/* core id */
	uint32_t	before;		/* index of the member that follows it */
};

/* C++ facts of structs, for printing only. */
enum member_cxx_bits {
	MEMBER_CXX_ACCESS = 3,		/* DW_ACCESS_* (1..3), 0: not given */
	MEMBER_CXX_INHERITANCE = 4,	/* a base class (DW_TAG_inheritance), unnamed */
	MEMBER_CXX_VIRTUAL = 8,		/* a virtual base */
};

/* A member function: its declaration inside the class. */
struct method {
	const char		*name;		/* borrowed */
	const char		*linkage_name;	/* borrowed; NULL when not given */
	uint32_t		ret_type;	/* core id */
	uint32_t		nr_params;
	struct parameter	*params;	/* arena; "this" first unless static */
	uint32_t		before;		/* index of the member that follows it */
	int32_t			vtable_index;	/* DW_AT_vtable_elem_location, -1: none */
	uint8_t			access;		/* DW_ACCESS_*, 0: not given */
	uint8_t			virtuality;	/* DW_VIRTUALITY_* */
	bool			has_varargs;
};

/* A static data member: printed among the members, not laid out. */
struct static_member {
	const char	*name;		/* borrowed */
	uint32_t	type;		/* core id */
	uint32_t	before;		/* index of the member that follows it */
	uint64_t	const_value;	/* DW_AT_const_value, when has_const_value */
	bool		has_const_value;
	uint8_t		access;		/* DW_ACCESS_*, 0: not given */
};

/* What a C++ struct or class has beyond its data members (arena). */
struct type_cxx {
	uint8_t			*member_bits;	/* per member: enum member_cxx_bits */
	struct method		*methods;	/* in DIE order */
	uint32_t		nr_methods;
	uint32_t		nr_static_members;
	struct static_member	*static_members;	/* in DIE order; not in members */
};

/*
 * What a C++ namespace holds, for printing it (pdwtags): a CU's top-level
 * namespaces in DIE order, each as NS_BEGIN, its children (nested
 * namespaces as NS_BEGIN ... NS_END), NS_END.
 */
enum ns_item_kind {
	NS_BEGIN,		/* name: the namespace's, NULL when anonymous */
	NS_END,
	NS_TYPE,		/* type: a struct, union, enum, typedef, ... */
	NS_FUNCTION,		/* src_off: the function's (struct function) */
	NS_VARIABLE,		/* src_off: the variable's (struct variable) */
	NS_USING,		/* name: what DW_TAG_imported_declaration imports, or NULL */
	NS_USING_NAMESPACE,	/* name: the namespace DW_TAG_imported_module names, or NULL */
	NS_UNSUPPORTED,		/* tag: a DIE upstream has no text for there */
};

struct ns_item {
	uint8_t		kind;		/* enum ns_item_kind */
	uint16_t	tag;		/* DW_TAG_* of the DIE */
	uint32_t	type;		/* NS_TYPE: core id */
	uint64_t	src_off;
	const char	*name;		/* borrowed */
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

/* Frees a CU's prepared data. */
typedef void (*cu_prepared_free_fn)(void *prepared);

struct cu {
	struct arena	arena;
	uint32_t	id;		/* sequential, in input order */
	const char	*name;		/* borrowed; may be NULL */
	uint16_t	language;	/* DW_LANG_* value */
	uint8_t		addr_size;
	bool		alignments_guessed;	/* no alignment info in the input (BTF) */
	bool		from_btf;	/* loaded from BTF: its functions' annotations are decl tags */
	struct type	*types;		/* malloc'ed; types[0] is void */
	uint32_t	nr_types;	/* including void */
	uint32_t	types_cap;
	uint32_t	nr_atomic;	/* of the types, those of kind TK_ATOMIC */
	struct function	*functions;	/* malloc'ed; nested ones before their parent */
	uint32_t	nr_functions, functions_cap;
	struct variable	*variables;	/* malloc'ed; in DIE order */
	uint32_t	nr_variables, variables_cap;
	struct type_annotation *type_annots;	/* malloc'ed; by type, then DIE order */
	uint32_t	nr_type_annots, type_annots_cap;
	struct ns_item	*ns_items;	/* arena; the namespaces, when the loader was asked */
	uint32_t	nr_ns_items;
	void		*prepared;	/* owned: what a consumer derived from the CU
					 * alone (cu__set_prepared()), or NULL */
	cu_prepared_free_fn prepared_free;	/* frees prepared */
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

/*
 * Gives @cu the data @prepared (may be NULL), which @free_fn frees with the
 * CU; frees what it had before. Whoever owns the CU.
 */
void cu__set_prepared(struct cu *cu, void *prepared, cu_prepared_free_fn free_fn);

/* Appends a copy of *f / *v / *a. 0 or -ENOMEM. */
int cu__add_function(struct cu *cu, const struct function *f);
int cu__add_variable(struct cu *cu, const struct variable *v);
int cu__add_type_annotation(struct cu *cu, const struct type_annotation *a);

/* The function (variable) whose DIE is at @src_off (its src_off), or NULL. */
const struct function *cu__function_at(const struct cu *cu, uint64_t src_off);
const struct variable *cu__variable_at(const struct cu *cu, uint64_t src_off);

static inline struct type *cu__type(const struct cu *cu, uint32_t id)
{
	return &cu->types[id];
}

/*
 * Modifiers name or annotate a type without changing its storage: typedefs,
 * qualifiers (const, volatile, restrict, atomic) and type tags.
 */
bool type_kind__is_modifier(uint8_t kind);
/*
 * Follows modifiers to the type that defines the storage. Stops at void;
 * an id out of range and a cycle end at void too.
 */
uint32_t cu__strip_modifiers(const struct cu *cu, uint32_t id);
/* Types nest (arrays of arrays, members' members) at most this deep. */
enum { CU_MAX_TYPE_NESTING = 256 };
/*
 * Size in bytes of a type, through modifiers: pointers and function types
 * take the address size, arrays multiply, an enum without a size takes 4;
 * C++ references take the address size, pointers to members too, twice it
 * for member functions (the Itanium C++ ABI, 2.3); 0 for void and past
 * CU_MAX_TYPE_NESTING.
 */
uint64_t cu__type_byte_size(const struct cu *cu, uint32_t id);

/*
 * True when struct @id looks packed: no holes and no tail padding, yet a
 * member sits off its natural alignment or the size is not a multiple of
 * the largest member alignment. DWARF does not record __packed, so this is
 * inferred, as upstream pahole does.
 */
bool cu__struct_is_packed(const struct cu *cu, uint32_t id);

/*
 * Sorts the members of every struct and union by byte offset, keeping the
 * order of those at the same one (Rust lays fields out in an order of its
 * own and its DWARF lists them as declared). Nested types and methods keep
 * their places, by member index.
 */
void cu__sort_members_by_offset(struct cu *cu);

/*
 * Growable array helper: ensures room for @need elements, the new room
 * zeroed. 0 or -ENOMEM.
 */
int dw_ensure_cap(void *data_ptr, uint32_t *cap, size_t elem_size, uint32_t need);

/*
 * The same for an array whose elements are written whole before they are
 * read: it grows by half at a time and leaves the new room as it is, so
 * that the CU's largest arrays are copied less and touched only as used.
 */
int dw_reserve(void *data_ptr, uint32_t *cap, size_t elem_size, uint32_t need);

#endif
