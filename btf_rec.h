/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_REC_H
#define PAHOLE_BTF_REC_H
/*
 * One BTF record's type ids and name offsets, each passed through a
 * function that gives the new value: how split BTF is renumbered and its
 * names moved (btf_split_dedup.c, btf_split_own.c). Any thread.
 */
#include <stdint.h>
#include <bpf/btf.h>

/* A new value for @v. */
typedef uint32_t (*btf_rec_fn)(void *ctx, uint32_t v);

/* Each type id @t refers to, through @f. 0, or -EOPNOTSUPP for a kind not known here. */
int btf_rec__ids(struct btf_type *t, btf_rec_fn f, void *ctx);
/* Each name offset @t holds, through @f, in the order libbpf visits them. */
void btf_rec__names(struct btf_type *t, btf_rec_fn f, void *ctx);

#endif
