// SPDX-License-Identifier: GPL-2.0-only
/* Split BTF deduplicated until nothing changes (btf_split_dedup.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "btf_base_match.h"
#include "btf_rec.h"
#include "dwarves.h"
#include "btf_split_dedup.h"

/* Each pass frees at least a level of types; kernels nest a few. */
enum { MAX_PASSES = 64 };

/* A pass's plan: what each type stands for, and its id in the copy. */
struct plan {
	uint32_t	*repl;		/* by id: what it stands for (btf_base_match.h) */
	uint32_t	*new_id;	/* by id: the id of what it stands for, in the copy */
	const struct btf_type **split;	/* by id - start: the split records */
	uint32_t	cap_repl, cap_new_id, cap_split;
};

static const char *name_at(const void *btf, uint32_t off)
{
	return btf__name_by_offset(btf, off);
}

/* The records of @btf's ids @from to @to - 1 into @t. */
static void records(const struct btf *btf, uint32_t from, uint32_t to,
		    const struct btf_type **t)
{
	uint32_t id;

	for (id = from; id < to; id++)
		t[id - from] = btf__type_by_id(btf, id);
}

/* Fills @p for @btf: how many split types go, or -errno. */
static int64_t plan_copy(struct btf_base_match *bm, const struct btf *btf, uint32_t start,
			 struct plan *p)
{
	uint32_t n = btf__type_cnt(btf), id, next = start;
	int64_t nr;

	if (dw_ensure_cap(&p->repl, &p->cap_repl, sizeof(*p->repl), n) ||
	    dw_ensure_cap(&p->new_id, &p->cap_new_id, sizeof(*p->new_id), n) ||
	    dw_ensure_cap(&p->split, &p->cap_split, sizeof(*p->split), n - start + 1))
		return -ENOMEM;
	records(btf, start, n, p->split);
	nr = btf_base_match__split(bm, p->split, n,
				   &(struct btf_strs){ .at = name_at, .ctx = btf }, p->repl);
	if (nr < 0)
		return nr;
	/* The kept split types first, in order; then what the rest stand for. */
	for (id = start; id < n; id++)
		if (p->repl[id] == id)
			p->new_id[id] = next++;
	for (id = 0; id < n; id++)
		if (p->repl[id] != id || id < start)
			p->new_id[id] = p->repl[id] < start ? p->repl[id] : p->new_id[p->repl[id]];
	return nr;
}

/* @id's number in the copy (btf_rec_fn): @ctx is the plan's new_id. */
static uint32_t new_id_of(void *ctx, uint32_t id)
{
	return ((const uint32_t *)ctx)[id];
}

/*
 * A copy of @btf's split part without the types that stand for others,
 * whose references follow @p. 0 or -errno.
 */
static int copy_kept(const struct btf *btf, uint32_t start, const struct plan *p,
		     struct btf **ret)
{
	struct btf *copy = btf__new_empty_split((struct btf *)btf__base_btf(btf));
	uint32_t n = btf__type_cnt(btf), id;
	int err = copy ? 0 : -errno, got;

	for (id = start; id < n && !err; id++) {
		if (p->repl[id] != id)
			continue;
		got = btf__add_type(copy, btf, btf__type_by_id(btf, id));
		err = got < 0 ? got :
		      btf_rec__ids((struct btf_type *)btf__type_by_id(copy, got), new_id_of, p->new_id);
	}
	if (err) {
		btf__free(copy);
		return err;
	}
	*ret = copy;
	return 0;
}

/* One pass: what stands for another dropped, the copy deduplicated by libbpf. */
static int dedup_pass(struct btf_base_match *bm, struct btf **btf, uint32_t start,
		      struct plan *p, int64_t *nr_gone)
{
	struct btf *copy;
	int err;

	*nr_gone = plan_copy(bm, *btf, start, p);
	if (*nr_gone < 0)
		return *nr_gone;
	err = copy_kept(*btf, start, p, &copy);
	if (err)
		return err;
	btf__free(*btf);
	*btf = copy;
	return btf__dedup(copy, NULL);
}

int btf_split__dedup(struct btf **btf)
{
	const struct btf *base = btf__base_btf(*btf);
	struct btf_base_match *bm = NULL;
	const struct btf_type **base_t = NULL;
	struct plan p = { 0 };
	uint32_t start, pass, before;
	int64_t nr_gone = 0;
	int err;

	if (!base)
		return btf__dedup(*btf, NULL);
	start = btf__type_cnt(base);
	/*
	 * libbpf makes the base modifiable (its strings moved) the first time
	 * a string is looked up in it, and a copy's names are looked up there
	 * while they point into the base's strings: that happens here, first.
	 */
	err = btf__find_str((struct btf *)base, "");
	base_t = err == -ENOMEM ? NULL : malloc(start * sizeof(*base_t));
	err = err == -ENOMEM || !base_t ? -ENOMEM : 0;
	if (!err) {
		records(base, 0, start, base_t);
		err = btf_base_match__new(base_t, start,
					  &(struct btf_strs){ .at = name_at, .ctx = base }, NULL, 0,
					  &bm);
	}
	for (pass = 0; !err && pass < MAX_PASSES; pass++) {
		before = btf__type_cnt(*btf);
		err = dedup_pass(bm, btf, start, &p, &nr_gone);
		if (!err && !nr_gone && btf__type_cnt(*btf) == before)
			break;
	}
	free(p.repl);
	free(p.new_id);
	free(p.split);
	free(base_t);
	btf_base_match__free(bm);
	return err;
}
