// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench_floor MODE FILE: the floors bench/floor sets our phases against,
 * each timed on one thread in a fresh process:
 *
 *   scan FILE    every DIE of .debug_info read with our reader (die_reader.h)
 *                and every attribute decoded, strings and references looked
 *                up, nothing built: what loading must do at least;
 *   load FILE    our loader on one thread (no -j) with pahole -J's options,
 *                each CU's model built and freed, nothing encoded, the
 *                process tuned as pahole's (at -j1 the main thread would
 *                load too, as it waits: two threads);
 *   write FILE   FILE's bytes (a BTF file) written to a new file beside it
 *                as pahole writes an output (out_file.h), then removed.
 *
 * Prints "MODE SECONDS COUNT" (DIEs, CUs or bytes).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>

#include "die_reader.h"
#include "dwarf_loader.h"
#include "log.h"
#include "out_file.h"
#include "phase_stats.h"
#include "tuning.h"

struct scan {
	struct die_unit	*unit;
	uint64_t	dies;
	uint64_t	sum;	/* of what was decoded, so that none of it is skipped */
};

static int decode(const struct die_attr *a, void *arg)
{
	struct scan *s = arg;
	const char *str;
	uint64_t v;

	if (die_attr__ref(s->unit, a, &v) || die_attr__constant(a, &v))
		s->sum += v;
	else if ((str = die_attr__string(s->unit, a)))
		s->sum += (unsigned char)str[0];
	else
		s->sum += a->value + a->block_len;
	return 0;
}

/* @d and its siblings, each with its children: 0, or -1 on a bad DIE. */
static int walk(struct die *d, struct scan *s)
{
	struct die child;
	int rc;

	do {
		if (die__attrs(d, decode, s))
			return -1;
		s->dies++;
		if (d->has_children) {
			rc = die__child(d, &child);
			if (rc < 0 || (!rc && walk(&child, s)))
				return -1;
		}
		rc = die__sibling(d);
	} while (!rc);
	return rc < 0 ? -1 : 0;
}

static int scan_unit(struct scan *s, const struct die_sections *secs, uint64_t *start)
{
	struct die_unit u;
	struct die ud, child;
	int rc = die_unit__init(&u, secs, false, *start, NULL);

	s->unit = &u;
	if (!rc)
		rc = die__unit_die(&u, &ud);
	if (!rc && die__attrs(&ud, decode, s))
		rc = -EINVAL;
	s->dies++;
	if (!rc && ud.has_children) {
		rc = die__child(&ud, &child);
		rc = rc < 0 ? rc : !rc && walk(&child, s) ? -EINVAL : 0;
	}
	if (rc)
		fprintf(stderr, "bench_floor: unit at 0x%llx: %s\n", (unsigned long long)*start,
			u.errmsg ? u.errmsg : "cannot read");
	*start = u.end;
	die_unit__release(&u);
	return rc;
}

static int scan(const char *path)
{
	const struct die_sections *secs;
	struct dwarf_file *df;
	struct scan s = { 0 };
	uint64_t start = 0;
	double t0;

	if (dwarf_file__open(path, &df))
		return 1;
	/* the sections as the loader reads them (dwarf_file__open() set them up) */
	secs = dwarf_file__sections(df);
	t0 = phase_stats__now();
	while (start < secs->info.size)
		if (scan_unit(&s, secs, &start))
			return 1;
	printf("scan %.3f %llu\n", phase_stats__now() - t0, (unsigned long long)s.dies);
	fprintf(stderr, "bench_floor: checksum %llx\n", (unsigned long long)s.sum);
	dwarf_file__free(df);
	return 0;
}

static int free_cu(struct cu *cu, void *ctx)
{
	(*(uint64_t *)ctx)++;
	cu__free(cu);
	tuning__advise();
	return 0;
}

static int load(const char *path)
{
	const struct dwarf_loader_opts opts = {
		.type_tags = true, .decl_tags = true, .param_locations = true,
	};
	struct dwarf_file *df;
	uint64_t cus = 0;
	char *files[] = { (char *)path };
	double t0;

	/* The process tuned as pahole's (huge pages, the allocator's growth). */
	tuning__inputs(files, 1, NULL, 0);
	t0 = phase_stats__now();
	if (dwarf_file__open(path, &df) || dwarf_loader__load(df, &opts, free_cu, &cus))
		return 1;
	printf("load %.3f %llu\n", phase_stats__now() - t0, (unsigned long long)cus);
	dwarf_file__free(df);
	return 0;
}

static int write_copy(const char *path)
{
	char out[4096];
	struct stat st;
	void *buf;
	double t0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0 || fstat(fd, &st) || !(buf = malloc(st.st_size ? st.st_size : 1)) ||
	    read(fd, buf, st.st_size) != st.st_size) {
		fprintf(stderr, "bench_floor: %s: cannot read it\n", path);
		return 1;
	}
	close(fd);
	snprintf(out, sizeof(out), "%s.floor", path);
	t0 = phase_stats__now();
	if (out_file__write_whole(out, buf, st.st_size))
		return 1;
	printf("write %.3f %lld\n", phase_stats__now() - t0, (long long)st.st_size);
	unlink(out);
	free(buf);
	return 0;
}

int main(int argc, char **argv)
{
	tuning__start();
	log__set_program("bench_floor");
	elf_version(EV_CURRENT);
	if (argc == 3 && !strcmp(argv[1], "scan"))
		return scan(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "load"))
		return load(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "write"))
		return write_copy(argv[2]);
	fprintf(stderr, "usage: bench_floor scan|load|write FILE\n");
	return 64;
}
