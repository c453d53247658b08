// SPDX-License-Identifier: GPL-2.0-only
/*
 * Types of one BTF taken for one type by names, and the check after dedup
 * (see btf_equiv.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "btf_equiv.h"
#include "dwarves.h"

void btf_name_list__release(struct btf_name_list *l)
{
	free(l->offs);
	*l = (struct btf_name_list){ 0 };
}

int btf_name_list__add(struct btf_name_list *l, uint32_t off)
{
	if (dw_reserve(&l->offs, &l->cap, sizeof(*l->offs), l->nr + 1))
		return -ENOMEM;
	l->offs[l->nr++] = off;
	return 0;
}

static bool take_name(struct btf_name_list *l, uint32_t off)
{
	return !btf_name_list__add(l, off);
}

int btf_name_list__append(struct btf_name_list *to, const struct btf_name_list *l)
{
	if (!l->nr)
		return 0;
	if (l->nr > UINT32_MAX - to->nr ||
	    dw_reserve(&to->offs, &to->cap, sizeof(*to->offs), to->nr + l->nr))
		return -ENOMEM;
	memcpy(to->offs + to->nr, l->offs, l->nr * sizeof(*l->offs));
	to->nr += l->nr;
	return 0;
}

static bool is_named_aggregate(const struct btf_type *t)
{
	return t->name_off && (btf_is_composite(t) || btf_is_fwd(t));
}

/*
 * Whether named struct, union or FWD @s and @t are one by their names: the
 * same name and kind (a FWD's, for a FWD); two structs or unions also of
 * one size and number of members. The name goes to @taken.
 */
static bool same_named(const struct btf_type *s, const struct btf_type *t,
		       struct btf_name_list *taken)
{
	uint16_t ks = btf_kind(s), kt = btf_kind(t);

	if (s->name_off != t->name_off)
		return false;
	if (ks == BTF_KIND_FWD && kt == BTF_KIND_FWD)
		return btf_kflag(s) == btf_kflag(t);
	if (ks == BTF_KIND_FWD)
		return kt == btf_equiv__fwd_kind(btf_kflag(s)) && take_name(taken, s->name_off);
	if (kt == BTF_KIND_FWD)
		return ks == btf_equiv__fwd_kind(btf_kflag(t)) && take_name(taken, s->name_off);
	return ks == kt && s->size == t->size && btf_vlen(s) == btf_vlen(t) &&
	       take_name(taken, s->name_off);
}

/* Deep enough for every chain of anonymous types a kernel has. */
enum { MAX_DEPTH = 32 };

struct equiv {
	const struct btf	*btf;
	struct btf_name_list	*taken;
};

static bool types_equiv(const struct equiv *q, uint32_t a, uint32_t b, uint32_t depth);

static bool members_equiv(const struct equiv *q, const struct btf_type *s,
			  const struct btf_type *t, uint32_t depth)
{
	const struct btf_member *ms = btf_members(s), *mt = btf_members(t);
	uint16_t i, n = btf_vlen(s);

	if (s->size != t->size)
		return false;
	for (i = 0; i < n; i++)
		if (ms[i].name_off != mt[i].name_off || ms[i].offset != mt[i].offset)
			return false;
	for (i = 0; i < n; i++)
		if (!types_equiv(q, ms[i].type, mt[i].type, depth + 1))
			return false;
	return true;
}

static bool params_equiv(const struct equiv *q, const struct btf_type *s,
			 const struct btf_type *t, uint32_t depth)
{
	const struct btf_param *ps = btf_params(s), *pt = btf_params(t);
	uint16_t i, n = btf_vlen(s);

	if (!types_equiv(q, s->type, t->type, depth + 1))
		return false;
	for (i = 0; i < n; i++)
		if (ps[i].name_off != pt[i].name_off ||
		    !types_equiv(q, ps[i].type, pt[i].type, depth + 1))
			return false;
	return true;
}

/* The bytes after the common part of an INT, ENUM or ENUM64. */
static size_t extra_size(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_INT:	return sizeof(uint32_t);
	case BTF_KIND_ENUM:	return btf_vlen(t) * sizeof(struct btf_enum);
	case BTF_KIND_ENUM64:	return btf_vlen(t) * sizeof(struct btf_enum64);
	default:		return 0;
	}
}

static bool types_equiv(const struct equiv *q, uint32_t a, uint32_t b, uint32_t depth)
{
	const struct btf_type *s, *t;

	if (a == b)
		return true;
	if (!a || !b || depth > MAX_DEPTH)
		return false;
	s = btf__type_by_id(q->btf, a);
	t = btf__type_by_id(q->btf, b);
	if (!s || !t)
		return false;
	if (is_named_aggregate(s) || is_named_aggregate(t))
		return same_named(s, t, q->taken);
	if (s->info != t->info || s->name_off != t->name_off)
		return false;
	switch (btf_kind(s)) {
	case BTF_KIND_INT: case BTF_KIND_ENUM: case BTF_KIND_ENUM64: case BTF_KIND_FLOAT:
		return s->size == t->size && !memcmp(s + 1, t + 1, extra_size(s));
	case BTF_KIND_PTR: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPEDEF: case BTF_KIND_TYPE_TAG:
		return types_equiv(q, s->type, t->type, depth + 1);
	case BTF_KIND_ARRAY:
		return btf_array(s)->nelems == btf_array(t)->nelems &&
		       types_equiv(q, btf_array(s)->index_type, btf_array(t)->index_type,
				   depth + 1) &&
		       types_equiv(q, btf_array(s)->type, btf_array(t)->type, depth + 1);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		return members_equiv(q, s, t, depth);
	case BTF_KIND_FUNC_PROTO:
		return params_equiv(q, s, t, depth);
	default:
		return false;
	}
}

bool btf_equiv__types(const struct btf *btf, uint32_t a, uint32_t b, struct btf_name_list *taken)
{
	const struct equiv q = { btf, taken };

	return types_equiv(&q, a, b, 0);
}

/* ---- the check after dedup ------------------------------------------------------------ */

struct btf_equiv_check {
	char		**names;	/* owned, each owned; sorted, distinct */
	uint32_t	nr;
};

static int cmp_u32(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

	return x < y ? -1 : x > y;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int btf_equiv_check__new(const struct btf *btf, const struct btf_name_list *l,
			 struct btf_equiv_check **ret)
{
	struct btf_equiv_check *c = calloc(1, sizeof(*c));
	uint32_t *offs = malloc((l->nr ?: 1) * sizeof(*offs)), i, nr = 0;

	if (c)
		c->names = malloc((l->nr ?: 1) * sizeof(*c->names));
	if (!c || !offs || !c->names)
		goto out_nomem;
	if (l->nr) {
		memcpy(offs, l->offs, l->nr * sizeof(*offs));
		qsort(offs, l->nr, sizeof(*offs), cmp_u32);
	}
	for (i = 0; i < l->nr; i++)
		if (!i || offs[i] != offs[i - 1])
			offs[nr++] = offs[i];
	/* libbpf keeps one offset per string: distinct offsets, distinct names. */
	for (c->nr = 0; c->nr < nr; c->nr++) {
		c->names[c->nr] = strdup(btf__name_by_offset(btf, offs[c->nr]) ?: "");
		if (!c->names[c->nr])
			goto out_nomem;
	}
	qsort(c->names, c->nr, sizeof(*c->names), cmp_str);
	free(offs);
	*ret = c;
	return 0;
out_nomem:
	free(offs);
	btf_equiv_check__free(c);
	return -ENOMEM;
}

void btf_equiv_check__free(struct btf_equiv_check *c)
{
	uint32_t i;

	if (!c)
		return;
	for (i = 0; i < c->nr; i++)
		free(c->names[i]);
	free(c->names);
	free(c);
}

/* The index of @name in @c, or -1. */
static int64_t find_name(const struct btf_equiv_check *c, const char *name)
{
	char **p = bsearch(&name, c->names, c->nr, sizeof(*c->names), cmp_str);

	return p ? p - c->names : -1;
}

int btf_equiv_check__run(const struct btf_equiv_check *c, const struct btf *btf, uint32_t first,
			 const char **name_ret)
{
	uint32_t *defs = calloc(c->nr ?: 1, sizeof(*defs)), *fwds = calloc(c->nr ?: 1, sizeof(*fwds));
	uint32_t id, cnt = btf__type_cnt(btf), i;
	int ret = 0;

	if (!defs || !fwds) {
		ret = -ENOMEM;
		goto out;
	}
	for (id = first; c->nr && id < cnt; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		int64_t k;

		if (!is_named_aggregate(t))
			continue;
		k = find_name(c, btf__name_by_offset(btf, t->name_off));
		if (k >= 0)
			(btf_is_fwd(t) ? fwds : defs)[k]++;
	}
	for (i = 0; i < c->nr && !ret; i++)
		if (defs[i] != 1 || fwds[i]) {
			*name_ret = c->names[i];
			ret = 1;
		}
out:
	free(defs);
	free(fwds);
	return ret;
}
