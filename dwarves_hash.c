// SPDX-License-Identifier: GPL-2.0-only
/*
 * The string hash and the tables of dwarves_hash.h. The index chains its
 * entries by bucket, newest at the head; growing it links the entries
 * again in the order they were added, so that the chains keep that order.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dwarves.h"
#include "dwarves_hash.h"

enum { MIN_BUCKETS = 64 };

uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;

	for (; s && *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h;
}

static void link_entry(struct hash_index *ix, uint32_t i)
{
	uint32_t *head = &ix->heads[ix->entries[i].hash & (ix->nr_buckets - 1)];

	ix->entries[i].next = *head;
	*head = i + 1;
}

/* Twice as many buckets as entries at most, so that chains stay short. */
static int grow_buckets(struct hash_index *ix)
{
	uint32_t n = ix->nr_buckets ? ix->nr_buckets * 2 : MIN_BUCKETS, i;
	uint32_t *heads;

	if (n < ix->nr_buckets)
		return -ENOMEM;
	heads = calloc(n, sizeof(*heads));
	if (!heads)
		return -ENOMEM;
	free(ix->heads);
	ix->heads = heads;
	ix->nr_buckets = n;
	for (i = 0; i < ix->nr; i++)
		link_entry(ix, i);
	return 0;
}

int hash_index__add(struct hash_index *ix, uint32_t hash, uint32_t value)
{
	int err = 0;

	if (ix->nr == UINT32_MAX - 1)
		return -ENOMEM;
	if ((uint64_t)(ix->nr + 1) * 2 > ix->nr_buckets)
		err = grow_buckets(ix);
	err = err ?: dw_ensure_cap(&ix->entries, &ix->cap, sizeof(*ix->entries), ix->nr + 1);
	if (err)
		return err;
	ix->entries[ix->nr] = (struct hash_entry){ .hash = hash, .value = value };
	link_entry(ix, ix->nr++);
	return 0;
}

static uint32_t same_hash(const struct hash_index *ix, uint32_t pos, uint32_t hash)
{
	while (pos && ix->entries[pos - 1].hash != hash)
		pos = ix->entries[pos - 1].next;
	return pos;
}

uint32_t hash_index__first(const struct hash_index *ix, uint32_t hash)
{
	if (!ix->nr_buckets)
		return 0;
	return same_hash(ix, ix->heads[hash & (ix->nr_buckets - 1)], hash);
}

uint32_t hash_index__next(const struct hash_index *ix, uint32_t pos)
{
	return same_hash(ix, ix->entries[pos - 1].next, ix->entries[pos - 1].hash);
}

void hash_index__clear(struct hash_index *ix)
{
	uint32_t i;

	for (i = 0; i < ix->nr; i++)
		ix->heads[ix->entries[i].hash & (ix->nr_buckets - 1)] = 0;
	ix->nr = 0;
}

void hash_index__release(struct hash_index *ix)
{
	free(ix->entries);
	free(ix->heads);
	*ix = (struct hash_index){ 0 };
}

/* The index in s->strs of @str, or -1. */
static int64_t str_set_find(const struct str_set *s, const char *str)
{
	uint32_t p;

	for (p = hash_index__first(&s->ix, hash_str(str)); p; p = hash_index__next(&s->ix, p)) {
		const char *cand = s->strs[hash_index__value(&s->ix, p)];

		if (cand && !strcmp(cand, str))
			return hash_index__value(&s->ix, p);
	}
	return -1;
}

bool str_set__has(const struct str_set *s, const char *str)
{
	return str && str_set_find(s, str) >= 0;
}

void str_set__remove(struct str_set *s, const char *str)
{
	int64_t i = str ? str_set_find(s, str) : -1;

	if (i >= 0)
		s->strs[i] = NULL;
}

int str_set__add(struct str_set *s, const char *str)
{
	int err;

	if (!str || str_set__has(s, str))
		return 0;
	err = dw_ensure_cap(&s->strs, &s->cap, sizeof(*s->strs), s->nr + 1) ?:
	      hash_index__add(&s->ix, hash_str(str), s->nr);
	if (err)
		return err;
	s->strs[s->nr++] = str;
	return 0;
}

void str_set__release(struct str_set *s)
{
	hash_index__release(&s->ix);
	free(s->strs);
	*s = (struct str_set){ 0 };
}
