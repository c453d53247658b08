/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_OUT_FILE_H
#define PAHOLE_OUT_FILE_H
/*
 * Output files that nobody ever sees half-written. A regular file (or a
 * name that does not exist yet) is written under a temporary name in the
 * same directory and renamed over the target only when complete, so a
 * failure or a kill leaves the old file as it was; SIGINT, SIGTERM and
 * SIGHUP also remove the temporary file before the program ends, and so
 * does exit() from anywhere (libdw's on out of memory). A device or a FIFO
 * (/dev/stdout, a full device) cannot be replaced that way and is written
 * directly. Main thread only; errors are reported as one line naming the
 * target.
 */
#include <stddef.h>
#include <sys/stat.h>

struct out_file {
	const char *name;	/* borrowed: the name given, for messages */
	char	*path;		/* owned: the target, symbolic links resolved */
	char	*tmp_path;	/* owned: the temporary file; NULL when writing @path itself */
	int	fd;		/* owned; -1 once closed */
};

/*
 * Opens an output for @path. With @like (borrowed, may be NULL), a new file
 * gets its permission bits and, where allowed, its owner; otherwise mode 0640
 * less the umask. Returns 0 or -errno (reported). On success, end with
 * out_file__commit() or out_file__abort().
 */
int out_file__open(struct out_file *of, const char *path, const struct stat *like);

/* out_file__open() that reports nothing: for a caller that can try again later. */
int out_file__open_quiet(struct out_file *of, const char *path, const struct stat *like);

/* Writes all of @data at the current position. 0 or -errno (reported). */
int out_file__write(struct out_file *of, const void *data, size_t size);

/*
 * Closes the file and renames it over the target. 0 or -errno (reported);
 * either way @of is released.
 */
int out_file__commit(struct out_file *of);

/* Closes and removes the temporary file; the target is left untouched. */
void out_file__abort(struct out_file *of);

/* out_file__open(), __write() and __commit() of a whole buffer, mode 0640. */
/*
 * Removes the temporary file being written, if any; async-signal-safe.
 * Also run at exit(): libdw ends the process with error() when an
 * allocation fails (__libdw_oom), maybe while the copy ahead writes the
 * temporary file of an in-place run.
 */
void out_file__remove_pending(void);

int out_file__write_whole(const char *path, const void *data, size_t size);

#endif
