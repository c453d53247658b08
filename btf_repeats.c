// SPDX-License-Identifier: GPL-2.0-only
/*
 * Exact repeats of types across CUs (see btf_repeats.h).
 *
 * A CU's types form a graph through their references. Its strongly
 * connected components (Tarjan) come out children first, so when a group
 * is decided every type it refers to outside itself already is: either an
 * existing BTF type (a repeat) or a type to append. A group that refers to
 * a type to append is appended too. Otherwise its key, built from the
 * records of its members with outside references as BTF ids and inside
 * ones as the callee's own record, picks candidate groups appended by
 * earlier CUs, and a walk from one member compares records pair by pair,
 * inside references by hypothesis (a pair already assumed counts as equal,
 * a second partner for either side fails). A group either matches whole or
 * is appended whole, so a BTF group that matches is exactly one earlier
 * CU's appended group, with the same size and the same key.
 *
 * With FWD tolerance (after the exact repeats, on the loading thread as
 * on the collector), a group that is none is walked again from each of its
 * structs and unions, as libbpf's dedup compares them: a FWD and a struct
 * or union of its name are one type, and so are named ones of one name
 * (btf_equiv.h). Its members may then map onto types of several earlier
 * CUs, or stay to append one by one; such a group is not indexed.
 */
#include <errno.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "btf_equiv.h"
#include "btf_repeats.h"
#include "cu_pool.h"
#include "dwarves.h"
#include "dwarves_hash.h"

static const uint32_t NONE = UINT32_MAX;

/*
 * Per core id of the current CU. A node is a core id with a record: not
 * void, not an alias. Its references (0: void) are rs->edges[first_edge..].
 */
struct node {
	uint64_t	shallow;	/* hash of the record without references */
	uint64_t	hash;		/* with references (see node_hash()) */
	uint32_t	first_edge, nr_edges;
	uint32_t	scc;		/* its group */
	uint32_t	hyp;		/* BTF id assumed in attempt hyp_stamp (rs->attempt) */
	uint32_t	hyp_stamp;
};

/*
 * A Tarjan frame: a node, the next edge to follow and the end of its edges,
 * and the deepest chain of references below it so far (see tarjan_visit()).
 */
struct frame {
	uint32_t	node, next_edge, end_edge, deepest;
};

/*
 * Tarjan's numbering of a node, apart from the nodes so that the walk
 * reads 12 bytes a node: idx 0 is not visited yet, DONE is in a group
 * already (and, being the largest, never lowers anyone's low). depth is
 * the longest chain of references from the node, in nodes, once its visit
 * is over (0 until then).
 */
struct tarjan_num {
	uint32_t	idx, low, depth;
};

static const uint32_t DONE = UINT32_MAX;

/*
 * A set of BTF ids, by id: an id is in it while its entry is the set's
 * stamp, so that emptying it is one increment. Not a hash table: the
 * candidates of one group are neighbours (a CU's types are appended
 * together), and so are their entries, where a hash scatters them. An
 * int_map of ids in their place cost 6% more CPU on the vmlinux encode
 * (1.68 s against 1.58 s of user+sys, -j2), its probes missing the cache.
 */
struct id_set {
	uint32_t	*stamp_of;	/* owned, by BTF id */
	uint32_t	cap;
	uint32_t	stamp;		/* from 1: zeroed entries are in no set */
};

/*
 * A group's key and entry once hash_group() gave them: they stay right for
 * the rest of the CU, as the BTF ids of the groups it refers to do (a
 * group is hashed only once they all have one, and a decided group's ids
 * never change), so the collector reuses what a loading thread found, and
 * indexing what matching found.
 */
struct group_key {
	uint64_t	key;
	uint32_t	entry;
	bool		known;
};

struct btf_recs {
	struct btf_rec		*recs;		/* owned, per core id */
	uint32_t		nr_recs;
	struct btf_rec_item	*items;		/* owned */
	uint32_t		nr_items, items_cap;
	struct node		*nodes;		/* owned, per core id */
	uint32_t		*edges;		/* owned: the nodes' references */
	uint32_t		nr_edges;
	uint32_t		*members;	/* owned: members of each group, group by group */
	uint32_t		*groups;	/* owned: first member of each group, + the end */
	uint32_t		nr_groups;
	struct group_key	*keys;		/* owned, per group */
	uint32_t		attempt;	/* the nodes' hyp_stamp of the last attempt */
	struct btf_name_list	taken;		/* names the CU's tolerant matches took */
};

/*
 * What one thread needs to match a CU: the walk's scratch and the sets of
 * BTF ids. Kept for the next CU (r->spare), never shared by two threads.
 */
struct btf_matcher {
	struct btf_matcher	*next;		/* in r->spare */
	uint32_t		*assumed;	/* owned: the walk's assumed members */
	uint32_t		assumed_cap;
	struct id_set		used;		/* ids the CU's repeats took */
	struct id_set		claimed;	/* ids assumed in this attempt */
	struct btf_name_list	taken;		/* names a tolerant attempt took for one type */
	struct btf_repeats_stats stats;
	unsigned int		owner;		/* cu_pool__thread_index() of its thread */
};

struct btf_repeats {
	const struct btf_names	*names;		/* borrowed, or NULL */
	uint32_t		start_id;	/* first BTF id of the split part */
	uint32_t		first_new;	/* BTF id of the current CU's first appended type */
	/*
	 * Everything appended so far: written between btf_repeats__lock()
	 * and btf_repeats__unlock() (with the BTF and the names), read under
	 * the shared lock by loading threads, and freely by the collector.
	 */
	struct hash_index	index;		/* the appended groups, by key_tag(), oldest first */
	/*
	 * FWD-tolerant matching (see tolerant_group()): the appended structs
	 * and unions by their records without references (written as the
	 * index is), and the names the collector's CUs took for one type (its
	 * alone).
	 */
	bool			tolerant;
	struct hash_index	by_shape;	/* by key_tag(), oldest first */
	struct btf_name_list	taken;
	pthread_rwlock_t	lock;
	pthread_mutex_t		spare_lock;	/* guards spare and stats */
	struct btf_matcher	*spare;		/* owned: matchers no thread uses now */
	struct btf_repeats_stats stats;
};

int btf_recs__new(uint32_t nr_types, struct btf_recs **ret)
{
	struct btf_recs *rs = calloc(1, sizeof(*rs));

	if (!rs)
		return -ENOMEM;
	rs->recs = malloc((nr_types ?: 1) * sizeof(*rs->recs));	/* set by the caller */
	rs->nodes = malloc((nr_types ?: 1) * sizeof(*rs->nodes));	/* set by init_nodes() */
	/* Both set by btf_recs__graph(), group by group. */
	rs->members = malloc((nr_types ?: 1) * sizeof(*rs->members));
	rs->groups = malloc(((size_t)nr_types + 1) * sizeof(*rs->groups));
	/*
	 * Never NULL: records without items point into it too. Room for the
	 * items of most CUs: on the vmlinux a median 2.3 per type, 2.7 for
	 * nine CUs in ten.
	 */
	rs->items_cap = nr_types < UINT32_MAX / 3 ? nr_types / 4 * 11 + 16 : 1;
	rs->items = malloc((size_t)rs->items_cap * sizeof(*rs->items));
	if (!rs->recs || !rs->nodes || !rs->members || !rs->groups || !rs->items) {
		btf_recs__free(rs);
		return -ENOMEM;
	}
	rs->recs[0] = (struct btf_rec){ 0 };
	rs->groups[0] = 0;
	rs->nr_recs = nr_types;
	*ret = rs;
	return 0;
}

void btf_recs__free(struct btf_recs *rs)
{
	if (!rs)
		return;
	free(rs->recs);
	free(rs->items);
	free(rs->nodes);
	free(rs->edges);
	free(rs->members);
	free(rs->groups);
	free(rs->keys);
	btf_name_list__release(&rs->taken);
	free(rs);
}

struct btf_rec *btf_recs__recs(struct btf_recs *rs)
{
	return rs->recs;
}

struct btf_repeats *btf_repeats__new(const struct btf *btf, const struct btf_names *names)
{
	struct btf_repeats *r = calloc(1, sizeof(*r));
	const struct btf *base = btf__base_btf(btf);
	pthread_rwlockattr_t attr;

	if (!r)
		return NULL;
	r->names = names;
	r->index.oldest_first = true;
	r->by_shape.oldest_first = true;
	/* Types of a base BTF are never candidates: only ids from @btf's own first on. */
	r->start_id = base ? btf__type_cnt(base) : 1;
	/* The collector waits for the lock once per CU: it goes before new readers. */
	pthread_rwlockattr_init(&attr);
	pthread_rwlockattr_setkind_np(&attr, PTHREAD_RWLOCK_PREFER_WRITER_NONRECURSIVE_NP);
	pthread_rwlock_init(&r->lock, &attr);
	pthread_rwlockattr_destroy(&attr);
	pthread_mutex_init(&r->spare_lock, NULL);
	return r;
}

static void matcher_free(struct btf_matcher *m)
{
	free(m->assumed);
	free(m->used.stamp_of);
	free(m->claimed.stamp_of);
	btf_name_list__release(&m->taken);
	free(m);
}

void btf_repeats__free(struct btf_repeats *r)
{
	struct btf_matcher *m;

	if (!r)
		return;
	while ((m = r->spare)) {
		r->spare = m->next;
		matcher_free(m);
	}
	pthread_mutex_destroy(&r->spare_lock);
	pthread_rwlock_destroy(&r->lock);
	hash_index__release(&r->index);
	hash_index__release(&r->by_shape);
	btf_name_list__release(&r->taken);
	free(r);
}

void btf_repeats__stats(struct btf_repeats *r, struct btf_repeats_stats *ret)
{
	pthread_mutex_lock(&r->spare_lock);
	*ret = r->stats;
	pthread_mutex_unlock(&r->spare_lock);
}

void btf_repeats__lock(struct btf_repeats *r)
{
	pthread_rwlock_wrlock(&r->lock);
}

void btf_repeats__unlock(struct btf_repeats *r)
{
	pthread_rwlock_unlock(&r->lock);
}

void btf_repeats__lock_shared(struct btf_repeats *r)
{
	pthread_rwlock_rdlock(&r->lock);
}

/*
 * A matcher for this thread's next CU, or NULL (out of memory): the one it
 * had for its last, else a new one. A matcher another thread used last has
 * its sets in that thread's core's cache, and each probe of them would be
 * a miss (the collector took the one its loading thread had just put back).
 */
static struct btf_matcher *matcher_get(struct btf_repeats *r)
{
	unsigned int me = cu_pool__thread_index();
	struct btf_matcher **p, *m;

	pthread_mutex_lock(&r->spare_lock);
	for (p = &r->spare; *p && (*p)->owner != me; p = &(*p)->next)
		;
	m = *p;
	if (m)
		*p = m->next;
	pthread_mutex_unlock(&r->spare_lock);
	if (!m && (m = calloc(1, sizeof(*m))))
		m->owner = me;
	return m;
}

/* Its counters go to @r's; the matcher waits for another CU. */
static void matcher_put(struct btf_repeats *r, struct btf_matcher *m)
{
	pthread_mutex_lock(&r->spare_lock);
	r->stats.nr_matched += m->stats.nr_matched;
	r->stats.nr_checks += m->stats.nr_checks;
	r->stats.nr_failed += m->stats.nr_failed;
	m->stats = (struct btf_repeats_stats){ 0 };
	m->next = r->spare;
	r->spare = m;
	pthread_mutex_unlock(&r->spare_lock);
}

/* Empties @s, with room for the ids below @nr_ids. 0 or -ENOMEM. */
static int id_set_start(struct id_set *s, uint32_t nr_ids)
{
	if (dw_ensure_cap(&s->stamp_of, &s->cap, sizeof(*s->stamp_of), nr_ids))
		return -ENOMEM;
	if (++s->stamp == 0) {
		memset(s->stamp_of, 0, (size_t)s->cap * sizeof(*s->stamp_of));
		s->stamp = 1;
	}
	return 0;
}

static bool id_set_has(const struct id_set *s, uint32_t id)
{
	return id < s->cap && s->stamp_of[id] == s->stamp;
}

/* @id below the nr_ids id_set_start() made room for. */
static void id_set_add(struct id_set *s, uint32_t id)
{
	s->stamp_of[id] = s->stamp;
}

struct btf_rec_item *btf_recs__add_items(struct btf_recs *rs, struct btf_rec *rec, uint32_t nr)
{
	struct btf_rec_item *items;

	/* At least one: no items is a valid pointer too, never NULL. */
	if (nr >= UINT32_MAX - rs->nr_items ||
	    dw_reserve(&rs->items, &rs->items_cap, sizeof(*rs->items), rs->nr_items + nr + 1))
		return NULL;
	items = rs->items + rs->nr_items;
	memset(items, 0, nr * sizeof(*items));
	rec->first_item = rs->nr_items;
	rec->nr_items = nr;
	rs->nr_items += nr;
	return items;
}

const struct btf_rec_item *btf_recs__items(const struct btf_recs *rs, const struct btf_rec *rec)
{
	return rs->items + rec->first_item;
}

/* ---- records: references, comparison, hashes --------------------------------------- */

static bool has_target(const struct btf_rec *rec)
{
	switch (rec->kind) {
	case BTF_KIND_PTR: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPEDEF: case BTF_KIND_TYPE_TAG:
	case BTF_KIND_ARRAY: case BTF_KIND_FUNC_PROTO:
		return true;
	default:
		return false;
	}
}

static bool items_have_types(const struct btf_rec *rec)
{
	return rec->kind == BTF_KIND_STRUCT || rec->kind == BTF_KIND_UNION ||
	       rec->kind == BTF_KIND_FUNC_PROTO;
}

/* The BTF and what is known of its strings: one argument for the comparisons. */
struct view {
	const struct btf	*btf;
	const struct btf_names	*names;		/* or NULL */
};

/*
 * Whether @name_off, a name of a type appended through libbpf, is @name:
 * by offset when @name's address was added through v->names (libbpf keeps
 * one offset per string), else by the strings.
 */
static bool name_is(const struct view *v, uint32_t name_off, const char *name)
{
	const char *s;
	int64_t off;

	if (!name)
		return !name_off;
	off = v->names ? btf_names__find(v->names, name) : -1;
	if (off >= 0)
		return off == name_off;
	if (!name[0])
		return !name_off;
	s = name_off ? btf__name_by_offset(v->btf, name_off) : NULL;
	return s && !strcmp(s, name);
}

/* Decides whether core reference @ref and BTF reference @id are the same type. */
typedef bool ref_is_fn(void *ctx, uint32_t ref, uint32_t id);

static bool members_are(const struct view *v, const struct btf_rec_item *it,
			const struct btf_type *t, ref_is_fn *ref_is, void *ctx)
{
	const struct btf_member *m = btf_members(t);
	uint16_t i, n = btf_vlen(t);

	if (v->names)
		for (i = 0; i < n; i++)
			btf_names__prefetch(v->names, it[i].name);
	for (i = 0; i < n; i++)
		if (m[i].offset != btf_rec_item__member_offset(&it[i]) ||
		    !name_is(v, m[i].name_off, it[i].name))
			return false;
	for (i = 0; i < n; i++)
		if (!ref_is(ctx, it[i].type, m[i].type))
			return false;
	return true;
}

static bool enumerators_are(const struct view *v, const struct btf_rec_item *it,
			    const struct btf_type *t)
{
	uint16_t i, n = btf_vlen(t);

	for (i = 0; i < n; i++) {
		if (btf_is_enum(t) ? (uint32_t)btf_enum(t)[i].val != it[i].lo :
		    btf_enum64(t)[i].val_lo32 != it[i].lo || btf_enum64(t)[i].val_hi32 != it[i].hi)
			return false;
		if (!name_is(v, btf_is_enum(t) ? btf_enum(t)[i].name_off :
				  btf_enum64(t)[i].name_off, it[i].name))
			return false;
	}
	return true;
}

static bool params_are(const struct view *v, const struct btf_rec_item *it,
		       const struct btf_type *t, ref_is_fn *ref_is, void *ctx)
{
	const struct btf_param *p = btf_params(t);
	uint16_t i, n = btf_vlen(t);

	for (i = 0; i < n; i++)
		if (!name_is(v, p[i].name_off, it[i].name))
			return false;
	for (i = 0; i < n; i++)
		if (!ref_is(ctx, it[i].type, p[i].type))
			return false;
	return true;
}

/*
 * True when BTF type @t is what appending @rec would write, references
 * decided by @ref_is. Cheap fields first, references last.
 */
static bool rec_is(const struct btf_recs *rs, const struct view *v, const struct btf_rec *rec,
		   const struct btf_type *t, ref_is_fn *ref_is, void *ctx)
{
	const struct btf_rec_item *it = rs->items + rec->first_item;

	if (t->info != btf_rec__info(rec) || !name_is(v, t->name_off, rec->name))
		return false;
	switch (rec->kind) {
	case BTF_KIND_INT:
		return t->size == rec->size &&
		       *(const uint32_t *)(t + 1) == (rec->extra << 24 | rec->size * 8);
	case BTF_KIND_FLOAT:
		return t->size == rec->size;
	case BTF_KIND_FWD:
		return !t->type;
	case BTF_KIND_PTR: case BTF_KIND_CONST: case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT: case BTF_KIND_TYPEDEF: case BTF_KIND_TYPE_TAG:
		return ref_is(ctx, rec->type, t->type);
	case BTF_KIND_ARRAY:
		return !t->size && btf_array(t)->nelems == rec->extra &&
		       btf_array(t)->index_type == rec->index_type &&
		       ref_is(ctx, rec->type, btf_array(t)->type);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		return t->size == rec->size && members_are(v, it, t, ref_is, ctx);
	case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
		return t->size == rec->size && enumerators_are(v, it, t);
	case BTF_KIND_FUNC_PROTO:
		return ref_is(ctx, rec->type, t->type) && params_are(v, it, t, ref_is, ctx);
	default:
		return false;
	}
}

static bool ref_is_mapped(void *ctx, uint32_t ref, uint32_t id)
{
	const uint32_t *ids = ctx;

	return ids[ref] == id;
}

bool btf_recs__rec_is(const struct btf_recs *rs, const struct btf *btf,
		      const struct btf_names *names, const struct btf_rec *rec, uint32_t id,
		      const uint32_t *ids)
{
	const struct btf_type *t = btf__type_by_id(btf, id);
	struct view v = { btf, names };

	return t && rec_is(rs, &v, rec, t, ref_is_mapped, (void *)ids);
}

static uint64_t mix(uint64_t h, uint64_t v)
{
	h = (h ^ v) * 0x9e3779b97f4a7c15ULL;
	return h ^ (h >> 32);
}

/* A strong finaliser, so that sums of hashes stay well spread. */
static uint64_t fmix(uint64_t h)
{
	h ^= h >> 33;
	h *= 0xff51afd7ed558ccdULL;
	h ^= h >> 33;
	h *= 0xc4ceb9fe1a85ec53ULL;
	return h ^ (h >> 33);
}

/* A name, eight bytes at a time; no name and "" are the same. */
static uint64_t hash_name(const char *s)
{
	uint64_t h, w;
	size_t n;

	if (!s || !*s)
		return 0;
	n = strlen(s);
	h = n;
	for (; n >= 8; n -= 8, s += 8) {
		memcpy(&w, s, 8);
		h = mix(h, w);
	}
	w = 0;
	memcpy(&w, s, n);
	return mix(h, w);
}

/*
 * @rec without its references. The items' names are left out: with the
 * type's name, offsets and values they rarely tell more, and reading them
 * costs a cache miss each; the comparison checks them. An array's index
 * type is known only when the CU is matched: its hash stops short of it
 * (see set_index_type()).
 */
static uint64_t rec_shallow_hash(const struct btf_recs *rs, const struct btf_rec *rec)
{
	const struct btf_rec_item *it = rs->items + rec->first_item;
	uint64_t h = mix(btf_rec__info(rec), hash_name(rec->name));
	uint32_t i;

	h = mix(h, (uint64_t)rec->size << 32 | rec->extra);
	if (rec->kind == BTF_KIND_ARRAY)
		return h;
	h = mix(h, rec->index_type);
	for (i = 0; i < rec->nr_items; i++)
		h = mix(h, (uint64_t)it[i].hi << 32 | it[i].lo);
	return h;
}

/*
 * @x's record with its references: one inside group @g by the shallow hash
 * of the record it refers to, one outside by BTF id (@ids). False when an
 * outside reference has no BTF id yet: a type still to append.
 */
static bool node_hash(const struct btf_recs *rs, uint32_t x, uint32_t g, const uint32_t *ids,
		      uint64_t *ret)
{
	const struct node *n = &rs->nodes[x];
	const uint32_t *edge = rs->edges + n->first_edge;
	uint64_t h = n->shallow;
	uint32_t i;

	for (i = 0; i < n->nr_edges; i++) {
		uint32_t ref = edge[i];

		if (ref && rs->nodes[ref].scc == g) {
			h = mix(h ^ 2, rs->nodes[ref].shallow);
			continue;
		}
		if (ref && !ids[ref])
			return false;
		h = mix(h ^ 1, ref ? ids[ref] : 0);
	}
	*ret = h;
	return true;
}

/* ---- the index of appended types ----------------------------------------------------- */

static uint32_t key_tag(uint64_t key)
{
	return (uint32_t)(key >> 32) ^ (uint32_t)key;
}

/*
 * The next BTF id indexed under @key, oldest first, or 0. *@pos: the
 * position in @ix, UINT32_MAX to start. Entries of another key with the
 * same tag come too: the comparison decides.
 */
static uint32_t index_next(const struct hash_index *ix, uint64_t key, uint32_t *pos)
{
	if (*pos == UINT32_MAX)
		*pos = hash_index__first(ix, key_tag(key));
	else if (*pos)
		*pos = hash_index__next(ix, *pos);
	return *pos ? hash_index__value(ix, *pos) : 0;
}

/* ---- matching one group -------------------------------------------------------------- */

/*
 * One attempt: does group @scc map one to one onto existing types, all in
 * [lo, hi)? A group that matches maps onto one earlier CU's appended
 * group (see the top), and a CU's types are appended together, so the
 * bounds never split a match: the loading threads look below the BTF's
 * end when they started the CU, the collector at and above it.
 */
struct walk {
	struct btf_matcher	*m;
	struct btf_recs		*rs;
	struct view		v;
	const uint32_t		*match;		/* decided groups' BTF ids */
	uint32_t		scc;
	uint32_t		nr_assumed;
	uint32_t		lo, hi;
	bool			tolerant;	/* see walk_assumed(), tolerant_ref_is() */
	uint32_t		roots_lo;	/* tolerant: a struct's candidates from here on */
};

static bool walk_assume(struct walk *w, uint32_t x, uint32_t id)
{
	struct btf_matcher *m = w->m;

	if (id < w->lo || id >= w->hi || id_set_has(&m->used, id) || id_set_has(&m->claimed, id))
		return false;
	id_set_add(&m->claimed, id);
	w->rs->nodes[x].hyp = id;
	w->rs->nodes[x].hyp_stamp = w->rs->attempt;
	m->assumed[w->nr_assumed++] = x;
	/* Checked later, after those assumed before it: its misses start now. */
	__builtin_prefetch(btf__type_by_id(w->v.btf, id));
	if (w->v.names)
		btf_names__prefetch(w->v.names, w->rs->recs[x].name);
	return true;
}

/*
 * Whether record @rec of a CU and BTF type @t are a FWD and a struct or
 * union of the same name and kind: one type to libbpf's dedup.
 */
static bool fwd_pair(const struct view *v, const struct btf_rec *rec, const struct btf_type *t)
{
	uint16_t kind = btf_kind(t);

	if (rec->kind == BTF_KIND_FWD) {
		if (kind != btf_equiv__fwd_kind(rec->kflag))
			return false;
	} else if (kind != BTF_KIND_FWD || rec->kind != btf_equiv__fwd_kind(btf_kflag(t))) {
		return false;
	}
	return t->name_off && name_is(v, t->name_off, rec->name);
}

/*
 * walk_ref_is() of a tolerant walk: a type decided already by its id, up
 * to btf_equiv__types(); one not decided yet is assumed, compared later.
 */
static bool tolerant_ref_is(struct walk *w, uint32_t ref, uint32_t id)
{
	const struct node *n = &w->rs->nodes[ref];

	if (!id)
		return false;
	if (n->hyp_stamp == w->rs->attempt)
		return n->hyp == id;
	if (w->match[ref])
		return btf_equiv__types(w->v.btf, w->match[ref], id, &w->m->taken);
	return walk_assume(w, ref, id);
}

static bool walk_ref_is(void *ctx, uint32_t ref, uint32_t id)
{
	struct walk *w = ctx;
	const struct node *n = &w->rs->nodes[ref];

	if (!ref)
		return !id;
	if (w->tolerant)
		return tolerant_ref_is(w, ref, id);
	if (n->scc != w->scc)
		return w->match[ref] == id;
	if (n->hyp_stamp == w->rs->attempt)
		return n->hyp == id;
	return walk_assume(w, ref, id);
}

/*
 * A new attempt, which starts by assuming @x is BTF type @id. Attempts are
 * counted twice: by the matcher's set of claimed ids (a new stamp), by the CU for
 * its nodes' hypotheses (a CU's records meet two matchers: a loading
 * thread's, the collector's).
 */
static bool start_attempt(struct walk *w, uint32_t x, uint32_t id)
{
	id_set_start(&w->m->claimed, 0);
	w->rs->attempt++;
	w->nr_assumed = 0;
	w->m->taken.nr = 0;
	return walk_assume(w, x, id);
}

/*
 * Compares the assumed members, m->assumed[0..nr_assumed), in assumption
 * order, each once, by a cursor that trails behind. A tolerant walk takes
 * a FWD and a struct or union of its name for one type, without walking
 * into the struct.
 */
static bool walk_assumed(struct walk *w, const struct btf *btf)
{
	struct btf_recs *rs = w->rs;
	uint32_t done;

	for (done = 0; done < w->nr_assumed; done++) {
		uint32_t x = w->m->assumed[done];
		const struct btf_rec *rec = &rs->recs[x];
		const struct btf_type *t = btf__type_by_id(btf, rs->nodes[x].hyp);

		if (w->tolerant && btf_kind(t) != rec->kind) {
			if (!fwd_pair(&w->v, rec, t))
				return false;
			continue;
		}
		if (!rec->is_matchable || !rec_is(rs, &w->v, rec, t, walk_ref_is, w))
			return false;
	}
	return true;
}

/* Compares group @scc, from member @entry and BTF type @id on. */
static bool walk_group(struct walk *w, const struct btf *btf, uint32_t entry, uint32_t id)
{
	struct btf_recs *rs = w->rs;

	return start_attempt(w, entry, id) && walk_assumed(w, btf) &&
	       w->nr_assumed == rs->groups[w->scc + 1] - rs->groups[w->scc];
}

/* Whether group @g may match: every member is, arrays with their index type. */
static bool group_is_matchable(const struct btf_recs *rs, uint32_t g)
{
	uint32_t i;

	for (i = rs->groups[g]; i < rs->groups[g + 1]; i++) {
		const struct btf_rec *rec = &rs->recs[rs->members[i]];

		if (!rec->is_matchable || (rec->kind == BTF_KIND_ARRAY && !rec->index_type))
			return false;
	}
	return true;
}

/*
 * Hashes group @g's members (references outside through @ids) and returns
 * the group's key in *@key_ret and its entry, the member with the smallest
 * hash (then the smallest core id): the members with that hash are the
 * ones indexed, and the entry is where a walk starts, whatever the member
 * order. False when the group refers to a type still to append.
 */
static bool hash_group(struct btf_recs *rs, uint32_t g, const uint32_t *ids,
		       uint64_t *key_ret, uint32_t *entry_ret)
{
	uint32_t i, first = rs->groups[g], end = rs->groups[g + 1], entry = NONE;
	uint64_t min = UINT64_MAX, sum = 0;

	for (i = first; i < end; i++) {
		uint32_t x = rs->members[i];
		uint64_t h;

		if (!node_hash(rs, x, g, ids, &h))
			return false;
		rs->nodes[x].hash = h;
		/* A sum: the same whatever the order of the members. */
		sum += fmix(h);
		if (h < min || (h == min && x < entry)) {
			min = h;
			entry = x;
		}
	}
	*key_ret = mix(mix(end - first, sum), min);
	*entry_ret = entry;
	return true;
}

/* hash_group(), once per group and CU. */
static bool group_key(struct btf_recs *rs, uint32_t g, const uint32_t *ids,
		      uint64_t *key_ret, uint32_t *entry_ret)
{
	struct group_key *k = &rs->keys[g];

	if (!k->known) {
		if (!hash_group(rs, g, ids, &k->key, &k->entry))
			return false;
		k->known = true;
	}
	*key_ret = k->key;
	*entry_ret = k->entry;
	return true;
}

/* Whether no member of group @g has a BTF id in @match yet. */
static bool group_is_undecided(const struct btf_recs *rs, uint32_t g, const uint32_t *match)
{
	uint32_t i;

	for (i = rs->groups[g]; i < rs->groups[g + 1]; i++)
		if (match[rs->members[i]])
			return false;
	return true;
}

/* Group @g against the candidates in [w->lo, w->hi); its BTF ids into w->match. */
static void match_group(struct btf_repeats *r, struct walk *w, const struct btf *btf, uint32_t g)
{
	struct btf_recs *rs = w->rs;
	uint32_t *match = (uint32_t *)w->match;
	uint32_t entry, pos = UINT32_MAX, id, i;
	uint64_t key;

	if (!group_is_matchable(rs, g) || !group_key(rs, g, match, &key, &entry))
		return;
	w->scc = g;
	while ((id = index_next(&r->index, key, &pos))) {
		if (id < w->lo || id >= w->hi)
			continue;
		w->m->stats.nr_checks++;
		if (walk_group(w, btf, entry, id))
			break;
		w->m->stats.nr_failed++;
	}
	if (!id)
		return;
	for (i = rs->groups[g]; i < rs->groups[g + 1]; i++) {
		uint32_t x = rs->members[i];

		match[x] = rs->nodes[x].hyp;
		id_set_add(&w->m->used, match[x]);
	}
	w->m->stats.nr_matched += rs->groups[g + 1] - rs->groups[g];
}

/* ---- FWD-tolerant matching ---------------------------------------------------------- */

/*
 * A tolerant attempt succeeded (walk_assumed(), w->tolerant: a type decided
 * already is compared by its id through btf_equiv__types(), the others are
 * assumed one to one): its types take their ids, but for a struct or union
 * taken for a FWD, which stays to append. The names it took for
 * one type go to the CU's (rs->taken), for btf_repeats__taken() once the
 * collector has its matches.
 */
static int tolerant_commit(struct walk *w)
{
	struct btf_recs *rs = w->rs;
	uint32_t *match = (uint32_t *)w->match, i;

	if (btf_name_list__append(&rs->taken, &w->m->taken))
		return -ENOMEM;
	for (i = 0; i < w->nr_assumed; i++) {
		uint32_t x = w->m->assumed[i], id = rs->nodes[x].hyp;
		const struct btf_rec *rec = &rs->recs[x];
		const struct btf_type *t = btf__type_by_id(w->v.btf, id);

		if (btf_kind(t) != rec->kind &&
		    btf_name_list__add(&rs->taken, t->name_off))
			return -ENOMEM;
		/* Only undecided types are assumed: match[x] is 0. */
		if (btf_kind(t) == BTF_KIND_FWD && rec->kind != BTF_KIND_FWD)
			continue;
		match[x] = id;
		id_set_add(&w->m->used, id);
		w->m->stats.nr_matched++;
	}
	return 0;
}

enum { TOLERANT_TRIES = 4 };	/* candidates a struct is compared with, at most */

/* The structs and unions of group @g not decided yet, FWD-tolerantly. */
static int tolerant_group(struct btf_repeats *r, struct walk *w, const struct btf *btf, uint32_t g)
{
	struct btf_recs *rs = w->rs;
	uint32_t i;
	int err = 0;

	w->scc = g;
	for (i = rs->groups[g]; !err && i < rs->groups[g + 1]; i++) {
		uint32_t x = rs->members[i], pos = UINT32_MAX, id = 0, tries;
		const struct btf_rec *rec = &rs->recs[x];

		if (w->match[x] || !rec->is_matchable ||
		    (rec->kind != BTF_KIND_STRUCT && rec->kind != BTF_KIND_UNION))
			continue;
		for (tries = 0; tries < TOLERANT_TRIES; tries++) {
			do
				id = index_next(&r->by_shape, rs->nodes[x].shallow, &pos);
			while (id && id < w->roots_lo);
			if (!id)
				break;
			w->m->stats.nr_checks++;
			if (start_attempt(w, x, id) && walk_assumed(w, btf)) {
				err = tolerant_commit(w);
				break;
			}
			w->m->stats.nr_failed++;
		}
	}
	return err;
}

enum { GROUPS_PER_HOLD = 64 };	/* the collector waits for at most so many */

/*
 * After the exact repeats, group by group, children first: a group whose
 * key could not be made (it referred to a type to append) is tried again
 * exactly, its references maybe decided since, then FWD-tolerantly, with
 * the types in [w->lo, w->hi). Undecided FWDs stay to be assumed by the
 * groups that refer to them. A loading thread (@shared) holds the shared
 * lock, a few groups at a time.
 */
static int match_tolerant(struct btf_repeats *r, struct walk *w, const struct btf *btf,
			  bool shared)
{
	struct btf_recs *rs = w->rs;
	uint32_t g, held = 0;
	int err = 0;

	if (shared)
		btf_repeats__lock_shared(r);
	for (g = 0; !err && g < rs->nr_groups; g++) {
		uint32_t first = rs->members[rs->groups[g]];

		if (w->match[first] || rs->recs[first].kind == BTF_KIND_FWD)
			continue;
		if (shared && ++held % GROUPS_PER_HOLD == 0) {
			btf_repeats__unlock(r);
			btf_repeats__lock_shared(r);
		}
		w->tolerant = false;
		if (!rs->keys[g].known && group_is_undecided(rs, g, w->match))
			match_group(r, w, btf, g);
		w->tolerant = true;
		if (!w->match[first])
			err = tolerant_group(r, w, btf, g);
	}
	if (shared)
		btf_repeats__unlock(r);
	w->tolerant = false;
	return err;
}

/* ---- Tarjan's strongly connected components, iteratively ----------------------------- */

struct tarjan {
	uint32_t		counter;
	uint32_t		max_depth;
	uint32_t		deep;		/* the first node deeper than max_depth, or NONE */
	struct tarjan_num	*num;		/* owned, per core id */
	uint32_t		*stack;		/* owned: Tarjan's stack, [0..sp) */
	uint32_t		sp;
	struct frame		*frames;	/* owned */
	uint32_t		fp;
	uint32_t		nr_members;
};

static void tarjan_push(struct btf_recs *rs, struct tarjan *tj, uint32_t x)
{
	const struct node *n = &rs->nodes[x];

	tj->num[x].idx = tj->num[x].low = ++tj->counter;
	tj->stack[tj->sp++] = x;
	tj->frames[tj->fp++] = (struct frame){ x, n->first_edge, n->first_edge + n->nr_edges, 0 };
}

/* Pops the group rooted at @x off Tarjan's stack. */
static void tarjan_pop_group(struct btf_recs *rs, struct tarjan *tj, uint32_t x)
{
	uint32_t g = rs->nr_groups++, y;

	rs->groups[g] = tj->nr_members;
	do {
		y = tj->stack[--tj->sp];
		rs->nodes[y].scc = g;
		tj->num[y].idx = DONE;
		rs->members[tj->nr_members++] = y;
	} while (y != x);
	rs->groups[g + 1] = tj->nr_members;
}

/*
 * A node's visit is over: the depth of its chains of references. Those of
 * the kinds libbpf's dedup follows by recursion (those with a target) are
 * their edges; a struct, a union or an enum ends a chain, and so does a
 * node still being visited (a cycle).
 */
static void tarjan_depth(const struct btf_recs *rs, struct tarjan *tj, const struct frame *f)
{
	uint32_t d = has_target(&rs->recs[f->node]) ? f->deepest + 1 : 1;

	tj->num[f->node].depth = d;
	if (d > tj->max_depth && tj->deep == NONE)
		tj->deep = f->node;
}

/* The deepest chain below the node of @f, with one through @ref. */
static void tarjan_deepest(const struct btf_recs *rs, const struct tarjan *tj, struct frame *f,
			   uint32_t ref)
{
	if (tj->num[ref].depth > f->deepest && has_target(&rs->recs[f->node]))
		f->deepest = tj->num[ref].depth;
}

/*
 * Visits everything reachable from @root; groups are numbered as they are
 * completed, each after every group it refers to.
 */
static void tarjan_visit(struct btf_recs *rs, struct tarjan *tj, uint32_t root)
{
	struct tarjan_num *num = tj->num;

	tarjan_push(rs, tj, root);
	while (tj->fp) {
		struct frame *f = &tj->frames[tj->fp - 1];
		uint32_t x = f->node;

		if (f->next_edge < f->end_edge) {
			uint32_t ref = rs->edges[f->next_edge++];

			if (!ref)
				continue;
			if (!num[ref].idx) {
				tarjan_push(rs, tj, ref);
				continue;
			}
			if (num[ref].idx < num[x].low)	/* on the stack */
				num[x].low = num[ref].idx;
			tarjan_deepest(rs, tj, f, ref);
			continue;
		}
		tarjan_depth(rs, tj, f);
		tj->fp--;
		if (num[x].low == num[x].idx)
			tarjan_pop_group(rs, tj, x);
		if (tj->fp) {
			struct frame *pf = &tj->frames[tj->fp - 1];

			if (num[x].low < num[pf->node].low)
				num[pf->node].low = num[x].low;
			tarjan_deepest(rs, tj, pf, x);
		}
	}
}

/* A node's record must have a kind, or be one of an error: never matched, but a node. */
static bool is_node(const struct btf_rec *rec)
{
	return rec->kind || rec->err;
}

/* Hashes the records and lists their references. */
static int init_nodes(struct btf_recs *rs)
{
	uint32_t x, i;

	rs->edges = malloc(((size_t)rs->nr_recs + rs->nr_items ?: 1) * sizeof(*rs->edges));
	if (!rs->edges)
		return -ENOMEM;
	for (x = 0; x < rs->nr_recs; x++) {
		const struct btf_rec *rec = &rs->recs[x];
		struct node *n = &rs->nodes[x];

		*n = (struct node){ .scc = NONE, .first_edge = rs->nr_edges };
		n->shallow = rec->kind ? rec_shallow_hash(rs, rec) : 0;
		if (has_target(rec))
			rs->edges[rs->nr_edges++] = rec->type;
		for (i = 0; items_have_types(rec) && i < rec->nr_items; i++)
			rs->edges[rs->nr_edges++] = rs->items[rec->first_item + i].type;
		n->nr_edges = rs->nr_edges - n->first_edge;
	}
	return 0;
}

int btf_recs__graph(struct btf_recs *rs, uint32_t max_depth, uint32_t *deep_ret)
{
	struct tarjan tj = { .max_depth = max_depth, .deep = NONE };
	uint32_t x;
	int err = init_nodes(rs);

	if (err)
		return err;
	tj.num = calloc(rs->nr_recs ?: 1, sizeof(*tj.num));
	tj.stack = malloc((rs->nr_recs ?: 1) * sizeof(*tj.stack));
	tj.frames = malloc((rs->nr_recs ?: 1) * sizeof(*tj.frames));
	if (!tj.num || !tj.stack || !tj.frames) {
		err = -ENOMEM;
		goto out_free;
	}
	for (x = 1; x < rs->nr_recs; x++)
		if (is_node(&rs->recs[x]) && !tj.num[x].idx)
			tarjan_visit(rs, &tj, x);
	rs->keys = calloc(rs->nr_groups ?: 1, sizeof(*rs->keys));
	if (!rs->keys)
		err = -ENOMEM;
	else if (tj.deep != NONE)
		err = -E2BIG;
	*deep_ret = tj.deep;
out_free:
	free(tj.num);
	free(tj.stack);
	free(tj.frames);
	return err;
}

/*
 * Arrays take @index_type, and their hashes with it (see rec_shallow_hash()):
 * the groups' keys are to be found again.
 */
static void set_index_type(struct btf_recs *rs, uint32_t index_type)
{
	uint32_t x;

	memset(rs->keys, 0, rs->nr_groups * sizeof(*rs->keys));
	for (x = 1; x < rs->nr_recs; x++) {
		if (rs->recs[x].kind != BTF_KIND_ARRAY)
			continue;
		rs->recs[x].index_type = index_type;
		rs->nodes[x].shallow = mix(rs->nodes[x].shallow, index_type);
	}
}

/* A matcher ready for the CU of @rs: its sets emptied, room for the ids below @end. */
static struct btf_matcher *start_cu(struct btf_repeats *r, const struct btf_recs *rs,
				    uint32_t end)
{
	struct btf_matcher *m = matcher_get(r);

	if (m && !dw_ensure_cap(&m->assumed, &m->assumed_cap, sizeof(*m->assumed), rs->nr_recs) &&
	    !id_set_start(&m->used, end) && !id_set_start(&m->claimed, end))
		return m;
	if (m)
		matcher_put(r, m);
	return NULL;
}

int btf_repeats__prematch(struct btf_repeats *r, const struct btf *btf, struct btf_recs *rs,
			  uint32_t index_type, uint32_t end, uint32_t *match_ret)
{
	struct btf_matcher *m = start_cu(r, rs, end);
	struct walk w = { m, rs, { btf, r->names }, match_ret, 0, 0, r->start_id, end, false,
			  r->start_id };
	uint32_t g;
	int err;

	if (!m)
		return -ENOMEM;
	memset(match_ret, 0, rs->nr_recs * sizeof(*match_ret));
	set_index_type(rs, index_type);
	for (g = 0; g < rs->nr_groups; g++) {
		if (g % GROUPS_PER_HOLD == 0)
			btf_repeats__lock_shared(r);
		match_group(r, &w, btf, g);
		if (g % GROUPS_PER_HOLD == GROUPS_PER_HOLD - 1 || g + 1 == rs->nr_groups)
			btf_repeats__unlock(r);
	}
	rs->taken.nr = 0;
	err = r->tolerant ? match_tolerant(r, &w, btf, true) : 0;
	matcher_put(r, m);
	return err;
}

int btf_repeats__match(struct btf_repeats *r, const struct btf *btf, struct btf_recs *rs,
		       uint32_t index_type, const struct btf_prematch *pre, uint32_t *match_ret)
{
	struct btf_matcher *m = start_cu(r, rs, btf__type_cnt(btf));
	struct walk w = { m, rs, { btf, r->names }, match_ret, 0, 0,
			  pre ? pre->end : r->start_id, btf__type_cnt(btf), false,
			  pre ? pre->end : r->start_id };
	uint32_t g, i;
	int err;

	if (!m)
		return -ENOMEM;
	r->first_new = btf__type_cnt(btf);
	if (pre) {
		memcpy(match_ret, pre->match, rs->nr_recs * sizeof(*match_ret));
		/* The loading thread's tolerant matches took those ids too. */
		for (i = 1; r->tolerant && i < rs->nr_recs; i++)
			if (match_ret[i])
				id_set_add(&m->used, match_ret[i]);
	} else {
		memset(match_ret, 0, rs->nr_recs * sizeof(*match_ret));
		set_index_type(rs, index_type);
		rs->taken.nr = 0;
	}
	for (g = 0; g < rs->nr_groups; g++)
		if (group_is_undecided(rs, g, match_ret))
			match_group(r, &w, btf, g);
	err = 0;
	if (r->tolerant) {
		/* The walks may reach every type; structs start anew from pre->end. */
		w.lo = r->start_id;
		err = match_tolerant(r, &w, btf, false) ?:
		      btf_name_list__append(&r->taken, &rs->taken);
	}
	matcher_put(r, m);
	return err;
}

/*
 * Whether every member of group @g was appended by this CU; with FWD
 * tolerance, its appended structs and unions go to r->by_shape meanwhile.
 */
static bool group_is_new(struct btf_repeats *r, const struct btf_recs *rs, uint32_t g,
			 const uint32_t *ids, int *err)
{
	bool is_new = true;
	uint32_t i;

	for (i = rs->groups[g]; i < rs->groups[g + 1]; i++) {
		uint32_t x = rs->members[i];
		const struct btf_rec *rec = &rs->recs[x];

		if (ids[x] < r->first_new) {
			is_new = false;
			continue;
		}
		if (r->tolerant && !*err && rec->is_matchable &&
		    (rec->kind == BTF_KIND_STRUCT || rec->kind == BTF_KIND_UNION))
			*err = hash_index__add(&r->by_shape, key_tag(rs->nodes[x].shallow), ids[x]);
	}
	return is_new;
}

int btf_repeats__index(struct btf_repeats *r, struct btf_recs *rs, const uint32_t *ids)
{
	uint32_t g, i, entry;
	int err = 0;

	for (g = 0; !err && g < rs->nr_groups; g++) {
		uint64_t key;

		if (!group_is_new(r, rs, g, ids, &err) || err || !group_is_matchable(rs, g) ||
		    !group_key(rs, g, ids, &key, &entry))
			continue;	/* a repeat (indexed already), or never to match */
		for (i = rs->groups[g]; !err && i < rs->groups[g + 1]; i++) {
			uint32_t x = rs->members[i];

			if (rs->nodes[x].hash == rs->nodes[entry].hash)
				err = hash_index__add(&r->index, key_tag(key), ids[x]);
		}
	}
	return err;
}

void btf_repeats__set_tolerant(struct btf_repeats *r, bool tolerant)
{
	r->tolerant = tolerant;
}

const struct btf_name_list *btf_repeats__taken(const struct btf_repeats *r)
{
	return &r->taken;
}
