/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PFUNCT_INT_H
#define PAHOLE_PFUNCT_INT_H
/*
 * pfunct's state shared by pfunct_print.c (the job: loading, filters,
 * statistics, the listings) and pfunct_emit.c (a function's text: its
 * prototype, its body, the types it needs); not for other modules. Main
 * thread only.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dwarves.h"
#include "dwarves_fprintf.h"
#include "dwarves_layout.h"

/* Per type of a CU: what -b/--compile already printed of it, or is walking. */
enum { EMIT_DEF = 1, EMIT_FWD = 2, EMIT_BUSY = 4 };

/* A CU kept for printing. */
struct pf_cu {
	struct cu	*cu;		/* owned */
	struct layout	*layout;	/* owned */
	struct printer	*printer;	/* owned */
	uint8_t		*emitted;	/* owned, by type id: EMIT_* */
	uint32_t	*nr_exp;	/* owned, by function: its inline expansions in the CU */
	uint64_t	*size_exp;	/* owned, by function: their bytes */
};

/* A set of names (borrowed strings), for what was emitted in earlier CUs. */
struct name_set {
	const char	**slots;	/* open addressing; NULL: free */
	uint32_t	cap, nr;	/* cap: 0 or a power of 2 */
};

/* Definitions are told apart by kind: "typedef struct s s;" defines two. */
enum { PF_DEFS_STRUCT, PF_DEFS_UNION, PF_DEFS_ENUM, PF_DEFS_TYPEDEF, PF_DEFS__MAX };

/* Type names printed by -b/--compile across CUs, as upstream's emission lists. */
struct pf_emit {
	struct name_set	defs[PF_DEFS__MAX];
	struct name_set	fwds;
};

/* How a function is printed (upstream's conf_fprintf, the part pfunct uses). */
struct pf_conf {
	bool	no_parm_names;
	bool	strip_inline;
	bool	no_semicolon;
	bool	show_decl_info;
};

void name_set__release(struct name_set *s);

/* The prototype "RET NAME(PARAMS)" and ';' unless @c->no_semicolon. */
void pf__function_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
			  FILE *fp);
/* The body of @f, then its "/ * size: ... * /" line (-i, -T with -V). */
void pf__body_fprintf(struct pf_cu *pc, const struct function *f, const struct pf_conf *c,
		      FILE *fp);
/* The definitions of the types @f's prototype needs that were not printed yet (-b). */
int pf__emit_fn_types(struct pf_emit *e, struct pf_cu *pc, const struct function *f, FILE *fp);

#endif
