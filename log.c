// SPDX-License-Identifier: GPL-2.0-only
/* Whole-line diagnostics on stderr. */
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/libbpf.h>

#include "log.h"

/* Written only by pahole.c's option parsing, before threads exist. */
static enum log_level log_level = LOG_WARN;

/* "NAME: ", written only by a program's main before threads exist. */
static char program_prefix[64] = "pahole: ";

/* Each thread's own capture target; NULL writes to stderr. */
static __thread struct log_buf *capture;

/* Error lines written, by any thread. */
static unsigned int nr_errors;

void log__set_level(enum log_level level)
{
	log_level = level;
}

void log__set_program(const char *name)
{
	snprintf(program_prefix, sizeof(program_prefix), "%s: ", name);
}

const char *log__program_prefix(void)
{
	return program_prefix;
}

enum log_level log__level(void)
{
	return log_level;
}

/* Appends "PREFIXLINE\n" to @buf. False when out of memory. */
static bool log_buf_add(struct log_buf *buf, const char *prefix, const char *line)
{
	size_t need = buf->len + strlen(prefix) + strlen(line) + 2;

	if (need > buf->cap) {
		size_t cap = need > 2 * buf->cap ? need : 2 * buf->cap;
		char *text = realloc(buf->text, cap);

		if (!text)
			return false;
		buf->text = text;
		buf->cap = cap;
	}
	buf->len += (size_t)sprintf(buf->text + buf->len, "%s%s\n", prefix, line);
	return true;
}

/* One line, "PREFIXLINE", captured or on stderr; trailing newlines dropped. */
static void emit(enum log_level level, const char *prefix, char *line)
{
	size_t len = strlen(line);

	while (len && line[len - 1] == '\n')
		line[--len] = '\0';
	if (capture && log_buf_add(capture, prefix, line)) {
		capture->nr_errors += level == LOG_ERR;
		return;
	}
	if (level == LOG_ERR)
		__atomic_fetch_add(&nr_errors, 1, __ATOMIC_RELAXED);
	/* One fprintf keeps lines whole when several threads log. */
	fprintf(stderr, "%s%s\n", prefix, line);
}

static void vprint(enum log_level level, const char *prefix, const char *fmt, va_list ap)
{
	char line[1024];

	if (level > log_level)
		return;
	vsnprintf(line, sizeof(line), fmt, ap);
	emit(level, prefix, line);
}

void log__print(enum log_level level, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprint(level, program_prefix, fmt, ap);
	va_end(ap);
}

void log__print_as(enum log_level level, const char *prefix, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprint(level, prefix, fmt, ap);
	va_end(ap);
}

bool log__has_errors(void)
{
	return __atomic_load_n(&nr_errors, __ATOMIC_RELAXED) != 0;
}

void log__capture(struct log_buf *buf)
{
	capture = buf;
}

void log_buf__flush(struct log_buf *buf)
{
	if (buf->len)
		fwrite(buf->text, 1, buf->len, stderr);
	__atomic_fetch_add(&nr_errors, buf->nr_errors, __ATOMIC_RELAXED);
	log_buf__release(buf);
}

void log_buf__release(struct log_buf *buf)
{
	free(buf->text);
	*buf = (struct log_buf){ 0 };
}

static __thread char libbpf_last[256];

const char *log__libbpf_last(void)
{
	return libbpf_last;
}

void log__libbpf_forget(void)
{
	libbpf_last[0] = '\0';
}

static int log_libbpf(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	enum log_level ours = level == LIBBPF_WARN ? LOG_WARN :
			      level == LIBBPF_INFO ? LOG_INFO : LOG_DEBUG;
	char line[1024];
	size_t n;

	vsnprintf(line, sizeof(line), fmt, ap);
	n = strnlen(line, sizeof(libbpf_last) - 1);
	memcpy(libbpf_last, line, n);
	libbpf_last[n] = '\0';
	if (ours > log_level)
		return 0;
	/* libbpf's prefix alone, as upstream prints them; most name libbpf already. */
	emit(ours, strncmp(line, "libbpf: ", 8) ? "libbpf: " : "", line);
	return 0;
}

void log__hook_libbpf(void)
{
	libbpf_set_print(log_libbpf);
}
