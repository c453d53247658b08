/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_BASE_RAW_H
#define PAHOLE_BTF_BASE_RAW_H
/*
 * A base BTF (the vmlinux's, for a module) read by our own code, in place:
 * the file mapped, its records indexed by id, nothing copied. libbpf's
 * parse of the same base copies it twice and indexes every string and
 * type, which costs a module more than its own types do (btf_split_own.h).
 *
 * Only what that reading is sure of is taken: a raw BTF file or an ELF
 * file's .BTF, in the host's byte order (little endian), every record of a
 * known kind, every type id and name offset inside the file, the strings
 * ending in a NUL. Anything else is left to libbpf (-EAGAIN), whose
 * messages then say what is wrong.
 *
 * Read-only once open: any thread.
 */
#include <stdint.h>
#include <linux/btf.h>

struct btf_base_raw;

/* The base at @path. 0; -EAGAIN: read it with libbpf; -ENOMEM. */
int btf_base_raw__open(const char *path, struct btf_base_raw **ret);
void btf_base_raw__free(struct btf_base_raw *b);

/* Its type count, void included: the first split id. */
uint32_t btf_base_raw__type_cnt(const struct btf_base_raw *b);
/* Its records by id, [0] void's (all zero). */
const struct btf_type *const *btf_base_raw__types(const struct btf_base_raw *b);
/* Its strings, @*len bytes (the first split name offset). */
const char *btf_base_raw__strs(const struct btf_base_raw *b, uint32_t *len);

#endif
