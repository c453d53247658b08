/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_SIZED_H
#define PAHOLE_BTF_SIZED_H
/*
 * Declarations held by value, given a size after dedup.
 *
 * gcc's reduced debug information (-femit-struct-debug-baseonly, the
 * kernel's CONFIG_DEBUG_INFO_REDUCED) describes many structs only by a
 * declaration; when no file of the input defines one, dedup leaves a FWD.
 * A FWD has no size, and the kernel refuses BTF where a type of unknown
 * size is a member ("Invalid member"), an array's element ("Invalid
 * elem"), a variable ("Invalid type_id"), a parameter or a return value
 * ("Invalid arg#", "Invalid return type"), through typedefs and
 * qualifiers. Complete DWARF of C never leads there: a struct held by
 * value is defined in the same file.
 *
 * A member that holds one becomes an array of unsigned char that fills
 * its room: up to the next member's offset, or the end of its struct (a
 * union's members: the union's size). Nothing else can say how big the
 * type is, and the kernel checks the sizes of the structs it knows by name
 * (bpf_spin_lock, bpf_timer, ...) wherever a member holds them.
 *
 * A FWD that anything else holds (an array's element, a variable, a
 * parameter, a return value) becomes a struct (union) of its name without
 * members, whose size is the least room it takes where it is held: a
 * member's room divided by the elements of the arrays between, a
 * variable's DATASEC size; 0 where nothing shows one. A FWD of the split
 * BTF's base cannot change: the split part gets the struct, and its
 * references go there.
 *
 * Collector (main) thread only.
 */
#include <stdint.h>
#include <bpf/btf.h>

/*
 * Does as above for the types from @first on (all of @btf's own); @btf is
 * modifiable and has no cached raw data (one built by btf__add_*()).
 * Returns how many FWDs became structs (unions), *@nr_members how many
 * members became bytes; or a negative errno (-ENOMEM).
 */
int btf_sized__complete(struct btf *btf, uint32_t first, int *nr_members);

#endif
