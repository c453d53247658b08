// SPDX-License-Identifier: GPL-2.0-only
/*
 * dtagnames on BTF (dtag_btf.h). Upstream's BTF loader makes one tag per
 * type, in id order, in the unit's list, with the DWARF tag of the kind:
 * a struct's or union's members, an enum's enumerators and a prototype's
 * parameters (not the "..." one) in the type's own list; no tag for a
 * DATASEC or a DECL_TAG; a forward declaration is a struct or a union, a
 * type tag an LLVM annotation.
 */
#include <dwarf.h>
#include <errno.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "btf_check.h"
#include "dtag_btf.h"
#include "dtag_tree.h"
#include "log.h"

enum { TAG_LLVM_annotation = 0x6000, NO_TAG = 0 };

static uint32_t kind_tag(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:	return DW_TAG_base_type;
	case BTF_KIND_ARRAY:	return DW_TAG_array_type;
	case BTF_KIND_STRUCT:	return DW_TAG_structure_type;
	case BTF_KIND_UNION:	return DW_TAG_union_type;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:	return DW_TAG_enumeration_type;
	case BTF_KIND_FWD:	return btf_kflag(t) ? DW_TAG_union_type : DW_TAG_structure_type;
	case BTF_KIND_TYPEDEF:	return DW_TAG_typedef;
	case BTF_KIND_VAR:	return DW_TAG_variable;
	case BTF_KIND_PTR:	return DW_TAG_pointer_type;
	case BTF_KIND_CONST:	return DW_TAG_const_type;
	case BTF_KIND_VOLATILE:	return DW_TAG_volatile_type;
	case BTF_KIND_RESTRICT:	return DW_TAG_restrict_type;
	case BTF_KIND_TYPE_TAG:	return TAG_LLVM_annotation;
	case BTF_KIND_FUNC_PROTO: return DW_TAG_subroutine_type;
	case BTF_KIND_FUNC:	return DW_TAG_subprogram;
	default:		return NO_TAG;
	}
}

/* The tag of each member, enumerator or parameter of @t, NO_TAG for none. */
static uint32_t entry_tag(const struct btf_type *t, uint32_t i)
{
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:	return DW_TAG_member;
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:	return DW_TAG_enumerator;
	case BTF_KIND_FUNC_PROTO: return btf_params(t)[i].type ? DW_TAG_formal_parameter : NO_TAG;
	default:		return NO_TAG;
	}
}

static int add_type(struct dtag_tree *tree, const struct btf_type *t)
{
	uint32_t node, entry, tag = kind_tag(t), i, n = btf_vlen(t);

	if (tag == NO_TAG)
		return 0;
	if (dtag_tree__new_node(tree, tag, &node))
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		tag = entry_tag(t, i);
		if (tag == NO_TAG)
			continue;
		if (dtag_tree__new_node(tree, tag, &entry))
			return -ENOMEM;
		dtag_tree__append(tree, node, DTAG_LIST_MEMBERS, entry);
	}
	dtag_tree__append(tree, DTAG_UNIT, DTAG_LIST_MEMBERS, node);
	return 0;
}

int dtag_btf__print(const char *path, FILE *fp)
{
	struct log_buf libbpf_log = { 0 };
	struct dtag_tree tree = { 0 };
	struct btf *btf;
	uint32_t id, nr;
	int err;

	log__capture(&libbpf_log);
	btf = btf__parse(path, NULL);
	err = libbpf_get_error(btf);
	log__capture(NULL);
	log_buf__release(&libbpf_log);
	if (err) {
		pr_err("%s: cannot parse BTF: %s", path, strerror(-err));
		return err;
	}
	if (!btf_check__aligned(btf)) {
		pr_err("%s: invalid BTF: the type section is not 4-byte aligned", path);
		btf__free(btf);
		return -EINVAL;
	}
	nr = btf__type_cnt(btf);
	for (id = 1; id < nr && !err; id++)
		err = add_type(&tree, btf__type_by_id(btf, id));
	if (err)
		pr_err("%s: out of memory", path);
	else if ((err = dtag_tree__print(&tree, fp)))
		pr_err("%s: error writing the output: %s", path, strerror(errno));
	dtag_tree__release(&tree);
	btf__free(btf);
	return err;
}
