/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_CU_LOADER_H
#define PAHOLE_DWARF_CU_LOADER_H
/*
 * One CU's load state, shared by the CU loader's files: dwarf_cu.c (units,
 * the tag table, other units, resolution), dwarf_cu_walk.c (the walk, the
 * DIE map, references, decl tags), dwarf_cu_attrs.c (attribute values,
 * keys) and the parts the tag table reaches: dwarf_cu_types.c,
 * dwarf_cu_funcs.c, dwarf_namespaces.c, dwarf_fn_body.c. Not for other
 * modules. A struct cu_loader has one owner, the thread loading the CU.
 */
#include "dwarves_hash.h"
#include <stdint.h>
#include <elfutils/libdw.h>

#include "die_reader.h"
#include "dwarf_file.h"
#include "dwarf_functions.h"
#include "dwarf_loader_opts.h"
#include "dwarf_locations.h"
#include "dwarf_xunits.h"
#include "dwarves.h"

/* Producer extension tags and forms not in every dwarf.h. */
enum {
	TAG_LLVM_ANNOTATION = 0x6000,
	FORM_GNU_ref_alt = 0x1f20,
	FORM_GNU_strp_alt = 0x1f21,
};


/*
 * A DIE's key in the loader's maps: its section offset, with flags for
 * DIEs of type units, which a CU refers to by signature (DW_FORM_ref_sig8)
 * and whose DWARF 4 section, .debug_types, has offsets of its own, and for
 * DIEs of the dwz supplementary file (XUNIT_KEY_ALT). Subprograms,
 * parameters and variables are known by their offset and that last flag.
 */
#define KEY_TYPE_UNIT	(1ull << 63)
#define KEY_DEBUG_TYPES	XUNIT_KEY_TYPES
#define KEY_ALT		XUNIT_KEY_ALT
#define KEY_OFFSET	XUNIT_KEY_OFFSET

/* A reference waiting for the end of the CU walk. */
struct ref_fixup {
	uint32_t	*slot;		/* arena memory, or NULL for types[id].type */
	uint32_t	id;		/* when slot is NULL: the type whose target it is */
	bool		is_containing;	/* with slot NULL: types[id].containing_type */
	uint64_t	die_off;	/* the referenced DIE */
};

/* A DWARF 4 bitfield whose storage size may need its type's size. */
struct bitfield_fixup {
	struct member	*member;	/* arena copy; NULL while on the stack */
	uint32_t	index;		/* position on the member stack until then */
	uint64_t	byte_offset;	/* DW_AT_data_member_location */
	uint64_t	dw_bit_offset;	/* DW_AT_bit_offset: from the storage unit's MSB */
	uint64_t	storage_size;	/* DW_AT_byte_size of the member, or 0 */
};

/* A member or parameter of a struct or prototype still being read. */
struct pending_member {
	struct member	m;
	uint64_t	type_off;	/* DIE offset of its type, or NO_TYPE */
};

/* The DWARF 4 type unit stub of a struct: it stands for the unit's type. */
struct type_alias {
	uint64_t	key;		/* the stub DIE's */
	uint64_t	target;		/* the type unit DIE's */
};

/* Per-CU load state: one owner, never shared between threads. */
struct dwarf_cu_env;
struct cu_tags;

struct cu_loader {
	const struct dwarf_cu_env	*env;		/* the map's spares, the exclusion rule */
	const struct dwarf_loader_opts	*opts;
	const struct dwarf_file		*df;
	const struct die_sections	*secs;		/* of the CU's DIEs: the file's, or its .dwo's */
	Dwarf				*dwarf;		/* libdw's of them */
	struct cu			*cu;
	/* DIE keys to core ids; a map kept for the next CU is cleared by stamp */
	struct int_map			map;
	struct type_alias		*aliases;
	uint32_t			nr_aliases, aliases_cap;
	struct ref_fixup		*refs;
	uint32_t			nr_refs, refs_cap;
	struct bitfield_fixup		*bitfields;
	uint32_t			nr_bitfields, bitfields_cap;
	struct pending_member		*stack;		/* members of open structs */
	uint32_t			nr_stack, stack_cap;
	struct fn_param			*pstack;	/* parameters of open subprograms */
	uint32_t			nr_pstack, pstack_cap;
	struct fn_param			*params;	/* of finished subprograms */
	uint32_t			nr_params, params_cap;
	struct annotation		*astack;	/* decl tags of open DIEs */
	uint32_t			nr_astack, astack_cap;
	struct annotation		*annots;	/* of finished subprograms, variables */
	uint32_t			nr_annots, annots_cap;
	struct fn_info			*fns;		/* finished subprograms, nested first */
	uint32_t			nr_fns, fns_cap;
	struct var_info			*vars;		/* top-level variables, DIE order */
	uint32_t			nr_vars, vars_cap;
	/*
	 * With a dwz supplementary file: the keys of the types there that
	 * a function's local variables name (see reach_local()).
	 */
	uint64_t			*local_types;
	uint32_t			nr_local_types, local_types_cap;
	bool				reach_locals;
	uint32_t			nr_unresolved;
	uint64_t			nr_dies;	/* attributes read, for --phase_stats */
	struct loc_unit			loc_unit;	/* of the last unit DIE read */
	struct xunit_cache		xunits;		/* units beyond the CU it reached */
	struct die_abbrev_cache		abbrevs;	/* tables of the units it opened */
	uint32_t			*bases;		/* its base types, in load order */
	uint32_t			nr_bases, bases_cap;
	unsigned int			foreign;	/* loading DIEs of other CUs alone */
	struct loc_counts		loc_counts;
	unsigned int			depth;
	unsigned int			cu_scope_depth;	/* the depth of the CU's own variables */
	const struct cu_tags		*tags;		/* what loads each tag: dwarf_cu.c's */
	bool				is_clang;	/* DW_AT_producer names clang */
	bool				is_excluded;	/* the options leave the CU out */
	Dwarf_Die			*name_die;	/* whose name errors give until it is read */
	unsigned int			private_depth;	/* inside functions or structs */
	struct fn_body_loader		*bodies;	/* owned: dwarf_fn_body.c's, or NULL */
	struct ns_loader		*namespaces;	/* owned: dwarf_namespaces.c's, or NULL */
};

/* Attributes of one DIE, read in one pass. */
struct die_attrs {
	const char	*name;
	uint64_t	byte_size;
	uint64_t	type_off;
	uint64_t	encoding;
	uint64_t	member_location;
	uint64_t	bit_offset;
	uint64_t	data_bit_offset;
	uint64_t	bit_size;
	uint64_t	upper_bound;
	uint64_t	count;
	uint64_t	const_value;
	const char	*const_string;
	uint64_t	origin_off;	/* DW_AT_abstract_origin, when has_origin */
	uint64_t	spec_off;	/* DW_AT_specification, when has_spec */
	uint64_t	calling_convention;
	bool		has_byte_size, has_type, has_bit_offset, has_data_bit_offset;
	bool		has_upper_bound, has_count, upper_bound_const, count_const;
	bool		is_declaration;
	bool		has_origin, has_spec, has_location, has_const_value, has_low_pc;
	bool		has_high_pc;
	bool		is_external, is_artificial, is_inline;
	/* Read for printing only. */
	uint64_t	alignment;
	uint64_t	decl_line;
	uint64_t	call_line;
	uint8_t		inline_kind;	/* DW_AT_inline: DW_INL_*, 0 when absent */
	bool		is_vector;
	/* C++, read for printing. */
	const char	*linkage_name;
	uint64_t	containing_off;	/* DW_AT_containing_type, when has_containing */
	uint64_t	vtable_elem;	/* DW_AT_vtable_elem_location, when has_vtable_elem */
	uint8_t		accessibility;	/* DW_ACCESS_*, 0: not given */
	uint8_t		virtuality;
	bool		has_containing, has_vtable_elem;
	const struct die_unit *unit;	/* of the DIE being read */
	const struct cu_loader *loader;	/* reading it: the file, its supplementary file */
	uint64_t	key_alt;	/* KEY_ALT for a DIE of the supplementary file */
	const char	*err;		/* why the DIE is bad, or NULL */
	/*
	 * Not cleared before a DIE is read, unlike all above (a third of the
	 * struct): read them only when their has_ flag is set.
	 */
	Dwarf_Attribute	location;	/* DW_AT_location, when has_location */
	struct die_attr	low_pc;		/* DW_AT_low_pc, when has_low_pc */
	struct die_attr	high_pc;	/* DW_AT_high_pc, when has_high_pc */
};

enum { MAX_DIE_DEPTH = 512 };


/* ---- dwarf_cu_attrs.c: attribute values, keys ---- */
/* Reads @die's attributes into @a; -EINVAL (reported) for a bad DIE. */
int cu_loader__read_attrs(struct cu_loader *l, struct die *die, struct die_attrs *a);
/*
 * The same, quicker for a DIE whose kept attributes are a few of fixed
 * sizes, as a data member's most often are; slower for others.
 */
int cu_loader__read_common_attrs(struct cu_loader *l, struct die *die, struct die_attrs *a);
/* The key subprograms, parameters and variables know @die by (origins refer to it). */
uint64_t cu_loader__plain_key(const struct cu_loader *l, const struct die *die);
/* XUNIT_KEY_ALT for a unit of the supplementary file, else 0. */
uint64_t cu_loader__key_alt(const struct cu_loader *l, const struct die_unit *u);
/* The type map's key of the DIE at section offset @off of @die's unit. */
uint64_t cu_loader__ref_key(const struct cu_loader *l, const struct die *die, uint64_t off);
/* The section offset in a key. */
uint64_t cu_loader__key_off(uint64_t key);
/*
 * The address of a DIE's code (DW_AT_low_pc) in *@low and its bytes (from
 * DW_AT_high_pc) in *@size: the one reader of the two for subprograms,
 * blocks and inline expansions. Both 0 without a low_pc libdw can read,
 * the size 0 when unknown.
 */
void cu_loader__pc_range(const struct die_unit *u, const struct die_attrs *a, uint64_t *low,
			 uint64_t *size);
/* A failed walk of @die's children: reports the reader's reason, returns -EINVAL. */
int cu_loader__walk_error(const struct cu_loader *l, const struct die *die);

/* ---- the tag table: what loads a DIE of each tag ---- */
typedef int (*cu_die_fn)(struct cu_loader *l, struct die *die);
struct cu_tag_fn {
	uint16_t	tag;
	cu_die_fn	load;
};
/* DWARF 5's tags are below it; a DIE of another tag is skipped, with its children. */
enum { CU_NR_TAGS = 0x50 };
/*
 * One load's table, which dwarf_cu.c fills from the parts' lists (each
 * ends with tag 0) and the options; the walk dispatches through it.
 */
struct cu_tags {
	cu_die_fn	load[CU_NR_TAGS];	/* NULL: nothing to load */
	/* A subprogram's body, for printing (dwarf_fn_body.c), or NULL. */
	int		(*body)(struct cu_loader *l, struct die *die, const struct die_attrs *a,
				struct function *f);
};
extern const struct cu_tag_fn cu_walk__tags[];		/* dwarf_cu_walk.c */
extern const struct cu_tag_fn cu_types__tags[];		/* dwarf_cu_types.c */
extern const struct cu_tag_fn cu_funcs__tags[];		/* dwarf_cu_funcs.c */

/* ---- the walk (dwarf_cu_walk.c) ---- */
/* Loads one DIE and what is below it, at any depth. */
int cu_loader__load_die(struct cu_loader *l, struct die *die);
/* @die by its tag's loader alone (no signature stub, no depth limit), a level down. */
int cu_loader__load_tag(struct cu_loader *l, struct die *die);
/* The children of @die, private to it (types in functions and namespaces). */
int cu_loader__load_private_children(struct cu_loader *l, struct die *die);
/* One child DIE of a function, private to it like its children. */
int cu_loader__load_function_child(struct cu_loader *l, struct die *die);
/*
 * Appends @t as the type of @die (@a its attributes, or NULL), queues its
 * DW_AT_type, and gives its id in *@ret (when not NULL).
 */
int cu_loader__add_type(struct cu_loader *l, struct die *die, struct type *t,
			const struct die_attrs *a, uint32_t *ret);
/* Records that @slot (or, with @slot NULL, types[@id].type) refers to @die_off. */
int cu_loader__add_ref(struct cu_loader *l, uint32_t *slot, uint32_t id, uint64_t die_off);
/* Records that types[@id].containing_type refers to @die_off (C++ pointer to member). */
int cu_loader__add_containing_ref(struct cu_loader *l, uint32_t id, uint64_t die_off);
/* DIE @die stands for core type @id: it gets no type of its own. */
int cu_loader__map_die_to(struct cu_loader *l, const struct die *die, uint32_t id);
/* The core id of the type DIE @key (after the walk), false when it has none. */
bool cu_loader__type_id(const struct cu_loader *l, uint64_t key, uint32_t *ret);
/* libdw's handle of @die into @ret, or NULL when libdw finds none. */
Dwarf_Die *cu_loader__libdw_die(const struct cu_loader *l, const struct die *die, Dwarf_Die *ret);
/*
 * A DW_TAG_LLVM_annotation child of @die's (@child), kept on the annotation
 * stack for component @component_idx (-1: the DIE itself), when decl tags
 * are asked for.
 */
int cu_loader__load_decl_tag(struct cu_loader *l, struct die *child, int32_t component_idx);
/* Every annotation child of @die, for component @component_idx. */
int cu_loader__load_decl_tags(struct cu_loader *l, struct die *die, int32_t component_idx);
/*
 * Moves the annotations stacked since @first into the CU's arena; their
 * first index and count in @ret.
 */
int cu_loader__flush_annots(struct cu_loader *l, uint32_t first, uint32_t ret[2]);

/* The locations' view of the CU (dwarf_cu_funcs.c; dwarf_locations.h). */
struct loc_cu cu_loader__loc_cu(struct cu_loader *l);

#endif
