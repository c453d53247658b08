/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_SHIM_REPORT_H
#define PAHOLE_SHIM_REPORT_H
/*
 * The report file of the fault shims (failalloc.so, failio.so): written at
 * exit, "calls C\nhit 0|1\n", through the shim's own @write_fn and
 * @close_fn (the real ones, where the shim wraps them).
 */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static inline void shim_report(const char *who, const char *path, unsigned long calls, int hit,
			       ssize_t (*write_fn)(int, const void *, size_t),
			       int (*close_fn)(int))
{
	char line[64];
	int fd, len;

	if (!path)
		return;
	fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	if (fd < 0)
		return;
	len = snprintf(line, sizeof(line), "calls %lu\nhit %d\n", calls, hit);
	if (write_fn(fd, line, (size_t)len) != len) {
		(void)!write_fn(STDERR_FILENO, who, strlen(who));
		(void)!write_fn(STDERR_FILENO, ": cannot write the report\n", 26);
	}
	close_fn(fd);
}

#endif
