// SPDX-License-Identifier: GPL-2.0-only
/*
 * One CU's DIE attributes (dwarf_cu_loader.h): the keys DIEs are known by, the
 * values of the attributes the loader reads (constants, references,
 * strings, flags, locations of members and vtable entries), the fixed-size
 * attributes of data members read by plan, and the loader's error lines.
 */
#include <errno.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include <elfutils/libdw.h>

#include "dwarf_cu_core.h"
#include "dwarf_cursor.h"
#include "dwarf_loader_opts.h"
#include "log.h"

/* KEY_ALT for a unit of the supplementary file, else 0. */
static uint64_t unit_key_alt(const struct cu_loader *l, const struct die_unit *u)
{
	return u->secs != l->secs ? KEY_ALT : 0;
}

/* The flags of a key of a DIE in @u (see KEY_TYPE_UNIT). */
static uint64_t unit_key_flags(const struct die_unit *u)
{
	if (!is_type_unit_type(u->unit_type))
		return 0;
	return KEY_TYPE_UNIT | (u->in_types ? KEY_DEBUG_TYPES : 0);
}

uint64_t cu_loader__die_key(const struct cu_loader *l, const struct die *die)
{
	return die->off | unit_key_flags(die->unit) | unit_key_alt(l, die->unit);
}

/* How subprograms, parameters and variables know a DIE. */
static uint64_t die_plain_key(const struct cu_loader *l, const struct die *die)
{
	return die->off | unit_key_alt(l, die->unit);
}

uint64_t cu_loader__plain_key(const struct cu_loader *l, const struct die *die)
{
	return die_plain_key(l, die);
}

uint64_t cu_loader__key_alt(const struct cu_loader *l, const struct die_unit *u)
{
	return unit_key_alt(l, u);
}

uint64_t cu_loader__ref_key(const struct cu_loader *l, const struct die *die, uint64_t off)
{
	return off | unit_key_flags(die->unit) | unit_key_alt(l, die->unit);
}

uint64_t cu_loader__key_off(uint64_t key)
{
	return key & XUNIT_KEY_OFFSET;
}

/* The key of a DIE libdw found (references leaving the unit). */
uint64_t cu_loader__libdw_key(Dwarf_Die *die)
{
	uint64_t off = dwarf_dieoffset(die);
	Dwarf_Half version;
	uint8_t unit_type;

	if (dwarf_cu_info(die->cu, &version, &unit_type, NULL, NULL, NULL, NULL, NULL) ||
	    !is_type_unit_type(unit_type))
		return off;
	return off | KEY_TYPE_UNIT | (version < 5 ? KEY_DEBUG_TYPES : 0);
}

/*
 * Constant forms as pahole reads them: data1/2/4/8 and udata zero-extended,
 * sdata and implicit_const with their sign. False for non-constant forms.
 * Before DWARF 4, data4 and data8 may be section offsets, as libdw judges
 * by the attribute: it decides those.
 */
static bool attr_constant(const struct die_unit *u, const struct die_attr *a, uint64_t *ret)
{
	Dwarf_Attribute attr;
	Dwarf_Word uval;

	if (u->version >= 4 || (a->form != DW_FORM_data4 && a->form != DW_FORM_data8))
		return die_attr__constant(a, ret);
	attr = die_attr__libdw(u, a);
	if (dwarf_formudata(&attr, &uval))
		return false;
	*ret = uval;
	return true;
}

bool cu_loader__attr_constant(const struct die_unit *u, const struct die_attr *a, uint64_t *ret)
{
	return attr_constant(u, a, ret);
}

/* DW_AT_data_member_location: a constant, or a DW_OP_plus_uconst block (DWARF 2/3). */
static uint64_t attr_member_location(const struct die_unit *u, const struct die_attr *a)
{
	struct dwarf_cursor c;
	const uint8_t *block;
	uint64_t val = 0, len;

	if (attr_constant(u, a, &val))
		return val;
	if (!die_attr__block(a, &block, &len) || len < 2 || block[0] != DW_OP_plus_uconst)
		return 0;
	c = dwarf_cursor(block + 1, block + len, false);
	return dwarf_cursor__uleb_lenient(&c);
}

/* DW_AT_vtable_elem_location: DW_OP_constu N (GCC), or a constant (clang). */
static bool attr_vtable_elem(const struct die_unit *u, const struct die_attr *a, uint64_t *ret)
{
	struct dwarf_cursor c;
	const uint8_t *block;
	uint64_t len;

	if (attr_constant(u, a, ret))
		return true;
	if (!die_attr__block(a, &block, &len) || len < 2 || block[0] != DW_OP_constu)
		return false;
	c = dwarf_cursor(block + 1, block + len, false);
	*ret = dwarf_cursor__uleb_lenient(&c);
	return true;
}

/*
 * The key of the type of the type unit of signature @sig, from the file's
 * index: false when it has none, or when @l loads a .dwo (whose type units
 * are libdw's to find).
 */
bool cu_loader__signature_key(const struct cu_loader *l, uint64_t sig, uint64_t *ret)
{
	uint64_t key;

	if (l->secs != &l->df->secs || dwarf_xunits__signature(l->df->xunits, sig, &key))
		return false;
	*ret = key | KEY_TYPE_UNIT;
	return true;
}

/*
 * A reference attribute's target: its key, or with @plain its section
 * offset. References out of the unit are libdw's to follow, but for type
 * signatures the file's index has. A bad one fails the DIE.
 */
bool cu_loader__attr_ref(const struct die_attr *a, struct die_attrs *da, bool plain,
			 uint64_t *ret)
{
	Dwarf_Attribute attr;
	Dwarf_Die ref;
	uint64_t off;

	if (die_attr__ref(da->unit, a, &off)) {
		*ret = (plain ? off : off | unit_key_flags(da->unit)) | da->key_alt;
		return true;
	}
	/* Into the supplementary file; from it, ref_addr stays in it. */
	if (a->form == FORM_GNU_ref_alt || a->form == DW_FORM_ref_sup4 ||
	    a->form == DW_FORM_ref_sup8 || (a->form == DW_FORM_ref_addr && da->key_alt)) {
		*ret = (a->value & KEY_OFFSET) | KEY_ALT;
		return true;
	}
	if (a->form == DW_FORM_ref_sig8 && !plain && cu_loader__signature_key(da->loader, a->value, ret))
		return true;
	attr = die_attr__libdw(da->unit, a);
	if (!dwarf_formref_die(&attr, &ref)) {
		da->err = "bad reference";
		return false;
	}
	*ret = plain ? dwarf_dieoffset(&ref) : cu_loader__libdw_key(&ref);
	return true;
}

/* A string attribute; the indexed forms are libdw's. */
const char *cu_loader__attr_string(const struct cu_loader *l, const struct die_unit *u,
				   const struct die_attr *a)
{
	Dwarf_Attribute attr;

	switch (a->form) {
	case DW_FORM_string: case DW_FORM_strp: case DW_FORM_line_strp:
		return die_attr__string(u, a);
	case FORM_GNU_strp_alt: case DW_FORM_strp_sup:
		return dwarf_xunits__alt_string(l->df->xunits, a->value);
	default:
		attr = die_attr__libdw(u, a);
		return dwarf_formstring(&attr);
	}
}

/* --kabi_prefix: a name starting with @prefix is @prefix (RHEL's _RH_KABI macros). */
static const char *kabi_name(const char *prefix, const char *name)
{
	return strncmp(name, prefix, strlen(prefix)) ? name : prefix;
}

static bool attr_flag(const struct die_attr *a)
{
	bool flag;

	return die_attr__flag(a, &flag) && flag;
}

/*
 * The attributes collect_attr() reads, so the DIE reader visits no others
 * (it leaves DW_AT_decl_file, DW_AT_decl_column and the like alone). Keep
 * the two in step: an attribute missing here is never collected from a DIE
 * whose values all have fixed sizes.
 */
bool cu_loader__collects(uint32_t name, const void *arg)
{
	const struct dwarf_loader_opts *opts = arg;

	switch (name) {
	case DW_AT_name: case DW_AT_byte_size: case DW_AT_type: case DW_AT_encoding:
	case DW_AT_data_member_location: case DW_AT_bit_offset: case DW_AT_data_bit_offset:
	case DW_AT_bit_size: case DW_AT_upper_bound: case DW_AT_count: case DW_AT_const_value:
	case DW_AT_declaration: case DW_AT_abstract_origin: case DW_AT_specification:
	case DW_AT_calling_convention: case DW_AT_location: case DW_AT_low_pc:
	case DW_AT_high_pc: case DW_AT_external: case DW_AT_artificial: case DW_AT_inline:
	case DW_AT_alignment: case DW_AT_GNU_vector: case DW_AT_accessibility:
	case DW_AT_virtuality: case DW_AT_containing_type: case DW_AT_vtable_elem_location:
	case DW_AT_linkage_name: case DW_AT_MIPS_linkage_name:
		return true;
	/* Lines are printed only. */
	case DW_AT_decl_line: case DW_AT_call_line:
		return opts->for_printing || opts->fn_bodies;
	default:
		return false;
	}
}

/* What collect_attr() leaves: code addresses, inlining, layout and C++ facts. */
static void collect_more_attr(const struct die_attr *attr, struct die_attrs *a)
{
	const struct die_unit *u = a->unit;
	uint64_t val;

	switch (attr->name) {
	case DW_AT_location:
		a->location = die_attr__libdw(u, attr);
		a->has_location = true;
		break;
	case DW_AT_low_pc:
		a->low_pc = *attr;
		a->has_low_pc = true;
		break;
	case DW_AT_high_pc:
		a->high_pc = *attr;
		a->has_high_pc = true;
		break;
	/* Presence is what counts, as for upstream pahole. */
	case DW_AT_external:
		a->is_external = true;
		break;
	case DW_AT_artificial:
		a->is_artificial = true;
		break;
	case DW_AT_inline:
		a->is_inline = attr_constant(u, attr, &val) && val != DW_INL_not_inlined;
		a->inline_kind = a->is_inline ? (uint8_t)val : 0;
		break;
	case DW_AT_call_line:
		attr_constant(u, attr, &a->call_line);
		break;
	case DW_AT_alignment:
		attr_constant(u, attr, &a->alignment);
		break;
	case DW_AT_decl_line:
		attr_constant(u, attr, &a->decl_line);
		break;
	case DW_AT_GNU_vector:
		a->is_vector = attr_flag(attr);
		break;
	case DW_AT_accessibility:
		if (attr_constant(u, attr, &val) && val <= DW_ACCESS_private)
			a->accessibility = val;
		break;
	case DW_AT_virtuality:
		if (attr_constant(u, attr, &val) && val <= DW_VIRTUALITY_pure_virtual)
			a->virtuality = val;
		break;
	case DW_AT_containing_type: {
		/* Only a pointer to member's is used: a bad one is no error. */
		const char *err = a->err;

		a->has_containing = cu_loader__attr_ref(attr, a, false, &a->containing_off);
		a->err = err;
		break;
	}
	case DW_AT_vtable_elem_location:
		a->has_vtable_elem = attr_vtable_elem(u, attr, &a->vtable_elem);
		break;
	case DW_AT_linkage_name:
	case DW_AT_MIPS_linkage_name:
		a->linkage_name = cu_loader__attr_string(a->loader, u, attr);
		break;
	}
}

static int collect_attr(const struct die_attr *attr, void *arg)
{
	struct die_attrs *a = arg;
	const struct die_unit *u = a->unit;

	switch (attr->name) {
	case DW_AT_name:
		/* NULL: a string offset past the end of .debug_str, or a bad form */
		a->name = cu_loader__attr_string(a->loader, u, attr);
		if (!a->name)
			a->err = "bad DW_AT_name";
		else if (a->loader->opts->kabi_prefix)
			a->name = kabi_name(a->loader->opts->kabi_prefix, a->name);
		break;
	case DW_AT_byte_size:
		a->has_byte_size = attr_constant(u, attr, &a->byte_size);
		break;
	case DW_AT_type:
		a->has_type = cu_loader__attr_ref(attr, a, false, &a->type_off);
		break;
	case DW_AT_encoding:
		attr_constant(u, attr, &a->encoding);
		break;
	case DW_AT_data_member_location:
		a->member_location = attr_member_location(u, attr);
		break;
	case DW_AT_bit_offset:
		a->has_bit_offset = attr_constant(u, attr, &a->bit_offset);
		break;
	case DW_AT_data_bit_offset:
		a->has_data_bit_offset = attr_constant(u, attr, &a->data_bit_offset);
		break;
	case DW_AT_bit_size:
		attr_constant(u, attr, &a->bit_size);
		break;
	case DW_AT_upper_bound:
		a->has_upper_bound = true;
		a->upper_bound_const = attr_constant(u, attr, &a->upper_bound);
		break;
	case DW_AT_count:
		a->has_count = true;
		a->count_const = attr_constant(u, attr, &a->count);
		break;
	case DW_AT_const_value:
		a->has_const_value = true;
		if (!attr_constant(u, attr, &a->const_value))
			a->const_string = cu_loader__attr_string(a->loader, u, attr);
		break;
	case DW_AT_declaration:
		a->is_declaration = attr_flag(attr);
		break;
	case DW_AT_abstract_origin:
		a->has_origin = cu_loader__attr_ref(attr, a, true, &a->origin_off);
		break;
	case DW_AT_specification:
		a->has_spec = cu_loader__attr_ref(attr, a, true, &a->spec_off);
		break;
	case DW_AT_calling_convention:
		attr_constant(u, attr, &a->calling_convention);
		break;
	default:
		collect_more_attr(attr, a);
		break;
	}
	return 0;
}

/* ---- per-CU helpers -------------------------------------------------------- */

/* The CU's name for a message: libdw's, when the unit DIE was not read yet. */
const char *cu_loader__cu_name(const struct cu_loader *l)
{
	const char *name = l->cu->name;

	if (!name && l->name_die)
		name = dwarf_diename(l->name_die);
	return name ? name : "?";
}

void cu_loader__error(const struct cu_loader *l, const struct die *die, const char *what)
{
	pr_err("%s: %s: die 0x%llx: %s", l->df->path, cu_loader__cu_name(l), (unsigned long long)die->off,
	       what);
}

/* A failed walk of @die's children: reports the reader's reason, returns -EINVAL. */
int cu_loader__walk_error(const struct cu_loader *l, const struct die *die)
{
	cu_loader__error(l, die, die->unit->errmsg ? die->unit->errmsg : "corrupt DIE tree");
	return -EINVAL;
}

/* Flattened: collect_attr(), called through the reader's pointer, is inlined (with LTO). */
__attribute__((flatten))
int cu_loader__read_attrs(struct cu_loader *l, struct die *die, struct die_attrs *a)
{
	memset(a, 0, offsetof(struct die_attrs, location));
	a->unit = die->unit;
	a->loader = l;
	a->key_alt = unit_key_alt(l, die->unit);
	l->nr_dies++;
	if (die__attrs_kept(die, collect_attr, a)) {
		cu_loader__error(l, die, die->unit->errmsg);
		return -EINVAL;
	}
	if (a->err) {
		cu_loader__error(l, die, a->err);
		return -EINVAL;
	}
	return 0;
}

/*
 * The attributes of data members, the most common DIEs by far (6M of the
 * 12M of the Debian vmlinux), are read from their offsets when the
 * abbreviation allows: values of fixed sizes, and kept attributes among a
 * name of DW_FORM_strp, a reference, a one or two byte member offset and
 * a declaration line. How, is noted in the abbreviation's user word: per
 * field (enum plan_field) a presence bit, the value's size and offset.
 * (Tried on the parameters of prototypes, it cost more than it saved.)
 */
enum { PLAN_DONE = 1, PLAN_FAST = 2, PLAN_FIELD_SHIFT = 2, PLAN_FIELD_BITS = 13 };
enum plan_field { PF_NAME, PF_TYPE, PF_LOCATION, PF_LINE, NR_PLAN_FIELDS };

static uint64_t plan_field(enum plan_field f, unsigned int size, unsigned int offset)
{
	return (1 | (uint64_t)size << 1 | (uint64_t)offset << 5) <<
	       (PLAN_FIELD_SHIFT + PLAN_FIELD_BITS * f);
}

/* The field of @plan: its value's size (0: absent) and offset. Inlined: @f is a constant. */
__attribute__((always_inline))
static inline unsigned int plan_size(uint64_t plan, enum plan_field f, unsigned int *offset)
{
	uint64_t bits = plan >> (PLAN_FIELD_SHIFT + PLAN_FIELD_BITS * f);

	*offset = (unsigned int)(bits >> 5) & 0xff;
	return bits & 1 ? (unsigned int)(bits >> 1) & 0xf : 0;
}

/* Which field attribute @sp fills when it is read from its offset, or NR_PLAN_FIELDS. */
static enum plan_field plan_field_of(const struct die_fixed_spec *sp)
{
	switch (sp->name) {
	case DW_AT_name:
		return sp->form == DW_FORM_strp ? PF_NAME : NR_PLAN_FIELDS;
	case DW_AT_type:
		return sp->form == DW_FORM_ref1 || sp->form == DW_FORM_ref2 ||
		       sp->form == DW_FORM_ref4 || sp->form == DW_FORM_ref8 ?
		       PF_TYPE : NR_PLAN_FIELDS;
	case DW_AT_data_member_location:
		return sp->form == DW_FORM_data1 || sp->form == DW_FORM_data2 ?
		       PF_LOCATION : NR_PLAN_FIELDS;
	case DW_AT_decl_line:
		return sp->form == DW_FORM_data1 || sp->form == DW_FORM_data2 ?
		       PF_LINE : NR_PLAN_FIELDS;
	default:
		return NR_PLAN_FIELDS;
	}
}

static uint64_t fixed_plan(const struct cu_loader *l, const struct die *die)
{
	struct die_fixed_spec sp;
	uint64_t plan = PLAN_DONE | PLAN_FAST;
	unsigned int seen = 0, i;
	enum plan_field f;

	if (l->opts->kabi_prefix || !die__fixed_values(die))
		return PLAN_DONE;
	for (i = 0; die__fixed_kept(die, i, &sp); i++) {
		f = plan_field_of(&sp);
		if (f == NR_PLAN_FIELDS || seen & 1u << f || sp.offset > 0xff)
			return PLAN_DONE;
		seen |= 1u << f;
		plan |= plan_field(f, sp.size, sp.offset);
	}
	return plan;
}

/* The fixed-size value of field @f of @plan at @v, in *@ret: false when absent. */
__attribute__((always_inline))
static inline bool plan_value(const struct die *die, uint64_t plan, enum plan_field f,
		       const uint8_t *v, uint64_t *ret)
{
	unsigned int offset, size = plan_size(plan, f, &offset);

	if (!size)
		return false;
	*ret = dwarf_fixed_value(v + offset, size, die->unit->secs->big_endian);
	return true;
}

/*
 * As cu_loader__read_attrs() would read them, by @plan: false, with
 * nothing counted, for the DIE to be read that way (which reports what is
 * wrong with it).
 */
static bool read_attrs_fixed(struct cu_loader *l, struct die *die, uint64_t plan,
			     const uint8_t *v, struct die_attrs *a)
{
	const struct die_unit *u = die->unit;
	uint64_t val;

	memset(a, 0, offsetof(struct die_attrs, location));
	a->unit = u;
	a->loader = l;
	a->key_alt = unit_key_alt(l, u);
	if (plan_value(die, plan, PF_NAME, v, &val)) {
		a->name = die_string_at(&u->secs->str, u->secs->str_terminated, val);
		if (!a->name)
			return false;
	}
	if (plan_value(die, plan, PF_TYPE, v, &val)) {
		if (!die_unit__ref(u, val, &a->type_off))
			return false;
		a->type_off |= unit_key_flags(u) | a->key_alt;
		a->has_type = true;
	}
	plan_value(die, plan, PF_LOCATION, v, &a->member_location);
	plan_value(die, plan, PF_LINE, v, &a->decl_line);
	l->nr_dies++;
	return true;
}

int cu_loader__read_common_attrs(struct cu_loader *l, struct die *die, struct die_attrs *a)
{
	uint64_t *plan = die__abbrev_user(die);
	const uint8_t *v;

	if (!*plan)
		*plan = fixed_plan(l, die);
	v = *plan & PLAN_FAST ? die__fixed_values(die) : NULL;
	if (v && read_attrs_fixed(l, die, *plan, v, a))
		return 0;
	return cu_loader__read_attrs(l, die, a);
}

/*
 * Bytes of code from DW_AT_high_pc: an address, or (DWARF 4 on) a constant
 * offset from low_pc. 0 when absent or nonsensical.
 */
static uint64_t code_size(const struct die_unit *u, const struct die_attrs *a, Dwarf_Addr low_pc)
{
	Dwarf_Attribute attr;
	Dwarf_Addr high;
	uint64_t off;

	if (!a->has_high_pc)
		return 0;
	if (a->high_pc.form == DW_FORM_addr || a->high_pc.form == DW_FORM_addrx ||
	    (a->high_pc.form >= DW_FORM_addrx1 && a->high_pc.form <= DW_FORM_addrx4) ||
	    a->high_pc.form == DW_FORM_GNU_addr_index) {
		attr = die_attr__libdw(u, &a->high_pc);
		if (dwarf_formaddr(&attr, &high))
			return 0;
		return high > low_pc ? high - low_pc : 0;
	}
	return cu_loader__attr_constant(u, &a->high_pc, &off) ? off : 0;
}

void cu_loader__pc_range(const struct die_unit *u, const struct die_attrs *a, uint64_t *low,
			 uint64_t *size)
{
	Dwarf_Attribute attr;
	Dwarf_Addr addr;

	*low = *size = 0;
	if (!a->has_low_pc)
		return;
	attr = die_attr__libdw(u, &a->low_pc);
	if (dwarf_formaddr(&attr, &addr))
		return;
	*low = addr;
	*size = code_size(u, a, addr);
}
