/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_LOG_H
#define PAHOLE_LOG_H

/*
 * One logging path: whole lines on stderr, prefixed "pahole: " (or the
 * program's name, log__set_program()). The level and the name are set once
 * by the program's main before any thread starts.
 */
enum log_level {
	LOG_ERR,
	LOG_WARN,
	LOG_INFO,
	LOG_DEBUG,
};

void log__set_level(enum log_level level);
/* "NAME: " prefixes our lines from now on (@name borrowed, static). */
void log__set_program(const char *name);
/* "NAME: " (async-signal-safe to read). */
const char *log__program_prefix(void);
enum log_level log__level(void);
void log__print(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/*
 * A line with @prefix instead of the program's: upstream's own ("PAHOLE:
 * Error: ") where scripts look for its words.
 */
void log__print_as(enum log_level level, const char *prefix, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * True once an error line was written (captured ones count when flushed):
 * the last resort of a failure that was not reported where it happened
 * says why on its own.
 */
bool log__has_errors(void);
/*
 * Routes libbpf's own messages to stderr (or the capture) as log__print()
 * does, with libbpf's prefix instead of ours (errors and warnings only).
 */
void log__hook_libbpf(void);
/*
 * The last message libbpf gave this thread, shown or not ("" after
 * log__libbpf_forget()): some libbpf calls return a bare -EINVAL where only
 * the message says what failed.
 */
const char *log__libbpf_last(void);
void log__libbpf_forget(void);

/*
 * Held messages: while a thread captures into a log_buf, its messages are
 * kept there instead of being written, so that the main thread can write
 * them later in a fixed order (CU order), whatever thread made them.
 */
struct log_buf {
	char	*text;		/* malloc'ed whole lines, each "pahole: ...\n" */
	size_t	len, cap;
	unsigned int nr_errors;	/* error lines among them */
};

/* Sends this thread's messages to @buf from now on; NULL writes them again. */
void log__capture(struct log_buf *buf);
/* Writes @buf's lines to stderr and frees them. */
void log_buf__flush(struct log_buf *buf);
/* Frees @buf's lines unwritten. */
void log_buf__release(struct log_buf *buf);

#define pr_err(...)   log__print(LOG_ERR, __VA_ARGS__)
#define pr_warn(...)  log__print(LOG_WARN, __VA_ARGS__)
#define pr_info(...)  log__print(LOG_INFO, __VA_ARGS__)
#define pr_debug(...) log__print(LOG_DEBUG, __VA_ARGS__)

#endif
