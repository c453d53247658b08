// SPDX-License-Identifier: GPL-2.0-only
/* Whole-line diagnostics on stderr. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "log.h"

/* Written only by pahole.c's option parsing, before threads exist. */
static enum log_level log_level = LOG_WARN;

void log__set_level(enum log_level level)
{
	log_level = level;
}

enum log_level log__level(void)
{
	return log_level;
}

void log__print(enum log_level level, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	size_t len;

	if (level > log_level)
		return;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	len = strlen(line);
	while (len && line[len - 1] == '\n')
		line[--len] = '\0';
	/* One fputs keeps lines whole when several threads log. */
	fprintf(stderr, "pahole: %s\n", line);
}

static int log_libbpf(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	enum log_level ours = level == LIBBPF_WARN ? LOG_WARN :
			      level == LIBBPF_INFO ? LOG_INFO : LOG_DEBUG;
	char line[1024];

	if (ours > log_level)
		return 0;
	vsnprintf(line, sizeof(line), fmt, ap);
	log__print(ours, "libbpf: %s", line);
	return 0;
}

void log__hook_libbpf(void)
{
	libbpf_set_print(log_libbpf);
}
