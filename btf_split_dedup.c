// SPDX-License-Identifier: GPL-2.0-only
/* Split BTF deduplicated until nothing changes (btf_split_dedup.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "btf_split_dedup.h"

/* Each pass frees at least a level of typedefs or types; kernels nest a few. */
enum { MAX_PASSES = 64 };

/* The base's typedefs by name: open addressing, base type ids (0: empty). */
struct typedef_index {
	const struct btf	*base;
	uint32_t		*slots;
	uint32_t		mask;
};

static uint32_t name_hash(const char *s)
{
	uint32_t h = 2166136261u;

	while (*s)
		h = (h ^ (unsigned char)*s++) * 16777619u;
	return h;
}

static int index_build(struct typedef_index *ix, const struct btf *base)
{
	uint32_t n = btf__type_cnt(base), id, nr = 0, size = 16, i;

	for (id = 1; id < n; id++)
		nr += btf_is_typedef(btf__type_by_id(base, id));
	while (size < 2 * nr)
		size *= 2;
	ix->base = base;
	ix->mask = size - 1;
	ix->slots = calloc(size, sizeof(*ix->slots));
	if (!ix->slots)
		return -ENOMEM;
	for (id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(base, id);

		if (!btf_is_typedef(t))
			continue;
		for (i = name_hash(btf__name_by_offset(base, t->name_off)) & ix->mask;
		     ix->slots[i]; i = (i + 1) & ix->mask)
			;
		ix->slots[i] = id;
	}
	return 0;
}

/* The base typedef named @name with @t's kind, flag and target, or 0. */
static uint32_t index_twin(const struct typedef_index *ix, const char *name,
			   const struct btf_type *t)
{
	uint32_t i;

	for (i = name_hash(name) & ix->mask; ix->slots[i]; i = (i + 1) & ix->mask) {
		const struct btf_type *b = btf__type_by_id(ix->base, ix->slots[i]);

		if (b->info == t->info && b->type == t->type &&
		    !strcmp(btf__name_by_offset(ix->base, b->name_off), name))
			return ix->slots[i];
	}
	return 0;
}

/*
 * @map[id - start] for each split type: its twin in the base, or its id in
 * a copy without the twinned. Returns how many have a twin.
 */
static uint32_t find_twins(const struct typedef_index *ix, const struct btf *btf,
			   uint32_t start, uint32_t *map)
{
	uint32_t n = btf__type_cnt(btf), id, next = start, nr = 0;

	for (id = start; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);
		uint32_t twin = 0;

		if (btf_is_typedef(t) && t->type < start)
			twin = index_twin(ix, btf__name_by_offset(btf, t->name_off), t);
		map[id - start] = twin ? twin : next++;
		nr += twin != 0;
	}
	return nr;
}

static void remap(uint32_t *id, const uint32_t *map, uint32_t start)
{
	if (*id >= start)
		*id = map[*id - start];
}

/* The type ids @t refers to, through @map. -EOPNOTSUPP for a kind not known here. */
static int remap_type(struct btf_type *t, const uint32_t *map, uint32_t start)
{
	uint16_t i, n = btf_vlen(t);

	switch (btf_kind(t)) {
	case BTF_KIND_INT: case BTF_KIND_FLOAT: case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		return 0;
	case BTF_KIND_PTR: case BTF_KIND_CONST: case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPEDEF: case BTF_KIND_FUNC: case BTF_KIND_VAR: case BTF_KIND_TYPE_TAG:
	case BTF_KIND_DECL_TAG:
		remap(&t->type, map, start);
		return 0;
	case BTF_KIND_ARRAY:
		remap(&btf_array(t)->type, map, start);
		remap(&btf_array(t)->index_type, map, start);
		return 0;
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		for (i = 0; i < n; i++)
			remap(&btf_members(t)[i].type, map, start);
		return 0;
	case BTF_KIND_FUNC_PROTO:
		remap(&t->type, map, start);
		for (i = 0; i < n; i++)
			remap(&btf_params(t)[i].type, map, start);
		return 0;
	case BTF_KIND_DATASEC:
		for (i = 0; i < n; i++)
			remap(&btf_var_secinfos(t)[i].type, map, start);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

/* A copy of @btf's split part without the twinned typedefs. 0 or -errno. */
static int copy_without(const struct btf *btf, uint32_t start, const uint32_t *map,
			struct btf **ret)
{
	struct btf *copy = btf__new_empty_split((struct btf *)btf__base_btf(btf));
	uint32_t n = btf__type_cnt(btf), id;
	int err = copy ? 0 : -errno, got;

	for (id = start; id < n && !err; id++) {
		if (map[id - start] < start)
			continue;
		got = btf__add_type(copy, btf, btf__type_by_id(btf, id));
		err = got < 0 ? got :
		      remap_type((struct btf_type *)btf__type_by_id(copy, got), map, start);
	}
	if (err) {
		btf__free(copy);
		return err;
	}
	*ret = copy;
	return 0;
}

/* One pass: the split part copied without the twinned typedefs, then deduplicated. */
static int dedup_pass(const struct typedef_index *ix, struct btf **btf, uint32_t start,
		      uint32_t *map, uint32_t *nr_twins)
{
	struct btf *copy;
	int err;

	*nr_twins = find_twins(ix, *btf, start, map);
	err = copy_without(*btf, start, map, &copy);
	if (err)
		return err;
	btf__free(*btf);
	*btf = copy;
	return btf__dedup(copy, NULL);
}

int btf_split__dedup(struct btf **btf)
{
	const struct btf *base = btf__base_btf(*btf);
	struct typedef_index ix = { 0 };
	uint32_t *map = NULL, start, pass, before, nr_twins = 0;
	int err;

	if (!base)
		return 0;
	start = btf__type_cnt(base);
	err = index_build(&ix, base);
	for (pass = 0; !err && pass < MAX_PASSES; pass++) {
		before = btf__type_cnt(*btf);
		free(map);
		map = malloc((before - start + 1) * sizeof(*map));
		if (!map) {
			err = -ENOMEM;
			break;
		}
		err = dedup_pass(&ix, btf, start, map, &nr_twins);
		if (!err && !nr_twins && btf__type_cnt(*btf) == before)
			break;
	}
	free(map);
	free(ix.slots);
	return err;
}
