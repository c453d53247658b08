// SPDX-License-Identifier: GPL-2.0-only
/*
 * failio.so: an LD_PRELOAD shim that makes one write to an output file
 * fail, for tests/faults/sweep.sh.
 *
 *   FAILIO_PATH=FILE    the output: calls count on descriptors open on FILE
 *                       or on a temporary beside it (FILE.tmp.*), and
 *                       renames from or to either
 *   FAILIO_N=N          the Nth such call (from 1, counted atomically over
 *                       all threads) fails; unset or 0: none fails
 *   FAILIO_ERRNO=E      its errno: ENOSPC (default), EIO, EDQUOT or a number
 *   FAILIO_REPORT=F     at exit, F gets "calls C\nhit 0|1\n"
 *
 * Counted: write, pwrite, writev, pwritev, pwritev2, copy_file_range (its
 * output descriptor), ftruncate, fsync, fdatasync, rename, renameat,
 * renameat2 and close, on descriptors open for writing. A failed call changes nothing, as a full disk would
 * leave it, except close, which closes the descriptor (as Linux does) and
 * then reports the error. stdio's own writes do not go through these
 * symbols (glibc calls the system call inside libc): stdout is not counted.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/uio.h>
#include <unistd.h>

#include "shim_report.h"

#define EXPORT __attribute__((visibility("default")))

static ssize_t (*real_write)(int, const void *, size_t);
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t);
static ssize_t (*real_writev)(int, const struct iovec *, int);
static ssize_t (*real_pwritev)(int, const struct iovec *, int, off_t);
static ssize_t (*real_pwritev2)(int, const struct iovec *, int, off_t, int);
static ssize_t (*real_copy_file_range)(int, off_t *, int, off_t *, size_t, unsigned int);
static int (*real_ftruncate)(int, off_t);
static int (*real_fsync)(int);
static int (*real_fdatasync)(int);
static int (*real_rename)(const char *, const char *);
static int (*real_renameat)(int, const char *, int, const char *);
static int (*real_renameat2)(int, const char *, int, const char *, unsigned int);
static int (*real_close)(int);

static char target[PATH_MAX];
static size_t target_len;
static unsigned long fail_n;
static int fail_errno = ENOSPC;
static const char *report_path;
static unsigned long calls;
static int hit;

/* @name made absolute in @out (PATH_MAX), through links, even where it does not exist yet. */
static bool absolute_name(const char *name, char *out)
{
	char copy[PATH_MAX], dir[PATH_MAX];
	int n;

	if (realpath(name, out))
		return true;
	n = snprintf(copy, sizeof(copy), "%s", name);
	if (n < 0 || (size_t)n >= sizeof(copy) || !realpath(dirname(copy), dir))
		return false;
	snprintf(copy, sizeof(copy), "%s", name);
	n = snprintf(out, PATH_MAX, "%s/%s", strcmp(dir, "/") ? dir : "", basename(copy));
	return n > 0 && n < PATH_MAX;
}

static int errno_named(const char *s)
{
	if (!s || !*s || !strcmp(s, "ENOSPC"))
		return ENOSPC;
	if (!strcmp(s, "EIO"))
		return EIO;
	if (!strcmp(s, "EDQUOT"))
		return EDQUOT;
	return atoi(s) > 0 ? atoi(s) : ENOSPC;
}

__attribute__((constructor)) static void failio_init(void)
{
	const char *s;

	real_write = dlsym(RTLD_NEXT, "write");
	real_pwrite = dlsym(RTLD_NEXT, "pwrite");
	real_writev = dlsym(RTLD_NEXT, "writev");
	real_pwritev = dlsym(RTLD_NEXT, "pwritev");
	real_pwritev2 = dlsym(RTLD_NEXT, "pwritev2");
	real_copy_file_range = dlsym(RTLD_NEXT, "copy_file_range");
	real_ftruncate = dlsym(RTLD_NEXT, "ftruncate");
	real_fsync = dlsym(RTLD_NEXT, "fsync");
	real_fdatasync = dlsym(RTLD_NEXT, "fdatasync");
	real_rename = dlsym(RTLD_NEXT, "rename");
	real_renameat = dlsym(RTLD_NEXT, "renameat");
	real_renameat2 = dlsym(RTLD_NEXT, "renameat2");
	real_close = dlsym(RTLD_NEXT, "close");
	s = getenv("FAILIO_N");
	fail_n = s ? strtoul(s, NULL, 0) : 0;
	fail_errno = errno_named(getenv("FAILIO_ERRNO"));
	report_path = getenv("FAILIO_REPORT");
	s = getenv("FAILIO_PATH");
	if (s && absolute_name(s, target))
		target_len = strlen(target);
}

/* The target itself, or a temporary beside it. */
static bool is_output_path(const char *path)
{
	return target_len && !strncmp(path, target, target_len) &&
	       (!path[target_len] || !strncmp(path + target_len, ".tmp.", 5));
}

static bool is_output_name(const char *name)
{
	char abs[PATH_MAX];

	return target_len && name && absolute_name(name, abs) && is_output_path(abs);
}

/* Relative to a directory descriptor other than the cwd: not counted. */
static bool is_output_at(int dir, const char *name)
{
	return (dir == AT_FDCWD || name[0] == '/') && is_output_name(name);
}

/* A descriptor open for writing on the output. */
static bool is_output_fd(int fd)
{
	char link[64], path[PATH_MAX];
	int flags;
	ssize_t n;

	if (!target_len || fd < 0)
		return false;
	flags = fcntl(fd, F_GETFL);
	if (flags < 0 || (flags & O_ACCMODE) == O_RDONLY)
		return false;
	snprintf(link, sizeof(link), "/proc/self/fd/%d", fd);
	n = readlink(link, path, sizeof(path) - 1);
	if (n <= 0)
		return false;
	path[n] = '\0';
	return is_output_path(path);
}

/* Counts a call on the output; true when it is the one to fail. */
static bool should_fail(bool on_output)
{
	unsigned long n;

	if (!on_output)
		return false;
	n = __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED);
	if (!fail_n || n != fail_n)
		return false;
	__atomic_store_n(&hit, 1, __ATOMIC_RELAXED);
	return true;
}

#define FAIL_IF(cond)				\
	do {					\
		if (should_fail(cond)) {	\
			errno = fail_errno;	\
			return -1;		\
		}				\
	} while (0)

EXPORT ssize_t write(int fd, const void *buf, size_t len)
{
	FAIL_IF(is_output_fd(fd));
	return real_write(fd, buf, len);
}

EXPORT ssize_t pwrite(int fd, const void *buf, size_t len, off_t off)
{
	FAIL_IF(is_output_fd(fd));
	return real_pwrite(fd, buf, len, off);
}

EXPORT ssize_t pwrite64(int fd, const void *buf, size_t len, off_t off)
{
	return pwrite(fd, buf, len, off);
}

EXPORT ssize_t writev(int fd, const struct iovec *iov, int n)
{
	FAIL_IF(is_output_fd(fd));
	return real_writev(fd, iov, n);
}

EXPORT ssize_t pwritev(int fd, const struct iovec *iov, int n, off_t off)
{
	FAIL_IF(is_output_fd(fd));
	return real_pwritev(fd, iov, n, off);
}

EXPORT ssize_t pwritev2(int fd, const struct iovec *iov, int n, off_t off, int flags)
{
	FAIL_IF(is_output_fd(fd));
	return real_pwritev2(fd, iov, n, off, flags);
}

EXPORT ssize_t copy_file_range(int in, off_t *in_off, int out, off_t *out_off, size_t len,
			       unsigned int flags)
{
	FAIL_IF(is_output_fd(out));
	return real_copy_file_range(in, in_off, out, out_off, len, flags);
}

EXPORT int ftruncate(int fd, off_t len)
{
	FAIL_IF(is_output_fd(fd));
	return real_ftruncate(fd, len);
}

EXPORT int ftruncate64(int fd, off_t len)
{
	return ftruncate(fd, len);
}

EXPORT int fsync(int fd)
{
	FAIL_IF(is_output_fd(fd));
	return real_fsync(fd);
}

EXPORT int fdatasync(int fd)
{
	FAIL_IF(is_output_fd(fd));
	return real_fdatasync(fd);
}

EXPORT int rename(const char *from, const char *to)
{
	FAIL_IF(is_output_name(from) || is_output_name(to));
	return real_rename(from, to);
}

EXPORT int renameat(int from_dir, const char *from, int to_dir, const char *to)
{
	FAIL_IF(is_output_at(from_dir, from) || is_output_at(to_dir, to));
	return real_renameat(from_dir, from, to_dir, to);
}

EXPORT int renameat2(int from_dir, const char *from, int to_dir, const char *to,
		     unsigned int flags)
{
	FAIL_IF(is_output_at(from_dir, from) || is_output_at(to_dir, to));
	return real_renameat2(from_dir, from, to_dir, to, flags);
}

EXPORT int close(int fd)
{
	if (should_fail(is_output_fd(fd))) {
		real_close(fd);
		errno = fail_errno;
		return -1;
	}
	return real_close(fd);
}

__attribute__((destructor)) static void write_report(void)
{
	shim_report("failio", report_path, __atomic_load_n(&calls, __ATOMIC_RELAXED),
		    __atomic_load_n(&hit, __ATOMIC_RELAXED), real_write, real_close);
}
