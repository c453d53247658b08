// SPDX-License-Identifier: GPL-2.0-only
/*
 * Which functions become BTF FUNCs, and with which prototype.
 *
 * A function is a candidate in every CU that defines (or inlines) it, so
 * one ELF function group collects several saved states. After the last CU
 * the states are sorted by group name, stably (CU order, then function
 * order within a CU), and each group's states are compared: the group is
 * skipped when the states disagree on the prototype, when parameters are
 * not where the ABI puts them, or when its symbols are ambiguous; else one
 * state, the canonical one, is encoded. This order and these rules are
 * upstream pahole v1.32's, which makes the output type for type the same.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "btf_encoder_funcs.h"
#include "btf_trace.h"
#include "log.h"

/* kfunc flags, include/linux/btf.h */
enum {
	KF_FASTCALL = 1 << 12,
	KF_ARENA_RET = 1 << 13,		/* returns a pointer into a BPF arena */
	KF_ARENA_ARG1 = 1 << 14,	/* its first parameter points into one */
	KF_ARENA_ARG2 = 1 << 15,	/* its second one */
};

struct func_param_ref {
	uint32_t	name_off;	/* in the BTF strings */
	uint32_t	type;		/* BTF id, pre-dedup */
	uint32_t	vtype;		/* virtual id (btf_trace.h), with a trace */
};

struct func_annot_ref {
	uint32_t	value_off;	/* in the BTF strings */
	int32_t		component_idx;
};

/* One saved candidate. */
struct func_state {
	const struct elf_func_group *group;	/* borrowed from a symtab */
	uint64_t	addr;			/* low_pc, 0 when none */
	uint32_t	seq;			/* save order, for a stable sort */
	uint32_t	ret_type;		/* BTF id */
	uint32_t	vret_type;		/* virtual id, with a trace */
	uint32_t	first_param, nr_params;	/* in func_table.params */
	uint32_t	first_annot, nr_annots;	/* in func_table.annots */
	bool		optimized_parms, unexpected_reg, inconsistent, uncertain_parm_loc;
	bool		reordered_parm, signature_changed, optimized_symbol;
	const char	*dot_name;		/* the group's suffixed symbol at addr, or NULL */
};

enum skip_reason {
	SKIP_NONE,
	SKIP_UNEXPECTED_REG,
	SKIP_INCONSISTENT,
	SKIP_UNCERTAIN_LOC,
	SKIP_REORDERED,
	SKIP_OPTIMIZED,
	SKIP_AMBIGUOUS,
	SKIP__MAX,
};

static const char *const skip_reasons[SKIP__MAX] = {
	[SKIP_UNEXPECTED_REG] = "unexpected register usage for parameter",
	[SKIP_INCONSISTENT] = "inconsistent prototype",
	[SKIP_UNCERTAIN_LOC] = "uncertain parameter location",
	[SKIP_REORDERED] = "reordered parameters",
	[SKIP_OPTIMIZED] = "optimized parameters",
	[SKIP_AMBIGUOUS] = "ambiguous address",
};

struct func_table {
	struct func_table_opts	opts;
	struct func_state	*states;
	uint32_t		nr_states, states_cap;
	struct func_param_ref	*params;
	uint32_t		nr_params, params_cap;
	struct func_annot_ref	*annots;
	uint32_t		nr_annots, annots_cap;
	uint32_t		nr_skipped[SKIP__MAX];
	uint32_t		nr_emitted;
};

struct func_table *func_table__new(const struct func_table_opts *opts)
{
	struct func_table *ft = calloc(1, sizeof(*ft));

	if (ft)
		ft->opts = *opts;
	return ft;
}

void func_table__free(struct func_table *ft)
{
	if (!ft)
		return;
	free(ft->states);
	free(ft->params);
	free(ft->annots);
	free(ft);
}

/* ---- saving ----------------------------------------------------------------------- */

static bool has_param_names(const struct function *f)
{
	uint32_t i;

	for (i = 0; i < f->nr_params; i++)
		if (!f->params[i].name)
			return false;
	return true;
}

/* The state's address is that of a .isra or .constprop clone of the group. */
static bool is_optimized_symbol(const struct elf_func_group *g, uint64_t addr)
{
	uint32_t i;

	for (i = 0; addr && i < g->nr_syms; i++)
		if (g->syms[i].addr == addr && g->syms[i].is_clone)
			return true;
	return false;
}

/* The name of the symbol of @g at @addr that has a suffix (foo.isra.0), or NULL. */
static const char *dotted_symbol(const struct elf_func_group *g, uint64_t addr)
{
	uint32_t i;

	for (i = 0; addr && i < g->nr_syms; i++)
		if (g->syms[i].addr == addr && strchr(g->syms[i].name, '.'))
			return g->syms[i].name;
	return NULL;
}

static int add_param(struct func_table *ft, uint32_t name_off, uint32_t type, uint32_t vtype)
{
	int err = dw_ensure_cap(&ft->params, &ft->params_cap, sizeof(*ft->params),
				ft->nr_params + 1);

	if (!err)
		ft->params[ft->nr_params++] = (struct func_param_ref){ name_off, type, vtype };
	return err;
}

/*
 * The signature clang's code has replaces the declared one (true_signature):
 * of a DW_CC_nocall function, or of the abstract origin of one.
 */
static bool uses_true_sig(const struct func_table *ft, const struct function *f)
{
	return ft->opts.true_signature && f->true_sig_ok;
}

/*
 * Parameter names enter the string table now, even for functions that end
 * up skipped: upstream's string section has them, and in this order.
 */
static int save_params(struct func_table *ft, struct btf *btf, const struct function *f,
		       const uint32_t *ids, const uint32_t *vids, struct func_state *s)
{
	bool true_sig = uses_true_sig(ft, f);
	uint32_t i;
	int off, err;

	s->first_param = ft->nr_params;
	for (i = 0; i < f->nr_params; i++) {
		const struct parameter *p = &f->params[i];
		bool member = true_sig && p->true_sig_name;

		/* A clone that moved parameters has dropped the optimized-out ones. */
		if ((f->reordered_parm && p->is_optimized_out) || (true_sig && p->true_sig_dropped))
			continue;
		uint32_t type = member ? p->true_sig_type : p->type;

		off = btf__add_str(btf, member ? p->true_sig_name : p->name);
		if (off < 0)
			return off;
		err = add_param(ft, off, ids[type], vids ? vids[type] : 0);
		if (err)
			return err;
	}
	if (f->has_varargs) {
		err = add_param(ft, 0, 0, 0);
		if (err)
			return err;
	}
	s->nr_params = ft->nr_params - s->first_param;
	return 0;
}

static int save_annots(struct func_table *ft, struct btf *btf, const struct function *f,
		       struct func_state *s)
{
	uint32_t i;
	int off, err = dw_ensure_cap(&ft->annots, &ft->annots_cap, sizeof(*ft->annots),
				     ft->nr_annots + f->nr_annots);

	if (err)
		return err;
	s->first_annot = ft->nr_annots;
	s->nr_annots = f->nr_annots;
	for (i = 0; i < f->nr_annots; i++) {
		off = btf__add_str(btf, f->annots[i].value);
		if (off < 0)
			return off;
		ft->annots[ft->nr_annots++] = (struct func_annot_ref){
			.value_off = off, .component_idx = f->annots[i].component_idx };
	}
	return 0;
}

static int save_function(struct func_table *ft, struct btf *btf, const struct function *f,
			 const uint32_t *ids, const uint32_t *vids, const struct elf_func_group *g)
{
	struct func_state s = {
		.group = g, .addr = f->low_pc, .seq = ft->nr_states,
		.ret_type = ids[f->ret_type], .vret_type = vids ? vids[f->ret_type] : 0,
		.optimized_parms = f->optimized_parms, .unexpected_reg = f->unexpected_reg,
		.uncertain_parm_loc = f->uncertain_parm_loc, .reordered_parm = f->reordered_parm,
		.signature_changed = f->signature_changed,
		.optimized_symbol = is_optimized_symbol(g, f->low_pc),
		.dot_name = ft->opts.true_signature ? dotted_symbol(g, f->low_pc) : NULL,
	};

	/*
	 * With true_signature, clang's changed signature is checked against
	 * the ABI by the true one alone: found, it is the prototype; not
	 * found, the function is left out as one with parameters not where
	 * the ABI puts them.
	 */
	if (ft->opts.true_signature && (f->signature_changed || f->true_sig_ok)) {
		s.unexpected_reg = !f->true_sig_ok;
		s.optimized_parms = false;
	}
	int err = dw_ensure_cap(&ft->states, &ft->states_cap, sizeof(*ft->states),
				ft->nr_states + 1) ?:
		  save_params(ft, btf, f, ids, vids, &s) ?: save_annots(ft, btf, f, &s);

	if (!err)
		ft->states[ft->nr_states++] = s;
	return err;
}

/* Whether function @f is saved if a symbol group has its name. */
static bool is_candidate(const struct function *f)
{
	return !f->is_declaration && has_param_names(f) && f->name;
}

/* The symbol group function @f would be saved under, or NULL. */
static const struct elf_func_group *find_group(const struct function *f,
					       const struct elf_symtab *symtab)
{
	return is_candidate(f) ? elf_symtab__find_func(symtab, f->name) : NULL;
}

void func_table__find_groups(const struct cu *cu, const struct elf_symtab *symtab,
			     const struct elf_func_group **groups_ret)
{
	uint32_t i;

	for (i = 0; i < cu->nr_functions; i++)
		groups_ret[i] = find_group(&cu->functions[i], symtab);
}

int func_table__save_cu(struct func_table *ft, struct btf *btf, const struct cu *cu,
			const uint32_t *ids, const uint32_t *vids,
			const struct elf_symtab *symtab,
			const struct elf_func_group *const *groups)
{
	uint32_t i;
	int err;

	/* Without function symbols nothing is known to be callable. */
	if (!elf_symtab__nr_func_groups(symtab))
		return 0;
	for (i = 0; i < cu->nr_functions; i++) {
		const struct function *f = &cu->functions[i];
		const struct elf_func_group *g = groups ? groups[i] : find_group(f, symtab);

		if (!g) {
			if (ft->opts.trace && is_candidate(f))
				btf_trace__no_symbol(ft->opts.trace, f->name);
			continue;
		}
		err = save_function(ft, btf, f, ids, vids, g);
		if (err)
			return err;
	}
	return 0;
}

/* ---- prototype comparison ------------------------------------------------------------- */

/* FWD counts as the kind its kind_flag names. */
static int fwd_kind(const struct btf_type *t)
{
	if (btf_kind(t) == BTF_KIND_FWD)
		return btf_kflag(t) ? BTF_KIND_UNION : BTF_KIND_STRUCT;
	return btf_kind(t);
}

static bool names_match(const struct btf *btf, const struct btf_type *a,
			const struct btf_type *b)
{
	return a->name_off == b->name_off ||
	       !strcmp(btf__name_by_offset(btf, a->name_off), btf__name_by_offset(btf, b->name_off));
}

static bool types_match(const struct btf *btf, uint32_t a, uint32_t b, unsigned int depth);

static bool protos_match(const struct btf *btf, const struct btf_type *ta,
			 const struct btf_type *tb, unsigned int depth)
{
	const struct btf_param *pa = btf_params(ta), *pb = btf_params(tb);
	uint16_t i, n = btf_vlen(ta);

	if (n != btf_vlen(tb) || !types_match(btf, ta->type, tb->type, depth + 1))
		return false;
	for (i = 0; i < n; i++)
		if (!types_match(btf, pa[i].type, pb[i].type, depth + 1))
			return false;
	return true;
}

/*
 * A loose structural comparison of two pre-dedup types: aggregates, enums
 * and typedefs match by name, const is ignored where the other side has
 * none, and references are followed.
 */
static bool types_match(const struct btf *btf, uint32_t a, uint32_t b, unsigned int depth)
{
	unsigned int hops;

	for (hops = 0; depth < 64 && hops < 1024; hops++) {
		const struct btf_type *ta, *tb;
		int ka, kb;

		if (a == b)
			return true;
		if (!a || !b)
			return false;
		ta = btf__type_by_id(btf, a);
		tb = btf__type_by_id(btf, b);
		ka = fwd_kind(ta);
		kb = fwd_kind(tb);
		if (ka != kb) {
			if (ka == BTF_KIND_CONST)
				a = ta->type;
			else if (kb == BTF_KIND_CONST)
				b = tb->type;
			else
				return false;
			continue;
		}
		switch (ka) {
		case BTF_KIND_INT:
			return ta->size == tb->size && btf_int_encoding(ta) == btf_int_encoding(tb) &&
			       btf_int_offset(ta) == btf_int_offset(tb) &&
			       btf_int_bits(ta) == btf_int_bits(tb) && names_match(btf, ta, tb);
		case BTF_KIND_FLOAT:
			return ta->size == tb->size && names_match(btf, ta, tb);
		case BTF_KIND_TYPEDEF: case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
			return names_match(btf, ta, tb);
		case BTF_KIND_PTR: case BTF_KIND_VOLATILE: case BTF_KIND_CONST:
		case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
			a = ta->type;
			b = tb->type;
			break;
		case BTF_KIND_ARRAY:
			if (btf_array(ta)->nelems != btf_array(tb)->nelems)
				return false;
			a = btf_array(ta)->type;
			b = btf_array(tb)->type;
			break;
		case BTF_KIND_FUNC_PROTO:
			return protos_match(btf, ta, tb, depth);
		default:
			return false;
		}
	}
	return false;
}

/*
 * -V: upstream's line for a function it leaves out, or for a difference
 * between two of its definitions, on stdout.
 */
static void log_skip(const char *name, const char *fmt, ...)
{
	va_list ap;

	if (log__level() < LOG_INFO)
		return;
	printf("%s : skipping BTF encoding of function due to ", name);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
}

static bool states_match(const struct func_table *ft, const struct btf *btf,
			 const struct func_state *a, const struct func_state *b)
{
	const struct func_param_ref *pa = &ft->params[a->first_param];
	const struct func_param_ref *pb = &ft->params[b->first_param];
	const char *name = a->group->name;
	uint32_t i;

	if (a->nr_params != b->nr_params) {
		log_skip(name, "param count mismatch; %u params != %u params", a->nr_params,
			 b->nr_params);
		return false;
	}
	if (!types_match(btf, a->ret_type, b->ret_type, 0)) {
		log_skip(name, "return type mismatch");
		return false;
	}
	for (i = 0; i < a->nr_params; i++)
		if (!types_match(btf, pa[i].type, pb[i].type, 0)) {
			const char *na = btf__name_by_offset(btf, pa[i].name_off);
			const char *nb = btf__name_by_offset(btf, pb[i].name_off);

			log_skip(name, "param type mismatch for param#%u %s != %s", i + 1,
				 na ? na : "", nb ? nb : "");
			return false;
		}
	return true;
}

/* ---- selection ------------------------------------------------------------------------ */

/*
 * By group name; in a group, the definitions with an address first (one
 * given by DW_AT_ranges alone has none), each part in CU order: the first
 * state is the one the others are compared with, and the fallback of
 * canonical_state().
 */
static int cmp_state(const void *x, const void *y)
{
	const struct func_state *a = x, *b = y;
	int c = a->group == b->group ? 0 : strcmp(a->group->name, b->group->name);

	if (c)
		return c;
	if (!a->addr != !b->addr)
		return a->addr ? -1 : 1;
	return a->seq < b->seq ? -1 : a->seq > b->seq;
}

/*
 * The first state shares its doubts with each later one; while it has
 * none, their prototypes are compared, and a difference is one.
 */
static void combine(const struct func_table *ft, const struct btf *btf,
		    struct func_state *a, struct func_state *b)
{
	bool unexpected = a->unexpected_reg | b->unexpected_reg;
	bool inconsistent = a->inconsistent | b->inconsistent;
	bool uncertain = a->uncertain_parm_loc | b->uncertain_parm_loc;
	bool reordered = a->reordered_parm | b->reordered_parm;

	if (!unexpected && !inconsistent && !reordered && !states_match(ft, btf, a, b))
		inconsistent = true;
	a->unexpected_reg = b->unexpected_reg = unexpected;
	a->inconsistent = b->inconsistent = inconsistent;
	a->uncertain_parm_loc = b->uncertain_parm_loc = uncertain;
	a->reordered_parm = b->reordered_parm = reordered;
}

/*
 * Optimized-out parameters matter when the code runs with another
 * signature, unless that one is what is encoded (true_signature).
 */
static bool skip_optimized(const struct func_table *ft, const struct func_state *s)
{
	return !ft->opts.true_signature && s->optimized_parms &&
	       (s->signature_changed || s->optimized_symbol);
}

/*
 * The definition the linker kept (its address is a symbol's), preferring
 * one that is not skipped for optimized parameters; else the first.
 */
static struct func_state *canonical_state(const struct func_table *ft,
					  struct func_state *states, uint32_t n)
{
	const struct elf_func_group *g = states[0].group;
	struct func_state *first = NULL;
	uint32_t i, j;

	if (n == 1)
		return states;
	for (i = 0; i < n; i++)
		for (j = 0; j < g->nr_syms; j++) {
			if (states[i].addr != g->syms[j].addr)
				continue;
			if (!first)
				first = &states[i];
			if (!skip_optimized(ft, &states[i]))
				return &states[i];
		}
	return first ? first : states;
}

/* The last of the applicable reasons wins, as in upstream's log. */
static enum skip_reason skip_reason(const struct func_table *ft, const struct func_state *s,
				    const struct func_state *canonical)
{
	enum skip_reason r = SKIP_NONE;

	if (s->unexpected_reg)
		r = SKIP_UNEXPECTED_REG;
	if (ft->opts.consistent_func && s->inconsistent)
		r = SKIP_INCONSISTENT;
	if (s->uncertain_parm_loc)
		r = SKIP_UNCERTAIN_LOC;
	if (s->reordered_parm)
		r = SKIP_REORDERED;
	if (skip_optimized(ft, canonical))
		r = SKIP_OPTIMIZED;
	if (s->group->is_ambiguous)
		r = SKIP_AMBIGUOUS;
	return r;
}

/* ---- emission ----------------------------------------------------------------------- */

/*
 * A copy of a string of @btf: libbpf may move its string data while adding
 * to it, even a string it already has. NULL when out of memory.
 */
static char *btf_str_dup(const struct btf *btf, uint32_t off)
{
	return strdup(btf__name_by_offset(btf, off));
}

/*
 * The parameters' names are in the strings already (save_params()): they
 * are appended without names, then given the saved offsets, which is
 * what libbpf would find for them.
 */
static int emit_proto(const struct func_table *ft, struct btf *btf, const struct func_state *s)
{
	int id = btf__add_func_proto(btf, s->ret_type), err;
	struct btf_param *params;
	uint32_t i;

	for (i = 0; id > 0 && i < s->nr_params; i++) {
		err = btf__add_func_param(btf, NULL, ft->params[s->first_param + i].type);
		if (err)
			return err;
	}
	if (id <= 0)
		return id;
	params = btf_params((struct btf_type *)btf__type_by_id(btf, id));
	for (i = 0; i < s->nr_params; i++)
		params[i].name_off = ft->params[s->first_param + i].name_off;
	return id;
}

static int add_decl_tag(struct btf *btf, const char *value, int target, int component_idx)
{
	int id = btf__add_decl_tag(btf, value, target, component_idx);

	return id < 0 ? id : 0;
}

static int emit_annots(const struct func_table *ft, struct btf *btf,
		       const struct func_state *s, int fn_id)
{
	uint32_t i;
	int err;

	for (i = 0; i < s->nr_annots; i++) {
		const struct func_annot_ref *a = &ft->annots[s->first_annot + i];
		char *value = btf_str_dup(btf, a->value_off);

		if (!value)
			return -ENOMEM;
		err = add_decl_tag(btf, value, fn_id, a->component_idx);
		free(value);
		if (err)
			return err;
	}
	return 0;
}

/*
 * -V: the prototype and the FUNC just appended, then the function's decl
 * tags, in upstream's lines. Returns the FUNC's virtual id, or -ENOMEM.
 */
static int trace_function(const struct func_table *ft, const struct btf *btf,
			  const struct func_state *s, const char *name)
{
	const char **names = calloc(s->nr_params ?: 1, sizeof(*names));
	uint32_t *vtypes = calloc(s->nr_params ?: 1, sizeof(*vtypes)), i, fn;

	if (!names || !vtypes) {
		free(names);
		free(vtypes);
		return -ENOMEM;
	}
	for (i = 0; i < s->nr_params; i++) {
		names[i] = btf__name_by_offset(btf, ft->params[s->first_param + i].name_off);
		vtypes[i] = ft->params[s->first_param + i].vtype;
	}
	fn = btf_trace__func(ft->opts.trace, name, s->vret_type, s->nr_params, names, vtypes);
	free(names);
	free(vtypes);
	for (i = 0; i < s->nr_annots; i++) {
		const struct func_annot_ref *a = &ft->annots[s->first_annot + i];

		btf_trace__decl_tag(ft->opts.trace, btf__name_by_offset(btf, a->value_off), fn,
				    a->component_idx);
	}
	return fn;
}

/*
 * FUNC_PROTO, FUNC @name (always static linkage, as upstream), decl tags,
 * kfunc tags.
 */
static int emit_function(struct func_table *ft, struct btf *btf, const struct func_state *s,
			 const char *name)
{
	const struct elf_func_group *g = s->group;
	int proto = emit_proto(ft, btf, s), fn, err;
	bool kfunc_tags = g->is_kfunc && ft->opts.tag_kfuncs && ft->opts.decl_tags;

	if (proto < 0)
		return proto;
	fn = btf__add_func(btf, name, BTF_FUNC_STATIC, proto);
	if (fn < 0)
		return fn;
	if (ft->opts.trace) {
		err = trace_function(ft, btf, s, name);
		if (err < 0)
			return err;
		/* upstream's kfunc tags go without a line */
		if (kfunc_tags)
			btf_trace__unlogged(ft->opts.trace, g->kfunc_flags & KF_FASTCALL ? 2 : 1);
	}
	err = emit_annots(ft, btf, s, fn);
	if (err || !kfunc_tags)
		return err;
	err = add_decl_tag(btf, "bpf_kfunc", fn, -1);
	if (!err && (g->kfunc_flags & KF_FASTCALL))
		err = add_decl_tag(btf, "bpf_fastcall", fn, -1);
	return err;
}

/* ---- attributes --------------------------------------------------------------------- */

/*
 * A type attribute: a TYPE_TAG with kind_flag set, as libbpf 1.6's
 * btf__add_type_attr() appends it. Older libbpf has no such call, so the
 * tag is appended as a plain one and its kind_flag set in place (the type
 * is the last one of @btf, which libbpf holds in writable memory), the
 * same bytes with every libbpf.
 */
static int add_type_attr(struct btf *btf, const char *value, uint32_t ref)
{
	int id = btf__add_type_tag(btf, value, ref);
	struct btf_type *t;

	if (id < 0)
		return id;
	t = (struct btf_type *)btf__type_by_id(btf, id);
	t->info |= 1U << 31;
	return id;
}

/*
 * The BTF of the arena kfuncs (KF_ARENA_*, kernel 6.12 on) says which
 * pointers point into a BPF arena: the pointer @*type is replaced by a
 * new one to the same type in address_space(1), an attribute (a TYPE_TAG
 * with kind_flag) that clang's BPF target gives arena pointers. -EINVAL
 * when @*type is not a pointer.
 */
static int arena_pointer(const struct func_table *ft, struct btf *btf, uint32_t *type,
			 uint32_t *vtype)
{
	const struct btf_type *t = btf__type_by_id(btf, *type);
	int id;

	if (!*type || !t || !btf_is_ptr(t))
		return -EINVAL;
	id = add_type_attr(btf, "address_space(1)", t->type);
	id = id < 0 ? id : btf__add_ptr(btf, id);
	if (id < 0)
		return id;
	*type = id;
	/* upstream's TYPE_TAG and PTR go without a line */
	if (ft->opts.trace)
		*vtype = btf_trace__unlogged(ft->opts.trace, 2);
	return 0;
}

/*
 * The return type (KF_ARENA_RET) and the first two parameters
 * (KF_ARENA_ARG1, KF_ARENA_ARG2) that a kfunc's flags put in the arena,
 * made arena pointers in @s before its prototype is appended. 0 or
 * -errno, reported.
 */
static int arena_kfunc(struct func_table *ft, struct btf *btf, struct func_state *s,
		       const char *path)
{
	static const uint32_t arg_flags[] = { KF_ARENA_ARG1, KF_ARENA_ARG2 };
	uint32_t flags = s->group->kfunc_flags, i;
	const char *what = "its return type";
	int err = 0;

	if (flags & KF_ARENA_RET)
		err = arena_pointer(ft, btf, &s->ret_type, &s->vret_type);
	for (i = 0; !err && i < 2; i++) {
		struct func_param_ref *p;

		if (!(flags & arg_flags[i]))
			continue;
		what = i ? "its second parameter" : "its first parameter";
		if (i >= s->nr_params) {
			err = -EINVAL;
			break;
		}
		p = &ft->params[s->first_param + i];
		err = arena_pointer(ft, btf, &p->type, &p->vtype);
	}
	if (err == -EINVAL)
		pr_err("%s: kfunc '%s': %s, which its flags (0x%x) put in a BPF arena, is no pointer",
		       path, s->group->name, what, flags);
	else if (err)
		pr_err("%s: kfunc '%s': cannot encode its arena pointers: %s", path, s->group->name,
		       strerror(-err));
	return err;
}

static void report(const struct func_table *ft, const char *path)
{
	uint32_t r;

	pr_info("%s: %u functions encoded", path, ft->nr_emitted);
	for (r = 1; r < SKIP__MAX; r++)
		if (ft->nr_skipped[r])
			pr_info("%s: %u functions skipped: %s", path, ft->nr_skipped[r],
				skip_reasons[r]);
}

/*
 * true_signature: the first state at the address of a suffixed symbol of
 * its group (a clone, such as foo.constprop.0) whose own parameters are
 * where the ABI puts them is encoded under that symbol's name, with the
 * parameters it kept.
 */
static const struct func_state *dotted_state(const struct func_state *states, uint32_t n)
{
	uint32_t i;

	for (i = 0; i < n; i++)
		if (states[i].dot_name && !states[i].unexpected_reg &&
		    !states[i].uncertain_parm_loc)
			return &states[i];
	return NULL;
}

static int emit_one(struct func_table *ft, struct btf *btf, const struct func_state *s,
		    const char *name, const char *path)
{
	int err = emit_function(ft, btf, s, name);

	if (err) {
		pr_err("%s: function '%s' cannot be encoded: %s", path, name, strerror(-err));
		return err;
	}
	ft->nr_emitted++;
	return 0;
}

int func_table__emit(struct func_table *ft, struct btf *btf, const char *path)
{
	uint32_t i, j;
	int err;

	if (ft->nr_states)
		qsort(ft->states, ft->nr_states, sizeof(*ft->states), cmp_state);
	for (i = 0; i < ft->nr_states; i = j) {
		struct func_state *s = &ft->states[i], *canonical;
		const struct func_state *dotted;
		enum skip_reason r;

		for (j = i + 1; j < ft->nr_states && ft->states[j].group == s->group; j++)
			;
		/* A clone's own doubts, not those the others share with it. */
		dotted = ft->opts.true_signature ? dotted_state(s, j - i) : NULL;
		for (j = i + 1; j < ft->nr_states && ft->states[j].group == s->group; j++)
			combine(ft, btf, s, &ft->states[j]);
		if (dotted) {
			err = emit_one(ft, btf, dotted, dotted->dot_name, path);
			if (err)
				return err;
			continue;
		}
		canonical = canonical_state(ft, s, j - i);
		r = skip_reason(ft, s, canonical);
		if (r) {
			ft->nr_skipped[r]++;
			/* As upstream spells it in its trace (sic). */
			log_skip(s->group->name, "%s", r == SKIP_INCONSISTENT ?
				 "inconsistet prototype" : skip_reasons[r]);
			continue;
		}
		if (canonical->group->is_kfunc && ft->opts.tag_kfuncs && ft->opts.attributes) {
			err = arena_kfunc(ft, btf, canonical, path);
			if (err)
				return err;
		}
		err = emit_one(ft, btf, canonical, s->group->name, path);
		if (err)
			return err;
	}
	report(ft, path);
	return 0;
}
