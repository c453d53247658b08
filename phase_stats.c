// SPDX-License-Identifier: GPL-2.0-only
/* --phase_stats: timing, counts and peak memory of an encoding run. */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <sys/resource.h>

#include "phase_stats.h"

double phase_stats__now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Peak RSS of the process so far, in KiB. */
static uint64_t peak_rss_kb(void)
{
	struct rusage ru;

	return getrusage(RUSAGE_SELF, &ru) ? 0 : (uint64_t)ru.ru_maxrss;
}

void phase_stats__end(struct phase_stats *s, enum phase p, double start)
{
	s->wall[p] += phase_stats__now() - start;
	s->peak_kb[p] = peak_rss_kb();
}

static const char *const phase_names[PHASE__NR] = {
	[PHASE_SYMBOLS] = "elf_symbols", [PHASE_LOADING] = "dwarf_loading",
	[PHASE_ENCODING] = "encoding", [PHASE_FUNCTIONS] = "functions",
	[PHASE_DEDUP] = "dedup", [PHASE_WRITING] = "writing",
};

static void phase_detail(const struct phase_stats *s, enum phase p, char *buf, size_t size)
{
	switch (p) {
	case PHASE_LOADING:
		snprintf(buf, size, "%llu CUs, %llu DIEs, %.2f s of loading on %u thread%s "
			 "(%.2f s reading DWARF, %.2f s preparing the encoding)",
			 (unsigned long long)s->nr_cus, (unsigned long long)s->nr_dies,
			 s->load_secs, s->nr_threads, s->nr_threads == 1 ? "" : "s",
			 s->load_secs - s->prepare_secs, s->prepare_secs);
		break;
	case PHASE_DEDUP:
		snprintf(buf, size, "%llu types before, %llu after, %.2f s in %s",
			 (unsigned long long)s->types_before_dedup,
			 (unsigned long long)s->types_after_dedup, s->libbpf_dedup_secs,
			 s->own_dedup ? "our own split dedup" : "libbpf's btf__dedup");
		break;
	case PHASE_WRITING:
		snprintf(buf, size, "%llu bytes", (unsigned long long)s->out_bytes);
		break;
	default:
		buf[0] = '\0';
		break;
	}
}

void phase_stats__print(const struct phase_stats *s, const char *path, FILE *f)
{
	double total = 0;
	char detail[160];
	int p;

	fprintf(f, "pahole: phase stats for %s\n", path);
	fprintf(f, "pahole:   %-14s %8s %8s  %s\n", "phase", "wall_s", "peak_MB", "counts");
	for (p = 0; p < PHASE__NR; p++) {
		total += s->wall[p];
		phase_detail(s, p, detail, sizeof(detail));
		fprintf(f, "pahole:   %-14s %8.2f %8llu  %s\n", phase_names[p], s->wall[p],
			(unsigned long long)s->peak_kb[p] / 1024, detail);
	}
	fprintf(f, "pahole:   %-14s %8.2f %8llu\n", "total", total,
		(unsigned long long)peak_rss_kb() / 1024);
	fprintf(f, "pahole:   serial %.2f s (the main thread, not loading), loading %.2f s "
		"(%u thread%s): at N cores about %.2f + %.2f / N s\n",
		total - s->wall[PHASE_LOADING], s->load_secs, s->nr_threads,
		s->nr_threads == 1 ? "" : "s", total - s->wall[PHASE_LOADING], s->load_secs);
}
