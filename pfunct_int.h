/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PFUNCT_INT_H
#define PAHOLE_PFUNCT_INT_H
/*
 * pfunct's state shared by pfunct_print.c (the job: loading, filters,
 * statistics, the listings) and pfunct_emit.c (a function's text: its
 * prototype and its body), which pdwtags_print.c uses too; not for other
 * modules. Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dwarves.h"
#include "dwarves_fprintf.h"
#include "dwarves_layout.h"

/* A CU kept for printing. */
struct pf_cu {
	struct cu	*cu;		/* owned */
	struct layout	*layout;	/* owned */
	struct printer	*printer;	/* owned */
	uint8_t		*emitted;	/* owned, by type id: -b's flags (struct emit_cu) */
	uint32_t	*nr_exp;	/* owned, by function: its inline expansions in the CU */
	uint64_t	*size_exp;	/* owned, by function: their bytes */
};

/* How a function is printed (upstream's conf_fprintf, the part pfunct uses). */
struct pf_conf {
	bool	no_parm_names;
	bool	strip_inline;
	bool	no_semicolon;
	bool	show_decl_info;
	/*
	 * Print a body as upstream does when its loader read no addresses
	 * (pdwtags): no low_pc, scopes "unknown", lines and sizes 0.
	 */
	bool	no_addr_info;
};

/* The prototype "RET NAME(PARAMS)" and ';' unless @c->no_semicolon. */
void pf__function_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
			  FILE *fp);
/* The body of @f: "{", its blocks' items, "}"; no newline. */
void pf__block_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
		       FILE *fp);
/* The body of @f, then its "/ * size: ... * /" line (-i, -T with -V). */
void pf__body_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
		      FILE *fp);

#endif
