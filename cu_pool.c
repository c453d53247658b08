// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loader threads and the reorder window (see cu_pool.h for the invariants).
 * One mutex guards the counters and the ready flags; two condition
 * variables wake workers (room in the window) and the main thread (its next
 * unit is ready).
 */
#define _GNU_SOURCE	/* sched_getaffinity */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "cu_pool.h"

struct cu_pool {
	const struct cu_pool_opts	*opts;
	const struct cu_pool_ops	*ops;
	void				*ctx;
	uint32_t			nr_units;
	pthread_mutex_t			lock;
	pthread_cond_t			room;		/* next_claim may have become claimable */
	pthread_cond_t			ready;		/* ready[next_consume] may be set */
	/* Guarded by lock: */
	uint32_t			next_claim;
	uint32_t			next_consume;
	/* Threads loading or consuming; the main thread counts unless it sleeps. */
	unsigned int			busy;
	bool				stop;
	bool				consuming;	/* the started hook has returned */
	bool				*is_ready;
	unsigned int			nr_started;	/* workers numbered so far */
};

static __thread unsigned int thread_index;

unsigned int cu_pool__thread_index(void)
{
	return thread_index;
}

enum { START_WINDOW_FACTOR = 4 };

enum { TEST_DELAY_MAX_US = 2000, TEST_DELAY_FIRST_US = 100000 };

static uint64_t mix64(uint64_t x)
{
	x ^= x >> 30;
	x *= 0xbf58476d1ce4e5b9ULL;
	x ^= x >> 27;
	x *= 0x94d049bb133111ebULL;
	return x ^ (x >> 31);
}

/* The test-only delay of unit @id: the same for a given seed and id. */
static void test_delay(const struct cu_pool *p, uint32_t id)
{
	struct timespec ts;
	uint64_t us;

	if (!p->opts->delay_seed)
		return;
	us = id == 0 ? TEST_DELAY_FIRST_US :
	     mix64((uint64_t)p->opts->delay_seed << 32 | id) % TEST_DELAY_MAX_US;
	ts.tv_sec = us / 1000000;
	ts.tv_nsec = (long)(us % 1000000) * 1000;
	while (nanosleep(&ts, &ts) && errno == EINTR)
		;
}

/*
 * The window now: while the started hook runs, the main thread takes no
 * unit, and loaders that kept to the window would soon wait for it.
 */
static uint64_t window(const struct cu_pool *p)
{
	return (uint64_t)p->opts->window * (p->consuming ? 1 : START_WINDOW_FACTOR);
}

/* Called with the lock held. */
static bool claimable(const struct cu_pool *p)
{
	return !p->stop && p->next_claim < p->nr_units &&
	       (uint64_t)p->next_claim < (uint64_t)p->next_consume + window(p);
}

/*
 * Whether a worker may claim now: besides the window, a CPU for it. The
 * main thread never waits for one, so the unit it waits for always has a
 * thread on it.
 */
static bool worker_may_claim(const struct cu_pool *p)
{
	return claimable(p) && (!p->opts->nr_cpus || p->busy < p->opts->nr_cpus);
}

/* Loads @id with the lock dropped, then marks it ready. Lock held on entry and exit. */
static void load_unit(struct cu_pool *p, uint32_t id)
{
	pthread_mutex_unlock(&p->lock);
	p->ops->load(p->ctx, id);
	test_delay(p, id);
	pthread_mutex_lock(&p->lock);
	p->is_ready[id] = true;
	if (id == p->next_consume)
		pthread_cond_signal(&p->ready);
}

/*
 * Wakes one sleeping worker when one may claim now. Called with the lock
 * held wherever a claim may have become possible; the worker it wakes
 * passes the wake on once it has claimed, so one signal at a time
 * suffices, and one claim no longer wakes every sleeping worker.
 */
static void wake_worker(struct cu_pool *p)
{
	if (worker_may_claim(p))
		pthread_cond_signal(&p->room);
}

static void *worker(void *arg)
{
	struct cu_pool *p = arg;
	uint32_t id;

	if (p->opts->thread_start)
		p->opts->thread_start();
	pthread_mutex_lock(&p->lock);
	thread_index = ++p->nr_started;
	for (;;) {
		while (!worker_may_claim(p) && !p->stop && p->next_claim < p->nr_units)
			pthread_cond_wait(&p->room, &p->lock);
		if (!worker_may_claim(p))
			break;
		p->busy++;
		id = p->next_claim++;
		wake_worker(p);
		load_unit(p, id);
		p->busy--;
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

/* Main thread: waits for unit @id, loading claimable units meanwhile. */
static void wait_ready(struct cu_pool *p, uint32_t id)
{
	pthread_mutex_lock(&p->lock);
	while (!p->is_ready[id]) {
		if (claimable(p)) {
			load_unit(p, p->next_claim++);
			continue;
		}
		/* Its CPU is free while it sleeps. */
		p->busy--;
		wake_worker(p);
		pthread_cond_wait(&p->ready, &p->lock);
		p->busy++;
	}
	p->next_consume = id + 1;
	wake_worker(p);
	pthread_mutex_unlock(&p->lock);
}

static unsigned int start_workers(struct cu_pool *p, pthread_t *tids, unsigned int want)
{
	unsigned int n;

	for (n = 0; n < want; n++)
		if (pthread_create(&tids[n], NULL, worker, p))
			break;	/* fewer workers only costs time */
	return n;
}

static void stop_workers(struct cu_pool *p, pthread_t *tids, unsigned int n)
{
	pthread_mutex_lock(&p->lock);
	p->stop = true;
	pthread_cond_broadcast(&p->room);
	pthread_mutex_unlock(&p->lock);
	while (n--)
		pthread_join(tids[n], NULL);
}

void cu_pool_shared__publish(struct cu_pool_shared *s, const void *p)
{
	__atomic_store_n(&s->p, p, __ATOMIC_RELEASE);
}

const void *cu_pool_shared__get(const struct cu_pool_shared *s)
{
	return __atomic_load_n(&s->p, __ATOMIC_ACQUIRE);
}

int cu_pool__run(uint32_t nr_units, const struct cu_pool_opts *opts,
		 const struct cu_pool_ops *ops, void *ctx)
{
	struct cu_pool p = { .opts = opts, .ops = ops, .ctx = ctx, .nr_units = nr_units,
			     .busy = 1, .consuming = !ops->started };
	unsigned int want = opts->nr_workers < nr_units ? opts->nr_workers : nr_units;
	unsigned int nr_threads;
	pthread_t *tids;
	uint32_t id;
	int err = 0;

	if (!nr_units)
		return 0;
	p.is_ready = calloc(nr_units, sizeof(*p.is_ready));
	tids = calloc(want ? want : 1, sizeof(*tids));
	if (!p.is_ready || !tids) {
		free(p.is_ready);
		free(tids);
		return -ENOMEM;
	}
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.room, NULL);
	pthread_cond_init(&p.ready, NULL);
	nr_threads = start_workers(&p, tids, want);
	if (ops->started) {
		err = ops->started(ctx);
		pthread_mutex_lock(&p.lock);
		p.consuming = true;	/* the window narrows: no one to wake */
		pthread_mutex_unlock(&p.lock);
	}
	for (id = 0; id < nr_units && !err; id++) {
		wait_ready(&p, id);
		err = ops->consume(ctx, id);
	}
	stop_workers(&p, tids, nr_threads);
	/* Joined: no one writes is_ready any more. */
	for (; id < nr_units; id++)
		if (p.is_ready[id])
			ops->discard(ctx, id);
	pthread_cond_destroy(&p.ready);
	pthread_cond_destroy(&p.room);
	pthread_mutex_destroy(&p.lock);
	free(p.is_ready);
	free(tids);
	return err;
}

unsigned int cu_pool__usable_cpus(void)
{
	cpu_set_t set;
	int n;

	if (sched_getaffinity(0, sizeof(set), &set))
		return 1;
	n = CPU_COUNT(&set);
	return n > 0 ? n : 1;
}
