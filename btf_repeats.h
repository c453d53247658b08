/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_REPEATS_H
#define PAHOLE_BTF_REPEATS_H
/*
 * Exact repeats of types across CUs, recognised before they are appended.
 *
 * Most of a kernel's CUs carry copies of the same headers' types. The
 * encoder describes each type of a CU as the record btf__add_*() would
 * append (struct btf_rec), with its references still core ids. The
 * matcher then finds, for each strongly connected group of the CU's types,
 * an already appended group of the same BTF with exactly the same records,
 * names and references, one to one: those types are not appended again,
 * their core ids take the existing BTF ids. A CU never maps two of its
 * types to one BTF type, so the BTF handed to btf__dedup() only lacks
 * later exact copies of earlier types, in the same order otherwise, and
 * dedups to the same bytes. FWD tolerance (btf_repeats__set_tolerant())
 * merges more, under a check after dedup.
 *
 * The records and their graph are built on any thread, per CU; the index
 * of the BTF is the collector's (main thread's), which the loading threads
 * read under its lock.
 */
#include <stdbool.h>
#include <stdint.h>
#include <bpf/btf.h>

#include "btf_equiv.h"
#include "btf_names.h"

/*
 * One item of a record: a member (name, type, bit offset in lo, bitfield
 * size in hi), an enumerator (name, value in hi:lo) or a parameter (name,
 * type; varargs is an item without name and type).
 */
struct btf_rec_item {
	const char	*name;		/* borrowed from the CU; NULL or "": none */
	uint32_t	type;		/* core id, aliases resolved; 0: void */
	uint32_t	lo;
	uint32_t	hi;
};

/*
 * One BTF type as the encoder would append it: the arguments of its
 * btf__add_*() calls, references as core ids (aliases resolved).
 */
struct btf_rec {
	uint8_t		kind;		/* BTF_KIND_* */
	bool		kflag;		/* as libbpf sets it from the arguments */
	bool		is_matchable;	/* false: libbpf would refuse it; never matched */
	const char	*name;		/* borrowed from the CU; NULL or "": none */
	uint32_t	size;		/* INT, FLOAT, STRUCT, UNION, ENUM, ENUM64 */
	uint32_t	type;		/* core id: target, element or return type */
	uint32_t	extra;		/* INT: encoding; ARRAY: number of elements */
	uint32_t	index_type;	/* ARRAY: BTF id of the index type; 0: not
					 * known before appending (never matched) */
	uint32_t	first_item;	/* in the item store of its btf_recs */
	uint32_t	nr_items;
	int		err;		/* -errno: this type cannot be encoded */
	const char	*err_what;	/* static; NULL: libbpf's error is the reason */
};

/* The info word libbpf writes for @rec. */
static inline uint32_t btf_rec__info(const struct btf_rec *rec)
{
	return (uint32_t)rec->kflag << 31 | (uint32_t)rec->kind << 24 | rec->nr_items;
}

/* The offset word libbpf writes for member item @it: bit offset, bitfield size. */
static inline uint32_t btf_rec_item__member_offset(const struct btf_rec_item *it)
{
	return it->lo | it->hi << 24;
}

/*
 * A CU's records and the graph of their references: built from the CU
 * alone, on any thread (btf_encoder__prepare_cu()), then handed to the
 * matcher on the collector thread.
 */
struct btf_recs;

/*
 * Returns 0 and, in *@ret, the records of a CU of @nr_types core types, or
 * -ENOMEM. The first, void's, is zeroed; the caller sets every other one
 * before btf_recs__graph(), zeroed (kind 0) for a core id that is no BTF
 * type. Free with btf_recs__free(). Any thread.
 */
int btf_recs__new(uint32_t nr_types, struct btf_recs **ret);
void btf_recs__free(struct btf_recs *rs);

/* The record array, by core id: owned by @rs. */
struct btf_rec *btf_recs__recs(struct btf_recs *rs);

/*
 * Gives record @rec of @rs @nr items. Returns them (zeroed, valid until the
 * next call) or NULL (out of memory).
 */
struct btf_rec_item *btf_recs__add_items(struct btf_recs *rs, struct btf_rec *rec, uint32_t nr);

/* The items of record @rec of @rs. */
const struct btf_rec_item *btf_recs__items(const struct btf_recs *rs, const struct btf_rec *rec);

/*
 * After the last record: hashes the records, lists their references and
 * finds the strongly connected groups, children first. Meanwhile measures
 * the chains of references libbpf's dedup follows by recursion (through
 * the kinds with a target), in records: -E2BIG when one is longer than
 * @max_depth, with in *@deep_ret a record that starts one. 0, -E2BIG or
 * -ENOMEM. Any thread; @rs is the caller's alone.
 */
int btf_recs__graph(struct btf_recs *rs, uint32_t max_depth, uint32_t *deep_ret);

/*
 * True when BTF type @id of @btf is exactly record @rec of @rs, with its
 * references mapped through @ids: the check that an appended type is what
 * its record says. @names (or NULL) knows offsets of @btf's strings.
 */
bool btf_recs__rec_is(const struct btf_recs *rs, const struct btf *btf,
		      const struct btf_names *names, const struct btf_rec *rec, uint32_t id,
		      const uint32_t *ids);

/*
 * The matcher of a BTF being built. The collector (main) thread appends
 * and indexes; loading threads may match a CU first against what was
 * appended when they started it (btf_repeats__prematch()), and the
 * collector then matches the rest (btf_repeats__match()).
 */
struct btf_repeats;

/*
 * A new, empty matcher for @btf (only its base is read now), or NULL (out
 * of memory). Free with btf_repeats__free(). @names (borrowed, or NULL)
 * knows offsets of the strings of @btf: names are compared by them when it
 * can.
 */
struct btf_repeats *btf_repeats__new(const struct btf *btf, const struct btf_names *names);
void btf_repeats__free(struct btf_repeats *r);

/*
 * The lock of the BTF, its names and the index. The collector holds it
 * (btf_repeats__lock()) while it changes any of them, loading threads
 * share it while they read them; btf_repeats__unlock() ends either.
 */
void btf_repeats__lock(struct btf_repeats *r);
void btf_repeats__lock_shared(struct btf_repeats *r);
void btf_repeats__unlock(struct btf_repeats *r);

/*
 * Any thread, the lock not held: matches the records of a CU, @rs (after
 * btf_recs__graph()), against the types of @btf below @end, which the
 * caller read under the shared lock with @index_type (not 0). Fills
 * @match_ret[core id] as btf_repeats__match() does. 0 or -ENOMEM.
 */
int btf_repeats__prematch(struct btf_repeats *r, const struct btf *btf, struct btf_recs *rs,
			  uint32_t index_type, uint32_t end, uint32_t *match_ret);

/* What btf_repeats__prematch() found, and up to which BTF id it looked. */
struct btf_prematch {
	const uint32_t	*match;
	uint32_t	end;
};

/*
 * Collector: matches the records of the next CU, @rs (after
 * btf_recs__graph()), against the types appended to @btf since
 * btf_repeats__new(). Arrays take @index_type as their index type first
 * (0: not known yet, never matched). With @pre, the groups it matched keep
 * their ids and the others are compared with the types from pre->end on
 * only (pre's @index_type must be this one). Fills @match_ret[core id]
 * with the BTF id an exact repeat takes, or 0 for a type to append. 0 or
 * -ENOMEM.
 */
int btf_repeats__match(struct btf_repeats *r, const struct btf *btf, struct btf_recs *rs,
		       uint32_t index_type, const struct btf_prematch *pre, uint32_t *match_ret);

/*
 * Collector, the lock held: after the unmatched types of @rs were
 * appended, @ids maps every core id to its BTF id. Indexes the appended
 * types for later CUs. 0 or -ENOMEM.
 */
int btf_repeats__index(struct btf_repeats *r, struct btf_recs *rs, const uint32_t *ids);

/*
 * FWD tolerance, off at first. With it, matching also takes, for a group
 * that is no exact repeat, types that libbpf's dedup would take for
 * appended ones: a FWD for a struct or union of its name and the other way
 * round, and (btf_equiv.h) named structs, unions and FWDs by their names.
 * That holds when each name so taken ends up as exactly one struct or
 * union and no FWD after dedup: btf_repeats__taken() lists them for the
 * caller to check (struct btf_equiv_check), and to encode again without
 * tolerance when one fails.
 */
void btf_repeats__set_tolerant(struct btf_repeats *r, bool tolerant);
const struct btf_name_list *btf_repeats__taken(const struct btf_repeats *r);

/* Counters, for -VV. */
struct btf_repeats_stats {
	uint64_t	nr_matched;	/* core types that took an existing BTF id */
	uint64_t	nr_checks;	/* candidates compared (groups, or tolerant walks) */
	uint64_t	nr_failed;	/* of which were no repeats */
};
void btf_repeats__stats(struct btf_repeats *r, struct btf_repeats_stats *ret);

#endif
