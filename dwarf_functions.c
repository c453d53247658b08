// SPDX-License-Identifier: GPL-2.0-only
/*
 * Subprograms and variables of a CU, after its DIE walk: origins,
 * specifications, parameter locations against the ABI, and the function
 * flags the BTF encoder selects FUNCs by (upstream pahole v1.32's rules).
 */
#include <dwarf.h>
#include <elf.h>
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "dwarf_functions.h"

/* die_off -> index of a record, sorted by die_off. */
struct off_index {
	uint64_t	die_off;
	uint32_t	idx;
};

/*
 * The argument registers of the psABIs, as DWARF register numbers: x86-64
 * rdi, rsi, rdx, rcx, r8, r9 (and xmm0-xmm7 for floating point); arm and
 * aarch64 r0-r7; s390 r2-r6. Others only have a count, which turns off
 * the register checks.
 */
void abi_regs__init(struct abi_regs *abi, unsigned int machine)
{
	static const int x86_64[] = { 5, 4, 1, 2, 8, 9 };
	uint32_t i;

	memset(abi, 0, sizeof(*abi));
	for (i = 0; i < 8; i++)
		abi->regs[i] = -1;
	abi->agg_two_regs = machine != EM_S390;
	abi->sret_first_reg = machine == EM_X86_64;
	switch (machine) {
	case EM_X86_64:
		for (i = 0; i < 6; i++)
			abi->regs[i] = DW_OP_reg0 + x86_64[i];
		abi->nr_regs = 6;
		for (i = 0; i < 8; i++)	/* xmm0-xmm7 */
			abi->fp_regs[i] = DW_OP_reg17 + i;
		abi->nr_fp_regs = 8;
		break;
	case EM_SPARC: case EM_SPARCV9:
		abi->nr_regs = 6;
		break;
	case EM_S390:
		for (i = 0; i < 5; i++)
			abi->regs[i] = DW_OP_reg2 + i;
		abi->nr_regs = 5;
		break;
	case EM_ARM: case EM_AARCH64:
		for (i = 0; i < 8; i++)
			abi->regs[i] = DW_OP_reg0 + i;
		abi->nr_regs = 8;
		break;
	case EM_ARC: case EM_MIPS: case EM_PPC: case EM_PPC64: case EM_RISCV:
		abi->nr_regs = 8;
		break;
	}
}


static int cmp_map_entry(const void *a, const void *b)
{
	const struct off_index *x = a, *y = b;

	if (x->die_off != y->die_off)
		return x->die_off < y->die_off ? -1 : 1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

/* A sorted die_off -> index map of @n records, reading each offset at @off_of. */
static int build_index(struct off_index **ret, const void *base, size_t elem_size,
		       uint32_t n, size_t off_of)
{
	struct off_index *map = malloc((n + 1) * sizeof(*map));
	uint32_t i;

	if (!map)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		const char *rec = (const char *)base + i * elem_size;

		map[i].die_off = *(const uint64_t *)(rec + off_of);
		map[i].idx = i;
	}
	/* Records come in DIE order, but for nested subprograms: sort only if need be. */
	for (i = 1; i < n && map[i - 1].die_off < map[i].die_off; i++)
		;
	if (i < n)
		qsort(map, n, sizeof(*map), cmp_map_entry);
	*ret = map;
	return 0;
}

static bool find_index(const struct off_index *map, uint32_t n, uint64_t die_off,
		       uint32_t *ret)
{
	uint32_t lo = 0, hi = n;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (map[mid].die_off < die_off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == n || map[lo].die_off != die_off)
		return false;
	*ret = map[lo].idx;
	return true;
}

/* The core id a DIE offset stands for; unknown ones are void. */
static uint32_t resolve_type_off(const struct cu_functions *cf, uint64_t die_off)
{
	return die_off == NO_TYPE ? 0 : cf->type_id(cf->ctx, die_off);
}

static struct fn_param *origin_param(struct cu_functions *cf, const struct fn_param *p)
{
	uint32_t i;

	if (p->type_off != NO_TYPE || !p->has_origin ||
	    !find_index(cf->param_map, cf->nr_params, p->origin_off, &i))
		return NULL;
	return &cf->params[i];
}

static struct fn_info *find_fn(struct cu_functions *cf, uint64_t die_off)
{
	uint32_t i;

	return find_index(cf->fn_map, cf->nr_fns, die_off, &i) ? &cf->fns[i] : NULL;
}

/*
 * Names and types: a concrete instance's parameters take the name and type
 * of their abstract origin; one that moved is a sign of a clone that
 * dropped parameters. A function without a name takes its origin's, or its
 * specification's; one without a return type takes its origin's. Every
 * DIE's own types are resolved first, because clang puts a concrete
 * instance before the abstract origin it refers to.
 */
static void resolve_from_origin(struct cu_functions *cf, struct fn_info *fi)
{
	const struct fn_info *o = fi->f.ret_type ? NULL : find_fn(cf, fi->origin_off);

	if (o)
		fi->f.ret_type = o->f.ret_type;
}

static void resolve_params(struct cu_functions *cf)
{
	uint32_t i, j;

	for (i = 0; i < cf->nr_params; i++)
		cf->params[i].type = resolve_type_off(cf, cf->params[i].type_off);
	for (i = 0; i < cf->nr_fns; i++)
		cf->fns[i].f.ret_type = resolve_type_off(cf, cf->fns[i].type_off);
	for (i = 0; i < cf->nr_fns; i++) {
		struct fn_info *fi = &cf->fns[i], *o = NULL;

		if (fi->has_origin)
			resolve_from_origin(cf, fi);
		if (!fi->f.name && fi->has_origin)
			o = find_fn(cf, fi->origin_off);
		if (!fi->f.name && !o && fi->has_spec)
			o = find_fn(cf, fi->spec_off);
		if (o)
			fi->f.name = o->f.name;
		for (j = 0; j < fi->nr_params; j++) {
			struct fn_param *p = &cf->params[fi->first_param + j];
			const struct fn_param *op = origin_param(cf, p);

			if (!op) {
				cf->nr_unresolved += p->type_off == NO_TYPE && p->has_origin;
				continue;
			}
			p->name = op->name;
			p->type = op->type;
			fi->f.reordered_parm |= p->idx != op->idx;
		}
	}
}

/*
 * A concrete instance knows where its parameters are; its abstract origin
 * (the DIE the inlined copies and the other clones share) learns it too,
 * so that its own analysis sees it. In function order: the last one wins.
 */
static int share_locations(struct cu_functions *cf)
{
	uint32_t i;
	int err;

	for (i = 0; i < cf->nr_params; i++) {
		struct fn_param *p = &cf->params[i];

		p->byte_size = cu__type_byte_size(cf->cu, p->type);
		p->in_memory = p->byte_size >
			       (cf->abi->agg_two_regs ? 2u : 1u) * cf->cu->addr_size;
		err = p->loc.has_loc ? cf->decode_location(cf->ctx, p) : 0;
		if (err)
			return err;
	}
	for (i = 0; i < cf->nr_fns; i++) {
		const struct fn_info *fi = &cf->fns[i];
		uint32_t j;

		for (j = 0; j < fi->nr_params; j++) {
			const struct fn_param *p = &cf->params[fi->first_param + j];
			struct fn_param *op = origin_param(cf, p);

			if (!op)
				continue;
			op->loc.has_loc |= p->loc.has_loc;
			op->loc.has_const_value |= p->loc.has_const_value;
			if (p->loc.reg >= 0)
				op->loc.reg = p->loc.reg;
			if (p->byte_size)
				op->byte_size = p->byte_size;
			op->in_memory |= p->in_memory;
		}
	}
	return 0;
}

static uint32_t param_slots(const struct cu_functions *cf, const struct fn_param *p)
{
	uint64_t word = cf->cu->addr_size ?: 8;

	if (!cf->abi->agg_two_regs || p->byte_size <= word)
		return 1;
	return (p->byte_size + word - 1) / word;
}

/*
 * clang, signature unchanged: every parameter passed in registers must be
 * in one of the registers of its slots; nothing is taken as optimized out.
 */
static void check_clang_registers(const struct cu_functions *cf, struct fn_param *params,
				  uint32_t n)
{
	const struct abi_regs *abi = cf->abi;
	uint32_t i, r = 0, s, slots;

	for (i = 0; i < n; i++) {
		struct fn_param *p = &params[i];
		bool found = false;

		slots = param_slots(cf, p);
		if (p->in_memory)
			continue;
		if (r >= abi->nr_regs)
			break;
		for (s = 0; s < slots && r + s < abi->nr_regs; s++)
			found |= p->loc.reg == abi->regs[r + s];
		if (p->loc.reg >= 0 && !found)
			p->loc.unexpected_reg = true;
		r += slots;
	}
}

/*
 * GCC (and clang with DW_CC_nocall): walk the argument registers. A
 * parameter with a location but no register was optimized out, one in
 * another register than its slot's is unexpected, and GCC's constant
 * parameters (DW_AT_const_value, no location) are optimized out.
 */
static void check_registers(const struct cu_functions *cf, struct fn_param *params, uint32_t n)
{
	const struct abi_regs *abi = cf->abi;
	uint32_t i, r = 0;

	for (i = 0; i < n; i++) {
		struct fn_param *p = &params[i];
		bool regs_left = r < abi->nr_regs;
		int expected = regs_left ? abi->regs[r] : -1;

		if (p->loc.has_loc) {
			if (!regs_left)
				continue;
			if (p->loc.reg < 0)
				p->loc.optimized = true;
			else if (expected >= 0 && expected != p->loc.reg)
				p->loc.unexpected_reg = true;
		} else if (p->loc.has_const_value && !cf->is_clang) {
			p->loc.optimized = true;
		}
		r += p->in_memory ? 1 : param_slots(cf, p);
	}
}

/* A struct passed by value (through typedefs and const) uses registers its own way. */
static bool is_struct_param(const struct cu *cu, uint32_t id)
{
	uint32_t hops;

	for (hops = 0; id && hops < cu->nr_types; hops++) {
		const struct type *t = cu__type(cu, id);

		if (t->kind == TK_STRUCT)
			return true;
		if (t->kind != TK_CONST && t->kind != TK_TYPEDEF)
			return false;
		id = t->type;
	}
	return false;
}

/* A named packed struct passed by value after the argument registers. */
static bool has_uncertain_param(const struct cu_functions *cf, const struct fn_info *fi)
{
	uint32_t i, nr_regs = cf->abi->nr_regs;

	if (fi->nr_params < nr_regs)
		return false;
	for (i = nr_regs; i < fi->nr_params; i++) {
		uint32_t id = cf->params[fi->first_param + i].type;
		const struct type *t = cu__type(cf->cu, id);

		if (t->kind == TK_STRUCT && t->name && cu__struct_is_packed(cf->cu, id))
			return true;
	}
	return false;
}

/* ---- the signature the code has: clang, DW_CC_nocall ---------------------------- */

/* Where the walk of a function's parameters is in the argument registers. */
struct true_sig_walk {
	const struct cu_functions	*cf;
	uint32_t			r;	/* the next argument register */
	uint32_t			fr;	/* the next floating-point one */
	uint64_t			word;	/* address size */
};

static const struct type *stripped(const struct cu *cu, uint32_t id)
{
	return cu__type(cu, cu__strip_modifiers(cu, id));
}

static bool is_aggregate(const struct type *t)
{
	return t->kind == TK_STRUCT || t->kind == TK_UNION;
}

/*
 * The named member of aggregate @id that starts at byte @off, looking into
 * anonymous aggregates that contain @off; the first one of a union.
 */
static const struct member *member_at(const struct cu *cu, uint32_t id, uint64_t off,
				      unsigned int depth)
{
	const struct type *t = stripped(cu, id);
	uint32_t i;

	if (!is_aggregate(t) || depth > 8)
		return NULL;
	for (i = 0; i < t->nr_entries; i++) {
		const struct member *m = &t->members[i];
		uint64_t start = m->bit_offset / 8;
		uint64_t size = cu__type_byte_size(cu, m->type);

		if (m->name && start == off)
			return m;
		if (!m->name && off >= start && off < start + size) {
			const struct member *in = member_at(cu, m->type, off - start, depth + 1);

			if (in)
				return in;
		}
	}
	return NULL;
}

/* Takes the next argument register, which must be @reg. */
static bool take_reg(struct true_sig_walk *w, int reg)
{
	const struct abi_regs *abi = w->cf->abi;

	if (w->r >= abi->nr_regs || abi->regs[w->r] != reg)
		return false;
	w->r++;
	return true;
}

/* Whole, in the registers of its words in order, or no register at all. */
static bool whole_split_sig(struct true_sig_walk *w, const struct fn_param *p)
{
	const struct abi_regs *abi = w->cf->abi;
	uint64_t off = 0, words = (p->byte_size + w->word - 1) / w->word;
	uint32_t i;

	if (w->r + words > abi->nr_regs)
		return false;
	for (i = 0; i < p->loc.nr_pieces; i++) {
		const struct loc_piece *pc = &p->loc.pieces[i];

		if (off % w->word || abi->regs[w->r + off / w->word] != pc->reg)
			return false;
		off += pc->size;
	}
	w->r += words;
	return true;
}

/*
 * An aggregate split with DW_OP_piece: every part in its register (passed
 * whole), one part in a register and the others gone (only that member is
 * passed), or no part in a register (not passed).
 */
static bool split_sig(struct true_sig_walk *w, struct fn_param *p)
{
	const struct param_loc *pl = &p->loc;
	uint32_t i, nr_in_regs = 0, nr_empty = 0, off = 0, reg_off = 0;
	int reg = -1;

	if (pl->many_pieces)
		return false;
	for (i = 0; i < pl->nr_pieces; i++) {
		const struct loc_piece *pc = &pl->pieces[i];

		if (pc->reg == LOC_PIECE_OTHER)
			return false;
		if (pc->reg == LOC_PIECE_EMPTY) {
			nr_empty++;
		} else if (!nr_in_regs++) {
			reg = pc->reg;
			reg_off = off;
		}
		off += pc->size;
	}
	if (off < p->byte_size)	/* the pieces leave out the end */
		nr_empty++;
	if (!nr_in_regs) {
		p->true_sig = TRUE_SIG_DROP;
		return true;
	}
	if (!nr_empty)
		return whole_split_sig(w, p);
	if (nr_in_regs > 1)
		return false;
	p->true_member = member_at(w->cf->cu, p->type, reg_off, 0);
	p->true_sig = TRUE_SIG_MEMBER;
	return p->true_member && take_reg(w, reg);
}

/* An aggregate in one piece: on the stack, or in registers as a whole. */
static bool aggregate_sig(struct true_sig_walk *w, struct fn_param *p)
{
	uint64_t words = (p->byte_size + w->word - 1) / w->word;

	if (p->loc.nr_pieces || p->loc.many_pieces)
		return !p->in_memory && split_sig(w, p);
	if (p->in_memory || w->r + words > w->cf->abi->nr_regs)
		return p->loc.on_stack;
	if (words == 1 && p->loc.reg >= 0)
		return take_reg(w, p->loc.reg);
	if (p->loc.reg < 0 && !p->loc.on_stack) {
		p->true_sig = TRUE_SIG_DROP;
		return true;
	}
	return false;
}

/* A float or double: in the next floating-point register, as take_reg(). */
static bool take_fp_reg(struct true_sig_walk *w, int reg)
{
	const struct abi_regs *abi = w->cf->abi;

	if (w->fr >= abi->nr_fp_regs || abi->fp_regs[w->fr] != reg)
		return false;
	w->fr++;
	return true;
}

/*
 * A scalar: in its register, on the stack past the registers, or not
 * passed. Floating point has registers of its own; other kinds (long
 * double, complex) are not followed.
 */
static bool scalar_sig(struct true_sig_walk *w, struct fn_param *p, const struct type *t)
{
	bool is_fp = t->kind == TK_BASE && t->encoding >= BE_FLOAT;
	bool regs_left = is_fp ? w->fr < w->cf->abi->nr_fp_regs : w->r < w->cf->abi->nr_regs;

	if (p->byte_size > w->word || (is_fp && t->encoding != BE_FLOAT))
		return false;
	if (p->loc.reg >= 0)
		return is_fp ? take_fp_reg(w, p->loc.reg) : take_reg(w, p->loc.reg);
	if (p->loc.on_stack)
		return !regs_left;
	p->true_sig = TRUE_SIG_DROP;
	return true;
}

static bool param_true_sig(struct true_sig_walk *w, struct fn_param *p)
{
	const struct type *t = stripped(w->cf->cu, p->type);

	p->true_sig = TRUE_SIG_KEEP;
	if (!p->loc.has_loc) {
		p->true_sig = TRUE_SIG_DROP;
		return true;
	}
	if (is_aggregate(t))
		return w->cf->abi->agg_two_regs && aggregate_sig(w, p);
	return scalar_sig(w, p, t);
}

/*
 * clang dropped or split parameters of a DW_CC_nocall function: the
 * signature its code has comes from where the parameters are on entry,
 * walking the argument registers as the psABI assigns them. When some
 * parameter is not where that walk puts it, there is no such signature.
 */
static bool true_signature(struct cu_functions *cf, struct fn_info *fi,
			   struct fn_param *params)
{
	struct true_sig_walk w = { .cf = cf, .word = cf->cu->addr_size ?: 8 };
	const struct type *ret = stripped(cf->cu, fi->f.ret_type);
	uint32_t i;

	if (!cf->abi->nr_regs || cf->abi->regs[0] < 0)
		return false;
	if (is_aggregate(ret) && cf->abi->sret_first_reg &&
	    cu__type_byte_size(cf->cu, fi->f.ret_type) > 2 * w.word)
		w.r = 1;
	for (i = 0; i < fi->nr_params; i++)
		if (!param_true_sig(&w, &params[i]))
			return false;
	return true;
}

static void analyse_function(struct cu_functions *cf, struct fn_info *fi)
{
	/* No parameter in the CU at all: params is NULL, and NULL + 0 is undefined. */
	struct fn_param *params = cf->params ? &cf->params[fi->first_param] : NULL;
	bool unexpected = false, struct_param = false;
	uint32_t i;

	if (cf->is_clang && !fi->f.signature_changed)
		check_clang_registers(cf, params, fi->nr_params);
	else
		check_registers(cf, params, fi->nr_params);
	for (i = 0; i < fi->nr_params; i++) {
		fi->f.optimized_parms |= params[i].loc.optimized || !params[i].loc.has_loc;
		unexpected |= params[i].loc.unexpected_reg;
		struct_param |= is_struct_param(cf->cu, params[i].type);
	}
	fi->f.unexpected_reg = unexpected && !struct_param;
	fi->f.uncertain_parm_loc = has_uncertain_param(cf, fi);
	if (cf->is_clang && fi->f.signature_changed)
		fi->f.true_sig_ok = true_signature(cf, fi, params);
}

/* "<parameter>__<member>", in the CU's arena; NULL when out of memory. */
static const char *member_param_name(struct cu *cu, const char *param, const char *member)
{
	size_t lp = strlen(param), lm = strlen(member);
	char *s = arena__alloc(&cu->arena, lp + lm + 3);

	if (s) {
		memcpy(s, param, lp);
		memcpy(s + lp, "__", 2);
		memcpy(s + lp + 2, member, lm + 1);
	}
	return s;
}

/* What the encoder needs of the signature the code has. */
static int set_true_sig(struct cu *cu, const struct fn_param *p, struct parameter *param)
{
	param->true_sig_dropped = p->true_sig == TRUE_SIG_DROP;
	if (p->true_sig != TRUE_SIG_MEMBER || !p->name)
		return 0;
	param->true_sig_name = member_param_name(cu, p->name, p->true_member->name);
	param->true_sig_type = p->true_member->type;
	return param->true_sig_name ? 0 : -ENOMEM;
}

/*
 * The abstract origin of a concrete DW_CC_nocall instance (clang inlined
 * the function somewhere too) takes the instance's true signature, so
 * that the two agree on it: when each of its parameters is one of the
 * instance's, in the same place.
 */
static void share_true_sig(struct cu_functions *cf, const struct fn_info *fi)
{
	struct fn_info *o = find_fn(cf, fi->origin_off);
	uint32_t j;

	if (!o || o->nr_params != fi->nr_params || o->f.has_varargs != fi->f.has_varargs)
		return;
	for (j = 0; j < fi->nr_params; j++) {
		const struct fn_param *op = origin_param(cf, &cf->params[fi->first_param + j]);

		if (op != &cf->params[o->first_param + j])
			return;
	}
	for (j = 0; j < fi->nr_params; j++) {
		struct fn_param *op = &cf->params[o->first_param + j];
		const struct fn_param *p = &cf->params[fi->first_param + j];

		op->true_sig = p->true_sig;
		op->true_member = p->true_member;
	}
	o->f.true_sig_ok = true;
}

/* Copies a range of cf->annots into the CU's arena. */
static int copy_annots(struct cu_functions *cf, uint32_t first, uint32_t n,
		       struct annotation **ret)
{
	*ret = NULL;
	if (!n)
		return 0;
	*ret = arena__alloc(&cf->cu->arena, n * sizeof(**ret));
	if (!*ret)
		return -ENOMEM;
	memcpy(*ret, cf->annots + first, n * sizeof(**ret));
	return 0;
}

static int emit_function(struct cu_functions *cf, struct fn_info *fi)
{
	struct function *f = &fi->f;
	uint32_t i;

	f->nr_params = fi->nr_params;
	f->params = arena__alloc(&cf->cu->arena, (fi->nr_params + 1) * sizeof(*f->params));
	if (!f->params)
		return -ENOMEM;
	for (i = 0; i < fi->nr_params; i++) {
		const struct fn_param *p = &cf->params[fi->first_param + i];
		int err;

		f->params[i].name = p->name;
		f->params[i].type = p->type;
		f->params[i].is_optimized_out = !p->loc.has_loc || p->loc.optimized;
		err = f->true_sig_ok ? set_true_sig(cf->cu, p, &f->params[i]) : 0;
		if (err)
			return err;
	}
	f->nr_annots = fi->nr_annots;
	return copy_annots(cf, fi->first_annot, fi->nr_annots, &f->annots) ?:
	       cu__add_function(cf->cu, f);
}

static int resolve_functions(struct cu_functions *cf)
{
	uint32_t i;
	int err = build_index(&cf->param_map, cf->params, sizeof(*cf->params), cf->nr_params,
			      offsetof(struct fn_param, die_off)) ?:
		  build_index(&cf->fn_map, cf->fns, sizeof(*cf->fns), cf->nr_fns,
			      offsetof(struct fn_info, die_off));

	if (err)
		return err;
	resolve_params(cf);
	err = share_locations(cf);
	if (err)
		return err;
	for (i = 0; i < cf->nr_fns; i++)
		analyse_function(cf, &cf->fns[i]);
	for (i = 0; i < cf->nr_fns; i++)
		if (cf->fns[i].f.true_sig_ok && cf->fns[i].has_origin)
			share_true_sig(cf, &cf->fns[i]);
	for (i = 0; i < cf->nr_fns && !err; i++)
		err = cf->fns[i].is_foreign ? 0 : emit_function(cf, &cf->fns[i]);
	return err;
}

/*
 * Variables come in DIE order, which is not offset order once imported
 * units or DIEs of other CUs are loaded: they are found by an index.
 */
static const struct var_info *find_var(const struct cu_functions *cf, uint64_t die_off)
{
	uint32_t i;

	return find_index(cf->var_map, cf->nr_vars, die_off, &i) ? &cf->vars[i] : NULL;
}

/*
 * A definition with DW_AT_specification takes its name, linkage and
 * annotations from the declaration it completes, and its type where it has
 * none of its own.
 */
static int resolve_variables(struct cu_functions *cf)
{
	uint32_t i;
	int err = build_index(&cf->var_map, cf->vars, sizeof(*cf->vars), cf->nr_vars,
			      offsetof(struct var_info, die_off));

	if (err)
		return err;
	for (i = 0; i < cf->nr_vars; i++)
		cf->vars[i].v.type = resolve_type_off(cf, cf->vars[i].type_off);
	for (i = 0; i < cf->nr_vars && !err; i++) {
		struct var_info *vi = &cf->vars[i];
		const struct var_info *spec = vi->has_spec ? find_var(cf, vi->spec_off) : NULL;
		const struct var_info *src = spec ? spec : vi;
		struct variable v = vi->v;

		if (vi->is_foreign || vi->is_member)
			continue;
		if (spec) {
			v.name = spec->v.name;
			/* A definition may complete the type too ("x[]" declared, "x[7]" defined). */
			if (vi->type_off == NO_TYPE)
				v.type = spec->v.type;
			v.is_external = spec->v.is_external;
			v.completes_decl = !spec->is_member;
		}
		v.is_declaration = vi->v.is_declaration && !spec;
		v.nr_annots = src->nr_annots;
		err = copy_annots(cf, src->first_annot, src->nr_annots, &v.annots) ?:
		      cu__add_variable(cf->cu, &v);
	}
	return err;
}


int cu_functions__resolve(struct cu_functions *cf)
{
	int err = resolve_functions(cf) ?: resolve_variables(cf);

	free(cf->param_map);
	free(cf->fn_map);
	free(cf->var_map);
	cf->param_map = cf->fn_map = cf->var_map = NULL;
	return err;
}
