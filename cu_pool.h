/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_CU_POOL_H
#define PAHOLE_CU_POOL_H
/*
 * A pool of loader threads with an id-ordered reorder window.
 *
 * Units are numbered 0 .. nr_units-1. Each is loaded exactly once, on any
 * thread, and consumed on the calling (main) thread strictly in id order.
 * Invariants:
 * - Units are claimed in id order, and unit k may be claimed only while
 *   k < next_to_consume + window, which bounds how many loaded units wait;
 *   while the started hook runs (nothing is consumed then), four windows.
 * - The unit the main thread waits for is always already claimed: when it
 *   is not, the main thread claims and loads it itself. So a slow unit 0
 *   cannot deadlock the pool, whatever the window.
 * - While its next unit is not ready, the main thread loads claimable units
 *   rather than sleep.
 * - load(k) happens before consume(k); the pool's mutex orders them.
 * The pool knows ids only: results live in the caller's context, by id.
 */
#include <stdint.h>

struct cu_pool_ops {
	/* Loads unit @id into @ctx's slot for it. Any thread; never fails. */
	void	(*load)(void *ctx, uint32_t id);
	/* Takes unit @id, in id order, main thread. Non-zero stops the pool. */
	int	(*consume)(void *ctx, uint32_t id);
	/* Frees unit @id, loaded but not consumed because the pool stopped. */
	void	(*discard)(void *ctx, uint32_t id);
	/*
	 * Or NULL. Main thread, once the workers run and before the first
	 * unit is consumed: work the consumer needs that the loads can
	 * overlap. Non-zero stops the pool.
	 */
	int	(*started)(void *ctx);
};

struct cu_pool_opts {
	unsigned int	nr_workers;	/* threads besides the caller; 0: caller alone */
	unsigned int	window;		/* at least 1 */
	/*
	 * At most so many threads load or consume at once (the CPUs the
	 * process may run on), the main thread counted whenever it does not
	 * wait; 0: no bound. More workers than CPUs then only wait their
	 * turn, and none takes a CPU from the main thread's serial work.
	 */
	unsigned int	nr_cpus;
	/*
	 * Test-only: when non-zero, a random sleep seeded by this value before
	 * each unit is handed over, and a long one on unit 0.
	 */
	unsigned int	delay_seed;
	/* Or NULL: called first on each worker thread (the caller's per-thread settings). */
	void		(*thread_start)(void);
};

/*
 * A pointer the main thread publishes once while the workers run (what the
 * started hook reads, say): a worker sees NULL until then, and after it the
 * value with everything written before publishing. Reset it to NULL only
 * while no pool runs.
 */
struct cu_pool_shared {
	const void	*p;
};

void cu_pool_shared__publish(struct cu_pool_shared *s, const void *p);
const void *cu_pool_shared__get(const struct cu_pool_shared *s);

/* The CPUs this process may run on (its affinity): a bound for nr_cpus. */
unsigned int cu_pool__usable_cpus(void);

/*
 * The calling thread's number: 1 .. nr_workers for a pool's workers, in
 * the order they started, 0 for any other thread (the main one). The
 * workers of a later pool take the same numbers again, so that what a
 * thread keeps for itself by its number is bounded by the largest pool.
 */
unsigned int cu_pool__thread_index(void);

/*
 * Loads and consumes units 0 .. @nr_units-1. Returns 0, or the first
 * non-zero consume() value, after every worker has been joined and every
 * unconsumed loaded unit discarded.
 */

int cu_pool__run(uint32_t nr_units, const struct cu_pool_opts *opts,
		 const struct cu_pool_ops *ops, void *ctx);

#endif
