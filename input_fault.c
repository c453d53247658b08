// SPDX-License-Identifier: GPL-2.0-only
/* An input file cut short while it is read (input_fault.h). */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "input_fault.h"
#include "log.h"
#include "out_file.h"

/* One line of /proc/self/maps: addresses, flags, offset, device, inode, path. */
static char line[PATH_MAX + 256];
static char chunk[4096];

static uintptr_t parse_hex(const char **s)
{
	uintptr_t v = 0;

	for (;; (*s)++) {
		char c = **s;

		if (c >= '0' && c <= '9')
			v = v * 16 + (uintptr_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (uintptr_t)(c - 'a' + 10);
		else
			return v;
	}
}

/* The path of @l's mapping if it holds @addr, else NULL. */
static const char *line_maps(const char *l, uintptr_t addr)
{
	uintptr_t start = parse_hex(&l), end;

	if (*l++ != '-')
		return NULL;
	end = parse_hex(&l);
	if (addr < start || addr >= end)
		return NULL;
	l = strchr(l, '/');
	return l;
}

/*
 * The file mapped at @addr, read from /proc/self/maps with system calls
 * only (this runs in a signal handler); NULL if none.
 */
static const char *mapped_file(uintptr_t addr)
{
	size_t used = 0;
	const char *path = NULL;
	ssize_t n;
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return NULL;
	while (!path && (n = read(fd, chunk, sizeof(chunk))) > 0) {
		ssize_t i;

		for (i = 0; i < n && !path; i++) {
			if (chunk[i] != '\n') {
				if (used < sizeof(line) - 1)
					line[used++] = chunk[i];
				continue;
			}
			line[used] = '\0';
			used = 0;
			path = line_maps(line, addr);
		}
	}
	close(fd);
	return path;
}

static void say(const char *s)
{
	ssize_t n = write(STDERR_FILENO, s, strlen(s));

	(void)n;
}

static void on_sigbus(int sig, siginfo_t *si, void *ctx)
{
	const char *path = si->si_code == BUS_ADRERR ? mapped_file((uintptr_t)si->si_addr) : NULL;

	out_file__remove_pending();
	if (!path) {
		/* the faulting access runs again and ends the program as it would have */
		signal(sig, SIG_DFL);
		return;
	}
	say(log__program_prefix());
	say(path);
	say(": the file changed while it was read (cut short by another program?)\n");
	_exit(1);
}

void input_fault__install(void)
{
	struct sigaction sa = { .sa_sigaction = on_sigbus, .sa_flags = SA_SIGINFO };

	sigemptyset(&sa.sa_mask);
	sigaction(SIGBUS, &sa, NULL);
}
