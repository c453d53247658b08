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
 * their core ids take the existing BTF ids. Nothing else is merged (a FWD
 * never equals a STRUCT), and a CU never maps two of its types to one BTF
 * type, so the BTF handed to btf__dedup() only lacks later exact copies of
 * earlier types, in the same order otherwise, and dedups to the same bytes.
 *
 * Collector (main) thread only, like the encoder that owns it.
 */
#include <stdbool.h>
#include <stdint.h>
#include <bpf/btf.h>

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
	uint32_t	first_item;	/* in the matcher's item store */
	uint32_t	nr_items;
	int		err;		/* -errno: this type cannot be encoded */
	const char	*err_what;	/* static; NULL: libbpf's error is the reason */
};

struct btf_repeats;

/* A new, empty matcher, or NULL (out of memory). Free with btf_repeats__free(). */
struct btf_repeats *btf_repeats__new(void);
void btf_repeats__free(struct btf_repeats *r);

/*
 * Starts a CU of @nr_types core types: returns its record array (owned by
 * @r, zeroed, valid until the next btf_repeats__begin_cu()) or NULL (out of
 * memory). Records of core ids that are no BTF type (void, aliases) stay
 * zeroed (kind 0).
 */
struct btf_rec *btf_repeats__begin_cu(struct btf_repeats *r, uint32_t nr_types);

/*
 * Gives record @rec of the current CU @nr items. Returns them (zeroed, valid
 * until the next call) or NULL (out of memory).
 */
struct btf_rec_item *btf_repeats__add_items(struct btf_repeats *r, struct btf_rec *rec,
					    uint32_t nr);

/* The items of record @rec of the current CU. */
const struct btf_rec_item *btf_repeats__items(const struct btf_repeats *r,
					      const struct btf_rec *rec);

/*
 * Matches the current CU's records against the types appended to @btf
 * since btf_repeats__new(). Fills @match_ret[core id] with the BTF id an
 * exact repeat takes, or 0 for a type to append. 0 or -ENOMEM.
 */
int btf_repeats__match(struct btf_repeats *r, const struct btf *btf, uint32_t *match_ret);

/*
 * After the current CU's unmatched types were appended: @ids maps every
 * core id to its BTF id. Indexes the appended types for later CUs. 0 or
 * -ENOMEM.
 */
int btf_repeats__index(struct btf_repeats *r, const struct btf *btf, const uint32_t *ids);

/*
 * True when BTF type @id of @btf is exactly record @rec of the current CU,
 * with its references mapped through @ids: the check that an appended type
 * is what its record says.
 */
bool btf_repeats__rec_is(const struct btf_repeats *r, const struct btf *btf,
			 const struct btf_rec *rec, uint32_t id, const uint32_t *ids);

/* Counters, for -VV. */
struct btf_repeats_stats {
	uint64_t	nr_matched;	/* core types that took an existing BTF id */
	uint64_t	nr_checks;	/* candidate groups compared */
	uint64_t	nr_failed;	/* of which were not exact repeats */
};
void btf_repeats__stats(const struct btf_repeats *r, struct btf_repeats_stats *ret);

#endif
