// SPDX-License-Identifier: GPL-2.0-only
/*
 * Runs one command per input file, N at a time, as make -jN runs them, and
 * prints what each cost, from wait4(): GNU time's %U and %S are cut to
 * hundredths, which summed over a thousand runs of some 50 ms lose a good
 * part of the total; the rusage of wait4() has microseconds.
 *
 * Usage: pool N DIR CMD [ARG...] <FILES
 * Each line of stdin is a file, appended to CMD's arguments; "{}" in an
 * argument becomes the line's number (from 0), for an output file of its
 * own. Its stdin and stdout are /dev/null, its stderr DIR/NUMBER.err.
 * Prints one line per run, in the order they end: "NUMBER STATUS CPU_S
 * RSS_KB" (STATUS the exit status, 128 + the signal where one ended it;
 * CPU_S user + system). Exits 0, or 1 where it could not run the pool.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* subst: ARG with each "{}" replaced by NUMBER, in a new string. */
static char *subst(const char *arg, const char *number)
{
	size_t n = strlen(arg) + 1, len = strlen(number);
	const char *p;
	char *out, *o;

	for (p = arg; (p = strstr(p, "{}")) != NULL; p += 2)
		n += len;
	o = out = malloc(n);
	if (out == NULL)
		return NULL;
	for (p = arg; *p != '\0';) {
		if (p[0] == '{' && p[1] == '}') {
			memcpy(o, number, len);
			o += len;
			p += 2;
		} else {
			*o++ = *p++;
		}
	}
	*o = '\0';
	return out;
}

/* start: forks one run of CMD on FILE; returns its pid, or -1. */
static pid_t start(char **cmd, int ncmd, const char *dir, const char *file, long i)
{
	char number[32], err[4096];
	pid_t pid;

	snprintf(number, sizeof(number), "%ld", i);
	snprintf(err, sizeof(err), "%s/%ld.err", dir, i);
	pid = fork();
	if (pid != 0)
		return pid;
	char **argv = calloc(ncmd + 2, sizeof(*argv));
	int fd_null = open("/dev/null", O_RDWR);
	int fd_err = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	if (argv == NULL || fd_null < 0 || fd_err < 0 || dup2(fd_null, 0) < 0 ||
	    dup2(fd_null, 1) < 0 || dup2(fd_err, 2) < 0)
		_exit(127);
	for (int k = 0; k < ncmd; k++)
		if ((argv[k] = subst(cmd[k], number)) == NULL)
			_exit(127);
	argv[ncmd] = (char *)file;
	execvp(argv[0], argv);
	fprintf(stderr, "pool: cannot run %s: %s\n", argv[0], strerror(errno));
	_exit(127);
}

/* reap: waits for one run to end and prints its line; 0, or -1. */
static int reap(pid_t *pids, int n)
{
	struct rusage ru;
	int status, k;
	pid_t pid;

	do
		pid = wait4(-1, &status, 0, &ru);
	while (pid < 0 && errno == EINTR);
	if (pid < 0)
		return -1;
	for (k = 0; k < n && pids[k] != pid; k++)
		;
	if (k == n)
		return 0;	/* not one of ours */
	pids[k] = 0;
	printf("%d %d %.6f %ld\n", k, WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status),
	       ru.ru_utime.tv_sec + ru.ru_stime.tv_sec +
	       (ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6, ru.ru_maxrss);
	fflush(stdout);
	return 1;
}

int main(int argc, char **argv)
{
	char *line = NULL;
	size_t cap = 0, nalloc = 0;
	pid_t *pids = NULL;
	int n = 0, running = 0, width;
	ssize_t len;

	if (argc < 4 || (width = atoi(argv[1])) < 1) {
		fprintf(stderr, "usage: pool N DIR CMD [ARG...] <FILES\n");
		return 1;
	}
	while ((len = getline(&line, &cap, stdin)) > 0) {
		if (line[len - 1] == '\n')
			line[--len] = '\0';
		if (len == 0)
			continue;
		while (running >= width) {
			int r = reap(pids, n);

			if (r < 0)
				return 1;
			running -= r;
		}
		if ((size_t)n == nalloc) {
			nalloc = nalloc ? 2 * nalloc : 1024;
			pids = realloc(pids, nalloc * sizeof(*pids));
			if (pids == NULL)
				return 1;
		}
		pids[n] = start(argv + 3, argc - 3, argv[2], line, n);
		if (pids[n] < 0) {
			fprintf(stderr, "pool: fork: %s\n", strerror(errno));
			return 1;
		}
		n++;
		running++;
	}
	while (running > 0) {
		int r = reap(pids, n);

		if (r < 0)
			return 1;
		running -= r;
	}
	free(line);
	free(pids);
	return 0;
}
