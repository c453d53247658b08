// SPDX-License-Identifier: GPL-2.0-only
/* BTF string offsets by name address (see btf_names.h): an int_map of addresses. */
#include <errno.h>
#include <stdlib.h>

#include "btf_names.h"
#include "dwarves_hash.h"

enum { FIRST_ROOM = 1u << 13 };	/* names before the first growth */

struct btf_names {
	struct int_map	map;		/* address -> offset */
};

struct btf_names *btf_names__new(void)
{
	return calloc(1, sizeof(struct btf_names));
}

void btf_names__free(struct btf_names *n)
{
	if (!n)
		return;
	int_map__release(&n->map);
	free(n);
}

void btf_names__clear(struct btf_names *n)
{
	int_map__release(&n->map);
}

void btf_names__prefetch(const struct btf_names *n, const char *name)
{
	if (name)
		int_map__prefetch(&n->map, (uintptr_t)name);
}

int64_t btf_names__find(const struct btf_names *n, const char *name)
{
	const uint32_t *off = int_map__find(&n->map, (uintptr_t)name);

	return off ? (int64_t)*off : -1;
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
	if ((!n->map.cap && int_map__reserve(&n->map, FIRST_ROOM)) ||
	    !int_map__add(&n->map, (uintptr_t)name, (uint32_t)off, NULL))
		return -ENOMEM;
	return off;
}
