// SPDX-License-Identifier: GPL-2.0-only
/*
 * dtagnames on DWARF (dtag_dwarf.h). Upstream's loader keeps a tag for
 * most DIEs, in one of a few lists, and leaves the rest out; the walk
 * below makes the same choices, DIE kind by DIE kind, so that the printed
 * order is upstream's:
 * - a unit's children go to the unit's list, but an unspecified type;
 * - a struct's, union's or class's members and base classes, and the DIEs
 *   nested in it, go to its list; so do an enum's enumerators and a
 *   namespace's children; an enum's functions follow the enum in its list; template parameters and annotations go nowhere;
 * - a function's parameters go to its parameter list, its variables,
 *   labels, lexical blocks and inline expansions to its body; a lexical
 *   block's, to the block's; what an inline expansion holds goes to the
 *   body it is in, before it, its parameters nowhere;
 * - a subroutine type's parameters go to its list;
 * - any other DIE nested in a function, block, inline expansion or
 *   subroutine type (a type, say) goes to the unit's list, when met.
 */
#include <dwarf.h>
#include <errno.h>
#include <gelf.h>
#include <string.h>
#include <elfutils/libdw.h>

#include "dtag_dwarf.h"
#include "dtag_tree.h"
#include "die_reader.h"
#include "dwarf_loader.h"
#include "elf_symtab.h"
#include "log.h"

enum {
	TAG_LLVM_annotation = 0x6000,
	TAG_GNU_annotation = 0x6001,
	/* Linux's ELF note saying the kernel was built with LTO (elfnote-lto.h). */
	NOTE_LINUX_LTO_INFO = 0x101,
	/* Deeper than any compiler nests; bounds the recursion on crafted input. */
	WALK_MAX_DEPTH = 512,
	/* walk_tag(): a DIE upstream keeps no tag for. */
	UNSUPPORTED = 1,
};

struct walk {
	struct dtag_tree	tree;
	const char		*path;		/* borrowed, for messages */
	unsigned int		depth;
};

typedef int (*child_fn)(struct walk *w, struct die *child, uint32_t owner);

static int walk_fail(struct walk *w, const char *why)
{
	pr_err("%s: cannot read DWARF: %s", w->path, why);
	return -EINVAL;
}

static int add_node(struct walk *w, uint32_t tag, uint32_t *ret)
{
	if (dtag_tree__new_node(&w->tree, tag, ret)) {
		pr_err("%s: out of memory", w->path);
		return -ENOMEM;
	}
	return 0;
}

/* A new node of @die's tag appended to list @list of @owner. */
static int add_to(struct walk *w, struct die *die, uint32_t owner, enum dtag_list list)
{
	uint32_t node;
	int err = add_node(w, die->tag, &node);

	if (!err)
		dtag_tree__append(&w->tree, owner, list, node);
	return err;
}

/* Calls @fn for each child of @die, in order. */
static int for_each_child(struct walk *w, struct die *die, child_fn fn, uint32_t owner)
{
	struct die child;
	int rc, err = 0;

	if (w->depth >= WALK_MAX_DEPTH)
		return walk_fail(w, "DIEs nested too deep");
	w->depth++;
	rc = die__child(die, &child);
	while (rc == 0 && !err) {
		err = fn(w, &child, owner);
		if (!err)
			rc = die__sibling(&child);
	}
	w->depth--;
	if (err)
		return err;
	return rc < 0 ? walk_fail(w, die->unit->errmsg ? die->unit->errmsg : "corrupt DIE tree") : 0;
}

static int walk_tag(struct walk *w, struct die *die, uint32_t *ret);

static int add_enum_method(struct walk *w, struct die *die, uint32_t owner);

/*
 * A DIE that walk_tag() makes a tag of goes to list @list of @owner; an
 * enum's functions (Rust's methods) follow it there, as upstream keeps them.
 */
static int add_tag_to(struct walk *w, struct die *die, uint32_t owner, enum dtag_list list)
{
	uint32_t node;
	int err = walk_tag(w, die, &node);

	if (err == UNSUPPORTED)
		return 0;
	if (err)
		return err;
	dtag_tree__append(&w->tree, owner, list, node);
	if (die->tag == DW_TAG_enumeration_type && list == DTAG_LIST_MEMBERS)
		err = for_each_child(w, die, add_enum_method, owner);
	return err;
}

static int add_enum_method(struct walk *w, struct die *die, uint32_t owner)
{
	return die->tag == DW_TAG_subprogram ? add_tag_to(w, die, owner, DTAG_LIST_MEMBERS) : 0;
}

static int walk_enum_child(struct walk *w, struct die *die, uint32_t owner)
{
	return die->tag == DW_TAG_enumerator ? add_to(w, die, owner, DTAG_LIST_MEMBERS) : 0;
}

static int walk_namespace_child(struct walk *w, struct die *die, uint32_t owner)
{
	return add_tag_to(w, die, owner, DTAG_LIST_MEMBERS);
}

static int walk_class_child(struct walk *w, struct die *die, uint32_t owner)
{
	switch (die->tag) {
	case DW_TAG_GNU_template_parameter_pack:
	case DW_TAG_GNU_formal_parameter_pack:
	case DW_TAG_GNU_template_template_param:
	case DW_TAG_template_type_parameter:
	case DW_TAG_template_value_parameter:
	case DW_TAG_subrange_type:
	case DW_TAG_variant_part:
	case TAG_LLVM_annotation:
	case TAG_GNU_annotation:
		return 0;
	case DW_TAG_member:
	case DW_TAG_inheritance:
		return add_to(w, die, owner, DTAG_LIST_MEMBERS);
	default:
		return add_tag_to(w, die, owner, DTAG_LIST_MEMBERS);
	}
}

static int walk_proto_child(struct walk *w, struct die *die, uint32_t owner)
{
	switch (die->tag) {
	case DW_TAG_formal_parameter:
		return add_to(w, die, owner, DTAG_LIST_MEMBERS);
	case DW_TAG_subrange_type:
	case DW_TAG_unspecified_parameters:
		return 0;
	default:
		return add_tag_to(w, die, DTAG_UNIT, DTAG_LIST_MEMBERS);
	}
}

static int walk_body_child(struct walk *w, struct die *die, uint32_t block);

/* A lexical block: its DIEs in its own body, then it in @block's. */
static int walk_lexblock(struct walk *w, struct die *die, uint32_t block)
{
	uint32_t node;
	int err = add_node(w, DW_TAG_lexical_block, &node) ?:
		  for_each_child(w, die, walk_body_child, node);

	if (!err)
		dtag_tree__append(&w->tree, block, DTAG_LIST_BODY, node);
	return err;
}

static int walk_inline(struct walk *w, struct die *die, uint32_t block);

/* What an inline expansion holds: in the body it is in (@block), or the unit's list. */
static int walk_inline_child(struct walk *w, struct die *die, uint32_t block)
{
	switch (die->tag) {
	case DW_TAG_call_site:
	case DW_TAG_call_site_parameter:
	case DW_TAG_GNU_call_site:
	case DW_TAG_GNU_call_site_parameter:
	case DW_TAG_formal_parameter:
		return 0;
	case DW_TAG_lexical_block:
		return walk_lexblock(w, die, block);
	case DW_TAG_inlined_subroutine:
		return walk_inline(w, die, block);
	case DW_TAG_label:
		return add_to(w, die, block, DTAG_LIST_BODY);
	default:
		return add_tag_to(w, die, DTAG_UNIT, DTAG_LIST_MEMBERS);
	}
}

static int walk_inline(struct walk *w, struct die *die, uint32_t block)
{
	uint32_t node;
	int err = add_node(w, DW_TAG_inlined_subroutine, &node) ?:
		  for_each_child(w, die, walk_inline_child, block);

	if (!err)
		dtag_tree__append(&w->tree, block, DTAG_LIST_BODY, node);
	return err;
}

/* A child of a function (@block: its node) or of a lexical block (the block's). */
static int walk_body_child(struct walk *w, struct die *die, uint32_t block)
{
	bool is_function = w->tree.nodes[block].tag == DW_TAG_subprogram;

	switch (die->tag) {
	case DW_TAG_call_site:
	case DW_TAG_call_site_parameter:
	case DW_TAG_GNU_call_site:
	case DW_TAG_GNU_call_site_parameter:
	case DW_TAG_dwarf_procedure:
	case DW_TAG_GNU_template_parameter_pack:
	case DW_TAG_GNU_formal_parameter_pack:
	case DW_TAG_GNU_template_template_param:
	case DW_TAG_template_type_parameter:
	case DW_TAG_template_value_parameter:
	case DW_TAG_unspecified_parameters:
	case TAG_LLVM_annotation:
	case TAG_GNU_annotation:
		return 0;
	case DW_TAG_formal_parameter:
		/* a block's: upstream keeps it in the block, for abstract origins */
		return add_to(w, die, block, is_function ? DTAG_LIST_MEMBERS : DTAG_LIST_BODY);
	case DW_TAG_variable:
	case DW_TAG_label:
		return add_to(w, die, block, DTAG_LIST_BODY);
	case DW_TAG_inlined_subroutine:
		return walk_inline(w, die, block);
	case DW_TAG_lexical_block:
		return walk_lexblock(w, die, block);
	default:
		return add_tag_to(w, die, DTAG_UNIT, DTAG_LIST_MEMBERS);
	}
}

/* A node for @die, its children walked by @fn. */
static int add_parent(struct walk *w, struct die *die, child_fn fn, uint32_t *ret)
{
	return add_node(w, die->tag, ret) ?: for_each_child(w, die, fn, *ret);
}

/*
 * The tag upstream makes of @die, with what it holds, in *@ret (in no list
 * yet); UNSUPPORTED for a DIE it makes none of: one it does not know, or an
 * imported unit (on which upstream gives up the whole file).
 */
static int walk_tag(struct walk *w, struct die *die, uint32_t *ret)
{
	switch (die->tag) {
	case DW_TAG_array_type:
	case DW_TAG_string_type:
	case DW_TAG_base_type:
	case DW_TAG_const_type:
	case DW_TAG_imported_declaration:
	case DW_TAG_imported_module:
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_restrict_type:
	case DW_TAG_volatile_type:
	case DW_TAG_atomic_type:
	case DW_TAG_unspecified_type:
	case DW_TAG_pointer_type:
	case DW_TAG_ptr_to_member_type:
	case DW_TAG_typedef:
	case DW_TAG_variable:
	case DW_TAG_constant:
	case DW_TAG_label:
		return add_node(w, die->tag, ret);
	case DW_TAG_enumeration_type:
		return add_parent(w, die, walk_enum_child, ret);
	case DW_TAG_namespace:
		return add_parent(w, die, walk_namespace_child, ret);
	case DW_TAG_class_type:
	case DW_TAG_interface_type:
	case DW_TAG_structure_type:
	case DW_TAG_union_type:
		return add_parent(w, die, walk_class_child, ret);
	case DW_TAG_subprogram:
		return add_parent(w, die, walk_body_child, ret);
	case DW_TAG_subroutine_type:
		return add_parent(w, die, walk_proto_child, ret);
	default:
		return UNSUPPORTED;
	}
}

static int walk_unit_child(struct walk *w, struct die *die, uint32_t owner)
{
	/* upstream gives an unspecified type an id of 0, in no list */
	if (die->tag == DW_TAG_unspecified_type)
		return 0;
	return add_tag_to(w, die, DTAG_UNIT, DTAG_LIST_MEMBERS);
}

/*
 * A unit's children into the tree. Upstream reads no partial or skeleton
 * unit on its own (it warns); merged, it reads every unit.
 */
static int walk_unit(struct walk *w, struct die *unit, bool merged)
{
	if (!merged && (unit->tag == DW_TAG_partial_unit || unit->tag == DW_TAG_skeleton_unit))
		return 0;
	if (!merged && unit->tag != DW_TAG_compile_unit && unit->tag != DW_TAG_type_unit)
		return walk_fail(w, "a unit whose DIE is no compile or type unit");
	return for_each_child(w, unit, walk_unit_child, DTAG_UNIT);
}

static int print_tree(struct walk *w, FILE *fp)
{
	int err = dtag_tree__print(&w->tree, fp);

	if (err)
		pr_err("%s: error writing the output: %s", w->path, strerror(errno));
	dtag_tree__reset(&w->tree);
	return err;
}

/*
 * The unit at @start of .debug_info (.debug_types when @in_types), read
 * with our reader (libdw's abbreviation lookups are left alone: where an
 * allocation of libdw 0.188 failed while it read the unit headers, they
 * crash), and its unit DIE. Release @u also after a failure.
 */
static int open_unit(struct walk *w, const struct die_sections *secs, bool in_types,
		     uint64_t start, struct die_unit *u, struct die *unit_die)
{
	int err = die_unit__init(u, secs, in_types, start, NULL);

	if (!err)
		err = die__unit_die(u, unit_die);
	if (err == -ENOMEM) {
		pr_err("%s: out of memory", w->path);
		return err;
	}
	return err ? walk_fail(w, u->errmsg ? u->errmsg : "bad unit header") : 0;
}

/*
 * Each unit of .debug_info (@in_types: of .debug_types) walked in order;
 * each printed on its own, or with @merged all of them as one.
 */
static int walk_section(struct walk *w, const struct die_sections *secs, bool in_types,
			bool merged, FILE *fp)
{
	const struct die_bytes *sec = in_types ? &secs->types : &secs->info;
	uint64_t start = 0;
	struct die_unit u;
	struct die unit_die;
	int err = 0;

	while (!err && start < sec->size) {
		err = open_unit(w, secs, in_types, start, &u, &unit_die) ?:
		      walk_unit(w, &unit_die, merged) ?:
		      (merged ? 0 : print_tree(w, fp));
		start = u.end;
		die_unit__release(&u);
	}
	return err ?: merged && sec->size ? print_tree(w, fp) : 0;
}

/* Whether @elf has Linux's note saying it was built with LTO, in *@ret. */
static bool lto_note(Elf *elf, bool *ret)
{
	size_t off, name_off, desc_off;
	Elf_Scn *scn = NULL;
	Elf_Data *data;
	GElf_Shdr shdr;
	GElf_Nhdr nh;

	while ((scn = elf_nextscn(elf, scn))) {
		if (!gelf_getshdr(scn, &shdr) || shdr.sh_type != SHT_NOTE)
			continue;
		for (data = NULL; (data = elf_getdata(scn, data));) {
			for (off = 0; (off = gelf_getnote(data, off, &nh, &name_off, &desc_off));) {
				if (nh.n_type != NOTE_LINUX_LTO_INFO || nh.n_namesz != 6 ||
				    memcmp((char *)data->d_buf + name_off, "Linux", 6) ||
				    nh.n_descsz < 4)
					continue;
				*ret = memcmp((char *)data->d_buf + desc_off, "\0\0\0\0", 4) != 0;
				return true;
			}
		}
	}
	return false;
}

/*
 * Whether upstream reads all units as one: a kernel built with LTO (its
 * note says so), or units that refer to each other's DIEs (a form of
 * DW_FORM_ref_addr in a unit's abbreviations).
 */
static int merges_units(struct walk *w, const struct die_sections *secs, Elf *elf, bool *ret)
{
	uint64_t start = 0;
	struct die_unit u;
	int err = 0;

	*ret = false;
	if (lto_note(elf, ret))
		return 0;
	while (!err && !*ret && start < secs->info.size) {
		err = die_unit__init(&u, secs, false, start, NULL);
		if (err == -ENOMEM)
			pr_err("%s: out of memory", w->path);
		else if (err)
			err = walk_fail(w, u.errmsg ? u.errmsg : "bad unit header");
		*ret = !err && die_unit__uses_form(&u, DW_FORM_ref_addr);
		start = u.end;
		die_unit__release(&u);
	}
	return err;
}

/* The DWARF 4 type units of .debug_types as one unit, as upstream reads them; then the rest. */
int dtag_dwarf__print(struct dwarf_file *df, FILE *fp)
{
	struct walk w = { .path = dwarf_file__path(df) };
	const struct die_sections *secs = dwarf_file__sections(df);
	bool merged;
	int err = walk_section(&w, secs, true, true, fp) ?:
		  merges_units(&w, secs, dwarf_file__elf(df), &merged) ?:
		  walk_section(&w, secs, false, merged, fp);

	dtag_tree__release(&w.tree);
	return err;
}
