/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_CLI_H
#define PAHOLE_CLI_H
/*
 * What the programs' command lines share: the program shell (main() of
 * each of the eight programs is cli__main() over its struct cli_program),
 * the file operands, whole numbers read strictly (a malformed one is a
 * usage error, exit 64, as argp's), -j and -F, the cacheline size. Called
 * from argp parsers and main only.
 */
#include <argp.h>
#include <stdbool.h>
#include <stdint.h>

enum { CLI_EXIT_USAGE = 64, CLI_MAX_JOBS = 4096 };

/* -j and -F as every program's --help shows them (struct argp_option initializers). */
#define CLI_OPTION_JOBS								\
	{ "jobs", 'j', "NR_JOBS", OPTION_ARG_OPTIONAL,				\
	  "Run NR_JOBS loader threads besides the main one (default: the number of online " \
	  "CPUs)", 0 }
#define CLI_OPTION_FORMATS							\
	{ "format_path", 'F', "FORMAT_LIST", 0, "List of debugging formats to try", 0 }

/* A program's file operands (ARGP_KEY_ARGS), borrowed from argv. */
struct cli_files {
	char	**paths;
	int	nr;
};

/*
 * One program: its options, parser and job. The parser and the job read
 * and write the program's options struct only (its one mutable variable);
 * the shell adds --version, --devel_version (dwarves_version.h) and the
 * file operands.
 */
struct cli_program {
	const char			*name;		/* the prefix of its messages */
	/* NULL: none of its own (not an empty table: glibc's help leaks its entries) */
	const struct argp_option	*options;
	argp_parser_t			parser;
	/* args_doc NULL: "[FILE...]" with kernel_default, else "FILE" */
	const char			*args_doc, *doc;
	/* ARGP_KEY_ARGS lands here for a parser that reads them; NULL: the shell keeps them. */
	struct cli_files		*files;
	/* The parser takes the operands itself (ARGP_KEY_ARG): no file list. */
	bool				own_operands;
	/* No file operand is a usage error ("Try `PROG --help' ..."). */
	bool				files_required;
	/* Without a file operand, the running kernel's (input_format.h). */
	bool				kernel_default;
	/* -j and --btf_base, for sizing the heaps (tuning__inputs()); NULL: none. */
	const unsigned int		*jobs;
	const char *const		*btf_base;
	/* main()'s status when the parser failed after its own message; 0: 64. */
	int				parse_status;
	/* After parsing, with the file operands (none where @files is NULL): the exit status. */
	int				(*run)(const struct cli_files *in);
};

/*
 * A program's main(): the process's settings (tuning__start()), the
 * SIGBUS handler (input_fault.h), @prog's name as its messages' prefix,
 * libbpf's messages through log.c, then the command line (cli__parse()),
 * the heaps sized for the files (tuning__inputs()) and @prog's job.
 * Returns main()'s exit status. Before any thread.
 */
int cli__main(const struct cli_program *prog, int argc, char **argv);
/* The main() of the program @prog (a struct cli_program). */
#define CLI_MAIN(prog)						\
	int main(int argc, char *argv[])			\
	{							\
		return cli__main(&(prog), argc, argv);		\
	}
/*
 * The command line parsed with @prog's options (argp_parse() @flags): 0,
 * or the status to exit with. argp says nothing when its own allocation
 * fails (it returns ENOMEM): that gets one line, "PROGRAM: out of memory",
 * and 1; any other error code, which a parser returned after its own
 * message, @prog->parse_status (0: CLI_EXIT_USAGE).
 */
int cli__parse(const struct cli_program *prog, int argc, char **argv, unsigned int flags);
/* A whole positive decimal number up to @max, or -EINVAL: "4x", "", "0", "-1" are not. */
int cli__parse_positive(const char *s, unsigned long max, unsigned int *ret);
/* A whole non-negative decimal number up to UINT32_MAX, or -EINVAL. */
int cli__parse_uint(const char *s, uint32_t *ret);
/*
 * -j[N]: N loader threads, or without N one per CPU the process may run on
 * (cu_pool__usable_cpus()); else a usage error.
 */
void cli__parse_jobs(const char *arg, struct argp_state *state, unsigned int *jobs);
/*
 * -F FORMAT_LIST: stored in *@formats for the loaders to try in turn; a
 * list naming ctf is a usage error (no CTF loader).
 */
void cli__parse_formats(const char *arg, struct argp_state *state, const char **formats);
/* The L1 data cacheline size, 64 where the system does not say. */
uint32_t cli__cacheline_size(void);

#endif
