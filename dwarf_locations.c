// SPDX-License-Identifier: GPL-2.0-only
/*
 * Parameter and variable locations (dwarf_locations.h), through libdw's
 * location functions under the file's libdw lock.
 */
#include <pthread.h>
#include <dwarf.h>
#include <elfutils/libdw.h>

#include "dwarf_locations.h"

/* One expression of a location: one entry of a location list. */
struct loc_expr {
	Dwarf_Op	*ops;		/* libdw's, valid while the Dwarf is open */
	size_t		nr_ops;
	int		entry_reg;	/* ops[0] is DW_OP_entry_value(DW_OP_regN): that atom; else -1 */
	uint64_t	addr;		/* ops[0] is DW_OP_addr or DW_OP_addrx: the address */
};

/*
 * The loader's only door to libdw's location functions (dwarf_getlocations,
 * dwarf_getlocation_attr, dwarf_getlocation): elfutils built without
 * --enable-thread-safety, as Debian's 0.188 is, does not make them safe to
 * call from several threads, so die_location() runs this under the file's
 * location lock. Reads the entry of @attr at @offset (0 for the first) into
 * *ret; returns the next offset (> 0), 0 after the last entry, or -1 on
 * error, as dwarf_getlocations(). The operations stay valid afterwards:
 * libdw keeps them until dwarf_end().
 */
static ptrdiff_t die_location_locked(Dwarf_Attribute *attr, ptrdiff_t offset,
				     struct loc_expr *ret)
{
	Dwarf_Addr base, start, end;
	Dwarf_Attribute sub;
	Dwarf_Op *sub_ops;
	size_t nr_sub_ops;
	ptrdiff_t next = dwarf_getlocations(attr, offset, &base, &start, &end, &ret->ops,
					    &ret->nr_ops);

	ret->entry_reg = -1;
	ret->addr = 0;
	if (next <= 0 || !ret->nr_ops)
		return next;
	switch (ret->ops[0].atom) {
	case DW_OP_entry_value:
	case DW_OP_GNU_entry_value:
		if (dwarf_getlocation_attr(attr, &ret->ops[0], &sub) == 0 &&
		    dwarf_getlocation(&sub, &sub_ops, &nr_sub_ops) == 0 && nr_sub_ops == 1 &&
		    sub_ops[0].atom >= DW_OP_reg0 && sub_ops[0].atom <= DW_OP_reg31)
			ret->entry_reg = sub_ops[0].atom;
		break;
	case DW_OP_addr:
		ret->addr = ret->ops[0].number;
		break;
	case DW_OP_addrx:	/* an index into .debug_addr (DWARF 5, 2.5.1.1) */
		if (dwarf_getlocation_attr(attr, &ret->ops[0], &sub) == 0 &&
		    dwarf_formaddr(&sub, &ret->addr) != 0)
			ret->addr = 0;
		break;
	}
	return next;
}

static ptrdiff_t die_location(const struct dwarf_file *df, Dwarf_Attribute *attr,
			      ptrdiff_t offset, struct loc_expr *ret)
{
	ptrdiff_t next;

	pthread_mutex_lock(df->libdw_lock);
	next = die_location_locked(attr, offset, ret);
	pthread_mutex_unlock(df->libdw_lock);
	return next;
}

static bool op_is_reg(unsigned int atom)
{
	return atom >= DW_OP_reg0 && atom <= DW_OP_reg31;
}

static bool op_is_breg(unsigned int atom)
{
	return atom >= DW_OP_breg0 && atom <= DW_OP_breg31;
}

static bool op_is_const(unsigned int atom)
{
	return (atom >= DW_OP_lit0 && atom <= DW_OP_lit31) || atom == DW_OP_constu ||
	       atom == DW_OP_consts;
}

static void param_set_reg(struct param_loc *pl, int reg)
{
	if (pl->reg < 0)
		pl->reg = reg;
}

/*
 * An expression of several operations. For an aggregate wider than a word,
 * split over registers with DW_OP_piece, the first register named counts.
 */
static void decode_param_ops(const struct loc_cu *lc, const Dwarf_Op *ops, size_t nr_ops,
			     int entry, struct fn_param *p)
{
	unsigned int atom = ops[0].atom;
	size_t i;

	if (op_is_const(atom))	/* a computed constant: no register */
		return;
	if (p->byte_size <= lc->addr_size || !lc->df->abi.agg_two_regs) {
		if (entry)
			return;
		if (op_is_reg(atom))
			param_set_reg(&p->loc, atom);
		for (i = 1; op_is_breg(atom) && i < nr_ops; i++)
			if (ops[i].atom == DW_OP_stack_value)
				param_set_reg(&p->loc, atom - DW_OP_breg0 + DW_OP_reg0);
		return;
	}
	for (i = 0; i < nr_ops; i++)
		if (op_is_reg(ops[i].atom))
			param_set_reg(&p->loc, ops[i].atom);
}

void dwarf_locations__param(const struct loc_cu *lc, struct fn_param *p)
{
	struct loc_expr e;
	ptrdiff_t offset = 0;
	int entry = -1;

	while ((offset = die_location(lc->df, &p->location, offset, &e)) > 0) {
		size_t n = e.nr_ops;
		bool stack_value;

		entry++;
		if (!n)
			continue;
		stack_value = e.ops[n - 1].atom == DW_OP_stack_value;
		if (n == 2 && stack_value)
			n--;
		if (n != 1) {
			decode_param_ops(lc, e.ops, n, entry, p);
			continue;
		}
		if (op_is_reg(e.ops[0].atom) && entry == 0)
			param_set_reg(&p->loc, e.ops[0].atom);
		else if (op_is_breg(e.ops[0].atom) && entry == 0 && stack_value)
			param_set_reg(&p->loc, e.ops[0].atom - DW_OP_breg0 + DW_OP_reg0);
		else if (e.entry_reg >= 0)
			param_set_reg(&p->loc, e.entry_reg);
	}
}

void dwarf_locations__variable(const struct loc_cu *lc, Dwarf_Attribute *attr,
			       struct variable *v)
{
	struct loc_expr e;

	switch (dwarf_whatform(attr)) {
	case DW_FORM_exprloc: case DW_FORM_block: case DW_FORM_block1:
	case DW_FORM_block2: case DW_FORM_block4:
		break;
	default:	/* a location list: not static storage */
		return;
	}
	if (die_location(lc->df, attr, 0, &e) <= 0 || !e.nr_ops ||
	    (e.ops[0].atom != DW_OP_addr && e.ops[0].atom != DW_OP_addrx))
		return;
	v->has_addr = true;
	v->addr = e.addr;
	if (e.nr_ops == 2 && e.ops[1].atom == DW_OP_plus_uconst)
		v->addr += e.ops[1].number;
}
