// SPDX-License-Identifier: GPL-2.0-only
/* Split types matched with base types and with each other (btf_base_match.h). */
#include "btf_base_match.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "dwarves.h"
#include "dwarves_hash.h"

#define UNSEEN UINT32_MAX

/*
 * Twins are compared this deep. A walk recursing deeper than MAX_WALK_DEPTH
 * gives the match up, so that hostile input cannot exhaust the stack: the
 * 7.2 kernel's modules reach 217 (xfs).
 */
enum { TWIN_DEPTH = 16, MAX_WALK_DEPTH = 4096 };

struct btf_base_match {
	const struct btf_type *const *base;	/* by id, borrowed */
	uint32_t		start;		/* the first split id */
	struct hash_index	base_ix;	/* key -> base types of the kinds matched here */
	/* For the split BTF being matched: */
	const struct btf_type *const *split;	/* by id - start, borrowed */
	struct btf_strs		strs;		/* the base's, then the split BTF's */
	uint32_t		n;		/* its type count */
	uint32_t		*map;		/* by id: what it stands for, UNSEEN: not looked at */
	uint32_t		*hypot;		/* by id on the candidate's side: its pair, or UNSEEN */
	uint32_t		cap_map, cap_hypot;
	uint32_t		*paired;	/* ids with a pair in hypot, in the order paired */
	uint32_t		nr_paired, cap_paired;
	bool			adjust;		/* the walk paired a split struct with a base FWD */
	unsigned int		depth;		/* of the walk's recursion */
	struct hash_index	split_ix;	/* key -> split types found new */
};

static const struct btf_type *type(const struct btf_base_match *m, uint32_t id)
{
	if (id < m->start)
		return m->base[id];
	return id < m->n ? m->split[id - m->start] : NULL;
}

static const char *str(const struct btf_base_match *m, uint32_t off)
{
	return m->strs.at(m->strs.ctx, off);
}

static bool same_str(const struct btf_base_match *m, uint32_t a, uint32_t b)
{
	return a == b || !strcmp(str(m, a), str(m, b));
}

static uint32_t mix(uint32_t h, uint32_t v)
{
	return (h ^ v) * 16777619u;
}

static uint32_t name_hash(const struct btf_base_match *m, uint32_t off)
{
	return hash_str(str(m, off));
}

/*
 * The key a type is found by, of the parts equal types share: an enum by
 * its name alone (a declaration finds its definition), a struct or union
 * by its size and member names and offsets too. 0 for kinds not matched here.
 */
static uint32_t key(const struct btf_base_match *m, const struct btf_type *t)
{
	uint32_t h = name_hash(m, t->name_off), i;
	const struct btf_member *mb;

	switch (btf_kind(t)) {
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return mix(h, 0xe);
	case BTF_KIND_TYPEDEF:
		return mix(h, t->info);
	case BTF_KIND_FWD:
	case BTF_KIND_FLOAT:
		return mix(mix(h, t->info), t->size);
	case BTF_KIND_INT:
		return mix(mix(mix(h, t->info), t->size), *(const uint32_t *)(t + 1));
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		h = mix(mix(h, t->info), t->size);
		for (i = 0, mb = btf_members(t); i < btf_vlen(t); i++, mb++)
			h = mix(mix(h, name_hash(m, mb->name_off)), mb->offset);
		return h;
	default:
		return 0;
	}
}

int btf_base_match__new(const struct btf_type *const *base, uint32_t start,
			const struct btf_strs *strs, const uint32_t *ids, uint32_t nr_ids,
			struct btf_base_match **ret)
{
	struct btf_base_match *m = calloc(1, sizeof(*m));
	uint32_t i, id, h, n = ids ? nr_ids : start - 1;
	int err = 0;

	if (!m)
		return -ENOMEM;
	m->base = base;
	m->start = m->n = start;
	m->strs = *strs;
	/* Added oldest first: a lookup meets the newest first, as libbpf's. */
	for (i = 0; i < n && !err; i++) {
		id = ids ? ids[i] : i + 1;
		h = key(m, base[id]);
		if (h)
			err = hash_index__add(&m->base_ix, h, id);
	}
	if (err) {
		btf_base_match__free(m);
		return err;
	}
	*ret = m;
	return 0;
}

void btf_base_match__free(struct btf_base_match *m)
{
	if (!m)
		return;
	hash_index__release(&m->base_ix);
	hash_index__release(&m->split_ix);
	free(m->map);
	free(m->hypot);
	free(m->paired);
	free(m);
}

/* ---- what a type stands for ------------------------------------------------------- */

static bool looked_at(const struct btf_base_match *m, uint32_t id)
{
	return m->map[id] != UNSEEN;
}

static uint32_t resolve(const struct btf_base_match *m, uint32_t id)
{
	while (looked_at(m, id) && m->map[id] != id)
		id = m->map[id];
	return id;
}

/* A declaration: the struct it is known to stand for, else itself. */
static uint32_t resolve_fwd(const struct btf_base_match *m, uint32_t id)
{
	uint32_t r = id;

	if (!btf_is_fwd(type(m, id)))
		return id;
	while (looked_at(m, r) && m->map[r] != r)
		r = m->map[r];
	return btf_is_fwd(type(m, r)) ? id : r;
}

/* ---- shallow comparisons ----------------------------------------------------------- */

static bool equal_common(const struct btf_base_match *m, const struct btf_type *a,
			 const struct btf_type *b)
{
	return a->info == b->info && a->size == b->size && same_str(m, a->name_off, b->name_off);
}

static bool equal_int(const struct btf_base_match *m, const struct btf_type *a,
		      const struct btf_type *b)
{
	return equal_common(m, a, b) && *(const uint32_t *)(a + 1) == *(const uint32_t *)(b + 1);
}

static bool equal_enum(const struct btf_base_match *m, const struct btf_type *a,
		       const struct btf_type *b)
{
	uint32_t i, n = btf_vlen(a);

	if (!equal_common(m, a, b))
		return false;
	for (i = 0; i < n; i++) {
		if (btf_is_enum(a)) {
			const struct btf_enum *x = btf_enum(a) + i, *y = btf_enum(b) + i;

			if (x->val != y->val || !same_str(m, x->name_off, y->name_off))
				return false;
		} else {
			const struct btf_enum64 *x = btf_enum64(a) + i, *y = btf_enum64(b) + i;

			if (x->val_lo32 != y->val_lo32 || x->val_hi32 != y->val_hi32 ||
			    !same_str(m, x->name_off, y->name_off))
				return false;
		}
	}
	return true;
}

static bool is_enum_decl(const struct btf_type *t)
{
	return btf_is_any_enum(t) && !btf_vlen(t);
}

/* An enum declaration is compatible with any enum of its name. */
static bool compat_enum(const struct btf_base_match *m, const struct btf_type *a,
			const struct btf_type *b)
{
	if (!is_enum_decl(a) && !is_enum_decl(b))
		return equal_enum(m, a, b);
	return btf_is_any_enum(a) && btf_is_any_enum(b) && same_str(m, a->name_off, b->name_off);
}

static bool shallow_struct(const struct btf_base_match *m, const struct btf_type *a,
			   const struct btf_type *b)
{
	const struct btf_member *x = btf_members(a), *y = btf_members(b);
	uint32_t i, n = btf_vlen(a);

	if (!equal_common(m, a, b))
		return false;
	for (i = 0; i < n; i++)
		if (x[i].offset != y[i].offset || !same_str(m, x[i].name_off, y[i].name_off))
			return false;
	return true;
}

static bool compat_array(const struct btf_base_match *m, const struct btf_type *a,
			 const struct btf_type *b)
{
	return equal_common(m, a, b) && btf_array(a)->nelems == btf_array(b)->nelems;
}

/* Same name, kind, parameter count and names: not the types. */
static bool compat_proto(const struct btf_base_match *m, const struct btf_type *a,
			 const struct btf_type *b)
{
	const struct btf_param *x = btf_params(a), *y = btf_params(b);
	uint32_t i, n = btf_vlen(a);

	if (a->info != b->info || !same_str(m, a->name_off, b->name_off))
		return false;
	for (i = 0; i < n; i++)
		if (!same_str(m, x[i].name_off, y[i].name_off))
			return false;
	return true;
}

static int fwd_kind(const struct btf_type *t)
{
	return btf_kflag(t) ? BTF_KIND_UNION : BTF_KIND_STRUCT;
}

/* INT, ENUM, ENUM64, FWD and FLOAT compared whole: 1 or 0; -1 for the other kinds. */
static int leaf_equal(const struct btf_base_match *m, const struct btf_type *a,
		      const struct btf_type *b)
{
	switch (btf_kind(a)) {
	case BTF_KIND_INT:
		return equal_int(m, a, b);
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
		return compat_enum(m, a, b);
	case BTF_KIND_FWD:
	case BTF_KIND_FLOAT:
		return equal_common(m, a, b);
	default:
		return -1;
	}
}

/* ---- twins: two types of the same structure, to a depth ------------------------------ */

static bool twins(const struct btf_base_match *m, uint32_t a, uint32_t b, int depth);

static bool twin_members(const struct btf_base_match *m, const struct btf_type *a,
			 const struct btf_type *b, int depth)
{
	const struct btf_member *x = btf_members(a), *y = btf_members(b);
	uint32_t i, n = btf_vlen(a);

	if (!shallow_struct(m, a, b))
		return false;
	for (i = 0; i < n; i++)
		if (x[i].type != y[i].type && !twins(m, x[i].type, y[i].type, depth - 1))
			return false;
	return true;
}

static bool twin_params(const struct btf_base_match *m, const struct btf_type *a,
			const struct btf_type *b, int depth)
{
	const struct btf_param *x = btf_params(a), *y = btf_params(b);
	uint32_t i, n = btf_vlen(a);

	if (!compat_proto(m, a, b))
		return false;
	if (a->type != b->type && !twins(m, a->type, b->type, depth - 1))
		return false;
	for (i = 0; i < n; i++)
		if (x[i].type != y[i].type && !twins(m, x[i].type, y[i].type, depth - 1))
			return false;
	return true;
}

/*
 * As libbpf 1.8 compares twins: references (pointers, qualifiers, typedefs)
 * followed without counting depth, and arrays equal on their own fields
 * alone (libbpf compares an array's element and index types with
 * themselves).
 */
static bool twins(const struct btf_base_match *m, uint32_t a, uint32_t b, int depth)
{
	const struct btf_type *x, *y;
	int leaf;

	for (;;) {
		x = type(m, a);
		y = type(m, b);
		if (depth <= 0 || !x || !y || btf_kind(x) != btf_kind(y))
			return false;
		leaf = leaf_equal(m, x, y);
		if (leaf >= 0)
			return leaf;
		switch (btf_kind(x)) {
		case BTF_KIND_UNKN:
			return true;
		case BTF_KIND_CONST: case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT:
		case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_FUNC:
		case BTF_KIND_TYPE_TAG:
			if (x->info != y->info || !same_str(m, x->name_off, y->name_off))
				return false;
			a = x->type;
			b = y->type;
			continue;
		case BTF_KIND_ARRAY:
			return compat_array(m, x, y);
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			return twin_members(m, x, y, depth);
		case BTF_KIND_FUNC_PROTO:
			return twin_params(m, x, y, depth);
		default:
			return false;
		}
	}
}

/* ---- the walk ------------------------------------------------------------------------ */

static int pair(struct btf_base_match *m, uint32_t canon, uint32_t cand)
{
	int err = dw_ensure_cap(&m->paired, &m->cap_paired, sizeof(*m->paired), m->nr_paired + 1);

	if (err)
		return err;
	m->paired[m->nr_paired++] = canon;
	m->hypot[canon] = cand;
	return 0;
}

static void unpair_all(struct btf_base_match *m)
{
	uint32_t i;

	for (i = 0; i < m->nr_paired; i++)
		m->hypot[m->paired[i]] = UNSEEN;
	m->nr_paired = 0;
	m->adjust = false;
}

static int equiv(struct btf_base_match *m, uint32_t cand, uint32_t canon);

static int equiv_members(struct btf_base_match *m, const struct btf_type *a,
			 const struct btf_type *b)
{
	const struct btf_member *x = btf_members(a), *y = btf_members(b);
	uint32_t i, n = btf_vlen(a);
	int eq = 1;

	if (!shallow_struct(m, a, b))
		return 0;
	for (i = 0; i < n && eq > 0; i++)
		eq = equiv(m, x[i].type, y[i].type);
	return eq;
}

static int equiv_params(struct btf_base_match *m, const struct btf_type *a,
			const struct btf_type *b)
{
	const struct btf_param *x = btf_params(a), *y = btf_params(b);
	uint32_t i, n = btf_vlen(a);
	int eq;

	if (!compat_proto(m, a, b))
		return 0;
	eq = equiv(m, a->type, b->type);
	for (i = 0; i < n && eq > 0; i++)
		eq = equiv(m, x[i].type, y[i].type);
	return eq;
}

/*
 * A declaration paired with a struct or union of its name: equivalent
 * when it declares that kind; a base declaration paired with a split
 * struct gives the match up (m->adjust).
 */
static int equiv_fwd(struct btf_base_match *m, uint32_t canon, const struct btf_type *a,
		     const struct btf_type *b)
{
	if (btf_is_fwd(a))
		return fwd_kind(a) == btf_kind(b);
	if (fwd_kind(b) != btf_kind(a))
		return 0;
	if (canon < m->start)
		m->adjust = true;
	return 1;
}

/* The kinds' own parts compared, the types they refer to walked. */
static int equiv_kind(struct btf_base_match *m, const struct btf_type *a, const struct btf_type *b)
{
	int eq = leaf_equal(m, a, b);

	if (eq >= 0)
		return eq;
	switch (btf_kind(a)) {
	case BTF_KIND_CONST: case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT:
	case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_FUNC:
	case BTF_KIND_TYPE_TAG:
		return a->info != b->info ? 0 : equiv(m, a->type, b->type);
	case BTF_KIND_ARRAY:
		if (!compat_array(m, a, b))
			return 0;
		eq = equiv(m, btf_array(a)->index_type, btf_array(b)->index_type);
		return eq <= 0 ? eq : equiv(m, btf_array(a)->type, btf_array(b)->type);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return equiv_members(m, a, b);
	case BTF_KIND_FUNC_PROTO:
		return equiv_params(m, a, b);
	default:
		return 0;
	}
}

/* Whether @cand's graph is equivalent to @canon's: 1, 0 or -errno. */
static int equiv(struct btf_base_match *m, uint32_t cand, uint32_t canon)
{
	const struct btf_type *a, *b;
	uint32_t was;
	int eq;

	if (cand >= m->n || canon >= m->n)
		return 0;
	if (resolve(m, cand) == resolve(m, canon))
		return 1;
	canon = resolve_fwd(m, canon);
	was = m->hypot[canon];
	if (was != UNSEEN)
		return was == cand || twins(m, was, cand, TWIN_DEPTH);
	a = type(m, cand);
	b = type(m, canon);
	if (!a || !b || m->depth >= MAX_WALK_DEPTH)
		return 0;
	eq = pair(m, canon, cand);
	if (eq)
		return eq;
	if (!same_str(m, a->name_off, b->name_off))
		return 0;
	if ((btf_is_fwd(a) || btf_is_fwd(b)) && btf_kind(a) != btf_kind(b))
		return equiv_fwd(m, canon, a, b);
	if (btf_kind(a) != btf_kind(b))
		return 0;
	m->depth++;
	eq = equiv_kind(m, a, b);
	m->depth--;
	return eq;
}

/*
 * After a successful walk: a declaration stands for the struct it was
 * paired with; unless the match is given up, so do the split declarations
 * paired with structs, and the structs and unions not looked at yet.
 */
static void take_pairs(struct btf_base_match *m)
{
	uint32_t i;

	for (i = 0; i < m->nr_paired; i++) {
		uint32_t c = resolve(m, m->paired[i]), t = resolve(m, m->hypot[m->paired[i]]);
		const struct btf_type *ct = type(m, c), *tt = type(m, t);

		if (!btf_is_fwd(tt) && btf_is_fwd(ct))
			m->map[c] = t;
		if (m->adjust)
			continue;
		if (btf_is_fwd(tt) && !btf_is_fwd(ct))
			m->map[t] = c;
		if (btf_is_composite(tt) && !btf_is_fwd(ct) && looked_at(m, c) && !looked_at(m, t))
			m->map[t] = c;
	}
}

/* ---- the two phases ------------------------------------------------------------------ */

/*
 * The candidates of key @h, one at a time: split types newest first, then
 * the base's (all older). Begin with *@ix NULL and @pos 0; 0 after the last.
 */
static uint32_t next_cand(const struct btf_base_match *m, uint32_t h,
			  const struct hash_index **ix, uint32_t pos)
{
	if (!*ix) {
		*ix = &m->split_ix;
		pos = hash_index__first(*ix, h);
	} else {
		pos = hash_index__next(*ix, pos);
	}
	if (!pos && *ix == &m->split_ix) {
		*ix = &m->base_ix;
		pos = hash_index__first(*ix, h);
	}
	return pos;
}

/* A primitive kind: the first candidate equal to it, or itself. */
static int match_prim(struct btf_base_match *m, uint32_t id)
{
	const struct btf_type *t = type(m, id), *c;
	const struct hash_index *ix;
	uint32_t h = key(m, t), pos, cand, found = id;

	for (ix = NULL, pos = next_cand(m, h, &ix, 0); pos; pos = next_cand(m, h, &ix, pos)) {
		cand = hash_index__value(ix, pos);
		c = type(m, cand);
		if (btf_is_int(t) ? equal_int(m, t, c) :
		    btf_is_any_enum(t) ? btf_is_any_enum(c) && equal_enum(m, t, c) :
		    equal_common(m, t, c)) {
			found = cand;
			break;
		}
		if (!btf_is_any_enum(t) || !compat_enum(m, t, c))
			continue;
		if (is_enum_decl(t)) {
			found = cand;
			break;
		}
		m->map[cand] = id;	/* a declaration found earlier stands for this enum */
	}
	m->map[id] = found;
	return found == id ? hash_index__add(&m->split_ix, h, id) : 0;
}

static bool equal_by_kind(const struct btf_base_match *m, const struct btf_type *t,
			  const struct btf_type *c)
{
	if (btf_is_typedef(t))
		return btf_is_typedef(c) && c->info == t->info && same_str(m, t->name_off, c->name_off);
	return shallow_struct(m, t, c);
}

/* A struct, union or typedef: the first candidate with an equivalent graph, or itself. */
static int match_graph(struct btf_base_match *m, uint32_t id)
{
	const struct btf_type *t = type(m, id);
	const struct hash_index *ix;
	uint32_t h = key(m, t), pos, cand, found = id;
	int eq;

	if (looked_at(m, id))
		return 0;
	for (ix = NULL, pos = next_cand(m, h, &ix, 0); pos; pos = next_cand(m, h, &ix, pos)) {
		cand = hash_index__value(ix, pos);
		if (!equal_by_kind(m, t, type(m, cand)))
			continue;
		unpair_all(m);
		eq = equiv(m, id, cand);
		if (eq < 0)
			return eq;
		if (!eq)
			continue;
		take_pairs(m);
		if (m->adjust)
			continue;
		found = cand;
		break;
	}
	m->map[id] = found;
	return found == id ? hash_index__add(&m->split_ix, h, id) : 0;
}

static int start_split(struct btf_base_match *m, const struct btf_type *const *split,
		       uint32_t n, const struct btf_strs *strs)
{
	uint32_t id;

	m->split = split;
	m->strs = *strs;
	m->n = n;
	if (dw_ensure_cap(&m->map, &m->cap_map, sizeof(*m->map), n) ||
	    dw_ensure_cap(&m->hypot, &m->cap_hypot, sizeof(*m->hypot), n))
		return -ENOMEM;
	for (id = 0; id < n; id++) {
		m->map[id] = id < m->start ? id : UNSEEN;
		m->hypot[id] = UNSEEN;
	}
	m->nr_paired = 0;
	m->depth = 0;
	hash_index__clear(&m->split_ix);
	return 0;
}

int64_t btf_base_match__split(struct btf_base_match *m, const struct btf_type *const *split,
			      uint32_t n, const struct btf_strs *strs, uint32_t *repl)
{
	uint32_t id;
	int64_t nr = 0;
	int err = start_split(m, split, n, strs);

	for (id = m->start; id < m->n && !err; id++) {
		const struct btf_type *t = type(m, id);

		if (btf_is_int(t) || btf_is_any_enum(t) || btf_is_fwd(t) || btf_is_float(t))
			err = match_prim(m, id);
	}
	for (id = m->start; id < m->n && !err; id++) {
		const struct btf_type *t = type(m, id);

		if (btf_is_composite(t) || btf_is_typedef(t))
			err = match_graph(m, id);
	}
	if (err)
		return err;
	for (id = 0; id < m->n; id++) {
		repl[id] = resolve(m, id);
		nr += id >= m->start && repl[id] != id;
	}
	return nr;
}
