/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_EQUIV_H
#define PAHOLE_BTF_EQUIV_H
/*
 * Types of one BTF that libbpf's dedup takes for one type, by names.
 *
 * libbpf's dedup takes a FWD for the struct or union of its name and kind,
 * and two structs for one when their whole graphs agree. The repeats'
 * FWD-tolerant matching (btf_repeats.h) goes further: it takes named
 * structs, unions and FWDs for one type by their names alone. That is
 * what dedup does exactly when each such name ends up as one struct or
 * union and no FWD; the names taken are listed as they are, and checked
 * after dedup (struct btf_equiv_check): if one fails, the caller encodes
 * again without tolerance.
 *
 * Collector thread only, like the struct btf it reads.
 */
#include <stdbool.h>
#include <stdint.h>
#include <bpf/btf.h>

/* Names taken for one type: BTF string offsets, maybe repeated. */
struct btf_name_list {
	uint32_t	*offs;		/* owned */
	uint32_t	nr, cap;
};

void btf_name_list__release(struct btf_name_list *l);

/* Appends @off, or @l's names, to @to. 0 or -ENOMEM. */
int btf_name_list__add(struct btf_name_list *to, uint32_t off);
int btf_name_list__append(struct btf_name_list *to, const struct btf_name_list *l);

/*
 * Whether types @a and @b of @btf are one type: the same records, down to
 * named structs, unions and FWDs, which are one by name and kind (a struct
 * or union also by size and number of members); their names go to @taken.
 * A bounded walk: false when it is too deep, or out of memory.
 */
bool btf_equiv__types(const struct btf *btf, uint32_t a, uint32_t b, struct btf_name_list *taken);

/* The kind a FWD with kind flag @kflag stands for. */
static inline uint16_t btf_equiv__fwd_kind(bool kflag)
{
	return kflag ? BTF_KIND_UNION : BTF_KIND_STRUCT;
}

/*
 * The check after dedup. btf_equiv_check__new() copies the names of @l,
 * BTF string offsets of @btf, before dedup rewrites the strings: 0 and the
 * check in *@ret, or -ENOMEM.
 */
struct btf_equiv_check;
int btf_equiv_check__new(const struct btf *btf, const struct btf_name_list *l,
			 struct btf_equiv_check **ret);
void btf_equiv_check__free(struct btf_equiv_check *c);

/*
 * After dedup: 0 when every name of @c is exactly one struct or union and
 * no FWD among the types of @btf from @first on, else 1 and one name that
 * is not in *@name_ret (owned by @c); -ENOMEM.
 */
int btf_equiv_check__run(const struct btf_equiv_check *c, const struct btf *btf, uint32_t first,
			 const char **name_ret);

#endif
