/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_TUNING_H
#define PAHOLE_TUNING_H
/*
 * Process-wide settings, made here and nowhere else: how glibc's allocator
 * grows and splits its heaps, and transparent huge pages for the heaps a
 * big run fills. Only the programs' main() and their main-thread jobs call
 * these:
 *   tuning__start()   first thing in main(), before parsing;
 *   tuning__inputs()  once the inputs are known, before any thread starts;
 *   tuning__advise()  on the main thread, as often as it likes (cheap when
 *                     nothing has changed), while other threads may run;
 *   tuning__thread_start()  first thing on each loader thread (the
 *                     loader's thread_start hook).
 * The program is never started again and its memory is its own: huge pages
 * are asked for with madvise(2) on the main heap and on the threads' heaps.
 */
#include <stdbool.h>
#include <stdint.h>

/* The environment variable that turns huge pages off: PAHOLE_HUGEPAGES=0. */
#define TUNING_HUGEPAGES_ENV	"PAHOLE_HUGEPAGES"

void tuning__start(void);
/*
 * @files and @btf_base (or NULL): what the run reads, by size; @workers:
 * its loader threads, 0 without.
 */
void tuning__inputs(char *const *files, int nr_files, const char *btf_base,
		    unsigned int workers);
void tuning__advise(void);
void tuning__thread_start(void);

/*
 * Whether to ask for huge pages, from the kernel's mode (the text of
 * /sys/kernel/mm/transparent_hugepage/enabled, NULL where there is none)
 * and the environment's GLIBC_TUNABLES and PAHOLE_HUGEPAGES (NULL unset).
 */
bool tuning__hugepages_wanted(const char *thp_mode, const char *glibc_tunables,
			      const char *env);

#endif
