/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARVES_HASH_H
#define PAHOLE_DWARVES_HASH_H
/*
 * The programs' tables: one map of integer keys (open addressing), one
 * string hash, and on them an index from 32-bit hashes to several of the
 * caller's numbers and a set of borrowed strings. All are embedded objects
 * (zeroed is empty; __release() frees the contents). A table keeps no
 * state outside itself: any thread may use one it owns, and no two threads
 * use one table at once, unless all of them only read.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stddef.h>

/* FNV-1a, 32 bits, of @s; NULL hashes as "". */
uint32_t hash_str(const char *s);

/* One slot of an int_map: in use while its stamp is the map's. */
struct int_map_slot {
	uint64_t	key;
	uint32_t	value;
	uint32_t	stamp;
};

/*
 * 64-bit keys to 32-bit values, one value a key: linear probing in a
 * power of two of slots, at most half of them in use. A slot is in use
 * while its stamp is the map's, so that emptying the map is one increment
 * (int_map__clear()), and a map reused for many small sets of keys probes
 * only the slots the current one needs (int_map__reset()). Nothing here
 * depends on the order of adding but where keys sit.
 */
struct int_map {
	struct int_map_slot	*slots;		/* owned; cap of them, or NULL */
	uint32_t		mask;		/* the slots probed - 1 (a power of 2 - 1) */
	uint32_t		cap;		/* slots allocated: 0 or a power of 2 */
	uint32_t		nr;		/* keys in the map */
	uint32_t		stamp;		/* of the slots in use; 0 until there are slots */
};

/* Where the probe for @key starts, in a table of @mask + 1 slots. */
static inline uint32_t int_map__pos(uint64_t key, uint32_t mask)
{
	return (uint32_t)((key * 0x9e3779b97f4a7c15ull) >> 32) & mask;
}

/* The value of @key in @m, NULL when absent; valid until the next add. */
static inline uint32_t *int_map__find(const struct int_map *m, uint64_t key)
{
	uint32_t i;

	if (!m->cap)
		return NULL;
	for (i = int_map__pos(key, m->mask); m->slots[i].stamp == m->stamp;
	     i = (i + 1) & m->mask)
		if (m->slots[i].key == key)
			return &m->slots[i].value;
	return NULL;
}

/* Starts fetching the slot @key's probe starts at. */
static inline void int_map__prefetch(const struct int_map *m, uint64_t key)
{
	if (m->cap)
		__builtin_prefetch(&m->slots[int_map__pos(key, m->mask)]);
}

/*
 * The value of @key, @value put there first when @key is absent (*@added
 * says which, unless @added is NULL); NULL when out of memory. Allocates
 * only when the map is half full: never after int_map__reserve() or
 * int_map__reset() made room for the keys added.
 */
uint32_t *int_map__add(struct int_map *m, uint64_t key, uint32_t value, bool *added);
/* Makes room for @n keys in all. 0 or -ENOMEM. */
int int_map__reserve(struct int_map *m, uint32_t n);
/* Empties @m in constant time, keeping its memory and the slots it probes. */
void int_map__clear(struct int_map *m);
/*
 * Empties @m, and makes room for @n keys in as few slots as that takes
 * (its memory kept when big enough). 0 or -ENOMEM.
 */
int int_map__reset(struct int_map *m, uint32_t n);
void int_map__release(struct int_map *m);

/* One value added to an index. */
struct hash_entry {
	uint32_t	value;
	uint32_t	next;		/* the next entry of its hash + 1, 0: none */
	uint32_t	last;		/* oldest first, in a hash's first entry: its last + 1 */
};

/*
 * Hashes to values, several values per hash allowed; the caller compares
 * its keys. Lookups see the values of a hash newest first, or oldest first
 * when oldest_first was set before the first add; only the order of adding
 * decides, whatever the growth.
 */
struct hash_index {
	struct int_map		first;		/* hash -> its first entry, index in entries */
	struct hash_entry	*entries;	/* owned, in the order added */
	uint32_t		nr, cap;
	bool			oldest_first;
};

/* Adds @value under @hash. 0 or -ENOMEM. */
int hash_index__add(struct hash_index *ix, uint32_t hash, uint32_t value);
/*
 * The first entry of @hash: its position (index in entries + 1), 0 when
 * none. hash_index__next() gives the next one of the same hash:
 *
 *	for (p = hash_index__first(ix, h); p; p = hash_index__next(ix, p))
 *		use(hash_index__value(ix, p));
 */
static inline uint32_t hash_index__first(const struct hash_index *ix, uint32_t hash)
{
	const uint32_t *e = int_map__find(&ix->first, hash);

	return e ? *e + 1 : 0;
}

static inline uint32_t hash_index__next(const struct hash_index *ix, uint32_t pos)
{
	return ix->entries[pos - 1].next;
}

static inline uint32_t hash_index__value(const struct hash_index *ix, uint32_t pos)
{
	return ix->entries[pos - 1].value;
}
/* Empties @ix, keeping its memory, in constant time. */
void hash_index__clear(struct hash_index *ix);
void hash_index__release(struct hash_index *ix);

/* A set of strings, borrowed: each must outlive the set. */
struct str_set {
	struct hash_index	ix;		/* value: index in strs */
	const char		**strs;		/* owned array, in the order added; NULL: removed */
	uint32_t		nr, cap;
};

/* Whether @str (NULL: never) is in @s. */
bool str_set__has(const struct str_set *s, const char *str);
/* Adds @str unless NULL or present. 0 or -ENOMEM. */
int str_set__add(struct str_set *s, const char *str);
/* Takes @str out of @s, if there; adding it again later is fine. */
void str_set__remove(struct str_set *s, const char *str);
void str_set__release(struct str_set *s);

#endif
