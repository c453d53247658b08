// SPDX-License-Identifier: GPL-2.0-only
/*
 * dtagnames on DWARF (dtag_dwarf.h). Upstream's loader keeps a tag for
 * most DIEs, in one of a few lists, and leaves the rest out; the walk
 * below makes the same choices, DIE kind by DIE kind, so that the printed
 * order is upstream's:
 * - a unit's children go to the unit's list, but an unspecified type;
 * - a struct's, union's or class's members and base classes, and the DIEs
 *   nested in it, go to its list; so do an enum's enumerators and a
 *   namespace's children; template parameters and annotations go nowhere;
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

typedef int (*child_fn)(struct walk *w, Dwarf_Die *child, uint32_t owner);

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
static int add_to(struct walk *w, Dwarf_Die *die, uint32_t owner, enum dtag_list list)
{
	uint32_t node;
	int err = add_node(w, dwarf_tag(die), &node);

	if (!err)
		dtag_tree__append(&w->tree, owner, list, node);
	return err;
}

/* Calls @fn for each child of @die, in order. */
static int for_each_child(struct walk *w, Dwarf_Die *die, child_fn fn, uint32_t owner)
{
	Dwarf_Die child;
	int rc, err = 0;

	if (w->depth >= WALK_MAX_DEPTH)
		return walk_fail(w, "DIEs nested too deep");
	w->depth++;
	rc = dwarf_child(die, &child);
	while (rc == 0 && !err) {
		err = fn(w, &child, owner);
		if (!err)
			rc = dwarf_siblingof(&child, &child);
	}
	w->depth--;
	if (err)
		return err;
	return rc < 0 ? walk_fail(w, dwarf_errmsg(-1)) : 0;
}

static int walk_tag(struct walk *w, Dwarf_Die *die, uint32_t *ret);

/* A DIE that walk_tag() makes a tag of goes to list @list of @owner. */
static int add_tag_to(struct walk *w, Dwarf_Die *die, uint32_t owner, enum dtag_list list)
{
	uint32_t node;
	int err = walk_tag(w, die, &node);

	if (err == UNSUPPORTED)
		return 0;
	if (!err)
		dtag_tree__append(&w->tree, owner, list, node);
	return err;
}

static int walk_enum_child(struct walk *w, Dwarf_Die *die, uint32_t owner)
{
	return dwarf_tag(die) == DW_TAG_enumerator ? add_to(w, die, owner, DTAG_LIST_MEMBERS) : 0;
}

static int walk_namespace_child(struct walk *w, Dwarf_Die *die, uint32_t owner)
{
	return add_tag_to(w, die, owner, DTAG_LIST_MEMBERS);
}

static int walk_class_child(struct walk *w, Dwarf_Die *die, uint32_t owner)
{
	switch (dwarf_tag(die)) {
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

static int walk_proto_child(struct walk *w, Dwarf_Die *die, uint32_t owner)
{
	switch (dwarf_tag(die)) {
	case DW_TAG_formal_parameter:
		return add_to(w, die, owner, DTAG_LIST_MEMBERS);
	case DW_TAG_subrange_type:
	case DW_TAG_unspecified_parameters:
		return 0;
	default:
		return add_tag_to(w, die, DTAG_UNIT, DTAG_LIST_MEMBERS);
	}
}

static int walk_body_child(struct walk *w, Dwarf_Die *die, uint32_t block);

/* A lexical block: its DIEs in its own body, then it in @block's. */
static int walk_lexblock(struct walk *w, Dwarf_Die *die, uint32_t block)
{
	uint32_t node;
	int err = add_node(w, DW_TAG_lexical_block, &node) ?:
		  for_each_child(w, die, walk_body_child, node);

	if (!err)
		dtag_tree__append(&w->tree, block, DTAG_LIST_BODY, node);
	return err;
}

static int walk_inline(struct walk *w, Dwarf_Die *die, uint32_t block);

/* What an inline expansion holds: in the body it is in (@block), or the unit's list. */
static int walk_inline_child(struct walk *w, Dwarf_Die *die, uint32_t block)
{
	switch (dwarf_tag(die)) {
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

static int walk_inline(struct walk *w, Dwarf_Die *die, uint32_t block)
{
	uint32_t node;
	int err = add_node(w, DW_TAG_inlined_subroutine, &node) ?:
		  for_each_child(w, die, walk_inline_child, block);

	if (!err)
		dtag_tree__append(&w->tree, block, DTAG_LIST_BODY, node);
	return err;
}

/* A child of a function (@block: its node) or of a lexical block (the block's). */
static int walk_body_child(struct walk *w, Dwarf_Die *die, uint32_t block)
{
	bool is_function = w->tree.nodes[block].tag == DW_TAG_subprogram;

	switch (dwarf_tag(die)) {
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
static int add_parent(struct walk *w, Dwarf_Die *die, child_fn fn, uint32_t *ret)
{
	return add_node(w, dwarf_tag(die), ret) ?: for_each_child(w, die, fn, *ret);
}

/*
 * The tag upstream makes of @die, with what it holds, in *@ret (in no list
 * yet); UNSUPPORTED for a DIE it makes none of: one it does not know, or an
 * imported unit (on which upstream gives up the whole file).
 */
static int walk_tag(struct walk *w, Dwarf_Die *die, uint32_t *ret)
{
	switch (dwarf_tag(die)) {
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
		return add_node(w, dwarf_tag(die), ret);
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

static int walk_unit_child(struct walk *w, Dwarf_Die *die, uint32_t owner)
{
	/* upstream gives an unspecified type an id of 0, in no list */
	if (dwarf_tag(die) == DW_TAG_unspecified_type)
		return 0;
	return add_tag_to(w, die, DTAG_UNIT, DTAG_LIST_MEMBERS);
}

/*
 * A unit's children into the tree. Upstream reads no partial or skeleton
 * unit on its own (it warns); merged, it reads every unit.
 */
static int walk_unit(struct walk *w, Dwarf_Die *unit, bool merged)
{
	int tag = dwarf_tag(unit);

	if (!merged && (tag == DW_TAG_partial_unit || tag == DW_TAG_skeleton_unit))
		return 0;
	if (!merged && tag != DW_TAG_compile_unit && tag != DW_TAG_type_unit)
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

/* The DWARF 4 type units of .debug_types, as one unit, as upstream reads them. */
static int walk_debug_types(struct walk *w, Dwarf *dw, FILE *fp)
{
	Dwarf_Off off = 0, next, type_off;
	uint64_t signature;
	size_t hsize;
	bool any = false;
	Dwarf_Die die;
	int rc, err;

	while ((rc = dwarf_next_unit(dw, off, &next, &hsize, NULL, NULL, NULL, NULL,
				     &signature, &type_off)) == 0) {
		if (!dwarf_offdie_types(dw, off + hsize, &die))
			return walk_fail(w, dwarf_errmsg(-1));
		err = walk_unit(w, &die, false);
		if (err)
			return err;
		any = true;
		off = next;
	}
	if (rc < 0)
		return walk_fail(w, dwarf_errmsg(-1));
	return any ? print_tree(w, fp) : 0;
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

/* Whether an abbreviation of @unit's table has a DW_FORM_ref_addr value. */
static bool unit_refs_other_units(Dwarf_Die *unit)
{
	unsigned int name, form;
	size_t len, nr, i;
	Dwarf_Off off = 0, aoff;
	Dwarf_Abbrev *ab;

	while ((ab = dwarf_getabbrev(unit, off, &len)) && ab != DWARF_END_ABBREV) {
		if (dwarf_getattrcnt(ab, &nr))
			return false;
		for (i = 0; i < nr; i++) {
			if (dwarf_getabbrevattr(ab, i, &name, &form, &aoff))
				return false;
			if (form == DW_FORM_ref_addr)
				return true;
		}
		off += len;
	}
	return false;
}

/*
 * Whether upstream reads all units as one: a kernel built with LTO (its
 * note says so), or units that refer to each other's DIEs.
 */
static bool merges_units(Dwarf *dw, Elf *elf)
{
	Dwarf_Off off = 0, next;
	Dwarf_Die die;
	size_t hsize;
	bool lto;

	if (lto_note(elf, &lto))
		return lto;
	for (; dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL) == 0; off = next) {
		if (!dwarf_offdie(dw, off + hsize, &die))
			break;
		if (unit_refs_other_units(&die))
			return true;
	}
	return false;
}

/* The bytes of .debug_info as libdw reads them (decompressed), 0 if none. */
static uint64_t info_size(Dwarf *dw)
{
	Elf_Data *data = elf_section_data(dwarf_getelf(dw), ".debug_info");

	return data ? data->d_size : 0;
}

static int walk_units(struct walk *w, Dwarf *dw, bool merged, FILE *fp)
{
	Dwarf_Off off = 0, next;
	Dwarf_Die die;
	size_t hsize;
	int rc, err;

	while ((rc = dwarf_nextcu(dw, off, &next, &hsize, NULL, NULL, NULL)) == 0) {
		if (!dwarf_offdie(dw, off + hsize, &die))
			return walk_fail(w, dwarf_errmsg(-1));
		err = walk_unit(w, &die, merged) ?: (merged ? 0 : print_tree(w, fp));
		if (err)
			return err;
		off = next;
	}
	/* libdw ends the walk quietly at a unit header cut short */
	if (rc < 0 || off < info_size(dw))
		return walk_fail(w, rc < 0 ? dwarf_errmsg(-1) : "a unit header past the end of .debug_info");
	return merged ? print_tree(w, fp) : 0;
}

int dtag_dwarf__print(struct dwarf_file *df, FILE *fp)
{
	struct walk w = { .path = dwarf_file__path(df) };
	Dwarf *dw = dwarf_file__dwarf(df);
	int err = walk_debug_types(&w, dw, fp) ?:
		  walk_units(&w, dw, merges_units(dw, dwarf_file__elf(df)), fp);

	dtag_tree__release(&w.tree);
	return err;
}
