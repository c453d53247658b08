// SPDX-License-Identifier: GPL-2.0-only
/* dtagnames' tag lists and their printing (dtag_tree.h). */
#include <dwarf.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dtag_tree.h"
#include "dwarves.h"

enum {
	TAG_LLVM_annotation = 0x6000,	/* clang's, not in elfutils' dwarf.h */
	TAG_GNU_annotation = 0x6001,	/* gcc 16's */
};

/* The DWARF 5 tags (7.5.3, table 7.3) by value; NULL for the unused ones. */
static const char *const standard_names[] = {
	[DW_TAG_array_type] = "array_type",
	[DW_TAG_class_type] = "class_type",
	[DW_TAG_entry_point] = "entry_point",
	[DW_TAG_enumeration_type] = "enumeration_type",
	[DW_TAG_formal_parameter] = "formal_parameter",
	[DW_TAG_imported_declaration] = "imported_declaration",
	[DW_TAG_label] = "label",
	[DW_TAG_lexical_block] = "lexical_block",
	[DW_TAG_member] = "member",
	[DW_TAG_pointer_type] = "pointer_type",
	[DW_TAG_reference_type] = "reference_type",
	[DW_TAG_compile_unit] = "compile_unit",
	[DW_TAG_string_type] = "string_type",
	[DW_TAG_structure_type] = "structure_type",
	[DW_TAG_subroutine_type] = "subroutine_type",
	[DW_TAG_typedef] = "typedef",
	[DW_TAG_union_type] = "union_type",
	[DW_TAG_unspecified_parameters] = "unspecified_parameters",
	[DW_TAG_variant] = "variant",
	[DW_TAG_common_block] = "common_block",
	[DW_TAG_common_inclusion] = "common_inclusion",
	[DW_TAG_inheritance] = "inheritance",
	[DW_TAG_inlined_subroutine] = "inlined_subroutine",
	[DW_TAG_module] = "module",
	[DW_TAG_ptr_to_member_type] = "ptr_to_member_type",
	[DW_TAG_set_type] = "set_type",
	[DW_TAG_subrange_type] = "subrange_type",
	[DW_TAG_with_stmt] = "with_stmt",
	[DW_TAG_access_declaration] = "access_declaration",
	[DW_TAG_base_type] = "base_type",
	[DW_TAG_catch_block] = "catch_block",
	[DW_TAG_const_type] = "const_type",
	[DW_TAG_constant] = "constant",
	[DW_TAG_enumerator] = "enumerator",
	[DW_TAG_file_type] = "file_type",
	[DW_TAG_friend] = "friend",
	[DW_TAG_namelist] = "namelist",
	[DW_TAG_namelist_item] = "namelist_item",
	[DW_TAG_packed_type] = "packed_type",
	[DW_TAG_subprogram] = "subprogram",
	[DW_TAG_template_type_parameter] = "template_type_parameter",
	[DW_TAG_template_value_parameter] = "template_value_parameter",
	[DW_TAG_thrown_type] = "thrown_type",
	[DW_TAG_try_block] = "try_block",
	[DW_TAG_variant_part] = "variant_part",
	[DW_TAG_variable] = "variable",
	[DW_TAG_volatile_type] = "volatile_type",
	[DW_TAG_dwarf_procedure] = "dwarf_procedure",
	[DW_TAG_restrict_type] = "restrict_type",
	[DW_TAG_interface_type] = "interface_type",
	[DW_TAG_namespace] = "namespace",
	[DW_TAG_imported_module] = "imported_module",
	[DW_TAG_unspecified_type] = "unspecified_type",
	[DW_TAG_partial_unit] = "partial_unit",
	[DW_TAG_imported_unit] = "imported_unit",
	[DW_TAG_condition] = "condition",
	[DW_TAG_shared_type] = "shared_type",
	[DW_TAG_type_unit] = "type_unit",
	[DW_TAG_rvalue_reference_type] = "rvalue_reference_type",
	[DW_TAG_coarray_type] = "coarray_type",
	[DW_TAG_generic_subrange] = "generic_subrange",
	[DW_TAG_dynamic_type] = "dynamic_type",
	[DW_TAG_atomic_type] = "atomic_type",
	[DW_TAG_call_site] = "call_site",
	[DW_TAG_call_site_parameter] = "call_site_parameter",
	[DW_TAG_skeleton_unit] = "skeleton_unit",
	[DW_TAG_immutable_type] = "immutable_type",
};

/* The vendor tags upstream names, from DW_TAG_MIPS_loop on. */
static const char *const vendor_names[] = {
	[DW_TAG_MIPS_loop - DW_TAG_MIPS_loop] = "MIPS_loop",
	[DW_TAG_format_label - DW_TAG_MIPS_loop] = "format_label",
	[DW_TAG_function_template - DW_TAG_MIPS_loop] = "function_template",
	[DW_TAG_class_template - DW_TAG_MIPS_loop] = "class_template",
	[DW_TAG_GNU_BINCL - DW_TAG_MIPS_loop] = "GNU_BINCL",
	[DW_TAG_GNU_EINCL - DW_TAG_MIPS_loop] = "GNU_EINCL",
	[DW_TAG_GNU_template_template_param - DW_TAG_MIPS_loop] = "GNU_template_template_param",
	[DW_TAG_GNU_template_parameter_pack - DW_TAG_MIPS_loop] = "GNU_template_parameter_pack",
	[DW_TAG_GNU_formal_parameter_pack - DW_TAG_MIPS_loop] = "GNU_formal_parameter_pack",
	[DW_TAG_GNU_call_site - DW_TAG_MIPS_loop] = "GNU_call_site",
	[DW_TAG_GNU_call_site_parameter - DW_TAG_MIPS_loop] = "GNU_call_site_parameter",
};

const char *dtag__name(uint32_t tag)
{
	const char *name = NULL;

	if (tag < sizeof(standard_names) / sizeof(standard_names[0]))
		name = standard_names[tag];
	else if (tag >= DW_TAG_MIPS_loop &&
		 tag - DW_TAG_MIPS_loop < sizeof(vendor_names) / sizeof(vendor_names[0]))
		name = vendor_names[tag - DW_TAG_MIPS_loop];
	else if (tag == TAG_LLVM_annotation)
		name = "LLVM_annotation";
	else if (tag == TAG_GNU_annotation)
		name = "GNU_annotation";
	return name ? name : "INVALID";
}

int dtag_tree__new_node(struct dtag_tree *t, uint32_t tag, uint32_t *ret)
{
	if (t->nr == UINT32_MAX - 1 || dw_reserve(&t->nodes, &t->cap, sizeof(*t->nodes), t->nr + 1))
		return -ENOMEM;
	memset(&t->nodes[t->nr], 0, sizeof(t->nodes[t->nr]));
	t->nodes[t->nr].tag = tag;
	*ret = t->nr++;
	return 0;
}

void dtag_tree__append(struct dtag_tree *t, uint32_t owner, enum dtag_list list, uint32_t node)
{
	uint32_t *last = owner == DTAG_UNIT ? &t->unit_last : &t->nodes[owner].last[list];

	t->nodes[node].prev = *last;
	*last = node + 1;
}

/*
 * One list, newest first, each node after its own lists. The depth is the
 * DIEs' nesting, which the builders bound.
 */
static void print_list(const struct dtag_tree *t, uint32_t last, FILE *fp)
{
	uint32_t pos;

	for (pos = last; pos; pos = t->nodes[pos - 1].prev) {
		const struct dtag_node *n = &t->nodes[pos - 1];

		print_list(t, n->last[DTAG_LIST_MEMBERS], fp);
		print_list(t, n->last[DTAG_LIST_BODY], fp);
		fputs(dtag__name(n->tag), fp);
		fputc('\n', fp);
	}
}

int dtag_tree__print(const struct dtag_tree *t, FILE *fp)
{
	print_list(t, t->unit_last, fp);
	return ferror(fp) ? -EIO : 0;
}

void dtag_tree__reset(struct dtag_tree *t)
{
	t->nr = 0;
	t->unit_last = 0;
}

void dtag_tree__release(struct dtag_tree *t)
{
	free(t->nodes);
	memset(t, 0, sizeof(*t));
}
