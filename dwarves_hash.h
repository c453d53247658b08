/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARVES_HASH_H
#define PAHOLE_DWARVES_HASH_H
/*
 * The programs' one string hash and the two tables built on it: an index
 * from 32-bit hashes to the caller's numbers, and a set of borrowed
 * strings. Both are embedded objects (zeroed is empty; __release() frees
 * the contents). A table keeps no state outside itself: any thread may use
 * one it owns, and no two threads use one table at once (the callers'
 * tables are main-thread only).
 */
#include <stdbool.h>
#include <stdint.h>

/* FNV-1a, 32 bits, of @s; NULL hashes as "". */
uint32_t hash_str(const char *s);

/* One value added to an index. */
struct hash_entry {
	uint32_t	hash;
	uint32_t	value;
	uint32_t	next;		/* the older entry of its bucket + 1, 0: none */
};

/*
 * Hashes to values, several values per hash allowed; the caller compares
 * its keys. Lookups see the values of a hash newest first, whatever the
 * growth, so an output that follows them depends only on the order of adding.
 */
struct hash_index {
	struct hash_entry	*entries;	/* owned, in the order added */
	uint32_t		*heads;		/* owned, by bucket: newest entry + 1 */
	uint32_t		nr, cap;
	uint32_t		nr_buckets;	/* 0 or a power of 2 */
};

/* Adds @value under @hash. 0 or -ENOMEM. */
int hash_index__add(struct hash_index *ix, uint32_t hash, uint32_t value);
/*
 * The newest entry of @hash: its position (index in entries + 1), 0 when
 * none. hash_index__next() gives the next older one of the same hash:
 *
 *	for (p = hash_index__first(ix, h); p; p = hash_index__next(ix, p))
 *		use(hash_index__value(ix, p));
 */
uint32_t hash_index__first(const struct hash_index *ix, uint32_t hash);
uint32_t hash_index__next(const struct hash_index *ix, uint32_t pos);
static inline uint32_t hash_index__value(const struct hash_index *ix, uint32_t pos)
{
	return ix->entries[pos - 1].value;
}
/* Empties @ix, keeping its memory: in time proportional to its entries. */
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
