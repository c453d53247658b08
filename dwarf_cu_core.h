/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_CU_CORE_H
#define PAHOLE_DWARF_CU_CORE_H
/*
 * What the CU loader's own files share beyond what its parts see
 * (dwarf_cu_loader.h): dwarf_cu.c (units, the tag table, other units),
 * dwarf_cu_walk.c (the walk) and dwarf_cu_attrs.c (attributes, keys).
 * The parts (types, functions, namespaces, bodies) do not include it.
 */
#include "dwarf_cu_loader.h"

/* dwarf_cu_attrs.c: keys, attribute values, messages. */
/* The key of @die (KEY_* flags of its unit). */
uint64_t cu_loader__die_key(const struct cu_loader *l, const struct die *die);
/* The key of a DIE libdw found (references leaving the unit). */
uint64_t cu_loader__libdw_key(Dwarf_Die *die);
/* The key of the type of the type unit of signature @sig; false if none. */
bool cu_loader__signature_key(const struct cu_loader *l, uint64_t sig, uint64_t *ret);
/* A reference attribute's target: its key, or with @plain its offset. */
bool cu_loader__attr_ref(const struct die_attr *a, struct die_attrs *da, bool plain,
			 uint64_t *ret);
/* A string attribute; the indexed forms are libdw's. */
const char *cu_loader__attr_string(const struct cu_loader *l, const struct die_unit *u,
				   const struct die_attr *a);
/*
 * A constant attribute as pahole reads it (data forms zero-extended, sdata
 * and implicit_const signed; before DWARF 4, data4/8 as libdw judges them).
 */
bool cu_loader__attr_constant(const struct die_unit *u, const struct die_attr *a, uint64_t *ret);
/* Whether cu_loader__read_attrs() reads attributes called @name (the abbreviations' filter). */
bool cu_loader__collects(uint32_t name, const void *arg);
/* The CU's name for a message: libdw's, when the unit DIE was not read yet. */
const char *cu_loader__cu_name(const struct cu_loader *l);
/* One error line: the file, the CU, the DIE's offset, @what. */
void cu_loader__error(const struct cu_loader *l, const struct die *die, const char *what);

/* dwarf_cu_walk.c: the walk of a unit, the DIE map, resolution. */
/* The children of @parent, at the level below it. */
int cu_loader__load_children(struct cu_loader *l, struct die *parent);
/* Room in the DIE map for @n keys. */
int cu_loader__reserve_map(struct cu_loader *l, uint64_t n);
/* Whether the DIE of key @key has an id yet (type unit stubs not followed). */
bool cu_loader__is_mapped(const struct cu_loader *l, uint64_t key);
/* After the walk: every queued reference to its id (unknown ones void, counted). */
void cu_loader__resolve_refs(struct cu_loader *l);

#endif
