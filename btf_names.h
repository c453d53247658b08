/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_NAMES_H
#define PAHOLE_BTF_NAMES_H
/*
 * The BTF string offsets of names, found by the names' addresses.
 *
 * A CU's names are borrowed from its input file and an address names the
 * same string until the file is closed (dwarves.h), while most names recur
 * in CU after CU at the same address (one string of .debug_str). Looking
 * an address up here costs one probe, where btf__add_str() hashes and
 * compares the whole string. libbpf keeps one offset per distinct string,
 * so two names are the same string exactly when their offsets are equal.
 *
 * Collector thread only, like the struct btf it serves.
 */
#include <stdint.h>
#include <bpf/btf.h>

struct btf_names;

/* A new, empty table, or NULL (out of memory). Free with btf_names__free(). */
struct btf_names *btf_names__new(void);
void btf_names__free(struct btf_names *n);

/* Forgets every address: the next input file may reuse them. */
void btf_names__clear(struct btf_names *n);

/*
 * The offset of @name in @btf's strings, added with btf__add_str() the
 * first time its address is seen: > 0, 0 for no name (NULL or ""), or
 * -errno.
 */
int btf_names__add(struct btf_names *n, struct btf *btf, const char *name);

/*
 * Starts loading the slot of @name into the cache: a caller with several
 * names to add asks for all their slots before it adds the first, so that
 * the misses overlap.
 */
void btf_names__prefetch(const struct btf_names *n, const char *name);

/* The offset @name was added at through @n, or -1 when it was not. */
int64_t btf_names__find(const struct btf_names *n, const char *name);

#endif
