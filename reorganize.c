// SPDX-License-Identifier: GPL-2.0-only
/*
 * Struct reorganization. Not implemented yet: a struct is reported as not
 * packable and printed unchanged.
 */
#include "reorganize.h"

bool reorganize__is_packable(struct printer *p, struct layout *l, uint32_t id)
{
	return false;
}

uint64_t reorganize__packed_size(struct printer *p, struct layout *l, uint32_t id)
{
	return cu__type(layout__cu(l), id)->byte_size;
}

int reorganize__print(struct printer *p, struct layout *l, uint32_t id, bool show_steps,
		      bool verbose, FILE *fp)
{
	struct print_top top = { 0 };

	printer__print_type(p, id, &top, fp);
	fputc('\n', fp);
	return 0;
}
