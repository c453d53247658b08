// SPDX-License-Identifier: GPL-2.0-only
/*
 * BTF string offsets by name address (see btf_names.h): an open-addressing
 * hash table of addresses, at most half full.
 */
#include <errno.h>
#include <stdlib.h>

#include "btf_names.h"

struct name_slot {
	const char	*name;		/* NULL: empty */
	uint32_t	off;
};

struct btf_names {
	struct name_slot	*slots;		/* owned; a power of two of them, or NULL */
	uint32_t		mask;		/* slots - 1 */
	uint32_t		nr;
};

struct btf_names *btf_names__new(void)
{
	return calloc(1, sizeof(struct btf_names));
}

void btf_names__free(struct btf_names *n)
{
	if (!n)
		return;
	free(n->slots);
	free(n);
}

void btf_names__clear(struct btf_names *n)
{
	free(n->slots);
	n->slots = NULL;
	n->mask = 0;
	n->nr = 0;
}

static uint32_t slot_of(const struct btf_names *n, const char *name)
{
	uint64_t h = (uint64_t)(uintptr_t)name * 0x9e3779b97f4a7c15ULL;

	return (uint32_t)(h >> 32) & n->mask;
}

static void put(struct btf_names *n, const char *name, uint32_t off)
{
	uint32_t i = slot_of(n, name);

	while (n->slots[i].name)
		i = (i + 1) & n->mask;
	n->slots[i] = (struct name_slot){ name, off };
}

static int grow(struct btf_names *n)
{
	struct name_slot *old = n->slots;
	uint32_t old_size = old ? n->mask + 1 : 0, i;
	uint32_t size = old_size ? old_size * 2 : 1u << 14;

	if (size <= old_size)
		return -ENOMEM;
	n->slots = calloc(size, sizeof(*n->slots));
	if (!n->slots) {
		n->slots = old;
		return -ENOMEM;
	}
	n->mask = size - 1;
	for (i = 0; i < old_size; i++)
		if (old[i].name)
			put(n, old[i].name, old[i].off);
	free(old);
	return 0;
}

void btf_names__prefetch(const struct btf_names *n, const char *name)
{
	if (n->slots && name)
		__builtin_prefetch(&n->slots[slot_of(n, name)]);
}

int64_t btf_names__find(const struct btf_names *n, const char *name)
{
	uint32_t i;

	if (!n->slots)
		return -1;
	for (i = slot_of(n, name); n->slots[i].name; i = (i + 1) & n->mask)
		if (n->slots[i].name == name)
			return n->slots[i].off;
	return -1;
}

int btf_names__add(struct btf_names *n, struct btf *btf, const char *name)
{
	int64_t found;
	int off;

	if (!name)
		return 0;
	/* By address first: the string itself is likely not in the cache. */
	found = btf_names__find(n, name);
	if (found >= 0)
		return (int)found;
	off = name[0] ? btf__add_str(btf, name) : 0;
	if (off < 0)
		return off;
	if (n->nr >= (n->mask + 1) / 2 && grow(n))
		return -ENOMEM;
	put(n, name, (uint32_t)off);
	n->nr++;
	return off;
}
