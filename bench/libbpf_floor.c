// SPDX-License-Identifier: GPL-2.0-only
/*
 * What libbpf alone costs a module's BTF encoding, whoever drives it: parse
 * the base, the first string lookup of a split BTF (which makes the base
 * modifiable: a copy of its types and an index of its strings), and the
 * dedup of a split BTF of one type (which hashes every base type).
 *
 * Usage: libbpf_floor BASE; BASE is a raw BTF or an ELF file with .BTF.
 * Prints the CPU milliseconds of each step, one line each, for one fresh
 * process as a pahole run is (bench/module_floor takes the medians). The
 * process is tuned as pahole tunes itself (tuning.c: the heap, and huge
 * pages unless PAHOLE_HUGEPAGES=0), so that the floor and our runs pay for
 * memory alike.
 */
#include <errno.h>
#include <stdio.h>
#include <time.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "tuning.h"

enum { STEP_PARSE, STEP_FIRST_STRING, STEP_DEDUP, STEP_FREE, NR_STEPS };

static const char *const step_names[NR_STEPS] = {
	"parse the base", "first string lookup", "dedup of one type", "free",
};

static double now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static int silent(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	return 0;
}

/* One round: the time of each step into @ms. 0 or -errno. */
static int one_round(const char *path, double ms[NR_STEPS])
{
	struct btf *base, *split;
	double t = now_ms();
	int err;

	base = btf__parse(path, NULL);
	if (!base)
		return -errno;
	ms[STEP_PARSE] = now_ms() - t;
	split = btf__new_empty_split(base);
	if (!split) {
		btf__free(base);
		return -errno;
	}
	t = now_ms();
	err = btf__add_int(split, "libbpf_floor_probe_t", 4, 0);
	ms[STEP_FIRST_STRING] = now_ms() - t;
	t = now_ms();
	if (err > 0)
		err = btf__dedup(split, NULL);
	ms[STEP_DEDUP] = now_ms() - t;
	t = now_ms();
	btf__free(split);
	btf__free(base);
	ms[STEP_FREE] = now_ms() - t;
	return err < 0 ? err : 0;
}

int main(int argc, char *argv[])
{
	double ms[NR_STEPS];
	int s, err;

	if (argc != 2) {
		fprintf(stderr, "usage: libbpf_floor BASE\n");
		return 64;
	}
	tuning__start();
	tuning__inputs(&argv[1], 1, NULL, 0);
	libbpf_set_print(silent);
	err = one_round(argv[1], ms);
	if (err) {
		fprintf(stderr, "libbpf_floor: %s: error %d\n", argv[1], err);
		return 1;
	}
	for (s = 0; s < NR_STEPS; s++)
		printf("%s\t%.2f\n", step_names[s], ms[s]);
	return 0;
}
