// SPDX-License-Identifier: GPL-2.0-only
/*
 * Output files written whole or not at all: a temporary file beside the
 * target, renamed over it once complete.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "log.h"
#include "out_file.h"

static const char TMP_SUFFIX[] = ".tmp.XXXXXX";

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

	of->tmp_path = malloc(len + sizeof(TMP_SUFFIX));
	if (!of->tmp_path)
		return -ENOMEM;
	memcpy(of->tmp_path, of->path, len);
	memcpy(of->tmp_path + len, TMP_SUFFIX, sizeof(TMP_SUFFIX));
	of->fd = mkstemp(of->tmp_path);
	if (of->fd < 0) {
		free(of->tmp_path);
		of->tmp_path = NULL;
		return -errno;
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

int out_file__open(struct out_file *of, const char *path, const struct stat *like)
{
	struct stat st;
	int err;

	of->name = path;
	of->tmp_path = NULL;
	of->fd = -1;
	of->path = resolve_target(path);
	if (!of->path) {
		pr_err("%s: out of memory", path);
		return -ENOMEM;
	}
	if (!stat(of->path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		err = open_direct(of);
	else
		err = open_temporary(of, like);
	if (err) {
		pr_err("%s: cannot create output file: %s", path, strerror(-err));
		out_file_release(of);
	}
	return err;
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
	int err = 0;

	/* A full disk may only show at close (NFS), so check it too. */
	if (close(of->fd))
		err = -errno;
	of->fd = -1;
	if (!err && of->tmp_path && rename(of->tmp_path, of->path))
		err = -errno;
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
	if (of->tmp_path)
		unlink(of->tmp_path);
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
