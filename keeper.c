// SPDX-License-Identifier: GPL-2.0-only
/* A child process that holds a file until this one has ended (keeper.h). */
#define _GNU_SOURCE	/* close_range */
#include <errno.h>
#include <poll.h>
#include <sys/pidfd.h>
#include <unistd.h>

#include "keeper.h"
#include "out_file.h"

/* Closes every descriptor but @a and @b. */
static void close_all_but(int a, int b)
{
	int lo = a < b ? a : b, hi = a < b ? b : a;

	if (lo > 0)
		close_range(0, lo - 1, 0);
	if (hi > lo + 1)
		close_range(lo + 1, hi - 1, 0);
	close_range(hi + 1, ~0u, 0);
}

/* The child: holds @fd until the process @parent (a pidfd) has ended. */
static void keep(int fd, int parent)
{
	struct pollfd p = { .fd = parent, .events = POLLIN };

	out_file__forget_in_child();
	close_all_but(fd, parent);
	if (!chdir("/"))
		while (poll(&p, 1, -1) < 0 && errno == EINTR)
			;
	_exit(0);
}

int keeper__start(int fd)
{
	int parent = pidfd_open(getpid(), 0), err;
	pid_t pid;

	if (parent < 0)
		return -errno;
	pid = fork();
	if (!pid)
		keep(fd, parent);
	err = pid < 0 ? -errno : 0;
	close(parent);
	return err;
}
