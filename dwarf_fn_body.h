/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_FN_BODY_H
#define PAHOLE_DWARF_FN_BODY_H
/*
 * Function bodies for printing, internal to the DWARF loader: the lexical
 * blocks of a subprogram with their variables, labels and inline
 * expansions (struct lexblock in dwarves.h). Runs on the thread loading
 * the CU; touches only that CU.
 */
#include "dwarf_cu_loader.h"

/*
 * Reads subprogram @die's body (@a: its attributes) into @f: f->body in
 * the CU's arena, and the printing facts of the subprogram itself. Item
 * types and origins are resolved by dwarf_fn_body__resolve(). 0, -ENOMEM
 * or -EINVAL (reported).
 */
int dwarf_fn_body__load(struct cu_loader *l, struct die *die, const struct die_attrs *a,
			struct function *f);
/*
 * After the CU's functions are resolved: variables and labels of concrete
 * instances take their origin's name, type and line; inline expansions the
 * index of the function they expand. 0 or -ENOMEM.
 */
int dwarf_fn_body__resolve(struct cu_loader *l);
/* Frees what loading bodies kept in @l. */
void dwarf_fn_body__release(struct cu_loader *l);

#endif
