/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_LOCATIONS_H
#define PAHOLE_DWARF_LOCATIONS_H
/*
 * DW_AT_location of parameters and variables: where a parameter is on
 * function entry, and a variable's static address. Part of the DWARF
 * loader (dwarf_cu.c), on the thread that loads the CU.
 *
 * Expressions and location lists are decoded from the section bytes,
 * without libdw and its lock. What this decoder does not know for sure
 * (an operation it does not decode, split DWARF, a form or list kind it
 * does not read, bytes past an end, an offset libdw might read otherwise)
 * goes to libdw's location functions under the file's libdw lock, so the
 * results are always libdw's.
 */
#include <stdbool.h>
#include <stdint.h>
#include <elfutils/libdw.h>

#include "die_reader.h"
#include "dwarf_functions.h"

struct dwarf_file;

/* What reading the locations of a unit needs from its unit DIE. */
struct loc_unit {
	const struct die_sections *secs;	/* borrowed from the file */
	Dwarf_CU	*cu;		/* libdw's; attributes of other units go to libdw */
	const uint8_t	*end;		/* past the unit's last byte in its section */
	uint64_t	lists_base;	/* offset table in .debug_loclists, when known */
	uint64_t	addr_base;	/* first address of the unit in .debug_addr, when known */
	uint16_t	version;
	uint8_t		addr_size, off_size;
	bool		is_plain;	/* decodable here: a plain compile or partial unit */
	bool		lists_base_known, addr_base_known;
	bool		base_known;	/* libdw finds the unit's base address */
};

/*
 * Reads what @unit_die (the unit DIE of its die_unit) says about its
 * locations into *ret. Attributes it cannot read leave the decoder to
 * libdw for what needs them; never fails.
 */
void dwarf_locations__unit(struct die *unit_die, struct loc_unit *ret);

/* How many location attributes were read, and how many by libdw. */
struct loc_counts {
	uint64_t	nr_locations;
	uint64_t	nr_fallbacks;
};

/* The CU whose locations are read. */
struct loc_cu {
	const struct dwarf_file	*df;		/* borrowed: the ABI and the libdw lock */
	const struct loc_unit	*unit;		/* borrowed: the CU's unit, or NULL */
	struct loc_counts	*counts;	/* borrowed, or NULL */
	uint8_t			addr_size;	/* of the CU */
	/*
	 * Test-only: decode each location both ways; a difference is an
	 * error (PAHOLE_TEST_LOCATIONS=check).
	 */
	bool			check;
};

/*
 * Reads @p->location into @p->loc: the register of the first entry
 * (DW_OP_regN, or DW_OP_bregN computing a value), else one named by
 * DW_OP_entry_value in any entry; and the first entry's pieces and
 * whether it is on the stack. 0, or with lc->check -EINVAL when the
 * two decoders differ (reported).
 */
int dwarf_locations__param(const struct loc_cu *lc, struct fn_param *p);

/*
 * Sets @v's address when @attr, the location of the variable DIE at
 * @die_off, is a single DW_OP_addr(x) expression. 0, or -EINVAL as above.
 */
int dwarf_locations__variable(const struct loc_cu *lc, const Dwarf_Attribute *attr,
			      uint64_t die_off, struct variable *v);

#endif
