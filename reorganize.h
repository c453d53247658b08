/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_REORGANIZE_H
#define PAHOLE_REORGANIZE_H
/*
 * -R/--reorganize, -S/--show_reorg_steps and -P/--packable: moving members
 * of a struct to fill its holes. Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dwarves_fprintf.h"
#include "dwarves_layout.h"

/* True when struct @id has holes and a reorganized copy would be smaller. */
bool reorganize__is_packable(struct printer *p, struct layout *l, uint32_t id);
/* The size of struct @id after reorganizing it (its own size on ENOMEM). */
uint64_t reorganize__packed_size(struct printer *p, struct layout *l, uint32_t id);
/*
 * Prints struct @id reorganized, with the "saved" trailer, to @fp; with
 * @show_steps (or @verbose > 1) each move and the intermediate layouts,
 * with @verbose 1 the moves only. Returns 0 or -ENOMEM. The model is not
 * changed: a copy is reorganized.
 */
int reorganize__print(struct printer *p, struct layout *l, uint32_t id, bool show_steps,
		      unsigned int verbose, FILE *fp);

#endif
