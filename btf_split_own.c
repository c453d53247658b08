// SPDX-License-Identifier: GPL-2.0-only
/* A module's BTF deduplicated against its base without libbpf (btf_split_own.h). */
#include "btf_split_own.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "btf_base_match.h"
#include "btf_base_raw.h"
#include "btf_raw.h"
#include "btf_rec.h"
#include "dwarves.h"
#include "dwarves_hash.h"

#define UNSET		UINT32_MAX
#define IN_PROGRESS	(UINT32_MAX - 1)

/* Each pass frees at least a level of types, as btf_split_dedup.c's. */
enum { MAX_PASSES = 64 };

/* A module's records, ids from start on, in one buffer. */
struct recs {
	uint8_t			*data;
	uint32_t		len, cap;
	uint32_t		*off;		/* by id - start */
	const struct btf_type	**ptr;		/* by id - start, after recs_seal() */
	uint32_t		nr, cap_off, cap_ptr;
};

struct btf_split_own {
	const struct btf_type *const *base;
	uint32_t		start;		/* the base's type count */
	const char		*bstrs;
	uint32_t		bslen;
	/* For the module being deduplicated, of the base types that name no string it lacks: */
	struct btf_base_match	*match;
	struct int_map		base_names;	/* name -> the one base struct or union, 0: more */
	uint32_t		*bucket;	/* by base id: where its refs start in by_first */
	uint32_t		*by_first;	/* base refs by first_ref() (bucket_refs()) */
	/* The module's: */
	const char		*sstrs;		/* its strings, as built */
	uint32_t		sslen;
	struct int_map		in_base;	/* its string offset -> the base's, where there */
	uint64_t		*present;	/* a bit per base string offset: the module has it */
	uint32_t		*wanted, *refs;	/* base ids (index_for_module()) */
	uint32_t		nr_wanted, nr_refs;
	struct recs		a, b;		/* the copy, and the next one */
	uint32_t		*repl, *new_id, *map;
	uint32_t		cap_repl, cap_new_id, cap_map;
	struct hash_index	split_refs;	/* record hash -> module records kept */
	struct int_map		split_names;	/* as base_names, the module's */
	/* compact()'s notion of what an id stands for */
	uint32_t		(*stands)(const struct btf_split_own *o, uint32_t id);
};

/* ---- records ------------------------------------------------------------------------ */

static bool is_ref_kind(const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_CONST: case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT: case BTF_KIND_PTR:
	case BTF_KIND_FUNC: case BTF_KIND_TYPE_TAG: case BTF_KIND_DECL_TAG: case BTF_KIND_ARRAY:
	case BTF_KIND_FUNC_PROTO:
		return true;
	default:
		return false;
	}
}

static uint32_t rec_hash(const struct btf_type *t)
{
	uint32_t i, n = btf_raw__rec_size(t->info) / 4, h = 2166136261u, w;

	for (i = 0; i < n; i++) {
		memcpy(&w, (const uint32_t *)t + i, sizeof(w));
		h = (h ^ w) * 16777619u;
		h ^= h >> 15;
	}
	return h;
}

static bool rec_equal(const struct btf_type *a, const struct btf_type *b)
{
	uint32_t size = btf_raw__rec_size(a->info);

	return a->info == b->info && !memcmp(a, b, size);
}

static void recs_reset(struct recs *r)
{
	r->len = 0;
	r->nr = 0;
}

/* A copy of @t (@size bytes) appended: the copy, or NULL when out of memory. */
static struct btf_type *recs_add(struct recs *r, const struct btf_type *t, uint32_t size)
{
	uint32_t need = r->len + size;

	if (need < r->len || (need > r->cap && dw_ensure_cap(&r->data, &r->cap, 1, need)) ||
	    dw_ensure_cap(&r->off, &r->cap_off, sizeof(*r->off), r->nr + 1))
		return NULL;
	memcpy(r->data + r->len, t, size);
	r->off[r->nr++] = r->len;
	r->len = need;
	return (struct btf_type *)(r->data + r->len - size);
}

static struct btf_type *recs_at(const struct recs *r, uint32_t i)
{
	return (struct btf_type *)(r->data + r->off[i]);
}

/* The pointers to the records, once all are added. 0 or -ENOMEM. */
static int recs_seal(struct recs *r)
{
	uint32_t i;

	if (dw_ensure_cap(&r->ptr, &r->cap_ptr, sizeof(*r->ptr), r->nr + 1))
		return -ENOMEM;
	for (i = 0; i < r->nr; i++)
		r->ptr[i] = recs_at(r, i);
	return 0;
}

static void recs_release(struct recs *r)
{
	free(r->data);
	free(r->off);
	free(r->ptr);
}

/* Type @id's record: the base's, or the copy's (once sealed); NULL past them. */
static const struct btf_type *rec_of(const struct btf_split_own *o, uint32_t id)
{
	if (id < o->start)
		return o->base[id];
	return id - o->start < o->a.nr ? o->a.ptr[id - o->start] : NULL;
}

/* ---- the base ----------------------------------------------------------------------- */

static const char *own_str(const void *ctx, uint32_t off)
{
	const struct btf_split_own *o = ctx;

	if (off < o->bslen)
		return o->bstrs + off;
	off -= o->bslen;
	return off < o->sslen ? o->sstrs + off : "";
}

/* Name -> the one canonical struct or union of it, 0 where more; into @m. */
static int add_name(struct int_map *m, const struct btf_type *t, uint32_t id)
{
	bool added;
	uint32_t *v = int_map__add(m, t->name_off, id, &added);

	if (!v)
		return -ENOMEM;
	if (!added)
		*v = 0;
	return 0;
}

/* Whether the module has the string at the base's offset @off. */
static bool present(const struct btf_split_own *o, uint32_t off)
{
	return !off || (o->present[off / 64] >> (off % 64) & 1);
}

/* Whether the module has every name of @t. */
static bool names_present(const struct btf_split_own *o, const struct btf_type *t)
{
	uint16_t i, n = btf_vlen(t);

	if (!present(o, t->name_off))
		return false;
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		for (i = 0; i < n; i++)
			if (!present(o, btf_members(t)[i].name_off))
				return false;
		return true;
	case BTF_KIND_FUNC_PROTO:
		for (i = 0; i < n; i++)
			if (!present(o, btf_params(t)[i].name_off))
				return false;
		return true;
	default:
		return true;
	}
}

/*
 * The id a record of a reference kind is found by: its first parameter's
 * type for a prototype that has one (its return type is int or void for
 * thousands), else the first type it refers to.
 */
static uint32_t first_ref(const struct btf_type *t)
{
	if (btf_is_array(t))
		return btf_array(t)->type;
	if (btf_is_func_proto(t) && btf_vlen(t))
		return btf_params(t)[0].type;
	return t->type;
}

/*
 * The base types the matcher can find for the module taken (a key names
 * the type, btf_base_match.c; a nameless struct's or union's its members;
 * any anonymous enum) into o->wanted, the structs and unions by name for
 * declarations into o->base_names, and the records of reference kinds
 * whose names the module has into o->refs.
 */
static int sort_base(struct btf_split_own *o)
{
	const struct btf_type *t;
	uint32_t id;
	bool want;
	int err = 0;

	o->nr_wanted = o->nr_refs = 0;
	for (id = 1; id < o->start && !err; id++) {
		t = o->base[id];
		if (is_ref_kind(t)) {
			if (names_present(o, t))
				o->refs[o->nr_refs++] = id;
			continue;
		}
		if (btf_is_var(t) || btf_is_datasec(t))
			continue;
		if (btf_is_any_enum(t) && !t->name_off)
			want = true;
		else if (btf_is_composite(t) && !t->name_off)
			want = names_present(o, t);
		else
			want = present(o, t->name_off);
		if (!want)
			continue;
		o->wanted[o->nr_wanted++] = id;
		if (btf_is_composite(t) && t->name_off)
			err = add_name(&o->base_names, t, id);
	}
	return err;
}

/* o->refs by first_ref(): o->by_first[o->bucket[x] .. o->bucket[x + 1]) for x, in id order. */
static void bucket_refs(struct btf_split_own *o)
{
	uint32_t i, x;

	memset(o->bucket, 0, (o->start + 2) * sizeof(*o->bucket));
	for (i = 0; i < o->nr_refs; i++)
		o->bucket[first_ref(o->base[o->refs[i]]) + 2]++;
	for (x = 2; x <= o->start + 1; x++)
		o->bucket[x] += o->bucket[x - 1];
	/* bucket[x + 1] is x's start now, and its end once x's refs are in. */
	for (i = 0; i < o->nr_refs; i++)
		o->by_first[o->bucket[first_ref(o->base[o->refs[i]]) + 1]++] = o->refs[i];
}

/*
 * The base indexed for the module taken (take_module()): what the matcher
 * can find, the structs for declarations, and the records of reference
 * kinds a record of the module can be equal to: whose names it has, by
 * their first reference. 0 or -ENOMEM.
 */
static int index_for_module(struct btf_split_own *o)
{
	int err;

	int_map__clear(&o->base_names);
	btf_base_match__free(o->match);
	o->match = NULL;
	err = sort_base(o);
	if (!err)
		bucket_refs(o);
	return err ?: btf_base_match__new(o->base, o->start,
					  &(struct btf_strs){ .at = own_str, .ctx = o },
					  o->wanted, o->nr_wanted, &o->match);
}

int btf_split_own__new(const struct btf_base_raw *base, struct btf_split_own **ret)
{
	struct btf_split_own *o = calloc(1, sizeof(*o));

	if (!o)
		return -ENOMEM;
	o->base = btf_base_raw__types(base);
	o->start = btf_base_raw__type_cnt(base);
	o->bstrs = btf_base_raw__strs(base, &o->bslen);
	o->present = calloc(o->bslen / 64 + 1, sizeof(*o->present));
	o->wanted = malloc(o->start * sizeof(*o->wanted));
	o->refs = malloc(o->start * sizeof(*o->refs));
	o->by_first = malloc(o->start * sizeof(*o->by_first));
	o->bucket = malloc((o->start + 2) * sizeof(*o->bucket));
	if (!o->present || !o->wanted || !o->refs || !o->by_first || !o->bucket) {
		btf_split_own__free(o);
		return -ENOMEM;
	}
	*ret = o;
	return 0;
}

void btf_split_own__free(struct btf_split_own *o)
{
	if (!o)
		return;
	btf_base_match__free(o->match);
	hash_index__release(&o->split_refs);
	int_map__release(&o->base_names);
	int_map__release(&o->split_names);
	int_map__release(&o->in_base);
	free(o->present);
	free(o->wanted);
	free(o->refs);
	free(o->by_first);
	free(o->bucket);
	recs_release(&o->a);
	recs_release(&o->b);
	free(o->repl);
	free(o->new_id);
	free(o->map);
	free(o);
}

/* ---- the module's strings ---------------------------------------------------------- */

/* 2^18 bits: a module's few thousand names leave most of them clear. */
enum { SEEN_WORDS = 4096 };

/* A key of a string from its length and its first and last eight bytes. */
static uint32_t quick_key(const char *s, size_t len)
{
	uint64_t head = 0, tail = 0, k;

	memcpy(&head, s, len < 8 ? len : 8);
	if (len > 8)
		memcpy(&tail, s + len - 8, 8);
	k = (head * 0x9e3779b97f4a7c15ull) ^ (tail * 0xc2b2ae3d27d4eb4full) ^ len;
	return (uint32_t)(k ^ (k >> 29));
}

/*
 * Which of the module's strings the base has, and where it first has each:
 * the module's indexed by quick_key(), the base's scanned once.
 */
static int find_in_base(struct btf_split_own *o)
{
	/* The module's keys as bits: most of the base's strings stop at one test. */
	uint64_t seen[SEEN_WORDS] = { 0 };
	struct hash_index mod = { 0 };
	uint32_t off, len, pos, m, k, left = 0;
	const char *s;
	int err = 0;

	int_map__clear(&o->in_base);
	memset(o->present, 0, (o->bslen / 64 + 1) * sizeof(*o->present));
	for (off = 1; off < o->sslen && !err; off += len + 1, left++) {
		len = strlen(o->sstrs + off);
		k = quick_key(o->sstrs + off, len);
		seen[k / 64 % SEEN_WORDS] |= 1ull << (k % 64);
		err = hash_index__add(&mod, k, off);
	}
	for (off = 1; off < o->bslen && left && !err; off += len + 1) {
		s = o->bstrs + off;
		len = strlen(s);
		k = quick_key(s, len);
		if (!(seen[k / 64 % SEEN_WORDS] >> (k % 64) & 1))
			continue;
		for (pos = hash_index__first(&mod, k); pos;
		     pos = hash_index__next(&mod, pos)) {
			m = hash_index__value(&mod, pos);
			if (strcmp(o->sstrs + m, s) || int_map__find(&o->in_base, m))
				continue;
			left--;
			o->present[off / 64] |= 1ull << (off % 64);
			if (!int_map__add(&o->in_base, m, off, NULL))
				err = -ENOMEM;
		}
	}
	hash_index__release(&mod);
	return err;
}

/* A module string's offset as the copy holds it: the base's, else past the base's. */
static uint32_t canon_str(void *ctx, uint32_t off)
{
	struct btf_split_own *o = ctx;
	const uint32_t *b;

	if (!off)
		return 0;
	b = int_map__find(&o->in_base, off);
	return b ? *b : o->bslen + off;
}

static uint32_t shift_id(void *ctx, uint32_t id)
{
	const struct btf_split_own *o = ctx;

	return id ? id + o->start - 1 : 0;
}

/* The module's types, numbered after the base's, into o->a. 0, -EAGAIN or -ENOMEM. */
static int take_module(struct btf_split_own *o, const struct btf *btf)
{
	uint32_t size, off, rec;
	const struct btf_header *h;
	const uint8_t *raw = btf__raw_data(btf, &size);
	const uint8_t *types;
	struct btf_type *t;
	int err;

	if (!raw)
		return -ENOMEM;
	h = (const struct btf_header *)raw;
	if (size < sizeof(*h) || h->magic != 0xeB9F || h->hdr_len > size ||
	    (uint64_t)h->str_off + h->str_len > size - h->hdr_len ||
	    (uint64_t)h->type_off + h->type_len > size - h->hdr_len)
		return -EAGAIN;
	types = raw + h->hdr_len + h->type_off;
	o->sstrs = (const char *)raw + h->hdr_len + h->str_off;
	o->sslen = h->str_len;
	err = find_in_base(o);
	recs_reset(&o->a);
	for (off = 0; off < h->type_len && !err; off += rec) {
		rec = btf_raw__rec_size(((const struct btf_type *)(types + off))->info);
		if (!rec || rec > h->type_len - off)
			return -EAGAIN;
		t = recs_add(&o->a, (const struct btf_type *)(types + off), rec);
		if (!t)
			return -ENOMEM;
		btf_rec__ids(t, shift_id, o);
		btf_rec__names(t, canon_str, o);
	}
	return err;
}

/* ---- the passes --------------------------------------------------------------------- */

static uint32_t nr_ids(const struct btf_split_own *o)
{
	return o->start + o->a.nr;
}

static int ensure_maps(struct btf_split_own *o, uint32_t n)
{
	if (dw_ensure_cap(&o->repl, &o->cap_repl, sizeof(*o->repl), n) ||
	    dw_ensure_cap(&o->new_id, &o->cap_new_id, sizeof(*o->new_id), n) ||
	    dw_ensure_cap(&o->map, &o->cap_map, sizeof(*o->map), n))
		return -ENOMEM;
	return 0;
}

/* What a copy's id stands for, through o->map (libbpf's resolve_type_id()). */
static uint32_t resolve(const struct btf_split_own *o, uint32_t id)
{
	while (id >= o->start && o->map[id] != id && o->map[id] < IN_PROGRESS)
		id = o->map[id];
	return id;
}

/* What @id stands for as the matcher decided (o->repl; base ids too). */
static uint32_t matched(const struct btf_split_own *o, uint32_t id)
{
	return o->repl[id];
}

/* The id in the next copy of what @id stands for: o->stands, then o->new_id. */
static uint32_t next_id(void *ctx, uint32_t id)
{
	const struct btf_split_own *o = ctx;

	id = o->stands(o, id);
	return id < o->start ? id : o->new_id[id];
}

/*
 * The types of o->a that stand for themselves (@stands), renumbered, into
 * o->b; then o->b is o->a. *@gone: how many went.
 */
static int compact(struct btf_split_own *o, uint32_t *gone,
		   uint32_t (*stands)(const struct btf_split_own *o, uint32_t id))
{
	uint32_t id, n = nr_ids(o), next = o->start;
	struct btf_type *t;
	struct recs tmp;

	*gone = 0;
	o->stands = stands;
	for (id = o->start; id < n; id++)
		if (stands(o, id) == id)
			o->new_id[id] = next++;
		else
			(*gone)++;
	recs_reset(&o->b);
	for (id = o->start; id < n; id++) {
		if (stands(o, id) != id)
			continue;
		t = recs_add(&o->b, o->a.ptr[id - o->start],
			     btf_raw__rec_size(o->a.ptr[id - o->start]->info));
		if (!t)
			return -ENOMEM;
		btf_rec__ids(t, next_id, o);
	}
	tmp = o->a;
	o->a = o->b;
	o->b = tmp;
	return 0;
}

/* The matcher's decisions (btf_base_match.h) taken: their types gone. */
static int match_pass(struct btf_split_own *o, uint32_t *gone)
{
	uint32_t n = nr_ids(o);
	int64_t nr;

	if (recs_seal(&o->a) || ensure_maps(o, n))
		return -ENOMEM;
	nr = btf_base_match__split(o->match, o->a.ptr, n,
				   &(struct btf_strs){ .at = own_str, .ctx = o }, o->repl);
	if (nr < 0)
		return (int)nr;
	return compact(o, gone, matched);
}

/* The one struct or union named @name of a declaration's kind, base or module, or 0. */
static uint32_t only_struct(const struct btf_split_own *o, const struct btf_type *fwd)
{
	const uint32_t *b = int_map__find(&o->base_names, fwd->name_off);
	const uint32_t *s = int_map__find(&o->split_names, fwd->name_off);
	uint32_t id = b ? *b : s ? *s : 0;

	if ((b && s) || !id)
		return 0;
	if (btf_kind(rec_of(o, id)) !=
	    (btf_kflag(fwd) ? BTF_KIND_UNION : BTF_KIND_STRUCT))
		return 0;
	return id;
}

/* libbpf's resolution of declarations by the one struct of their name. */
static int resolve_fwds(struct btf_split_own *o)
{
	uint32_t id, n = nr_ids(o), nr_fwds = 0;
	const struct btf_type *t;
	int err = 0;

	int_map__clear(&o->split_names);
	for (id = o->start; id < n && !err; id++) {
		t = o->a.ptr[id - o->start];
		nr_fwds += btf_is_fwd(t);
		if (btf_is_composite(t))
			err = add_name(&o->split_names, t, id);
	}
	for (id = o->start; id < n && nr_fwds && !err; id++) {
		t = o->a.ptr[id - o->start];
		if (btf_is_fwd(t) && o->map[id] == id)
			o->map[id] = only_struct(o, t) ?: id;
	}
	return err;
}

struct ref_walk {
	struct btf_split_own	*o;
	int			err;
};

static uint32_t dedup_ref(struct ref_walk *w, uint32_t id);

static uint32_t dedup_ref_cb(void *ctx, uint32_t id)
{
	return dedup_ref(ctx, id);
}

/* An equal record among @ix's, or 0. */
static uint32_t equal_in(const struct btf_split_own *o, const struct hash_index *ix, uint32_t h,
			 const struct btf_type *t)
{
	uint32_t pos, id;

	for (pos = hash_index__first(ix, h); pos; pos = hash_index__next(ix, pos)) {
		id = hash_index__value(ix, pos);
		if (rec_equal(t, rec_of(o, id)))
			return id;
	}
	return 0;
}

/*
 * The base record equal to @t, or 0; -EAGAIN in *@err where two are: which
 * one libbpf takes then depends on its hash table.
 */
static uint32_t equal_in_base(const struct btf_split_own *o, const struct btf_type *t, int *err)
{
	uint32_t x = first_ref(t), i, found = 0;

	if (x >= o->start)
		return 0;
	for (i = o->bucket[x]; i < o->bucket[x + 1]; i++) {
		if (!rec_equal(t, o->base[o->by_first[i]]))
			continue;
		if (found) {
			*err = -EAGAIN;
			return 0;
		}
		found = o->by_first[i];
	}
	return found;
}

/* libbpf's btf_dedup_ref_type(): what @id stands for, after what it refers to. */
static uint32_t dedup_ref(struct ref_walk *w, uint32_t id)
{
	struct btf_split_own *o = w->o;
	struct btf_type *t;
	uint32_t h, found;

	if (id < o->start || w->err)
		return id;
	if (o->map[id] == IN_PROGRESS) {
		w->err = -ELOOP;
		return id;
	}
	if (o->map[id] != UNSET)
		return resolve(o, id);
	o->map[id] = IN_PROGRESS;
	t = (struct btf_type *)o->a.ptr[id - o->start];
	btf_rec__ids(t, dedup_ref_cb, w);
	if (w->err)
		return id;
	h = rec_hash(t);
	found = equal_in_base(o, t, &w->err) ?: equal_in(o, &o->split_refs, h, t) ?: id;
	if (w->err)
		return id;
	o->map[id] = found;
	if (found == id && hash_index__add(&o->split_refs, h, id))
		w->err = -ENOMEM;
	return found;
}

/* libbpf's passes after its struct phase, on o->a: declarations, then references. */
static int ref_pass(struct btf_split_own *o, uint32_t *gone)
{
	uint32_t id, n = nr_ids(o);
	struct ref_walk w = { o, 0 };

	if (recs_seal(&o->a) || ensure_maps(o, n))
		return -ENOMEM;
	for (id = o->start; id < n; id++)
		o->map[id] = is_ref_kind(o->a.ptr[id - o->start]) ? UNSET : id;
	hash_index__clear(&o->split_refs);
	w.err = resolve_fwds(o);
	for (id = o->start; id < n && !w.err; id++)
		dedup_ref(&w, id);
	if (w.err)
		return w.err == -ELOOP ? -EAGAIN : w.err;
	return compact(o, gone, resolve);
}

/* ---- the result --------------------------------------------------------------------- */

/* Whether type @id holds a declaration by value, through qualifiers, typedefs and arrays. */
static bool holds_fwd(const struct btf_split_own *o, uint32_t id)
{
	const struct btf_type *t;
	int step;

	for (step = 0; step < 256 && (t = rec_of(o, id)); step++) {
		switch (btf_kind(t)) {
		case BTF_KIND_FWD:
			return true;
		case BTF_KIND_TYPEDEF: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT: case BTF_KIND_TYPE_TAG:
			id = t->type;
			break;
		case BTF_KIND_ARRAY:
			id = btf_array(t)->type;
			break;
		default:
			return false;
		}
	}
	return false;
}

/* Whether a type of the module holds a declaration by value (btf_sized.h's work). */
static bool any_held_fwd(const struct btf_split_own *o)
{
	const struct btf_type *t;
	uint32_t i, j, n;

	for (i = 0; i < o->a.nr; i++) {
		t = o->a.ptr[i];
		n = btf_vlen(t);
		switch (btf_kind(t)) {
		case BTF_KIND_STRUCT: case BTF_KIND_UNION:
			for (j = 0; j < n; j++)
				if (holds_fwd(o, btf_members(t)[j].type))
					return true;
			break;
		case BTF_KIND_FUNC_PROTO:
			if (holds_fwd(o, t->type))
				return true;
			for (j = 0; j < n; j++)
				if (holds_fwd(o, btf_params(t)[j].type))
					return true;
			break;
		case BTF_KIND_DATASEC:
			for (j = 0; j < n; j++)
				if (holds_fwd(o, btf_var_secinfos(t)[j].type))
					return true;
			break;
		case BTF_KIND_ARRAY: case BTF_KIND_VAR:
			if (holds_fwd(o, t->type))
				return true;
			break;
		default:
			break;
		}
	}
	return false;
}

struct out_strs {
	struct btf_split_own	*o;
	struct int_map		offs;		/* copy's offset -> the output's */
	char			*buf;
	uint32_t		len, cap;
	int			err;
};

/* A name's offset in the output: the base's, or the module's string laid out in turn. */
static uint32_t out_str(void *ctx, uint32_t off)
{
	struct out_strs *s = ctx;
	const char *str;
	uint32_t len, *v;
	bool added;

	if (off < s->o->bslen || s->err)
		return off;
	v = int_map__add(&s->offs, off, s->o->bslen + s->len, &added);
	if (!v) {
		s->err = -ENOMEM;
		return off;
	}
	if (!added)
		return *v;
	str = own_str(s->o, off);
	len = strlen(str) + 1;
	if (dw_ensure_cap(&s->buf, &s->cap, 1, s->len + len)) {
		s->err = -ENOMEM;
		return off;
	}
	memcpy(s->buf + s->len, str, len);
	s->len += len;
	return *v;
}

/* The raw split BTF of o->a: header, types, the module's strings. */
static int write_raw(struct btf_split_own *o, void **raw, uint32_t *size)
{
	struct out_strs s = { .o = o };
	struct btf_header h = { .magic = 0xeB9F, .version = BTF_VERSION,
				.hdr_len = sizeof(h) };
	uint32_t i;
	uint8_t *out;

	for (i = 0; i < o->a.nr && !s.err; i++)
		btf_rec__names(recs_at(&o->a, i), out_str, &s);
	int_map__release(&s.offs);
	h.type_len = o->a.len;
	h.str_off = o->a.len;
	h.str_len = s.len;
	out = s.err ? NULL : malloc(sizeof(h) + h.type_len + h.str_len);
	if (!out) {
		free(s.buf);
		return s.err ?: -ENOMEM;
	}
	memcpy(out, &h, sizeof(h));
	memcpy(out + sizeof(h), o->a.data, h.type_len);
	if (s.len)
		memcpy(out + sizeof(h) + h.type_len, s.buf, s.len);
	free(s.buf);
	*raw = out;
	*size = sizeof(h) + h.type_len + h.str_len;
	return 0;
}

int btf_split_own__dedup(struct btf_split_own *o, const struct btf *btf, void **raw,
			 uint32_t *size, uint32_t *nr_types)
{
	uint32_t pass, gone_m = 0, gone_r = 0;
	int err;

	err = take_module(o, btf) ?: index_for_module(o);
	for (pass = 0; !err && pass < MAX_PASSES; pass++) {
		err = match_pass(o, &gone_m) ?: ref_pass(o, &gone_r);
		if (!err && !gone_m && !gone_r)
			break;
	}
	if (err)
		return err;
	if (recs_seal(&o->a))
		return -ENOMEM;
	if (any_held_fwd(o))
		return -EAGAIN;
	*nr_types = o->a.nr;
	return write_raw(o, raw, size);
}

static uint32_t after_base(void *ctx, uint32_t id)
{
	return id ? id + *(const uint32_t *)ctx - 1 : 0;
}

int btf_split_own__append(struct btf *split, const struct btf *btf)
{
	uint32_t id, n = btf__type_cnt(btf), start = btf__type_cnt(btf__base_btf(split));
	int got;

	for (id = 1; id < n; id++) {
		got = btf__add_type(split, btf, btf__type_by_id(btf, id));
		if (got < 0)
			return got;
		btf_rec__ids((struct btf_type *)btf__type_by_id(split, got), after_base, &start);
	}
	return 0;
}
