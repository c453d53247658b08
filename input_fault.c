// SPDX-License-Identifier: GPL-2.0-only
/* An input file cut short while it is read (input_fault.h). */
#define _GNU_SOURCE
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

#include "input_fault.h"
#include "log.h"
#include "out_file.h"
#include "proc_maps.h"

/* The handler's room to read the map in. */
static struct proc_maps_buf maps_buf;

/* The file mapped at @addr, from /proc/self/maps; NULL if none. */
static const char *mapped_file(uintptr_t addr)
{
	struct proc_map m;

	return proc_maps__find(addr, &maps_buf, &m) ? m.path : NULL;
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
