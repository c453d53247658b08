/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_PHASE_STATS_H
#define PAHOLE_PHASE_STATS_H
/*
 * --phase_stats: where an encoding run spends its time and memory. Filled
 * by the main thread only (loaders report through the CUs they hand over),
 * printed on stderr at the end.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

enum phase {
	PHASE_SYMBOLS,		/* reading the ELF symbol table */
	PHASE_LOADING,		/* the main thread loading or waiting for CUs */
	PHASE_ENCODING,		/* CUs appended to the BTF */
	PHASE_FUNCTIONS,	/* functions and variables chosen and appended */
	PHASE_DEDUP,
	PHASE_WRITING,		/* serialising and writing the output */
	PHASE__NR,
};

struct phase_stats {
	double		wall[PHASE__NR];	/* seconds on the main thread */
	uint64_t	peak_kb[PHASE__NR];	/* peak RSS so far, when the phase last ended */
	unsigned int	nr_threads;
	uint64_t	nr_cus;
	uint64_t	nr_dies;
	double		load_secs;		/* CU loading, summed over every thread */
	double		prepare_secs;		/* of it, the encoder's share (prepare_cu) */
	uint64_t	types_before_dedup;
	uint64_t	types_after_dedup;
	double		libbpf_dedup_secs;	/* of it, in libbpf's first btf__dedup() */
	bool		own_dedup;		/* or all of it in ours (btf_split_own.h) */
	uint64_t	out_bytes;
};

/* A monotonic clock in seconds. */
double phase_stats__now(void);
/* Adds the time since @start to phase @p and notes the peak RSS. */
void phase_stats__end(struct phase_stats *s, enum phase p, double start);
/* The table, one line a phase, then the totals. */
void phase_stats__print(const struct phase_stats *s, const char *path, FILE *f);

#endif
