/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_LOG_H
#define PAHOLE_LOG_H

/*
 * One logging path: whole lines on stderr, prefixed "pahole: ".
 * The level is set once by pahole.c before any thread starts.
 */
enum log_level {
	LOG_ERR,
	LOG_WARN,
	LOG_INFO,
	LOG_DEBUG,
};

void log__set_level(enum log_level level);
enum log_level log__level(void);
void log__print(enum log_level level, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
/* Routes libbpf's own messages through log__print() (errors and warnings only). */
void log__hook_libbpf(void);

#define pr_err(...)   log__print(LOG_ERR, __VA_ARGS__)
#define pr_warn(...)  log__print(LOG_WARN, __VA_ARGS__)
#define pr_info(...)  log__print(LOG_INFO, __VA_ARGS__)
#define pr_debug(...) log__print(LOG_DEBUG, __VA_ARGS__)

#endif
