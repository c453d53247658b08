/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_CHECK_H
#define PAHOLE_BTF_CHECK_H
/*
 * Checks of a BTF that libbpf parsed. libbpf 1.1 checks the header and
 * every type's size when it parses, but not the references between types
 * nor the names' string offsets; its dedup and the printers trust both, and
 * a corrupt file can make them read past their arrays.
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <bpf/btf.h>

/*
 * Whether @btf's own types (its split part, for split BTF) lie 4-byte
 * aligned: libbpf 1.1 takes a header length that leaves them anywhere,
 * and reading a type there is undefined. Any thread; reads @btf only.
 */
bool btf_check__aligned(const struct btf *btf);

/*
 * Whether @t, type @id of a BTF of @nr_types types whose strings end at
 * offset @str_end, refers only to types below @nr_types and holds only
 * name offsets below @str_end; else false, and the first problem in
 * @reason (@size bytes; NULL and 0 for none). Any thread.
 */
bool btf_check__type(const struct btf_type *t, uint32_t id, uint32_t nr_types, uint64_t str_end,
		     char *reason, size_t size);

/*
 * 0 when @btf's types are aligned (btf_check__aligned()), every type id that a type of @btf (split part and base alike)
 * refers to exists and every name offset is inside the strings. Else
 * -EINVAL, and the first problem ("type [12] member 2 refers to missing
 * type 9000") in @reason (@size bytes). Any thread; reads @btf only.
 */
int btf_check__refs(const struct btf *btf, char *reason, size_t size);

#endif
