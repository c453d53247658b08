// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the reorder window: order, window bound, the main thread's
 * own loads, and a clean stop, for many worker counts and windows, with
 * random delays. Meant to run under ThreadSanitizer as well.
 */
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "../../cu_pool.h"

#include "check.h"

enum { NR_UNITS = 200 };

struct fake {
	unsigned int	window;
	uint32_t	fail_at;		/* consume() fails here; UINT32_MAX: never */
	pthread_t	main_thread;
	/* Written by loaders, each its own slot. */
	uint32_t	value[NR_UNITS];
	pthread_t	loaded_by[NR_UNITS];
	/* Shared counters. */
	atomic_uint	loads, discards, in_flight, max_in_flight, by_main;
	atomic_uint	loading, max_loading;	/* threads in fake_load() at once */
	/* Main thread only. */
	uint32_t	consumed;
	bool		order_ok, values_ok;
};

static void short_sleep(uint32_t id)
{
	struct timespec ts = { 0, (long)((id * 7919u) % 300) * 1000 };

	nanosleep(&ts, NULL);
}

/* Raises *@max to @now unless it is higher. */
static void raise_max(atomic_uint *max, unsigned int now)
{
	unsigned int seen = atomic_load(max);

	while (now > seen && !atomic_compare_exchange_weak(max, &seen, now))
		;
}

static void fake_load(void *ctx, uint32_t id)
{
	struct fake *f = ctx;

	raise_max(&f->max_in_flight, atomic_fetch_add(&f->in_flight, 1) + 1);
	raise_max(&f->max_loading, atomic_fetch_add(&f->loading, 1) + 1);
	short_sleep(id);
	atomic_fetch_sub(&f->loading, 1);
	f->value[id] = id * 2654435761u;
	f->loaded_by[id] = pthread_self();
	if (pthread_equal(f->loaded_by[id], f->main_thread))
		atomic_fetch_add(&f->by_main, 1);
	atomic_fetch_add(&f->loads, 1);
}

static int fake_consume(void *ctx, uint32_t id)
{
	struct fake *f = ctx;

	if (id != f->consumed)
		f->order_ok = false;
	if (f->value[id] != id * 2654435761u)
		f->values_ok = false;
	f->consumed++;
	atomic_fetch_sub(&f->in_flight, 1);
	return id == f->fail_at ? -EIO : 0;
}

static void fake_discard(void *ctx, uint32_t id)
{
	struct fake *f = ctx;

	atomic_fetch_add(&f->discards, 1);
	atomic_fetch_sub(&f->in_flight, 1);
}

static const struct cu_pool_ops fake_ops = {
	.load = fake_load, .consume = fake_consume, .discard = fake_discard,
};

static int run_fake_cpus(struct fake *f, unsigned int workers, unsigned int window,
			 unsigned int seed, uint32_t fail_at, unsigned int nr_cpus)
{
	struct cu_pool_opts o = { .nr_workers = workers, .window = window, .delay_seed = seed,
				  .nr_cpus = nr_cpus };

	memset(f, 0, sizeof(*f));
	f->window = window;
	f->fail_at = fail_at;
	f->main_thread = pthread_self();
	f->order_ok = f->values_ok = true;
	return cu_pool__run(NR_UNITS, &o, &fake_ops, f);
}

static int run_fake(struct fake *f, unsigned int workers, unsigned int window,
		    unsigned int seed, uint32_t fail_at)
{
	return run_fake_cpus(f, workers, window, seed, fail_at, 0);
}

static void test_cu_pool__order_and_window(void)
{
	static const unsigned int workers[] = { 0, 1, 2, 3, 7, 63 };
	static const unsigned int windows[] = { 1, 2, 5, 1000 };
	size_t i, j;
	struct fake f;

	for (i = 0; i < sizeof(workers) / sizeof(workers[0]); i++) {
		for (j = 0; j < sizeof(windows) / sizeof(windows[0]); j++) {
			int err = run_fake(&f, workers[i], windows[j], 0, UINT32_MAX);

			CHECK("returns 0", err == 0);
			CHECK("consumed in id order", f.order_ok);
			CHECK("loads are seen by the consumer", f.values_ok);
			CHECK("every unit consumed", f.consumed == NR_UNITS);
			CHECK("every unit loaded once", atomic_load(&f.loads) == NR_UNITS);
			/* Loaded or loading, not yet consumed: the window plus the one being consumed. */
			CHECK("window bounds units in flight",
			      atomic_load(&f.max_in_flight) <= windows[j] + 1);
			if (workers[i] == 0)
				CHECK("no worker: main loads all",
				      atomic_load(&f.by_main) == NR_UNITS);
		}
	}
}

/*
 * With more workers than CPUs, no more threads load at once than there are
 * CPUs, the main thread counted while it is awake: one CPU leaves every
 * load to it. Loads sleep rather than spin, so without the bound they
 * overlap whatever the machine.
 */
static void test_cu_pool__cpus_bound_the_loaders(void)
{
	static const unsigned int cpus[] = { 1, 2, 3 };
	struct fake f;
	size_t i;

	for (i = 0; i < sizeof(cpus) / sizeof(cpus[0]); i++) {
		int err = run_fake_cpus(&f, 6, 16, 0, UINT32_MAX, cpus[i]);

		CHECK("returns 0", err == 0);
		CHECK("consumed in id order", f.order_ok && f.values_ok);
		CHECK("every unit consumed", f.consumed == NR_UNITS);
		CHECK("at most one loader per CPU", atomic_load(&f.max_loading) <= cpus[i]);
		if (cpus[i] == 1)
			CHECK("one CPU: main loads all", atomic_load(&f.by_main) == NR_UNITS);
	}
	run_fake_cpus(&f, 6, 16, 0, UINT32_MAX, 0);
	CHECK("unbounded, the loads overlap", atomic_load(&f.max_loading) > 3);
}

static void test_cu_pool__stop_discards_the_rest(void)
{
	static const uint32_t fail_at[] = { 0, 1, 17, NR_UNITS - 1 };
	size_t i, w;
	struct fake f;

	for (i = 0; i < sizeof(fail_at) / sizeof(fail_at[0]); i++) {
		for (w = 0; w < 4; w++) {
			int err = run_fake(&f, (unsigned int)w, 3, 0, fail_at[i]);

			CHECK("returns the consume error", err == -EIO);
			CHECK("stops after the failing unit", f.consumed == fail_at[i] + 1);
			CHECK("each load is consumed or discarded",
			      atomic_load(&f.loads) == f.consumed + atomic_load(&f.discards));
			CHECK("nothing left in flight", atomic_load(&f.in_flight) == 0);
		}
	}
}

static void test_cu_pool__slow_first_unit_does_not_deadlock(void)
{
	struct fake f;
	int err;

	/* The seeded delay makes unit 0 slow; window 1 is the tightest case. */
	err = run_fake(&f, 3, 1, 42, UINT32_MAX);
	CHECK("returns 0", err == 0);
	CHECK("consumed in id order", f.order_ok);
	CHECK("every unit consumed", f.consumed == NR_UNITS);
}

/* A started hook that records when it ran, then fails or not. */
struct started_fake {
	struct fake	f;
	int		err;
	unsigned int	calls;
	uint32_t	consumed_before;
	bool		on_main;
	unsigned int	wait_loads;	/* the hook waits for so many loads (2 s at most) */
	unsigned int	loads_in_hook;
};

static int started_hook(void *ctx)
{
	struct started_fake *sf = ctx;
	struct timespec ts = { 0, 1000000 };
	int i;

	for (i = 0; i < 2000 && atomic_load(&sf->f.loads) < sf->wait_loads; i++)
		nanosleep(&ts, NULL);
	sf->loads_in_hook = atomic_load(&sf->f.loads);
	sf->calls++;
	sf->consumed_before = sf->f.consumed;
	sf->on_main = pthread_equal(pthread_self(), sf->f.main_thread);
	return sf->err;
}

static void test_cu_pool__started_hook(void)
{
	static const struct cu_pool_ops ops = {
		.load = fake_load, .consume = fake_consume, .discard = fake_discard,
		.started = started_hook,
	};
	unsigned int w;

	for (w = 0; w < 4; w++) {
		struct cu_pool_opts o = { .nr_workers = w, .window = 3 };
		struct started_fake sf = { .err = 0 };
		int err;

		sf.f.main_thread = pthread_self();
		sf.f.order_ok = sf.f.values_ok = true;
		sf.f.fail_at = UINT32_MAX;
		err = cu_pool__run(NR_UNITS, &o, &ops, &sf);
		CHECK("returns 0", err == 0);
		CHECK("called once, on the main thread, before any consume",
		      sf.calls == 1 && sf.on_main && sf.consumed_before == 0);
		CHECK("every unit consumed", sf.f.consumed == NR_UNITS);

		/* While the hook runs, nothing is consumed: four windows load meanwhile. */
		memset(&sf, 0, sizeof(sf));
		sf.wait_loads = 4 * 3;
		sf.f.main_thread = pthread_self();
		sf.f.order_ok = sf.f.values_ok = true;
		sf.f.fail_at = UINT32_MAX;
		err = cu_pool__run(NR_UNITS, &o, &ops, &sf);
		CHECK("returns 0 after a slow hook", err == 0 && sf.f.consumed == NR_UNITS);
		CHECK("the loaders went on past one window while the hook ran",
		      !w || sf.loads_in_hook == 4 * 3);
		CHECK("no further than four", atomic_load(&sf.f.max_in_flight) <= 4 * 3 + 1);

		memset(&sf, 0, sizeof(sf));
		sf.err = -EIO;
		sf.f.main_thread = pthread_self();
		sf.f.fail_at = UINT32_MAX;
		err = cu_pool__run(NR_UNITS, &o, &ops, &sf);
		CHECK("returns the hook's error", err == -EIO);
		CHECK("nothing consumed after a failed hook", sf.f.consumed == 0);
		CHECK("each load discarded",
		      atomic_load(&sf.f.loads) == atomic_load(&sf.f.discards));
		CHECK("nothing left in flight", atomic_load(&sf.f.in_flight) == 0);
	}
}

/*
 * A value the started hook publishes while the workers load: a load sees
 * NULL or the value with what was written before publishing, and only the
 * loads claimed before the hook returned (four windows' worth) can see NULL.
 */
struct published {
	uint32_t	magic;
};

struct shared_fake {
	struct cu_pool_shared	shared;
	struct published	value;
	const struct published	*seen[NR_UNITS];	/* each load its own slot */
	uint32_t		consumed;		/* main thread only */
};

static void shared_load(void *ctx, uint32_t id)
{
	struct shared_fake *sf = ctx;

	short_sleep(id);
	sf->seen[id] = cu_pool_shared__get(&sf->shared);
}

static void shared_discard(void *ctx, uint32_t id)
{
}

static int shared_started(void *ctx)
{
	struct shared_fake *sf = ctx;

	sf->value.magic = 0x5eed;
	cu_pool_shared__publish(&sf->shared, &sf->value);
	return 0;
}

static int shared_consume(void *ctx, uint32_t id)
{
	struct shared_fake *sf = ctx;
	const struct published *p = sf->seen[id];

	if (p && p->magic != 0x5eed)
		return -EINVAL;
	sf->consumed++;
	return 0;
}

static void test_cu_pool__shared_value(void)
{
	static const struct cu_pool_ops ops = {
		.load = shared_load, .consume = shared_consume, .discard = shared_discard,
		.started = shared_started,
	};
	unsigned int w;

	for (w = 0; w < 4; w++) {
		struct cu_pool_opts o = { .nr_workers = w, .window = 4 };
		struct shared_fake *sf = calloc(1, sizeof(*sf));
		uint32_t i, seen = 0;

		CHECK("allocated", sf);
		if (!sf)
			return;
		CHECK("returns 0", cu_pool__run(NR_UNITS, &o, &ops, sf) == 0);
		CHECK("every unit consumed, each seeing NULL or the whole value",
		      sf->consumed == NR_UNITS);
		for (i = 0; i < NR_UNITS; i++)
			seen += sf->seen[i] == &sf->value;
		/* Four windows (4) bound the loads claimed before the hook returned. */
		CHECK("the loads after the hook see the value", seen >= NR_UNITS - 16);
		CHECK("get after publish", cu_pool_shared__get(&sf->shared) == &sf->value);
		free(sf);
	}
}

static void test_cu_pool__no_units(void)
{
	struct cu_pool_opts o = { .nr_workers = 4, .window = 1 };

	CHECK("zero units is fine", cu_pool__run(0, &o, &fake_ops, NULL) == 0);
}

int main(void)
{
	test_cu_pool__order_and_window();
	test_cu_pool__cpus_bound_the_loaders();
	test_cu_pool__stop_discards_the_rest();
	test_cu_pool__slow_first_unit_does_not_deadlock();
	test_cu_pool__started_hook();
	test_cu_pool__shared_value();
	test_cu_pool__no_units();
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	printf("cu_pool: all passed\n");
	return 0;
}
