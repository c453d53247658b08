// SPDX-License-Identifier: GPL-2.0-only
/*
 * The string hash and the tables of dwarves_hash.h. The index keeps, per
 * hash, its first entry in an int_map and the others chained from it, so
 * that growing the map never reorders them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "dwarves.h"
#include "dwarves_hash.h"

enum { MIN_SLOTS = 16 };

uint32_t hash_str(const char *s)
{
	uint32_t h = 2166136261u;

	for (; s && *s; s++)
		h = (h ^ (uint8_t)*s) * 16777619u;
	return h;
}

/* The fewest slots for @n keys, at least MIN_SLOTS; 0 past 2^31. */
static uint32_t slots_for(uint32_t n)
{
	uint64_t size = MIN_SLOTS;

	while (size < 2 * (uint64_t)n)
		size *= 2;
	return size > (1u << 31) ? 0 : (uint32_t)size;
}

/* The keys of @m moved into a new array of @size slots. */
static int rehash(struct int_map *m, uint32_t size)
{
	struct int_map_slot *slots = calloc(size, sizeof(*slots));
	uint32_t stamp = m->stamp ? m->stamp : 1, i, j;

	if (!slots)
		return -ENOMEM;
	for (i = 0; m->cap && i <= m->mask; i++) {
		if (m->slots[i].stamp != m->stamp)
			continue;
		for (j = int_map__pos(m->slots[i].key, size - 1); slots[j].stamp;
		     j = (j + 1) & (size - 1))
			;
		slots[j] = m->slots[i];
		slots[j].stamp = stamp;
	}
	free(m->slots);
	m->slots = slots;
	m->cap = size;
	m->mask = size - 1;
	m->stamp = stamp;
	return 0;
}

int int_map__reserve(struct int_map *m, uint32_t n)
{
	uint32_t size;

	if (m->cap && 2 * (uint64_t)n <= (uint64_t)m->mask + 1)
		return 0;
	size = slots_for(n);
	return size ? rehash(m, size) : -ENOMEM;
}

uint32_t *int_map__add(struct int_map *m, uint64_t key, uint32_t value, bool *added)
{
	uint32_t i = 0;

	if (m->cap) {
		for (i = int_map__pos(key, m->mask); m->slots[i].stamp == m->stamp;
		     i = (i + 1) & m->mask) {
			if (m->slots[i].key == key) {
				if (added)
					*added = false;
				return &m->slots[i].value;
			}
		}
	}
	/* Absent: i is the free slot its probe ended at, unless the map grows. */
	if (!m->cap || 2 * ((uint64_t)m->nr + 1) > (uint64_t)m->mask + 1) {
		if (m->nr == UINT32_MAX || int_map__reserve(m, m->nr + 1))
			return NULL;
		for (i = int_map__pos(key, m->mask); m->slots[i].stamp == m->stamp;
		     i = (i + 1) & m->mask)
			;
	}
	m->slots[i] = (struct int_map_slot){ .key = key, .value = value, .stamp = m->stamp };
	m->nr++;
	if (added)
		*added = true;
	return &m->slots[i].value;
}

void int_map__clear(struct int_map *m)
{
	m->nr = 0;
	if (!m->cap)
		return;
	/* Slots of older stamps are free; after a wrap, none may be left. */
	if (++m->stamp == 0) {
		memset(m->slots, 0, (size_t)m->cap * sizeof(*m->slots));
		m->stamp = 1;
	}
}

int int_map__reset(struct int_map *m, uint32_t n)
{
	uint32_t size = slots_for(n);

	if (!size)
		return -ENOMEM;
	if (size > m->cap) {
		int_map__release(m);
		return rehash(m, size);
	}
	/* Every slot is of an older stamp now: any first ones can be probed. */
	int_map__clear(m);
	m->mask = size - 1;
	return 0;
}

void int_map__release(struct int_map *m)
{
	free(m->slots);
	*m = (struct int_map){ 0 };
}

int hash_index__add(struct hash_index *ix, uint32_t hash, uint32_t value)
{
	uint32_t n = ix->nr, *first;
	bool added;

	if (n == UINT32_MAX - 1 ||
	    dw_ensure_cap(&ix->entries, &ix->cap, sizeof(*ix->entries), n + 1))
		return -ENOMEM;
	first = int_map__add(&ix->first, hash, n, &added);
	if (!first)
		return -ENOMEM;
	ix->entries[n] = (struct hash_entry){ .value = value, .last = n + 1 };
	if (!added && ix->oldest_first) {
		struct hash_entry *f = &ix->entries[*first];

		ix->entries[f->last - 1].next = n + 1;
		f->last = n + 1;
	} else if (!added) {
		ix->entries[n].next = *first + 1;
		*first = n;
	}
	ix->nr++;
	return 0;
}

void hash_index__clear(struct hash_index *ix)
{
	int_map__clear(&ix->first);
	ix->nr = 0;
}

void hash_index__release(struct hash_index *ix)
{
	int_map__release(&ix->first);
	free(ix->entries);
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
