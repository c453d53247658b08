// SPDX-License-Identifier: GPL-2.0-only
/*
 * Type DIEs to the model, reached by tag through the CU walk
 * (dwarf_cu_walk.c): base types, modifiers, typedefs, arrays, enums,
 * prototypes, structs and unions with their members, bitfields, nested
 * types and static members, and the decl tags of them all. A type gets
 * its id after every type nested inside it.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>

#include "dwarf_cu_loader.h"
#include "log.h"

/* ---- annotations ------------------------------------------------------------------ */

/* Moves the annotations pushed since @first to the CU, as type @id's. */
static int flush_type_annots(struct cu_loader *l, uint32_t first, uint32_t id)
{
	uint32_t i;
	int err;

	for (i = first; i < l->nr_astack; i++) {
		struct type_annotation ta = { .type = id, .annot = l->astack[i] };

		err = cu__add_type_annotation(l->cu, &ta);
		if (err)
			return err;
	}
	l->nr_astack = first;
	return 0;
}

/* ---- type DIEs --------------------------------------------------------------- */

static uint8_t base_encoding(uint64_t ate)
{
	switch (ate) {
	case DW_ATE_signed:
	case DW_ATE_signed_char:
		return BE_SIGNED;
	case DW_ATE_boolean:
		return BE_BOOL;
	case DW_ATE_float:
		return BE_FLOAT;
	case DW_ATE_complex_float:
	case DW_ATE_imaginary_float:
		return BE_COMPLEX_FLOAT;
	default:
		return BE_UNSIGNED;
	}
}

/*
 * Each type unit has its own copy of the base types it uses: within a CU,
 * such a copy stands for the CU's first base type of the same name, size
 * and encoding, as a CU built without type units has one of each. (Kept
 * apart, they defeat the matching of exact repeats between CUs, which
 * compares type ids.) Other base types are added as they are.
 */
static int add_base(struct cu_loader *l, struct die *die, struct type *t,
		    const struct die_attrs *a)
{
	bool in_type_unit = is_type_unit_type(die->unit->unit_type);
	uint32_t i, id;
	int err;

	for (i = 0; in_type_unit && i < l->nr_bases; i++) {
		const struct type *b = cu__type(l->cu, l->bases[i]);

		if (b->byte_size == t->byte_size && b->encoding == t->encoding &&
		    (b->name == t->name || (b->name && t->name && !strcmp(b->name, t->name))))
			return cu_loader__map_die_to(l, die, l->bases[i]);
	}
	err = dw_ensure_cap(&l->bases, &l->bases_cap, sizeof(*l->bases), l->nr_bases + 1) ?:
	      cu_loader__add_type(l, die, t, a, &id);
	if (!err)
		l->bases[l->nr_bases++] = id;
	return err;
}

static int load_base(struct cu_loader *l, struct die *die)
{
	struct die_attrs a;
	struct type t = { .kind = TK_BASE };
	int err = cu_loader__read_attrs(l, die, &a);

	if (err)
		return err;
	t.name = a.name;
	t.byte_size = a.byte_size;
	t.encoding = base_encoding(a.encoding);
	/* A base type has no target. */
	a.has_type = false;
	return add_base(l, die, &t, &a);
}

static int load_simple(struct cu_loader *l, struct die *die, enum type_kind kind)
{
	struct die_attrs a;
	struct type t = { .kind = kind };
	int err = cu_loader__read_attrs(l, die, &a);

	if (err)
		return err;
	t.name = a.name;
	t.byte_size = a.byte_size;
	return cu_loader__add_type(l, die, &t, &a, NULL);
}

/* A typedef, with the decl tags of its annotation children. */
static int load_typedef(struct cu_loader *l, struct die *die)
{
	uint32_t afirst = l->nr_astack, id;
	struct type t = { .kind = TK_TYPEDEF };
	struct die_attrs a;
	int err = cu_loader__read_attrs(l, die, &a) ?: cu_loader__load_decl_tags(l, die, -1);

	if (err)
		return err;
	t.name = a.name;
	t.byte_size = a.byte_size;
	return cu_loader__add_type(l, die, &t, &a, &id) ?: flush_type_annots(l, afirst, id);
}

static bool is_type_tag(struct cu_loader *l, struct die *child, struct die_attrs *a)
{
	return child->tag == TAG_LLVM_ANNOTATION && cu_loader__read_attrs(l, child, a) == 0 &&
	       a->name && !strcmp(a->name, "btf_type_tag") && a->const_string;
}

/*
 * A pointer with btf_type_tag annotations: each tag gets an id before the
 * pointer, in DIE order, and the chain runs pointer -> last tag -> ... ->
 * first tag -> pointee.
 */
static int load_pointer(struct cu_loader *l, struct die *die)
{
	struct die_attrs a, ta;
	struct type t = { .kind = TK_POINTER };
	uint32_t prev = 0, id;
	bool have_tag = false;
	struct die child;
	int err = cu_loader__read_attrs(l, die, &a), rc;

	if (err)
		return err;
	t.byte_size = a.byte_size;
	rc = l->opts->type_tags ? die__child(die, &child) : 1;
	for (; rc == 0; rc = die__sibling(&child)) {
		struct type tag = { .kind = TK_TYPE_TAG };

		if (!is_type_tag(l, &child, &ta))
			continue;
		tag.name = ta.const_string;
		tag.type = prev;
		tag.src_off = child.off;
		err = cu__add_type(l->cu, &tag, &id);
		if (!err && !have_tag && a.has_type)
			err = cu_loader__add_ref(l, NULL, id, a.type_off);
		if (err)
			return err;
		have_tag = true;
		prev = id;
	}
	if (rc < 0)
		return cu_loader__walk_error(l, die);
	if (!have_tag)
		return cu_loader__add_type(l, die, &t, &a, NULL);
	t.type = prev;
	return cu_loader__add_type(l, die, &t, NULL, NULL);
}

/* Number of elements of one subrange: upper bound + 1, else count, else 0. */
static uint32_t subrange_count(const struct die_attrs *a)
{
	if (a->has_upper_bound)
		return a->upper_bound_const ? (uint32_t)(a->upper_bound + 1) : 0;
	if (a->has_count && a->count_const)
		return (uint32_t)a->count;
	return 0;
}

/*
 * Array @t of @dims dimensions as BTF has it: an array of the last
 * dimension's count of the element type, then one of each dimension
 * before it of the one added last, each taking the next id; @die is the
 * outermost.
 */
static int load_nested_array(struct cu_loader *l, struct die *die, const struct die_attrs *a,
			     struct type *t, const uint32_t *counts, unsigned int dims)
{
	uint32_t prev = 0, id;
	unsigned int i;
	int err;

	for (i = dims - 1; i > 0; i--) {
		struct type inner = { .kind = TK_ARRAY, .nr_elems = counts[i], .type = prev,
				      .src_off = die->off };

		err = cu__add_type(l->cu, &inner, &id);
		if (!err && !prev && a->has_type)
			err = cu_loader__add_ref(l, NULL, id, a->type_off);
		if (err)
			return err;
		prev = id;
	}
	t->nr_elems = counts[0];
	t->type = prev;
	return cu_loader__add_type(l, die, t, NULL, NULL);
}

static int load_array(struct cu_loader *l, struct die *die)
{
	struct die_attrs a, sa;
	struct type t = { .kind = TK_ARRAY, .nr_elems = 1 };
	uint32_t counts[64];
	unsigned int dims = 0;
	struct die child;
	int err = cu_loader__read_attrs(l, die, &a), rc;

	if (err)
		return err;
	t.byte_size = a.byte_size;
	t.is_vector = a.is_vector;
	for (rc = die__child(die, &child); rc == 0 && dims < 64;
	     rc = die__sibling(&child)) {
		if (child.tag != DW_TAG_subrange_type)
			continue;
		err = cu_loader__read_attrs(l, &child, &sa);
		if (err)
			return err;
		counts[dims] = subrange_count(&sa);
		t.nr_elems *= counts[dims];
		dims++;
	}
	if (rc < 0)
		return cu_loader__walk_error(l, die);
	if (!dims)
		t.nr_elems = 0;
	if (l->opts->nested_arrays && dims > 1)
		return load_nested_array(l, die, &a, &t, counts, dims);
	if (l->opts->for_printing && dims) {
		t.dims = arena__alloc(&l->cu->arena, dims * sizeof(*t.dims));
		if (!t.dims)
			return -ENOMEM;
		memcpy(t.dims, counts, dims * sizeof(*t.dims));
		t.nr_dims = dims;
	}
	return cu_loader__add_type(l, die, &t, &a, NULL);
}

static int push_pending(struct cu_loader *l, const struct die_attrs *a,
			struct pending_member **ret)
{
	int err = dw_ensure_cap(&l->stack, &l->stack_cap, sizeof(*l->stack), l->nr_stack + 1);
	struct pending_member *p;

	if (err)
		return err;
	p = &l->stack[l->nr_stack++];
	*p = (struct pending_member){ .m.name = a->name,
				      .type_off = a->has_type ? a->type_off : NO_TYPE };
	*ret = p;
	return 0;
}

/*
 * Moves what was pushed since @first into fresh arena members (or, with
 * @params, parameters), queues their type references and pops the stack.
 */
static int pop_pending(struct cu_loader *l, uint32_t first, struct type *t, bool params)
{
	uint32_t i, n = l->nr_stack - first;
	size_t elem = params ? sizeof(*t->params) : sizeof(*t->members);
	void *array = arena__alloc(&l->cu->arena, n * elem + 1);
	int err;

	if (!array)
		return -ENOMEM;
	t->nr_entries = n;
	t->members = array;
	for (i = 0; i < n; i++) {
		const struct pending_member *p = &l->stack[first + i];
		uint32_t *slot;

		if (params) {
			t->params[i].name = p->m.name;
			slot = &t->params[i].type;
		} else {
			t->members[i] = p->m;
			slot = &t->members[i].type;
		}
		if (p->type_off == NO_TYPE)
			continue;
		err = cu_loader__add_ref(l, slot, 0, p->type_off);
		if (err)
			return err;
	}
	l->nr_stack = first;
	return 0;
}

static int load_proto(struct cu_loader *l, struct die *die)
{
	uint32_t first = l->nr_stack;
	struct type t = { .kind = TK_FUNC_PROTO };
	struct pending_member *p;
	struct die_attrs a, pa;
	struct die child;
	int err = cu_loader__read_attrs(l, die, &a), rc;

	if (err)
		return err;
	for (rc = die__child(die, &child); rc == 0; rc = die__sibling(&child)) {
		int tag = child.tag;

		if (tag == DW_TAG_unspecified_parameters)
			t.has_varargs = true;
		if (tag != DW_TAG_formal_parameter)
			continue;
		err = cu_loader__read_attrs(l, &child, &pa) ?: push_pending(l, &pa, &p);
		if (err)
			return err;
	}
	if (rc < 0)
		return cu_loader__walk_error(l, die);
	return pop_pending(l, first, &t, true) ?: cu_loader__add_type(l, die, &t, &a, NULL);
}

/* Sets the member's BTF bit offset, or queues a DWARF 4 bitfield for later. */
static int member_offset(struct cu_loader *l, const struct die_attrs *a, struct member *m)
{
	struct bitfield_fixup *f;
	int err;

	m->bitfield_size = a->bit_size;
	if (l->opts->for_printing) {
		m->alignment = a->alignment;
		m->storage_size = a->bit_size && a->has_byte_size ? a->byte_size : 0;
	}
	if (a->has_data_bit_offset) {
		m->bit_offset = a->data_bit_offset;
		return 0;
	}
	m->bit_offset = a->member_location * 8;
	if (!a->has_bit_offset || !a->bit_size)
		return 0;
	err = dw_ensure_cap(&l->bitfields, &l->bitfields_cap, sizeof(*l->bitfields),
			    l->nr_bitfields + 1);
	if (err)
		return err;
	f = &l->bitfields[l->nr_bitfields++];
	*f = (struct bitfield_fixup){
		.index = l->nr_stack - 1,
		.byte_offset = a->member_location,
		.dw_bit_offset = a->bit_offset,
		.storage_size = a->has_byte_size ? a->byte_size : 0,
	};
	return 0;
}

/* Points the bitfield fixups of the members just popped at their arena copies. */
static void bind_bitfields(struct cu_loader *l, uint32_t first_bitfield, uint32_t first,
			   struct member *members)
{
	uint32_t i;

	for (i = first_bitfield; i < l->nr_bitfields; i++) {
		struct bitfield_fixup *f = &l->bitfields[i];

		if (!f->member)
			f->member = &members[f->index - first];
	}
}

/* Types defined inside a struct, in DIE order, while it is being read. */
struct nested_list {
	struct nested_type	*list;
	uint32_t		nr, cap;
};

static bool is_printable_nested(int tag)
{
	return tag == DW_TAG_structure_type || tag == DW_TAG_class_type ||
	       tag == DW_TAG_union_type || tag == DW_TAG_enumeration_type ||
	       tag == DW_TAG_typedef;
}

/*
 * A child of a struct that is not a data member: a nested type gets its id
 * (before the struct's) and is remembered with its position among the members.
 */
static int load_nested(struct cu_loader *l, struct die *child, uint32_t before,
		       struct nested_list *nested)
{
	uint32_t nr_types = l->cu->nr_types;
	int err;

	l->private_depth++;
	err = cu_loader__load_die(l, child);
	l->private_depth--;
	if (err || !is_printable_nested(child->tag) || l->cu->nr_types == nr_types)
		return err;
	err = dw_ensure_cap(&nested->list, &nested->cap, sizeof(*nested->list), nested->nr + 1);
	if (err)
		return err;
	nested->list[nested->nr++] = (struct nested_type){
		.type = l->cu->nr_types - 1, .before = before };
	return 0;
}

static int nested_to_arena(struct cu_loader *l, const struct nested_list *nested,
			   struct type *t)
{
	if (!nested->nr)
		return 0;
	t->nested = arena__alloc(&l->cu->arena, nested->nr * sizeof(*t->nested));
	if (!t->nested)
		return -ENOMEM;
	memcpy(t->nested, nested->list, nested->nr * sizeof(*t->nested));
	t->nr_nested = nested->nr;
	return 0;
}

/* A member function still being read: its return type's DIE. */
struct pending_method {
	struct method	m;
	uint64_t	ret_off;	/* or NO_TYPE */
};

/* A static data member still being read: its type's DIE. */
struct pending_static {
	struct static_member	s;
	uint64_t		type_off;	/* or NO_TYPE */
};

/* What one struct being read collects besides its data members. */
struct struct_extras {
	struct nested_list	nested;
	uint8_t			*bits;		/* per member: enum member_cxx_bits */
	uint32_t		bits_cap;
	bool			has_bits;
	struct pending_method	*methods;
	uint32_t		nr_methods, methods_cap;
	struct pending_static	*statics;
	uint32_t		nr_static, statics_cap;
};

static void struct_extras__release(struct struct_extras *x)
{
	free(x->nested.list);
	free(x->bits);
	free(x->methods);
	free(x->statics);
}

/*
 * A static data member declared in a class (printing only): the name and type
 * of the definition that names it as its specification, never a variable of
 * the unit itself.
 */
static int load_member_decl(struct cu_loader *l, struct die *die, const struct die_attrs *a)
{
	int err = dw_reserve(&l->vars, &l->vars_cap, sizeof(*l->vars), l->nr_vars + 1);

	if (err)
		return err;
	l->vars[l->nr_vars++] = (struct var_info){
		.v = { .name = a->name, .src_off = die->off, .is_external = a->is_external,
		       .is_declaration = true },
		.die_off = cu_loader__plain_key(l, die),
		.type_off = a->has_type ? a->type_off : NO_TYPE,
		.is_foreign = l->foreign > 0,
		.is_member = true,
	};
	return 0;
}
/*
 * A static data member (DWARF 4: a member that is a declaration; DWARF 5: a
 * variable): counted, and kept for printing.
 */
static int add_static(struct cu_loader *l, struct die *die, const struct die_attrs *a,
		      uint32_t before, struct struct_extras *x)
{
	int err;

	if (!l->opts->for_printing)
		return 0;
	err = load_member_decl(l, die, a) ?:
	      dw_ensure_cap(&x->statics, &x->statics_cap, sizeof(*x->statics), x->nr_static + 1);
	if (err)
		return err;
	x->statics[x->nr_static++] = (struct pending_static){
		.s = { .name = a->name, .before = before, .const_value = a->const_value,
		       .has_const_value = a->has_const_value && !a->const_string,
		       .access = a->accessibility },
		.type_off = a->has_type ? a->type_off : NO_TYPE,
	};
	return 0;
}

/* The C++ bits of member @idx (printing only). */
static int set_member_bits(struct cu_loader *l, struct struct_extras *x, uint32_t idx,
			   uint8_t bits)
{
	int err;

	if (!l->opts->for_printing || !bits)
		return 0;
	err = dw_ensure_cap(&x->bits, &x->bits_cap, sizeof(*x->bits), idx + 1);
	if (!err) {
		x->bits[idx] = bits;
		x->has_bits = true;
	}
	return err;
}

/* A base class, for printing: an unnamed member of the base's type, as upstream has it. */
static int load_inheritance(struct cu_loader *l, struct die *child, uint32_t first,
			    struct struct_extras *x)
{
	uint32_t idx = l->nr_stack - first;
	struct pending_member *p;
	struct die_attrs a;
	int err = cu_loader__read_attrs(l, child, &a);

	if (err)
		return err;
	a.name = NULL;
	a.bit_size = 0;
	err = push_pending(l, &a, &p);
	if (err)
		return err;
	p->m.bit_offset = a.member_location * 8;
	return set_member_bits(l, x, idx, MEMBER_CXX_INHERITANCE | a.accessibility |
			       (a.virtuality ? MEMBER_CXX_VIRTUAL : 0));
}

/* The parameters of a member function's declaration, into @m. */
static int load_method_params(struct cu_loader *l, struct die *die, struct method *m)
{
	uint32_t pfirst = l->nr_stack;
	struct type proto = { .kind = TK_FUNC_PROTO };
	struct pending_member *p;
	struct die_attrs pa;
	struct die child;
	int rc, err;

	for (rc = die__child(die, &child); rc == 0; rc = die__sibling(&child)) {
		if (child.tag == DW_TAG_unspecified_parameters)
			m->has_varargs = true;
		if (child.tag != DW_TAG_formal_parameter)
			continue;
		err = cu_loader__read_attrs(l, &child, &pa) ?: push_pending(l, &pa, &p);
		if (err)
			return err;
	}
	if (rc < 0)
		return cu_loader__walk_error(l, die);
	err = pop_pending(l, pfirst, &proto, true);
	m->nr_params = proto.nr_entries;
	m->params = proto.params;
	return err;
}

/* A member function, kept for printing with the member that follows it. */
static int load_method(struct cu_loader *l, struct die *die, uint32_t before,
		       struct struct_extras *x)
{
	struct pending_method *pm;
	struct die_attrs a, oa;
	struct die origin;
	int err = cu_loader__read_attrs(l, die, &a) ?:
		  dw_ensure_cap(&x->methods, &x->methods_cap, sizeof(*x->methods),
				x->nr_methods + 1);

	if (err)
		return err;
	/*
	 * rustc puts a method's code in its type too, beside the declaration
	 * it refers to: printed as that declaration, as upstream does.
	 */
	if (a.has_origin && die__at(die->unit, a.origin_off, &origin) == 0 &&
	    cu_loader__read_attrs(l, &origin, &oa) == 0 && !oa.has_origin) {
		a = oa;
		die = &origin;
	}
	pm = &x->methods[x->nr_methods++];
	pm->ret_off = a.has_type ? a.type_off : NO_TYPE;
	pm->m = (struct method){
		.name = a.name, .linkage_name = a.linkage_name, .before = before,
		.vtable_index = a.has_vtable_elem && a.vtable_elem < INT32_MAX ?
				(int32_t)a.vtable_elem : -1,
		.access = a.accessibility, .virtuality = a.virtuality,
	};
	return load_method_params(l, die, &pm->m);
}

/*
 * A data member. A static one (DWARF 4: a declaration) is not laid out when
 * printing; BTF has it as a member at offset 0, as upstream encodes it.
 */
static int load_member(struct cu_loader *l, struct die *child, uint32_t first,
		       uint32_t *member_idx, struct struct_extras *x)
{
	uint32_t idx = l->nr_stack - first;
	struct pending_member *p;
	struct die_attrs ma;
	int err = cu_loader__read_common_attrs(l, child, &ma);

	if (err)
		return err;
	if (ma.is_declaration && l->opts->for_printing) {
		(*member_idx)++;
		return add_static(l, child, &ma, idx, x);
	}
	return push_pending(l, &ma, &p) ?: member_offset(l, &ma, &p->m) ?:
	       set_member_bits(l, x, idx, ma.accessibility) ?:
	       cu_loader__load_decl_tags(l, child, (*member_idx)++);
}

/*
 * One child of a struct or union. Decl tags of members take the member's
 * position among the member and inheritance children; the struct's own
 * (clang's annotation children) take -1.
 */
static int load_struct_child(struct cu_loader *l, struct die *child, uint32_t *member_idx,
			     uint32_t first, struct struct_extras *x)
{
	uint32_t before = l->nr_stack - first;
	int err;

	switch (child->tag) {
	case DW_TAG_member:
		return load_member(l, child, first, member_idx, x);
	case DW_TAG_inheritance:
		(*member_idx)++;
		/* As upstream, BTF has the data members only. */
		return l->opts->for_printing ? load_inheritance(l, child, first, x) : 0;
	case DW_TAG_variable: {	/* DWARF 5: a static member */
		struct die_attrs va;

		return cu_loader__read_attrs(l, child, &va) ?: add_static(l, child, &va, before, x);
	}
	case TAG_LLVM_ANNOTATION:
		return cu_loader__load_decl_tag(l, child, -1);
	case DW_TAG_subprogram:
		err = l->opts->for_printing ? load_method(l, child, before, x) : 0;
		return err ?: cu_loader__load_die(l, child);
	default:	/* nested type definitions get their ids before this one */
		if (l->opts->for_printing)
			return load_nested(l, child, before, &x->nested);
		return cu_loader__load_die(l, child);
	}
}

static int statics_to_arena(struct cu_loader *l, const struct struct_extras *x,
			    struct type_cxx *c)
{
	uint32_t i;
	int err;

	if (!x->nr_static)
		return 0;
	c->static_members = arena__alloc(&l->cu->arena, x->nr_static * sizeof(*c->static_members));
	if (!c->static_members)
		return -ENOMEM;
	c->nr_static_members = x->nr_static;
	for (i = 0; i < x->nr_static; i++) {
		c->static_members[i] = x->statics[i].s;
		if (x->statics[i].type_off == NO_TYPE)
			continue;
		err = cu_loader__add_ref(l, &c->static_members[i].type, 0, x->statics[i].type_off);
		if (err)
			return err;
	}
	return 0;
}

/* The C++ facts of the struct into the arena, their references queued. */
static int cxx_to_arena(struct cu_loader *l, const struct struct_extras *x, struct type *t)
{
	struct type_cxx *c;
	uint32_t i;
	int err;

	if (!x->has_bits && !x->nr_methods && !x->nr_static)
		return 0;
	c = arena__alloc(&l->cu->arena, sizeof(*c));
	if (!c)
		return -ENOMEM;
	err = statics_to_arena(l, x, c);
	if (err)
		return err;
	if (x->has_bits) {
		c->member_bits = arena__alloc(&l->cu->arena, t->nr_entries + 1);
		if (!c->member_bits)
			return -ENOMEM;
		memcpy(c->member_bits, x->bits,
		       x->bits_cap < t->nr_entries ? x->bits_cap : t->nr_entries);
	}
	if (x->nr_methods) {
		c->methods = arena__alloc(&l->cu->arena, x->nr_methods * sizeof(*c->methods));
		if (!c->methods)
			return -ENOMEM;
	}
	for (i = 0; i < x->nr_methods; i++) {
		c->methods[i] = x->methods[i].m;
		if (x->methods[i].ret_off == NO_TYPE)
			continue;
		err = cu_loader__add_ref(l, &c->methods[i].ret_type, 0, x->methods[i].ret_off);
		if (err)
			return err;
	}
	c->nr_methods = x->nr_methods;
	t->cxx = c;
	return 0;
}

/*
 * An enum; for printing, the functions rustc puts in it too (methods of
 * the enum), each before the enumerator that follows it, as upstream v1.32.
 */
static int load_enum(struct cu_loader *l, struct die *die)
{
	struct die_attrs a, ea;
	struct type t = { .kind = TK_ENUM };
	struct struct_extras x = { 0 };
	struct enumerator *vals = NULL;
	uint32_t nr = 0, cap = 0;
	struct die child;
	int err = cu_loader__read_attrs(l, die, &a), rc;

	if (err)
		return err;
	t.name = a.name;
	t.byte_size = a.has_byte_size ? a.byte_size : 4;
	t.is_declaration = a.is_declaration;
	for (rc = die__child(die, &child); rc == 0; rc = die__sibling(&child)) {
		if (child.tag == DW_TAG_subprogram && l->opts->for_printing) {
			/* Also a function, for the inline expansions that name it. */
			err = load_method(l, &child, nr, &x) ?: cu_loader__load_die(l, &child);
			if (err)
				goto out;
		}
		if (child.tag != DW_TAG_enumerator)
			continue;
		err = cu_loader__read_attrs(l, &child, &ea) ?:
		      dw_ensure_cap(&vals, &cap, sizeof(*vals), nr + 1);
		if (err)
			goto out;
		vals[nr++] = (struct enumerator){ .name = ea.name, .value = ea.const_value };
	}
	if (rc < 0) {
		err = cu_loader__walk_error(l, die);
		goto out;
	}
	t.nr_entries = nr;
	err = -ENOMEM;
	t.enumerators = nr ? arena__alloc(&l->cu->arena, nr * sizeof(*vals)) : NULL;
	if (nr && !t.enumerators)
		goto out;
	if (nr)
		memcpy(t.enumerators, vals, nr * sizeof(*vals));
	err = cxx_to_arena(l, &x, &t) ?: cu_loader__add_type(l, die, &t, &a, NULL);
out:
	struct_extras__release(&x);
	free(vals);
	return err;
}

static int load_struct(struct cu_loader *l, struct die *die, enum type_kind kind)
{
	struct struct_extras x = { 0 };
	uint32_t first = l->nr_stack, first_bitfield = l->nr_bitfields;
	uint32_t afirst = l->nr_astack, member_idx = 0, id;
	struct type t = { .kind = kind };
	struct die_attrs a;
	struct die child;
	int err = cu_loader__read_attrs(l, die, &a), rc;

	if (err)
		return err;
	t.name = a.name;
	t.byte_size = a.byte_size;
	t.is_declaration = a.is_declaration;
	t.is_class = die->tag == DW_TAG_class_type;
	for (rc = die__child(die, &child); rc == 0; rc = die__sibling(&child)) {
		err = load_struct_child(l, &child, &member_idx, first, &x);
		if (err)
			goto out;
	}
	if (rc < 0) {
		err = cu_loader__walk_error(l, die);
		goto out;
	}
	err = pop_pending(l, first, &t, false) ?: nested_to_arena(l, &x.nested, &t) ?:
	      cxx_to_arena(l, &x, &t);
	if (err)
		goto out;
	bind_bitfields(l, first_bitfield, first, t.members);
	a.has_type = false;	/* only its alignment and declaration matter */
	err = cu_loader__add_type(l, die, &t, &a, &id);
	if (err)
		goto out;
	/* As upstream, a C++ class's decl tags are not encoded. */
	if (die->tag == DW_TAG_class_type)
		l->nr_astack = afirst;
	else
		err = flush_type_annots(l, afirst, id);
out:
	struct_extras__release(&x);
	return err;
}

static int load_unsupported(struct cu_loader *l, struct die *die)
{
	struct type t = { .kind = TK_UNSUPPORTED, .unsupported_tag = die->tag };

	return cu_loader__add_type(l, die, &t, NULL, NULL);
}

/*
 * C++ references and pointers to members: no BTF kind has them, but they
 * print with their type and their size (the pointer to member names its class).
 */
static int load_cxx_reference(struct cu_loader *l, struct die *die)
{
	struct type t = { .kind = TK_UNSUPPORTED, .unsupported_tag = die->tag };
	struct die_attrs a;
	uint32_t id;
	int err = cu_loader__read_attrs(l, die, &a);

	if (err)
		return err;
	t.byte_size = a.has_byte_size ? a.byte_size : 0;
	t.encoding = die->tag == DW_TAG_reference_type ? CXX_REF_LVALUE :
		     die->tag == DW_TAG_rvalue_reference_type ? CXX_REF_RVALUE :
		     CXX_REF_PTR_TO_MEMBER;
	err = cu_loader__add_type(l, die, &t, &a, &id);
	if (err || !a.has_containing)
		return err;
	return cu_loader__add_containing_ref(l, id, a.containing_off);
}

/* Type DIEs and what is in them. */
static int load_type(struct cu_loader *l, struct die *die)
{
	switch (die->tag) {
	case DW_TAG_base_type:		return load_base(l, die);
	case DW_TAG_pointer_type:	return load_pointer(l, die);
	case DW_TAG_const_type:		return load_simple(l, die, TK_CONST);
	case DW_TAG_volatile_type:	return load_simple(l, die, TK_VOLATILE);
	case DW_TAG_restrict_type:	return load_simple(l, die, TK_RESTRICT);
	case DW_TAG_atomic_type:	return load_simple(l, die, TK_ATOMIC);
	case DW_TAG_typedef:		return load_typedef(l, die);
	case DW_TAG_array_type:		return load_array(l, die);
	case DW_TAG_structure_type:
	case DW_TAG_class_type:		return load_struct(l, die, TK_STRUCT);
	case DW_TAG_union_type:		return load_struct(l, die, TK_UNION);
	case DW_TAG_enumeration_type:	return load_enum(l, die);
	case DW_TAG_subroutine_type:	return load_proto(l, die);
	case DW_TAG_reference_type:
	case DW_TAG_rvalue_reference_type:
	case DW_TAG_ptr_to_member_type:	return load_cxx_reference(l, die);
	case DW_TAG_interface_type:
	case DW_TAG_string_type:	return load_unsupported(l, die);
	default:			return 0;
	}
}

/* The tags this file loads. */
const struct cu_tag_fn cu_types__tags[] = {
	{ DW_TAG_base_type, load_type },	{ DW_TAG_pointer_type, load_type },
	{ DW_TAG_const_type, load_type },	{ DW_TAG_volatile_type, load_type },
	{ DW_TAG_restrict_type, load_type },	{ DW_TAG_atomic_type, load_type },
	{ DW_TAG_typedef, load_type },		{ DW_TAG_array_type, load_type },
	{ DW_TAG_structure_type, load_type },	{ DW_TAG_class_type, load_type },
	{ DW_TAG_union_type, load_type },	{ DW_TAG_enumeration_type, load_type },
	{ DW_TAG_subroutine_type, load_type },	{ DW_TAG_reference_type, load_type },
	{ DW_TAG_rvalue_reference_type, load_type },
	{ DW_TAG_ptr_to_member_type, load_type },
	{ DW_TAG_interface_type, load_type },	{ DW_TAG_string_type, load_type },
	{ 0 }
};
