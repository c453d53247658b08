// SPDX-License-Identifier: GPL-2.0-only
/*
 * Process-wide settings (see tuning.h): glibc's allocator and transparent
 * huge pages.
 */
#define _GNU_SOURCE
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cu_pool.h"
#include "proc_maps.h"
#include "tuning.h"

#define THP_MODE_PATH	"/sys/kernel/mm/transparent_hugepage/enabled"
#define HUGE_PAGE	(2UL << 20)

/*
 * glibc grows and trims its main heap 128 KiB at a time: a small module's
 * run made 1,500 brk calls and faulted the same pages back in after each
 * trim (a tenth of its time). Growing 4 MiB at a time makes it 5 calls and
 * a quarter fewer page faults, for about 5 MB more peak memory on a vmlinux.
 * Setting it also pins glibc's mmap threshold at 128 KiB.
 */
enum { TOP_PAD = 4 << 20 };

/*
 * A file with less DWARF than this is loaded on the main thread's heap,
 * whose freed pages the workers then reuse: glibc gives a thread a heap of
 * its own at its first malloc(), up to a bound, and a new heap is all pages
 * never touched (a module's workers would fill a new heap for a few
 * hundred KB of CUs each). A bigger one gives each worker a heap (on the
 * vmlinux: less lock contention, at -j2 on 2 CPUs 6% less CPU time than
 * with one heap, medians of 15). Told apart by file size: the vmlinux is
 * 590 MB, the biggest of its modules 43 MB.
 */
enum { BIG_INPUT = 128 << 20 };

/*
 * With the top pad above, glibc's mmap threshold stays at 128 KiB. A big
 * file's per-CU arrays above it (a CU's types, the loader's stacks) were
 * mapped for each CU and unmapped when it was encoded: without threads, on
 * the vmlinux, 500 munmap calls and 32,000 page faults of the 62,000, each
 * fault costly under a hypervisor. Taken from the heaps they are reused:
 * without threads 30,000 faults, sys time 0.40 -> 0.21 s. A huge-page run
 * uses it too, so that libbpf's copy of a BTF base comes from the heap.
 */
enum { MMAP_THRESHOLD = 4 << 20 };

/*
 * A thread's heap is a reservation of 64 MiB (glibc's bound on 64-bit),
 * made usable as it grows. With a top pad of the whole reservation the
 * heap is made usable whole when it is created, and can be advised whole;
 * pages never touched still take no memory. The main heap then also grows
 * and keeps 64 MiB at a time, as it does in a huge-page run.
 */
enum { HEAP_PAD = 64 << 20 };

/* glibc's bound on its mmap threshold (half a thread's heap), at least the top pad. */
enum { GROW_THRESHOLD = 32 << 20 };

/* Huge pages pay from inputs of a few MB on (see start_hugepages()). */
enum { HUGEPAGES_MIN_INPUT = 2 << 20 };

static struct {
	bool		wanted;		/* by the kernel's mode and the environment */
	bool		on;		/* and the inputs are big enough */
	uintptr_t	heap_start;	/* the first huge page of the main heap */
	uintptr_t	heap_end;	/* where the main heap ended when last advised */
	bool		threads;	/* heaps of their own */
} hp;

bool tuning__hugepages_wanted(const char *thp_mode, const char *glibc_tunables,
			      const char *env)
{
	/* Mode "always" gives them unasked; "never", never. */
	if (!thp_mode || !strstr(thp_mode, "[madvise]"))
		return false;
	/* The user's choice for glibc's own: =1 glibc asks, =0 none are wanted. */
	if (glibc_tunables && strstr(glibc_tunables, "glibc.malloc.hugetlb"))
		return false;
	return !env || strcmp(env, "0");
}

static bool read_thp_mode(char *buf, size_t size)
{
	FILE *f = fopen(THP_MODE_PATH, "re");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	return ok;
}

static uintptr_t huge_align_up(uintptr_t p)
{
	return (p + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

void tuning__start(void)
{
	char mode[128];

	/* Before any malloc() of ours: where the main heap starts, or has got to. */
	hp.heap_start = huge_align_up((uintptr_t)sbrk(0));
	mallopt(M_TOP_PAD, TOP_PAD);
	/*
	 * libbpf's dedup frees its many small hash entries when it ends, into
	 * glibc's fast bins, and the next large free then merges them all in
	 * one walk (malloc_consolidate(): 6-9% of a small module's time).
	 * Without fast bins a small free is merged as it comes, and the walk
	 * is gone; a vmlinux's run takes the same time.
	 */
	mallopt(M_MXFAST, 0);
	hp.wanted = read_thp_mode(mode, sizeof(mode)) &&
		    tuning__hugepages_wanted(mode, getenv("GLIBC_TUNABLES"),
					     getenv(TUNING_HUGEPAGES_ENV));
}

struct inputs {
	uint64_t	total;		/* bytes of all input files */
	uint64_t	largest;	/* bytes of the largest */
	unsigned int	workers;	/* loader threads, 0 without */
};

/* The heaps: one for each thread that may work at once, or one for all. */
static void set_heaps(const struct inputs *in)
{
	unsigned int cpus = in->workers ? cu_pool__usable_cpus() : 0, heaps;

	if (in->largest < BIG_INPUT) {
		if (in->workers)
			mallopt(M_ARENA_MAX, 1);
		return;
	}
	mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD);
	if (!in->workers)
		return;
	/* The main thread's heap, and one for each CPU a worker may take. */
	heaps = (cpus < in->workers ? cpus : in->workers) + 1;
	mallopt(M_ARENA_MAX, (int)heaps);
	mallopt(M_TOP_PAD, HEAP_PAD);
	hp.threads = true;
}

/*
 * Under a hypervisor a TLB miss walks two page tables and a page fault
 * costs several microseconds; pahole's data are hash tables and arrays
 * read at random over tens of MB (DIE maps, type records, libbpf's BTF and
 * its string and dedup tables). The main heap is made to grow by HEAP_PAD
 * at a time, grown once now, and advised; tuning__advise() advises what it
 * grows by later. Measured here (perf stat, 11 runs): tcp_bbr.ko on the
 * vmlinux's BTF 118 -> 72 ms of CPU time, 4,979 -> 1,292 page faults; 102
 * modules on the ELF vmlinux about a quarter less CPU time than when glibc
 * was asked with glibc.malloc.hugetlb (that took a second start); the
 * vmlinux the same time, peak memory within 1 MB.
 */
static void start_hugepages(void)
{
	void *volatile p;

	hp.on = true;
	mallopt(M_TOP_PAD, HEAP_PAD);
	/* More than the heap has left, from the heap: it grows by that and the pad. */
	mallopt(M_MMAP_THRESHOLD, GROW_THRESHOLD);
	p = malloc(mallinfo2().keepcost + 4096);
	free(p);
	mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD);
	tuning__advise();
}

static void add_input(struct inputs *in, const char *path)
{
	struct stat st;

	if (!path || stat(path, &st))
		return;
	in->total += (uint64_t)st.st_size;
	if ((uint64_t)st.st_size > in->largest)
		in->largest = (uint64_t)st.st_size;
}

void tuning__inputs(char *const *files, int nr_files, const char *btf_base,
		    unsigned int workers)
{
	struct inputs in = { .workers = workers };
	int i;

	for (i = 0; i < nr_files; i++)
		add_input(&in, files[i]);
	add_input(&in, btf_base);
	set_heaps(&in);
	if (hp.wanted && in.total >= HUGEPAGES_MIN_INPUT)
		start_hugepages();
}

/* The anonymous read-write mapping that holds @p, from the process's map. */
static bool find_mapping(uintptr_t p, uintptr_t *start, uintptr_t *end)
{
	struct proc_maps_buf buf;
	struct proc_map m;

	if (!proc_maps__find(p, &buf, &m))
		return false;
	*start = m.start;
	*end = m.end;
	return !m.inode && !strcmp(m.perms, "rw-p");
}

/*
 * A loader thread's heap, made at its first malloc(): usable whole (see
 * HEAP_PAD), advised before the thread fills it.
 */
void tuning__thread_start(void)
{
	uintptr_t start, end;
	void *volatile p;

	if (!hp.on || !hp.threads)
		return;
	p = malloc(1);
	if (p && find_mapping((uintptr_t)p, &start, &end))
		(void)madvise((void *)start, end - start, MADV_HUGEPAGE);
	free(p);
}

/* The main heap, again where it has grown since it was last advised. */
void tuning__advise(void)
{
	uintptr_t end = (uintptr_t)sbrk(0) & ~(HUGE_PAGE - 1);

	if (!hp.on || end == hp.heap_end || end <= hp.heap_start)
		return;
	/* Advice only: where the kernel refuses it, the pages are small. */
	(void)madvise((void *)hp.heap_start, end - hp.heap_start, MADV_HUGEPAGE);
	hp.heap_end = end;
}
