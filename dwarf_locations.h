/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_LOCATIONS_H
#define PAHOLE_DWARF_LOCATIONS_H
/*
 * DW_AT_location of parameters and variables: where a parameter is on
 * function entry, and a variable's static address. Part of the DWARF
 * loader (dwarf_loader.c), on the thread that loads the CU.
 */
#include <stdint.h>
#include <elfutils/libdw.h>

#include "dwarf_functions.h"
#include "dwarf_loader_int.h"

/* The CU whose locations are read. */
struct loc_cu {
	const struct dwarf_file	*df;		/* borrowed: the ABI and the libdw lock */
	uint8_t			addr_size;	/* of the CU */
};

/*
 * Reads @p->location into @p->loc: the register of the first entry
 * (DW_OP_regN, or DW_OP_bregN computing a value), else one named by
 * DW_OP_entry_value in any entry.
 */
void dwarf_locations__param(const struct loc_cu *lc, struct fn_param *p);

/* Sets @v's address when @attr is a single DW_OP_addr(x) expression. */
void dwarf_locations__variable(const struct loc_cu *lc, Dwarf_Attribute *attr,
			       struct variable *v);

#endif
