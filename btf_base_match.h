/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_BASE_MATCH_H
#define PAHOLE_BTF_BASE_MATCH_H
/*
 * The types of a split BTF (a module's) that stand for types of its base
 * (the vmlinux's) or for earlier types of its own, decided as libbpf 1.8's
 * dedup decides them, whatever libbpf we are linked with.
 *
 * libbpf's dedup of split BTF changed between the versions distributions
 * link: 1.1 gives up on a struct whose graph meets two base types that
 * are twins (the kernel's resolve_btfids appends prototypes after dedup),
 * and 1.7 never finds a base typedef. This is the part of the dedup where
 * they differ, done here on the split BTF before libbpf sees it:
 *
 * - the primitive kinds (INT, FLOAT, ENUM, ENUM64, FWD), each split type
 *   in id order, take the newest equal type (split ones added as they are
 *   found new, then the base's, highest id first); an enum declaration
 *   takes the enum it declares;
 * - then each split STRUCT, UNION and TYPEDEF, in id order, takes the first
 *   candidate (same order; same kind, name, size, member names and offsets)
 *   whose type graph is equivalent: walked side by side, each type met on
 *   the candidate's side pairs with one on the split side, a pair met again
 *   agrees, and a type paired twice must pair with twins (compared to a
 *   depth of 16); a split declaration matches the struct it names. A walk
 *   that pairs a split struct with a base declaration only teaches that the
 *   declaration stands for that struct: the match is given up. The split
 *   structs, unions and declarations paired in a successful walk and not
 *   looked at yet stand for what they were paired with.
 *
 * What is left (pointers, arrays, prototypes, ... which libbpf matches by
 * their exact ids) is the same for every libbpf once these are decided.
 *
 * Main thread only; a matcher belongs to one base and serves any number of
 * split BTFs on it, one at a time.
 */
#include <stdbool.h>
#include <stdint.h>
#include <bpf/btf.h>

struct btf_base_match;

/* Strings by offset: @at(@ctx, off), never NULL for an offset in use. */
struct btf_strs {
	const char	*(*at)(const void *ctx, uint32_t off);
	const void	*ctx;
};

/*
 * A matcher of split BTFs on a base of @start types, @base[id] the record
 * of each (@base[0] void's, all zero), its names through @strs; of its
 * types, those @nr_ids ids at @ids list, in id order (NULL: all): the
 * split types to be matched must find no other among the candidates of
 * their own name. All borrowed. 0 or -ENOMEM.
 */
int btf_base_match__new(const struct btf_type *const *base, uint32_t start,
			const struct btf_strs *strs, const uint32_t *ids, uint32_t nr_ids,
			struct btf_base_match **ret);
void btf_base_match__free(struct btf_base_match *m);

/*
 * For each type id of a split BTF of @n types in all (base included),
 * @split[id - start] the record of each split one, any name (base or
 * split) through @strs: in @repl[id] the type it stands for: itself, a
 * base type, or a split type that stands for itself (a base declaration
 * may stand for a split struct). Returns how many split types stand for
 * another one, or -errno.
 */
int64_t btf_base_match__split(struct btf_base_match *m, const struct btf_type *const *split,
			      uint32_t n, const struct btf_strs *strs, uint32_t *repl);

#endif
