/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_SPLIT_DEDUP_H
#define PAHOLE_BTF_SPLIT_DEDUP_H
/*
 * Split BTF (a module's, on its vmlinux) deduplicated until libbpf finds
 * nothing more, whatever libbpf we are linked with.
 *
 * - One pass of libbpf 1.1 leaves some types the base has in the module
 *   (nf_tables' struct module): its walk from a module type to the base's
 *   meets module types not yet one with each other. A second pass finds
 *   them.
 * - libbpf from 1.7 (its dedup of typedefs moved to the struct phase)
 *   indexes the base's typedefs by one hash and looks a split typedef up
 *   by another: a module's typedefs never find the base's, and everything
 *   that refers to them stays too (a small module's BTF grows sevenfold).
 *   Each pass here first drops the split typedefs that have a twin in the
 *   base (same name, same target), references going to the twin.
 *
 * Each pass copies the split part (without those typedefs) into a new
 * split BTF on the same base and deduplicates the copy; the passes end
 * when one finds no twin and removes no type. The copy holds only the
 * strings its types name, so the last pass leaves none that no type uses:
 * the output is the same with either libbpf.
 *
 * Collector (main) thread only.
 */
#include <bpf/btf.h>

/*
 * Deduplicates split BTF *@btf (deduplicated once already) as above; it is
 * replaced by the last copy (the old one freed). 0, or -errno: *@btf is
 * then a valid BTF, freed by the caller, that must not be written.
 */
int btf_split__dedup(struct btf **btf);

#endif
