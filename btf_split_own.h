/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_SPLIT_OWN_H
#define PAHOLE_BTF_SPLIT_OWN_H
/*
 * A module's BTF deduplicated against its base without libbpf: the bytes
 * btf_split__dedup() and btf_raw__image() would give, for a fraction of
 * the time.
 *
 * libbpf's split dedup parses the whole base, copies it twice, indexes
 * every one of its strings and hashes every one of its types, for each
 * module: about 20 ms on a 7.2 vmlinux, where the module's own types take
 * a few. Here the base is read in place (btf_base_raw.h), its strings are
 * scanned once for the module's names, only the base types that name no
 * string the module lacks are indexed, and the passes of
 * btf_split_dedup.h run on our own copy of the module's types:
 *
 * - btf_base_match.h decides the primitive kinds, structs, unions and
 *   typedefs, as libbpf 1.8;
 * - a declaration still standing for itself takes the one struct or union
 *   of its name and kind, if there is exactly one, base or module (libbpf's
 *   resolution of forward declarations);
 * - pointers, qualifiers, functions, arrays, prototypes and declaration
 *   tags, each after what it refers to, take the base type or the earlier
 *   module type whose record is the same to the byte (names compared as
 *   the base's string offsets), as libbpf's reference phase; the base's
 *   records of those kinds are found by the first type they refer to;
 * - the types left keep their order; the module's strings follow in the
 *   order the types name them, as libbpf lays them out.
 *
 * Where this reading is not sure to give libbpf's bytes it declines
 * (-EAGAIN) and the caller takes the libbpf path: two equal base records
 * of a reference kind, a declaration held by value (btf_sized.h), a loop
 * of references, a kind not known here, a big-endian module.
 *
 * Collector (main) thread only.
 */
#include <stdint.h>
#include <bpf/btf.h>

struct btf_base_raw;
struct btf_split_own;

/* A deduplicator of modules on @base (borrowed). 0 or -ENOMEM. */
int btf_split_own__new(const struct btf_base_raw *base, struct btf_split_own **ret);
void btf_split_own__free(struct btf_split_own *o);

/*
 * @btf, a module's types built without a base (ids from 1, strings its
 * own), deduplicated as split BTF on the base: the raw split BTF (24-byte
 * header, little endian) in *@raw (freed by the caller), *@size bytes,
 * and its type count in *@nr_types. 0; -EAGAIN: take the libbpf path;
 * -ENOMEM, -ELOOP.
 */
int btf_split_own__dedup(struct btf_split_own *o, const struct btf *btf, void **raw,
			 uint32_t *size, uint32_t *nr_types);

/*
 * @btf's types (ids from 1, as btf_split_own__dedup() takes them) appended
 * to the split BTF @split, their references numbered after its base's.
 * 0 or -errno.
 */
int btf_split_own__append(struct btf *split, const struct btf *btf);

#endif
