// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: command-line parsing. The input is split into
 * arguments at NUL and newline bytes and parsed by pahole's own argp
 * parser, which this file compiles in (with its main() renamed). Whatever
 * would exit (usage errors, --help, --version) returns here instead. A
 * crash, a hang or a sanitizer report is a bug.
 */
#define _GNU_SOURCE
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static jmp_buf fuzz_exit_jump;

static void __attribute__((noreturn)) fuzz_exit(int status)
{
	(void)status;
	longjmp(fuzz_exit_jump, 1);
}

/* pahole.c with its exits coming back here, and its main() out of the way. */
#define exit(status) fuzz_exit(status)
#define main pahole_main
#include "../../pahole.c"
#undef main
#undef exit

enum { MAX_ARGS = 64 };

/* Parsing allocates what the run would own until exit: not a leak here. */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "detect_leaks=0";
}

static struct options initial_opts;

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	FILE *sink = fopen("/dev/null", "w");

	if (!sink)
		abort();
	stdout = stderr = sink;
	initial_opts = opts;
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char *args[MAX_ARGS + 2];
	static char *text;
	volatile int nr = 1;
	size_t i, start = 0;

	free(text);
	text = malloc(size + 1);
	if (!text)
		abort();
	memcpy(text, data, size);
	text[size] = '\0';
	args[0] = "pahole";
	for (i = 0; i <= size && nr <= MAX_ARGS; i++) {
		if (i < size && text[i] != '\n' && text[i] != '\0')
			continue;
		text[i] = '\0';
		args[nr++] = &text[start];
		start = i + 1;
	}
	args[nr] = NULL;
	/* glibc's argp has a hidden --HANG[=SECS] that sleeps: not ours to test. */
	for (i = 1; i < (size_t)nr; i++)
		if (!strncmp(args[i], "--H", 3))
			return 0;
	opts = initial_opts;
	if (!setjmp(fuzz_exit_jump))
		cli__parse(&pahole, nr, args, ARGP_NO_EXIT);
	return 0;
}
