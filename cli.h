/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_CLI_H
#define PAHOLE_CLI_H
/*
 * What the programs' command lines share: the start of main(), the file
 * operands, whole numbers read strictly (a malformed one is a usage error,
 * exit 64, as argp's), -j and -F, the machine's CPU count and cacheline
 * size. Called from argp parsers and main only.
 */
#include <argp.h>
#include <stdint.h>

enum { CLI_EXIT_USAGE = 64, CLI_MAX_JOBS = 4096 };

/* -j and -F as every program's --help shows them (struct argp_option initializers). */
#define CLI_OPTION_JOBS								\
	{ "jobs", 'j', "NR_JOBS", OPTION_ARG_OPTIONAL,				\
	  "Run NR_JOBS loader threads besides the main one (default: the number of online " \
	  "CPUs)", 0 }
#define CLI_OPTION_FORMATS							\
	{ "format_path", 'F', "FORMAT_LIST", 0, "List of debugging formats to try", 0 }

/*
 * What a program's main() does first: the process's settings
 * (tuning__start()), @program as its messages' prefix, libbpf's messages
 * through log.c, then @argp over the command line, usage errors exiting
 * 64 (cli__parse_args()). Returns 0, or main()'s exit status:
 * CLI_EXIT_USAGE when argp_parse() failed, 1 when argp ran out of memory.
 * Before any thread.
 */
int cli__start(const char *program, const struct argp *argp, int argc, char **argv);
/* ARGP_KEY_ARGS: the operands left, borrowed from argv, in *@files and *@nr. */
void cli__take_files(const struct argp_state *state, char ***files, int *nr);
/*
 * argp_parse() of a program's command line: 0, or the status to exit with.
 * argp says nothing when its own allocation fails (it returns ENOMEM): that
 * gets one line, "PROGRAM: out of memory", and exit 1; any other error
 * code, which a parser returned after its own message, @status.
 */
int cli__parse_args(const struct argp *argp, int argc, char **argv, int status);
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
