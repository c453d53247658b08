/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_CODIFF_DIFF_H
#define PAHOLE_CODIFF_DIFF_H
/*
 * codiff's comparison of two builds, each a list of CUs already loaded,
 * and its text, upstream codiff's lines byte for byte on DWARF.
 *
 * Each old CU is paired with the new CU of its name (with the only one
 * when the new side has a single CU) and so the other way round. Structs
 * (not unions or enums) present on both sides are compared by size,
 * number of members and each member's type name, offset, size and
 * bitfield; holes and padding are not compared, as upstream does not.
 * Functions are compared by code size and prototype; on BTF (no code
 * sizes) by presence and prototype only, in lines of their own (see
 * man/codiff.1). Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dwarves.h"

struct codiff_input {
	const char	*path;		/* named by the totals of several CUs */
	struct cu	**cus;		/* borrowed, in CU order */
	uint32_t	nr_cus;
	bool		is_btf;		/* functions have no sizes */
};

struct codiff_opts {
	bool	structs;	/* -s: struct changes */
	bool	functions;	/* -f: function changes */
	bool	terse;		/* -t: one line of what changed per struct */
	bool	verbose;	/* -V: what changed in each */
	bool	quiet;		/* -q: no CU header lines */
};

/*
 * Compares @old with @new and writes the differences to @fp (nothing when
 * there are none). With neither structs, functions nor terse set, shows
 * structs and functions. Returns 0 or -ENOMEM (nothing reported).
 */
int codiff__run(const struct codiff_input *old, const struct codiff_input *new,
		const struct codiff_opts *opts, FILE *fp);

#endif
