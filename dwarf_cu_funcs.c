// SPDX-License-Identifier: GPL-2.0-only
/*
 * DWARF to the model, one CU: its subprogram, parameter and variable DIEs,
 * reached by tag through the walk (dwarf_cu_walk.c); a subprogram's body
 * through the tag table's hook; what functions mean is dwarf_functions.c's.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include <elfutils/libdw.h>

#include "dwarf_cu_loader.h"
#include "dwarf_cursor.h"
#include "dwarf_functions.h"
#include "dwarf_locations.h"
#include "dwarf_xunits.h"
#include "log.h"

static int load_param(struct cu_loader *l, struct die *die, uint32_t idx)
{
	struct die_attrs a;
	struct fn_param *p;
	int err = cu_loader__read_attrs(l, die, &a) ?:
		  dw_reserve(&l->pstack, &l->pstack_cap, sizeof(*l->pstack), l->nr_pstack + 1);

	if (err)
		return err;
	p = &l->pstack[l->nr_pstack++];
	*p = (struct fn_param){
		.die_off = cu_loader__plain_key(l, die), .name = a.name, .idx = idx,
		.type_off = a.has_type ? a.type_off : NO_TYPE,
		.has_origin = a.has_origin, .origin_off = a.origin_off,
		.loc = { .reg = -1 },
	};
	if (l->opts->param_locations) {
		p->loc.has_loc = a.has_location;
		p->loc.has_const_value = a.has_const_value;
		if (a.has_location)
			p->location = a.location;
	}
	return cu_loader__load_decl_tags(l, die, idx);
}

/*
 * clang marks a function whose signature it changed (dropped or split
 * parameters) with DW_CC_nocall, on the abstract origin when there is one.
 * An origin in the same unit is read here; libdw, whose abbreviation tables
 * assert when memory runs out, is asked only for origins elsewhere.
 */
static bool signature_changed(const struct cu_loader *l, struct die *die,
			      const struct die_attrs *a)
{
	uint64_t off = a->origin_off & XUNIT_KEY_OFFSET;
	struct die origin;
	struct die_attr cc_attr;
	uint64_t ccv = 0;
	Dwarf_Attribute attr;
	Dwarf_Word cc;
	Dwarf_Die ldie;
	bool nocall = false;

	if (a->is_inline)
		return false;
	if (!a->has_origin)
		return a->calling_convention == DW_CC_nocall;
	if ((a->origin_off & XUNIT_KEY_ALT) == cu_loader__key_alt(l, die->unit) &&
	    off >= die->unit->start && off < die->unit->end) {
		if (die__at(die->unit, off, &origin) == 0 &&
		    die__find_attr(&origin, DW_AT_calling_convention, &cc_attr) == 1)
			nocall = die_attr__constant(&cc_attr, &ccv) && ccv == DW_CC_nocall;
		return nocall;
	}
	return dwarf_offdie(a->origin_off & XUNIT_KEY_ALT ? dwarf_xunits__alt_dwarf(l->df->xunits) :
			    l->dwarf, off, &ldie) &&
	       dwarf_attr(&ldie, DW_AT_calling_convention, &attr) &&
	       dwarf_formudata(&attr, &cc) == 0 && cc == DW_CC_nocall;
}

/* Moves the parameters pushed since @first to l->params. */
static int finish_params(struct cu_loader *l, uint32_t first, struct fn_info *fi)
{
	uint32_t n = l->nr_pstack - first;
	int err = dw_reserve(&l->params, &l->params_cap, sizeof(*l->params), l->nr_params + n);

	if (err)
		return err;
	if (n)
		memcpy(l->params + l->nr_params, l->pstack + first, n * sizeof(*l->params));
	fi->first_param = l->nr_params;
	fi->nr_params = n;
	l->nr_params += n;
	l->nr_pstack = first;
	return 0;
}

static int add_fn_info(struct cu_loader *l, const struct fn_info *fi)
{
	int err = dw_reserve(&l->fns, &l->fns_cap, sizeof(*l->fns), l->nr_fns + 1);

	if (!err)
		l->fns[l->nr_fns++] = *fi;
	return err;
}

/*
 * A subprogram: its parameters and decl tags are kept for the function
 * table, every other child is walked for nested types. Nested subprograms
 * are recorded before their parent, as upstream pahole's function table.
 */
static int load_subprogram(struct cu_loader *l, struct die *die)
{
	uint32_t pfirst = l->nr_pstack, afirst = l->nr_astack, idx = 0, annots[2];
	struct fn_info fi = { 0 };
	struct die_attrs a;
	struct die child;
	int err = cu_loader__read_attrs(l, die, &a), rc;

	if (err)
		return err;
	fi.die_off = cu_loader__plain_key(l, die);
	fi.f.src_off = die->off;
	fi.is_foreign = l->foreign > 0;
	fi.f.name = a.name;
	fi.f.is_declaration = a.is_declaration;
	fi.type_off = a.has_type ? a.type_off : NO_TYPE;
	fi.has_origin = a.has_origin;
	fi.origin_off = a.origin_off;
	fi.has_spec = a.has_spec;
	fi.spec_off = a.spec_off;
	cu_loader__pc_range(die->unit, &a, &fi.f.low_pc, &fi.f.size);
	fi.f.is_external = a.is_external;
	fi.f.virtuality = (uint8_t)a.virtuality;
	fi.f.signature_changed = l->is_clang && signature_changed(l, die, &a);
	for (rc = die__child(die, &child); rc == 0; rc = die__sibling(&child)) {
		switch (child.tag) {
		case DW_TAG_formal_parameter:
			err = load_param(l, &child, idx++);
			break;
		case DW_TAG_unspecified_parameters:
			fi.f.has_varargs = true;
			break;
		case TAG_LLVM_ANNOTATION:
			err = cu_loader__load_decl_tag(l, &child, -1);
			break;
		default:	/* types defined here are private to it */
			err = cu_loader__load_function_child(l, &child);
			break;
		}
		if (err)
			return err;
	}
	if (rc < 0)
		return cu_loader__walk_error(l, die);
	if (l->tags->body) {
		err = l->tags->body(l, die, &a, &fi.f);
		if (err)
			return err;
	}
	err = finish_params(l, pfirst, &fi) ?: cu_loader__flush_annots(l, afirst, annots);
	fi.first_annot = annots[0];
	fi.nr_annots = annots[1];
	return err ?: add_fn_info(l, &fi);
}

/* What reading locations of the CU needs. */
struct loc_cu cu_loader__loc_cu(struct cu_loader *l)
{
	return (struct loc_cu){
		.df = l->df, .unit = &l->loc_unit, .counts = &l->loc_counts,
		.addr_size = l->cu->addr_size, .check = l->opts->check_locations,
	};
}

/* A variable of the CU itself, with static storage. */
static int load_variable(struct cu_loader *l, struct die *die)
{
	uint32_t afirst = l->nr_astack, annots[2];
	struct var_info vi = { 0 };
	struct die_attrs a;
	int err = cu_loader__read_attrs(l, die, &a) ?: cu_loader__load_decl_tags(l, die, -1) ?:
		  cu_loader__flush_annots(l, afirst, annots) ?:
		  dw_reserve(&l->vars, &l->vars_cap, sizeof(*l->vars), l->nr_vars + 1);

	if (err)
		return err;
	vi.die_off = cu_loader__plain_key(l, die);
	vi.v.src_off = die->off;
	vi.is_foreign = l->foreign > 0;
	vi.v.name = a.name;
	vi.type_off = a.has_type ? a.type_off : NO_TYPE;
	vi.v.is_external = a.is_external;
	vi.v.is_declaration = a.is_declaration;
	vi.v.is_artificial = a.is_artificial;
	vi.has_spec = a.has_spec;
	vi.spec_off = a.spec_off;
	vi.first_annot = annots[0];
	vi.nr_annots = annots[1];
	if (!a.is_declaration && a.has_location) {
		struct loc_cu lc = cu_loader__loc_cu(l);

		err = dwarf_locations__variable(&lc, &a.location, die->off, &vi.v);
		if (err)
			return err;
	}
	l->vars[l->nr_vars++] = vi;
	return 0;
}

/*
 * A variable inside a function. Its type is a DIE of the CU in plain DWARF,
 * so the CU's type; dwz -m may move that DIE into the supplementary file,
 * where nothing of the CU imports it: it is loaded then too, so that the
 * file gives the BTF it gave before dwz.
 */
static int reach_local(struct cu_loader *l, struct die *die)
{
	struct die_attrs a;
	int err;

	if (!l->reach_locals)
		return 0;
	err = cu_loader__read_attrs(l, die, &a);
	if (err || !a.has_type || !(a.type_off & KEY_ALT))
		return err;
	err = dw_ensure_cap(&l->local_types, &l->local_types_cap, sizeof(*l->local_types),
			    l->nr_local_types + 1);
	if (!err)
		l->local_types[l->nr_local_types++] = a.type_off;
	return err;
}

/*
 * Only variables at the CU's top level (or in its namespaces, for
 * printing: dwarf_namespaces.c) have static storage BTF wants.
 */
static int load_variable_die(struct cu_loader *l, struct die *die)
{
	return l->depth == l->cu_scope_depth ? load_variable(l, die) : reach_local(l, die);
}

/* The tags this file loads. */
const struct cu_tag_fn cu_funcs__tags[] = {
	{ DW_TAG_subprogram,	load_subprogram },
	{ DW_TAG_variable,	load_variable_die },
	{ 0 }
};
