/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_CLI_H
#define PAHOLE_CLI_H
/*
 * What the programs' command lines share: whole numbers read strictly (a
 * malformed one is a usage error, exit 64, as argp's), -j, the machine's
 * CPU count and cacheline size. Called from argp parsers and main only.
 */
#include <argp.h>
#include <stdint.h>

enum { CLI_EXIT_USAGE = 64, CLI_MAX_JOBS = 4096 };

/* A whole positive decimal number up to @max, or -EINVAL: "4x", "", "0", "-1" are not. */
int cli__parse_positive(const char *s, unsigned long max, unsigned int *ret);
/* A whole non-negative decimal number up to UINT32_MAX, or -EINVAL. */
int cli__parse_uint(const char *s, uint32_t *ret);
/* -j[N]: N loader threads, or without N one per online CPU; else a usage error. */
void cli__parse_jobs(const char *arg, struct argp_state *state, unsigned int *jobs);
/*
 * -F FORMAT_LIST: stored in *@formats for the loaders to try in turn; a
 * list naming ctf is a usage error (no CTF loader).
 */
void cli__parse_formats(const char *arg, struct argp_state *state, const char **formats);
unsigned int cli__online_cpus(void);
/* The L1 data cacheline size, 64 where the system does not say. */
uint32_t cli__cacheline_size(void);

#endif
