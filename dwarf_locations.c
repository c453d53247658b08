// SPDX-License-Identifier: GPL-2.0-only
/*
 * Parameter and variable locations (dwarf_locations.h). The decoder reads
 * a DW_AT_location as libdw's dwarf_getlocations() does (DWARF 5, 2.5 and
 * 2.6; DWARF 4, 2.6 and 7.7.3): the same entries in the same order, the
 * same operations. It works in two passes, so that an attribute is either
 * decoded here whole or given whole to libdw: the first pass checks every
 * entry and expression, the second hands them out.
 */
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <dwarf.h>
#include <elfutils/libdw.h>

#include "dwarf_cursor.h"
#include "dwarf_file.h"
#include "dwarf_locations.h"
#include "log.h"

/* Operations kept per expression; longer ones are libdw's. */
enum { LOC_MAX_OPS = 32 };

/* The GNU form of split DWARF for DW_FORM_addrx, not in every dwarf.h. */
enum { FORM_GNU_addr_index = 0x1f01 };

/* One expression of a location: one entry of a location list. */
struct loc_expr {
	const Dwarf_Op	*ops;		/* buf, or libdw's (valid while the Dwarf is open) */
	size_t		nr_ops;
	int		entry_reg;	/* ops[0] is DW_OP_entry_value(DW_OP_regN): that atom; else -1 */
	uint64_t	addr;		/* ops[0] is DW_OP_addr or DW_OP_addrx: the address */
	Dwarf_Op	buf[LOC_MAX_OPS];
};

enum loc_kind {
	LOC_EXPR,	/* one expression in .debug_info */
	LOC_LIST,	/* a DWARF 2-4 list in .debug_loc */
	LOC_LISTS,	/* a DWARF 5 list in .debug_loclists */
	LOC_LIBDW,	/* libdw's, under the lock */
};

/* The entries of one DW_AT_location, in order. */
struct loc_iter {
	const struct loc_cu	*lc;
	const struct loc_unit	*unit;
	Dwarf_Attribute		attr;		/* for libdw */
	const uint8_t		*p, *end;	/* the expression, or the list and its section's end */
	ptrdiff_t		libdw_off;	/* libdw's: its next offset, 0 at the start */
	enum loc_kind		kind;
	bool			done;
};

static struct dwarf_cursor cursor_at(const struct loc_unit *u, const uint8_t *p, const uint8_t *end)
{
	return dwarf_cursor(p, end, u->secs->big_endian);
}

/* ---- the unit DIE ----------------------------------------------------------------- */

/* What the unit DIE says, before it is judged. */
struct unit_attrs {
	struct die_attr		low_pc, lists_base, addr_base, gnu_addr_base;
	bool			has_low_pc, has_entry_pc, has_lists_base;
	bool			has_addr_base, has_gnu_addr_base, is_split;
};

static int collect_unit_attr(const struct die_attr *a, void *arg)
{
	struct unit_attrs *ua = arg;

	switch (a->name) {
	case DW_AT_low_pc:
		ua->low_pc = *a;
		ua->has_low_pc = true;
		break;
	case DW_AT_entry_pc:
		ua->has_entry_pc = true;
		break;
	case DW_AT_loclists_base:
		ua->lists_base = *a;
		ua->has_lists_base = true;
		break;
	case DW_AT_addr_base:
		ua->addr_base = *a;
		ua->has_addr_base = true;
		break;
	case DW_AT_GNU_addr_base:
		ua->gnu_addr_base = *a;
		ua->has_gnu_addr_base = true;
		break;
	/* Split DWARF, and attributes libdw would take from another DIE. */
	case DW_AT_GNU_dwo_name: case DW_AT_GNU_dwo_id: case DW_AT_dwo_name:
	case DW_AT_abstract_origin: case DW_AT_specification:
		ua->is_split = true;
		break;
	}
	return 0;
}

/*
 * The offset table libdw assumes in .debug_loclists for a unit without
 * DW_AT_loclists_base: after the first header, when that lists offsets
 * (DWARF 5, 7.29); else 0. UINT64_MAX when unsure.
 */
static uint64_t implicit_lists_base(const struct die_sections *s)
{
	struct dwarf_cursor c = { .p = s->loclists.data, .end = s->loclists.data + s->loclists.size,
			    .big_endian = s->big_endian };
	uint64_t length = dwarf_cursor__fixed(&c, 4), version, addr_size, seg_size, count;
	unsigned int off_size = 4;

	if (c.bad)
		return UINT64_MAX;	/* libdw reads 4 bytes regardless: unsure */
	if (length == 0xffffffff) {
		length = dwarf_cursor__fixed(&c, 8);
		off_size = 8;
	}
	if (c.bad || !dwarf_cursor__has(&c, 8) || length < 8 || length > (uint64_t)(c.end - c.p))
		return 0;
	version = dwarf_cursor__fixed(&c, 2);
	addr_size = dwarf_cursor__fixed(&c, 1);
	seg_size = dwarf_cursor__fixed(&c, 1);
	count = dwarf_cursor__fixed(&c, 4);
	if (version != 5 || (addr_size != 4 && addr_size != 8) || seg_size || !count ||
	    length - 8 < count * off_size)
		return 0;
	return (uint64_t)(c.p - s->loclists.data);
}

/* A sec_offset base attribute: its value when within @sec, as libdw reads it. */
static bool base_attr(const struct die_attr *a, const struct die_bytes *sec, uint64_t *ret)
{
	if (a->form != DW_FORM_sec_offset || !sec->data || a->value > sec->size)
		return false;
	*ret = a->value;
	return true;
}

static void set_lists_base(struct loc_unit *u, const struct unit_attrs *ua)
{
	uint64_t base = 0;

	if (ua->has_lists_base && !base_attr(&ua->lists_base, &u->secs->loclists, &base))
		return;
	/*
	 * Without a base, elfutils versions differ on what they assume; only
	 * a file whose first offset table is empty leaves no doubt.
	 */
	if (!base && u->secs->loclists.data && implicit_lists_base(u->secs))
		return;
	u->lists_base = base;
	u->lists_base_known = true;
}

static void set_addr_base(struct loc_unit *u, const struct unit_attrs *ua)
{
	/* libdw takes the GNU attribute first. */
	const struct die_attr *a = ua->has_gnu_addr_base ? &ua->gnu_addr_base :
				   ua->has_addr_base ? &ua->addr_base : NULL;

	u->addr_base = 0;
	u->addr_base_known = !a || base_attr(a, &u->secs->addr, &u->addr_base);
}

/*
 * Address @idx of the unit in .debug_addr, read where libdw reads it
 * (DWARF 5, 7.27). False where libdw fails, or might read otherwise.
 */
static bool read_addr(const struct loc_unit *u, uint64_t idx, uint64_t *ret)
{
	const struct die_bytes *s = &u->secs->addr;
	struct dwarf_cursor c;
	uint64_t room;

	if (!u->addr_base_known || !s->data || s->size < u->addr_size ||
	    u->addr_base > s->size - u->addr_size)
		return false;
	room = s->size - u->addr_size - u->addr_base;
	if (idx > room / u->addr_size)
		return false;
	c = cursor_at(u, s->data + u->addr_base + idx * u->addr_size, s->data + s->size);
	*ret = dwarf_cursor__fixed(&c, u->addr_size);
	return !c.bad;
}

/*
 * libdw refuses a location list when the unit's base address, its
 * DW_AT_low_pc (else DW_AT_entry_pc, else 0), reads as all ones.
 */
static void set_base(struct loc_unit *u, const struct unit_attrs *ua)
{
	uint64_t addr;

	if (!ua->has_low_pc) {
		u->base_known = !ua->has_entry_pc;
		return;
	}
	switch (ua->low_pc.form) {
	case DW_FORM_addr:
		addr = ua->low_pc.value;
		break;
	case DW_FORM_addrx: case DW_FORM_addrx1: case DW_FORM_addrx2: case DW_FORM_addrx3:
	case DW_FORM_addrx4: case FORM_GNU_addr_index:
		if (!read_addr(u, ua->low_pc.value, &addr))
			return;
		break;
	default:
		return;
	}
	u->base_known = addr != UINT64_MAX;
}

void dwarf_locations__unit(struct die *unit_die, struct loc_unit *ret)
{
	const struct die_unit *du = unit_die->unit;
	struct unit_attrs ua = { 0 };

	*ret = (struct loc_unit){
		.secs = du->secs, .cu = du->cu, .end = du->sec->data + du->end,
		.version = du->version, .addr_size = du->addr_size, .off_size = du->off_size,
	};
	if (die__attrs(unit_die, collect_unit_attr, &ua) || ua.is_split ||
	    du->secs->locs_ambiguous ||
	    (du->unit_type != DW_UT_compile && du->unit_type != DW_UT_partial) ||
	    (du->addr_size != 4 && du->addr_size != 8))
		return;
	ret->is_plain = true;
	set_lists_base(ret, &ua);
	set_addr_base(ret, &ua);
	set_base(ret, &ua);
}

/* ---- expressions ------------------------------------------------------------------ */

static bool op_is_reg(unsigned int atom)
{
	return atom >= DW_OP_reg0 && atom <= DW_OP_reg31;
}

static bool op_is_breg(unsigned int atom)
{
	return atom >= DW_OP_breg0 && atom <= DW_OP_breg31;
}

/* A reference into .debug_info (DW_FORM_ref_addr sized), checked as libdw checks it. */
static uint64_t get_info_ref(const struct loc_unit *u, struct dwarf_cursor *c)
{
	unsigned int size = u->version == 2 ? u->addr_size : u->off_size;
	uint64_t off = dwarf_cursor__fixed(c, size == 4 ? 4 : 8);

	if (off > u->secs->info.size)
		c->bad = true;
	return off;
}

/* A ULEB128 block length and the block (DW_OP_entry_value, DW_OP_implicit_value). */
static void get_block(struct dwarf_cursor *c, Dwarf_Op *op)
{
	op->number2 = (uintptr_t)c->p;	/* as libdw: the block with its length */
	op->number = dwarf_cursor__uleb_strict(c);
	dwarf_cursor__skip(c, op->number);
}

/* Two operands, the second only if a byte is left for it: as libdw reads them. */
static void get_second(struct dwarf_cursor *c, Dwarf_Op *op, bool is_signed)
{
	if (!dwarf_cursor__has(c, 1))
		return;
	op->number2 = is_signed ? dwarf_cursor__sleb_strict(c) : dwarf_cursor__uleb_strict(c);
}

/*
 * The operands of the operation at the cursor, as libdw decodes them
 * (DWARF 5, 2.5.1 and 7.7.1): false for an operation libdw does not know,
 * or one this decoder leaves to libdw. A flat switch over the opcodes.
 */
static bool decode_op(const struct loc_unit *u, struct dwarf_cursor *c, Dwarf_Op *op)
{
	op->atom = *c->p++;
	op->number = op->number2 = 0;
	if (op_is_reg(op->atom) || (op->atom >= DW_OP_lit0 && op->atom <= DW_OP_lit31))
		return true;
	if (op_is_breg(op->atom)) {
		op->number = dwarf_cursor__sleb_strict(c);
		return !c->bad;
	}
	switch (op->atom) {
	case DW_OP_deref: case DW_OP_dup: case DW_OP_drop: case DW_OP_over: case DW_OP_swap:
	case DW_OP_rot: case DW_OP_xderef: case DW_OP_abs: case DW_OP_and: case DW_OP_div:
	case DW_OP_minus: case DW_OP_mod: case DW_OP_mul: case DW_OP_neg: case DW_OP_not:
	case DW_OP_or: case DW_OP_plus: case DW_OP_shl: case DW_OP_shr: case DW_OP_shra:
	case DW_OP_xor: case DW_OP_eq: case DW_OP_ge: case DW_OP_gt: case DW_OP_le:
	case DW_OP_lt: case DW_OP_ne: case DW_OP_nop: case DW_OP_push_object_address:
	case DW_OP_call_frame_cfa: case DW_OP_form_tls_address: case DW_OP_GNU_push_tls_address:
	case DW_OP_stack_value:
		break;
	case DW_OP_addr:
		op->number = dwarf_cursor__fixed(c, u->addr_size);
		break;
	case DW_OP_const1u: case DW_OP_pick: case DW_OP_deref_size: case DW_OP_xderef_size:
		op->number = dwarf_cursor__fixed(c, 1);
		break;
	case DW_OP_const1s:
		op->number = dwarf_cursor__signed(c, 1);
		break;
	case DW_OP_const2u:
		op->number = dwarf_cursor__fixed(c, 2);
		break;
	case DW_OP_const2s: case DW_OP_skip: case DW_OP_bra: case DW_OP_call2:
		op->number = dwarf_cursor__signed(c, 2);
		break;
	case DW_OP_const4u:
		op->number = dwarf_cursor__fixed(c, 4);
		break;
	case DW_OP_const4s: case DW_OP_call4: case DW_OP_GNU_parameter_ref:
		op->number = dwarf_cursor__signed(c, 4);
		break;
	case DW_OP_const8u: case DW_OP_const8s:
		op->number = dwarf_cursor__fixed(c, 8);
		break;
	case DW_OP_constu: case DW_OP_plus_uconst: case DW_OP_regx: case DW_OP_piece:
	case DW_OP_convert: case DW_OP_GNU_convert: case DW_OP_reinterpret:
	case DW_OP_GNU_reinterpret: case DW_OP_addrx: case DW_OP_GNU_addr_index:
	case DW_OP_constx: case DW_OP_GNU_const_index:
		op->number = dwarf_cursor__uleb_strict(c);
		break;
	case DW_OP_consts: case DW_OP_fbreg:
		op->number = dwarf_cursor__sleb_strict(c);
		break;
	case DW_OP_bregx:
		op->number = dwarf_cursor__uleb_strict(c);
		get_second(c, op, true);
		break;
	case DW_OP_bit_piece: case DW_OP_regval_type: case DW_OP_GNU_regval_type:
		op->number = dwarf_cursor__uleb_strict(c);
		get_second(c, op, false);
		break;
	case DW_OP_implicit_value: case DW_OP_entry_value: case DW_OP_GNU_entry_value:
		get_block(c, op);
		break;
	case DW_OP_call_ref: case DW_OP_GNU_variable_value:
		op->number = get_info_ref(u, c);
		break;
	case DW_OP_implicit_pointer: case DW_OP_GNU_implicit_pointer:
		op->number = get_info_ref(u, c);
		get_second(c, op, false);	/* libdw reads the byte offset unsigned */
		break;
	case DW_OP_deref_type: case DW_OP_GNU_deref_type: case DW_OP_xderef_type:
		if (dwarf_cursor__has(c, 2)) {
			op->number = dwarf_cursor__fixed(c, 1);
			op->number2 = dwarf_cursor__uleb_strict(c);
		}
		break;
	case DW_OP_const_type: case DW_OP_GNU_const_type:
		op->number = dwarf_cursor__uleb_strict(c);
		if (dwarf_cursor__has(c, 1)) {
			op->number2 = (uintptr_t)c->p;
			dwarf_cursor__skip(c, dwarf_cursor__fixed(c, 1));
		}
		break;
	default:	/* also DW_OP_GNU_uninit: elfutils 0.188 refuses it, later ones not */
		return false;
	}
	return !c->bad;
}

/*
 * The register DW_OP_entry_value names: its block, a sub-expression, is
 * exactly one DW_OP_regN (anything else decodes to no op, or more).
 */
static int entry_value_reg(const struct loc_unit *u, const Dwarf_Op *op, const uint8_t *end)
{
	struct dwarf_cursor c = cursor_at(u, (const uint8_t *)(uintptr_t)op->number2, end);
	uint64_t len = dwarf_cursor__uleb_strict(&c);

	return !c.bad && len == 1 && c.p < c.end && op_is_reg(*c.p) ? *c.p : -1;
}

/*
 * Decodes the expression [p, p + len) into @ret, or only checks it when
 * @ret is NULL. False when it is to be left to libdw.
 */
static bool decode_expr(const struct loc_unit *u, const uint8_t *p, uint64_t len,
			struct loc_expr *ret)
{
	struct dwarf_cursor c = cursor_at(u, p, p + len);
	Dwarf_Op first = { 0 }, scratch;
	int entry_reg = -1;
	uint64_t addr = 0;
	size_t n;

	for (n = 0; c.p < c.end; n++) {
		Dwarf_Op *op = ret && n < LOC_MAX_OPS ? &ret->buf[n] : &scratch;

		if (n == LOC_MAX_OPS)
			return false;
		op->offset = (uint64_t)(c.p - p);
		if (!decode_op(u, &c, op))
			return false;
		if (!n)
			first = *op;
	}
	if (n && (first.atom == DW_OP_entry_value || first.atom == DW_OP_GNU_entry_value))
		entry_reg = entry_value_reg(u, &first, c.end);
	else if (n && first.atom == DW_OP_addr)
		addr = first.number;
	/* fake_addr_cu reads the ELF's address size: equal only on 64 bits for sure */
	else if (n && first.atom == DW_OP_addrx &&
		 (u->addr_size != 8 || !read_addr(u, first.number, &addr)))
		return false;
	if (ret) {
		ret->ops = ret->buf;
		ret->nr_ops = n;
		ret->entry_reg = entry_reg;
		ret->addr = addr;
	}
	return true;
}

/* ---- location lists --------------------------------------------------------------- */

/*
 * The next entry of a DWARF 2-4 list in .debug_loc (DWARF 4, 2.6.2): 1
 * and its expression in *expr and *len, 0 at the end of the list, -1 when
 * to be left to libdw. Base address selections are skipped, as libdw does.
 */
static int next_loc_entry(const struct loc_unit *u, struct dwarf_cursor *c, const uint8_t **expr,
			  uint64_t *len)
{
	unsigned int w = u->addr_size;
	uint64_t escape = w == 8 ? UINT64_MAX : UINT32_MAX;

	for (;;) {
		uint64_t begin, end;

		if (!dwarf_cursor__has(c, 2 * w))
			return -1;
		begin = dwarf_cursor__fixed(c, w);
		end = dwarf_cursor__fixed(c, w);
		if (begin == escape && end == escape)
			return -1;
		if (begin == escape)
			continue;
		if (!begin && !end)
			return 0;
		*len = dwarf_cursor__fixed(c, 2);
		if (c->bad || !dwarf_cursor__has(c, *len))
			return -1;
		*expr = c->p;
		c->p += *len;
		return 1;
	}
}

/* An index into .debug_addr that libdw resolves. */
static bool get_addrx(const struct loc_unit *u, struct dwarf_cursor *c)
{
	uint64_t addr, idx = dwarf_cursor__uleb_strict(c);

	return !c->bad && read_addr(u, idx, &addr);
}

/*
 * The next entry of a DWARF 5 list in .debug_loclists (DWARF 5, 2.6.2 and
 * 7.7.3), as next_loc_entry(). Base address entries are skipped, and
 * DW_LLE_default_location is an entry like the others, as libdw has them.
 */
static int next_loclists_entry(const struct loc_unit *u, struct dwarf_cursor *c,
			       const uint8_t **expr, uint64_t *len)
{
	unsigned int w = u->addr_size;

	for (;;) {
		if (!dwarf_cursor__has(c, 1))
			return -1;
		switch (*c->p++) {
		case DW_LLE_end_of_list:
			return 0;
		case DW_LLE_base_addressx:
			if (!get_addrx(u, c))
				return -1;
			continue;
		case DW_LLE_base_address:
			dwarf_cursor__skip(c, w);
			if (c->bad)
				return -1;
			continue;
		case DW_LLE_startx_endx:
			if (!get_addrx(u, c) || !get_addrx(u, c))
				return -1;
			break;
		case DW_LLE_startx_length:
			if (!get_addrx(u, c))
				return -1;
			dwarf_cursor__uleb_strict(c);
			break;
		case DW_LLE_offset_pair:
			dwarf_cursor__uleb_strict(c);
			dwarf_cursor__uleb_strict(c);
			break;
		case DW_LLE_default_location:
			break;
		case DW_LLE_start_end:
			dwarf_cursor__skip(c, 2 * w);
			break;
		case DW_LLE_start_length:
			dwarf_cursor__skip(c, w);
			dwarf_cursor__uleb_strict(c);
			break;
		default:	/* DW_LLE_GNU_view_pair and others: libdw's to judge */
			return -1;
		}
		*len = dwarf_cursor__uleb_strict(c);
		if (c->bad || !dwarf_cursor__has(c, *len))
			return -1;
		*expr = c->p;
		c->p += *len;
		return 1;
	}
}

/* The attribute's value at valp: @size bytes, within the unit. */
static bool attr_value(const struct loc_unit *u, const Dwarf_Attribute *attr, unsigned int size,
		       uint64_t *ret)
{
	struct dwarf_cursor c = cursor_at(u, attr->valp, u->end);

	*ret = dwarf_cursor__fixed(&c, size);
	return !c.bad;
}

/*
 * The list's offset in .debug_loclists from a DW_FORM_loclistx index:
 * an entry of the unit's offset table, which counts from the table.
 */
static bool loclistx_offset(const struct loc_unit *u, const Dwarf_Attribute *attr,
			    uint64_t *ret)
{
	const struct die_bytes *s = &u->secs->loclists;
	struct dwarf_cursor c = cursor_at(u, attr->valp, u->end);
	uint64_t idx = dwarf_cursor__uleb_strict(&c), base = u->lists_base, entry;

	if (c.bad || !u->lists_base_known || s->size < u->off_size ||
	    base > s->size - u->off_size || idx > (s->size - u->off_size - base) / u->off_size)
		return false;
	c = cursor_at(u, s->data + base + idx * u->off_size, s->data + s->size);
	entry = dwarf_cursor__fixed(&c, u->off_size);
	*ret = entry + base;
	return !c.bad && *ret >= entry;
}

/* Where the list of @attr starts; false when to be left to libdw. */
static bool list_start(struct loc_iter *it)
{
	const struct loc_unit *u = it->unit;
	const struct die_bytes *s = u->version < 5 ? &u->secs->loc : &u->secs->loclists;
	unsigned int form = it->attr.form;
	uint64_t off;
	bool ok;

	if (form == DW_FORM_sec_offset)
		/* DWARF 5: where libdw versions agree, with no offset table to count from */
		ok = (u->version < 5 || (u->lists_base_known && !u->lists_base)) &&
		     attr_value(u, &it->attr, u->off_size, &off);
	else if ((form == DW_FORM_data4 || form == DW_FORM_data8) && u->version < 4)
		ok = attr_value(u, &it->attr, form == DW_FORM_data4 ? 4 : 8, &off);
	else if (form == DW_FORM_loclistx && u->version >= 5)
		ok = loclistx_offset(u, &it->attr, &off);
	else
		ok = false;
	if (!ok || !s->data || off >= s->size || !u->base_known)
		return false;
	it->kind = u->version < 5 ? LOC_LIST : LOC_LISTS;
	it->p = s->data + off;
	it->end = s->data + s->size;
	return true;
}

/* ---- entries ------------------------------------------------------------------------ */

/* The expression of an exprloc or block form; false when to be left to libdw. */
static bool expr_start(struct loc_iter *it)
{
	const struct loc_unit *u = it->unit;
	struct dwarf_cursor c = cursor_at(u, it->attr.valp, u->end);
	uint64_t len;

	switch (it->attr.form) {
	case DW_FORM_exprloc:
		len = dwarf_cursor__uleb_strict(&c);
		break;
	/* Before DWARF 4 a block; libdw refuses one as a location since. */
	case DW_FORM_block:
		len = u->version < 4 ? dwarf_cursor__uleb_strict(&c) : (c.bad = true, 0);
		break;
	case DW_FORM_block1: case DW_FORM_block2: case DW_FORM_block4:
		len = u->version < 4 ? dwarf_cursor__fixed(&c, it->attr.form == DW_FORM_block1 ? 1 :
						      it->attr.form == DW_FORM_block2 ? 2 : 4) :
				       (c.bad = true, 0);
		break;
	default:
		return false;
	}
	if (c.bad || !dwarf_cursor__has(&c, len))
		return false;
	it->kind = LOC_EXPR;
	it->p = c.p;
	it->end = c.p + len;
	return true;
}

/* The next entry without libdw: 1, 0 after the last, -1 when to be left to libdw. */
static int fast_next(struct loc_iter *it, struct loc_expr *ret)
{
	struct dwarf_cursor c = cursor_at(it->unit, it->p, it->end);
	const uint8_t *expr;
	uint64_t len;
	int rc;

	if (it->done)
		return 0;
	if (it->kind == LOC_EXPR) {
		it->done = true;
		return decode_expr(it->unit, it->p, (uint64_t)(it->end - it->p), ret) ? 1 : -1;
	}
	rc = it->kind == LOC_LIST ? next_loc_entry(it->unit, &c, &expr, &len) :
				    next_loclists_entry(it->unit, &c, &expr, &len);
	it->p = c.p;
	if (rc <= 0) {
		it->done = true;
		return rc;
	}
	return decode_expr(it->unit, expr, len, ret) ? 1 : -1;
}

/*
 * Sets @it up without libdw, having checked every entry: false when the
 * attribute is to be left to libdw.
 */
static bool fast_start(struct loc_iter *it)
{
	const struct loc_unit *u = it->unit;
	struct loc_iter check;
	int rc;

	if (!u || !u->is_plain || it->attr.cu != u->cu || (!expr_start(it) && !list_start(it)))
		return false;
	check = *it;
	while ((rc = fast_next(&check, NULL)) > 0)
		;
	return rc == 0;
}

/*
 * The loader's only door to libdw's location functions (dwarf_getlocations,
 * dwarf_getlocation_attr, dwarf_getlocation): elfutils built without
 * --enable-thread-safety, as Debian's 0.188 is, does not make them safe to
 * call from several threads, so libdw_next() runs this under the file's
 * libdw lock. Reads the entry of @attr at @offset (0 for the first) into
 * *ret; returns the next offset (> 0), 0 after the last entry, or -1 on
 * error, as dwarf_getlocations(). The operations stay valid afterwards:
 * libdw keeps them until dwarf_end().
 */
static ptrdiff_t die_location_locked(Dwarf_Attribute *attr, ptrdiff_t offset,
				     struct loc_expr *ret)
{
	Dwarf_Addr base, start, end;
	Dwarf_Attribute sub;
	Dwarf_Op *ops, *sub_ops;
	size_t nr_sub_ops;
	ptrdiff_t next = dwarf_getlocations(attr, offset, &base, &start, &end, &ops,
					    &ret->nr_ops);

	ret->ops = ops;
	ret->entry_reg = -1;
	ret->addr = 0;
	if (next <= 0 || !ret->nr_ops)
		return next;
	switch (ops[0].atom) {
	case DW_OP_entry_value:
	case DW_OP_GNU_entry_value:
		if (dwarf_getlocation_attr(attr, &ops[0], &sub) == 0 &&
		    dwarf_getlocation(&sub, &sub_ops, &nr_sub_ops) == 0 && nr_sub_ops == 1 &&
		    op_is_reg(sub_ops[0].atom))
			ret->entry_reg = sub_ops[0].atom;
		break;
	case DW_OP_addr:
		ret->addr = ops[0].number;
		break;
	case DW_OP_addrx:	/* an index into .debug_addr (DWARF 5, 2.5.1.1) */
		if (dwarf_getlocation_attr(attr, &ops[0], &sub) == 0 &&
		    dwarf_formaddr(&sub, &ret->addr) != 0)
			ret->addr = 0;
		break;
	}
	return next;
}

/* The next entry from libdw: 1, or 0 after the last one or on an error. */
static int libdw_next(struct loc_iter *it, struct loc_expr *ret)
{
	pthread_mutex_t *lock = it->lc->df->libdw_lock;

	if (it->done)
		return 0;
	pthread_mutex_lock(lock);
	it->libdw_off = die_location_locked(&it->attr, it->libdw_off, ret);
	pthread_mutex_unlock(lock);
	it->done = it->libdw_off <= 0;
	return !it->done;
}

static void loc_iter_init(struct loc_iter *it, const struct loc_cu *lc,
			  const Dwarf_Attribute *attr)
{
	*it = (struct loc_iter){ .lc = lc, .unit = lc->unit, .attr = *attr };
}

/* Starts reading @attr, without libdw when it can be. */
static void loc_iter__init(struct loc_iter *it, const struct loc_cu *lc,
			   const Dwarf_Attribute *attr)
{
	loc_iter_init(it, lc, attr);
	if (!fast_start(it))
		it->kind = LOC_LIBDW;
	if (lc->counts) {
		lc->counts->nr_locations++;
		lc->counts->nr_fallbacks += it->kind == LOC_LIBDW;
	}
}

/* The next entry into *ret: 1, or 0 after the last (or on libdw's error). */
static int loc_iter__next(struct loc_iter *it, struct loc_expr *ret)
{
	return it->kind == LOC_LIBDW ? libdw_next(it, ret) : fast_next(it, ret) > 0;
}

/* ---- the test-only check ------------------------------------------------------------ */

/* How @a (ours) differs from @b (libdw's), in @why; false when it does not. */
static bool expr_differs(const struct loc_expr *a, const struct loc_expr *b, char *why,
			 size_t size)
{
	size_t i;

	if (a->nr_ops != b->nr_ops) {
		snprintf(why, size, "%zu operations, libdw %zu", a->nr_ops, b->nr_ops);
		return true;
	}
	for (i = 0; i < a->nr_ops; i++) {
		if (a->ops[i].atom == b->ops[i].atom && a->ops[i].number == b->ops[i].number)
			continue;
		snprintf(why, size, "operation %zu is 0x%x (0x%llx), libdw 0x%x (0x%llx)", i,
			 a->ops[i].atom, (unsigned long long)a->ops[i].number, b->ops[i].atom,
			 (unsigned long long)b->ops[i].number);
		return true;
	}
	if (a->entry_reg != b->entry_reg)
		snprintf(why, size, "entry value register %d, libdw %d", a->entry_reg,
			 b->entry_reg);
	else if (a->addr != b->addr)
		snprintf(why, size, "address 0x%llx, libdw 0x%llx", (unsigned long long)a->addr,
			 (unsigned long long)b->addr);
	else
		return false;
	return true;
}

/*
 * Test-only: decodes @attr both ways, entry by entry. 0 when they agree or
 * the attribute is libdw's anyway; -EINVAL, reported, when they differ.
 */
static int check_location(const struct loc_cu *lc, const Dwarf_Attribute *attr,
			  uint64_t die_off)
{
	struct loc_iter fast, slow;
	struct loc_expr a, b;
	char why[160];
	int nr = 0, ra, rb;

	loc_iter_init(&fast, lc, attr);
	if (!fast_start(&fast))
		return 0;
	loc_iter_init(&slow, lc, attr);
	slow.kind = LOC_LIBDW;
	for (;; nr++) {
		ra = fast_next(&fast, &a);
		rb = libdw_next(&slow, &b);
		if (ra <= 0 || rb <= 0)
			break;
		if (expr_differs(&a, &b, why, sizeof(why)))
			goto differs;
	}
	if (ra > 0 || rb > 0) {
		snprintf(why, sizeof(why), ra > 0 ? "more than %d entries, libdw %d" :
			 "%d entries, libdw more than %d", nr, nr);
		goto differs;
	}
	return 0;
differs:
	pr_err("%s: die 0x%llx: DW_AT_location entry %d: %s", lc->df->path,
	       (unsigned long long)die_off, nr, why);
	return -EINVAL;
}

/* ---- parameters and variables ---------------------------------------------------- */

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

/*
 * The first entry as it stands, piece by piece: which register holds each
 * part of an aggregate that was split, and whether it lives on the stack.
 */
static void record_first_entry(const Dwarf_Op *ops, size_t nr_ops, struct param_loc *pl)
{
	int reg = LOC_PIECE_EMPTY;
	size_t i;

	pl->on_stack = nr_ops && ops[0].atom == DW_OP_fbreg;
	for (i = 0; i < nr_ops; i++) {
		unsigned int atom = ops[i].atom;

		if (atom != DW_OP_piece) {
			reg = op_is_reg(atom) && reg == LOC_PIECE_EMPTY ? (int)atom : LOC_PIECE_OTHER;
			continue;
		}
		if (pl->nr_pieces == LOC_MAX_PIECES) {
			pl->many_pieces = true;
			return;
		}
		pl->pieces[pl->nr_pieces++] = (struct loc_piece){
			.reg = reg, .size = ops[i].number > UINT32_MAX ? UINT32_MAX :
					    (uint32_t)ops[i].number };
		reg = LOC_PIECE_EMPTY;
	}
}

int dwarf_locations__param(const struct loc_cu *lc, struct fn_param *p)
{
	struct loc_iter it;
	struct loc_expr e;
	int entry = -1;

	if (lc->check && check_location(lc, &p->location, p->die_off))
		return -EINVAL;
	loc_iter__init(&it, lc, &p->location);
	while (loc_iter__next(&it, &e) > 0) {
		size_t n = e.nr_ops;
		bool stack_value;

		entry++;
		if (entry == 0)
			record_first_entry(e.ops, n, &p->loc);
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
	return 0;
}

int dwarf_locations__variable(const struct loc_cu *lc, const Dwarf_Attribute *attr,
			      uint64_t die_off, struct variable *v)
{
	struct loc_iter it;
	struct loc_expr e;

	switch (attr->form) {
	case DW_FORM_exprloc: case DW_FORM_block: case DW_FORM_block1:
	case DW_FORM_block2: case DW_FORM_block4:
		break;
	default:	/* a location list: not static storage */
		return 0;
	}
	if (lc->check && check_location(lc, attr, die_off))
		return -EINVAL;
	loc_iter__init(&it, lc, attr);
	if (loc_iter__next(&it, &e) <= 0 || !e.nr_ops ||
	    (e.ops[0].atom != DW_OP_addr && e.ops[0].atom != DW_OP_addrx))
		return 0;
	v->has_addr = true;
	v->addr = e.addr;
	if (e.nr_ops == 2 && e.ops[1].atom == DW_OP_plus_uconst)
		v->addr += e.ops[1].number;
	return 0;
}
