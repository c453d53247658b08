/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_SPLIT_DEDUP_H
#define PAHOLE_BTF_SPLIT_DEDUP_H
/*
 * Split BTF (a module's, on its vmlinux) deduplicated as libbpf 1.8 does
 * it, whatever libbpf we are linked with, until nothing changes.
 *
 * Each pass first decides, as libbpf 1.8, which split structs, unions,
 * typedefs and primitive types stand for base types or for earlier split
 * ones (btf_base_match.h: what libbpf 1.1 and 1.7 decide otherwise), then
 * copies the split part without them into a new split BTF on the same
 * base, references going to what they stand for, and deduplicates the
 * copy with libbpf (the rest: pointers, arrays, prototypes, ...). The
 * passes end when one changes nothing: one pass leaves the few base types
 * that libbpf finds only once their users are base types (upstream's
 * reference runs libbpf's dedup twice). The copy holds only the strings
 * its types name, so the last pass leaves none that no type uses.
 *
 * Collector (main) thread only.
 */
#include <bpf/btf.h>

/*
 * Deduplicates split BTF *@btf as above; it is replaced by the last copy
 * (the old one freed). 0, or -errno: *@btf is then a valid BTF, freed by
 * the caller, that must not be written.
 */
int btf_split__dedup(struct btf **btf);

#endif
