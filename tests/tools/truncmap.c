// SPDX-License-Identifier: GPL-2.0-only
/*
 * truncmap.so: an LD_PRELOAD shim that cuts a file short just after the
 * program maps it, as another program truncating an input while it is
 * read would, for tests/cli/input_truncated.sh.
 *
 *   TRUNCMAP_PATH=FILE   the input: the Nth mmap() of a descriptor open on
 *                        FILE maps it as asked, then FILE is truncated
 *   TRUNCMAP_N=N         which mapping (default 1)
 *   TRUNCMAP_SIZE=S      to S bytes (default 4096)
 *   TRUNCMAP_REPORT=F    F is created when the file is cut
 *
 * The file stays cut afterwards.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/types.h>
#include <unistd.h>

#define EXPORT __attribute__((visibility("default")))

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long seen;

/* Whether descriptor @fd is open on @path (both made absolute). */
static int fd_is(int fd, const char *path)
{
	char link[64], have[PATH_MAX], want[PATH_MAX];
	ssize_t n;

	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, have, sizeof(have) - 1);
	if (n <= 0 || !realpath(path, want))
		return 0;
	have[n] = '\0';
	return !strcmp(have, want);
}

EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	static void *(*real)(void *, size_t, int, int, int, off_t);
	const char *path = getenv("TRUNCMAP_PATH");
	const char *size = getenv("TRUNCMAP_SIZE");
	const char *nth = getenv("TRUNCMAP_N");
	void *p;

	if (!real)
		real = (void *(*)(void *, size_t, int, int, int, off_t))dlsym(RTLD_NEXT, "mmap");
	p = real(addr, len, prot, flags, fd, off);
	if (p == MAP_FAILED || fd < 0 || !path)
		return p;
	pthread_mutex_lock(&lock);
	if (fd_is(fd, path) && ++seen == (nth ? atol(nth) : 1)) {
		const char *report = getenv("TRUNCMAP_REPORT");
		FILE *f;

		if (truncate(path, size ? atol(size) : 4096))
			perror("truncmap: truncate");
		f = report ? fopen(report, "w") : NULL;
		if (f)
			fclose(f);
	}
	pthread_mutex_unlock(&lock);
	return p;
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
	__attribute__((alias("mmap")));
