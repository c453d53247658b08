// SPDX-License-Identifier: GPL-2.0-only
/*
 * Output files written whole or not at all: a temporary file beside the
 * target, renamed over it once complete.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"
#include "out_file.h"

static const char TMP_SUFFIX[] = ".tmp.XXXXXX";

/*
 * The temporary file being written, if any, for the signal handler: a
 * SIGINT, SIGTERM or SIGHUP removes it and then ends the program as the
 * signal would have. Only the main thread writes outputs, one at a time;
 * the handler may run on any thread. Set and cleared with the signals
 * blocked, so the handler sees either no file or a whole name.
 */
static char pending_tmp[PATH_MAX];
static volatile sig_atomic_t has_pending_tmp;
static const int cleanup_signals[] = { SIGINT, SIGTERM, SIGHUP };

void out_file__remove_pending(void)
{
	if (has_pending_tmp)
		unlink(pending_tmp);
}

static void remove_pending_and_die(int sig)
{
	out_file__remove_pending();
	signal(sig, SIG_DFL);
	raise(sig);
}

static void block_signals(sigset_t *old)
{
	sigset_t set;
	size_t i;

	sigemptyset(&set);
	for (i = 0; i < sizeof(cleanup_signals) / sizeof(cleanup_signals[0]); i++)
		sigaddset(&set, cleanup_signals[i]);
	pthread_sigmask(SIG_BLOCK, &set, old);
}

/*
 * exit() from inside a library removes it too: libdw ends the process with
 * error() when an allocation fails (__libdw_oom), maybe while the copy
 * ahead writes the temporary file of an in-place run.
 */

/*
 * Installs the handler where the signal is not ignored (nohup keeps SIGHUP
 * out), and the one for exit().
 */
static void install_handlers(void)
{
	static bool installed;
	struct sigaction sa = { .sa_handler = remove_pending_and_die }, old;
	size_t i;

	if (installed)
		return;
	installed = true;
	atexit(out_file__remove_pending);
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof(cleanup_signals) / sizeof(cleanup_signals[0]); i++)
		if (!sigaction(cleanup_signals[i], NULL, &old) && old.sa_handler != SIG_IGN)
			sigaction(cleanup_signals[i], &sa, NULL);
}

/* Forgets the temporary file; the caller has the signals blocked. */
static void clear_pending(void)
{
	has_pending_tmp = 0;
}

/*
 * The file a rename must replace: through a symbolic link, its target, so
 * the link survives. A dangling link is followed no further.
 */
static char *resolve_target(const char *path)
{
	struct stat st;
	char *real;

	if (!lstat(path, &st) && S_ISLNK(st.st_mode)) {
		real = realpath(path, NULL);
		if (real)
			return real;
	}
	return strdup(path);
}

static void copy_attributes(int fd, const struct stat *like)
{
	mode_t mask;

	if (!like) {
		mask = umask(0);
		umask(mask);
		fchmod(fd, 0640 & ~mask);
		return;
	}
	/* Only root may give a file away; others keep it as their own. */
	if (like->st_uid != geteuid() || like->st_gid != getegid())
		(void)!fchown(fd, like->st_uid, like->st_gid);
	fchmod(fd, like->st_mode & 07777);
}

static int open_direct(struct out_file *of)
{
	of->fd = open(of->path, O_WRONLY | O_TRUNC);
	return of->fd < 0 ? -errno : 0;
}

static int open_temporary(struct out_file *of, const struct stat *like)
{
	size_t len = strlen(of->path);
	sigset_t old;
	int err = 0;

	if (len + sizeof(TMP_SUFFIX) > sizeof(pending_tmp))
		return -ENAMETOOLONG;
	of->tmp_path = malloc(len + sizeof(TMP_SUFFIX));
	if (!of->tmp_path)
		return -ENOMEM;
	memcpy(of->tmp_path, of->path, len);
	memcpy(of->tmp_path + len, TMP_SUFFIX, sizeof(TMP_SUFFIX));
	install_handlers();
	block_signals(&old);
	of->fd = mkstemp(of->tmp_path);
	if (of->fd >= 0) {
		memcpy(pending_tmp, of->tmp_path, len + sizeof(TMP_SUFFIX));
		has_pending_tmp = 1;
	} else {
		err = -errno;
	}
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		free(of->tmp_path);
		of->tmp_path = NULL;
		return err;
	}
	copy_attributes(of->fd, like);
	return 0;
}

static void out_file_release(struct out_file *of)
{
	if (of->fd >= 0)
		close(of->fd);
	free(of->path);
	free(of->tmp_path);
	of->path = of->tmp_path = NULL;
	of->fd = -1;
}

static int open_output(struct out_file *of, const char *path, const struct stat *like,
		       bool report)
{
	struct stat st;
	int err;

	of->name = path;
	of->tmp_path = NULL;
	of->fd = -1;
	of->path = resolve_target(path);
	if (!of->path) {
		if (report)
			pr_err("%s: out of memory", path);
		return -ENOMEM;
	}
	if (!stat(of->path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		err = open_direct(of);
	else
		err = open_temporary(of, like);
	if (err) {
		if (report)
			pr_err("%s: cannot create output file: %s", path, strerror(-err));
		out_file_release(of);
	}
	return err;
}

int out_file__open(struct out_file *of, const char *path, const struct stat *like)
{
	return open_output(of, path, like, true);
}

int out_file__open_quiet(struct out_file *of, const char *path, const struct stat *like)
{
	return open_output(of, path, like, false);
}

int out_file__write(struct out_file *of, const void *data, size_t size)
{
	const char *p = data;

	while (size) {
		ssize_t n = write(of->fd, p, size);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			int err = n < 0 ? -errno : -EIO;

			pr_err("%s: cannot write output file: %s", of->name, strerror(-err));
			return err;
		}
		p += n;
		size -= n;
	}
	return 0;
}

int out_file__commit(struct out_file *of)
{
	sigset_t old;
	int err = 0;

	/* A full disk may only show at close (NFS), so check it too. */
	if (close(of->fd))
		err = -errno;
	of->fd = -1;
	if (!err && of->tmp_path) {
		/* No signal between the rename and forgetting the name. */
		block_signals(&old);
		if (rename(of->tmp_path, of->path))
			err = -errno;
		else
			clear_pending();
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	}
	if (err) {
		pr_err("%s: cannot write output file: %s", of->name, strerror(-err));
		out_file__abort(of);
		return err;
	}
	out_file_release(of);
	return 0;
}

void out_file__abort(struct out_file *of)
{
	if (of->fd >= 0)
		close(of->fd);
	of->fd = -1;
	if (of->tmp_path) {
		sigset_t old;

		block_signals(&old);
		unlink(of->tmp_path);
		clear_pending();
		pthread_sigmask(SIG_SETMASK, &old, NULL);
	}
	out_file_release(of);
}

int out_file__write_whole(const char *path, const void *data, size_t size)
{
	struct out_file of;
	int err = out_file__open(&of, path, NULL);

	if (err)
		return err;
	err = out_file__write(&of, data, size);
	if (err) {
		out_file__abort(&of);
		return err;
	}
	return out_file__commit(&of);
}
