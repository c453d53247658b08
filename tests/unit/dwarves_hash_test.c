// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the integer map, the string hash, the hash index and the
 * string set (dwarves_hash.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../dwarves_hash.h"
#include "check.h"

/* FNV-1a's published values; NULL as "". */
static void test_dwarves_hash__fnv1a(void)
{
	CHECK("empty", hash_str("") == 2166136261u);
	CHECK("NULL as empty", hash_str(NULL) == 2166136261u);
	CHECK("a", hash_str("a") == 0xe40c292cu);
	CHECK("foobar", hash_str("foobar") == 0xbf9cf968u);
}

/* The values of one hash come newest first, also after the index grew. */
static void test_dwarves_hash__newest_first_across_growth(void)
{
	struct hash_index ix = { 0 };
	uint32_t i, p, n = 0;
	bool ordered = true;
	int err = 0;

	/* Hash 7: 0 and the odd numbers; each even one has a hash of its own. */
	for (i = 0; i < 1000 && !err; i++)
		err = hash_index__add(&ix, i % 2 ? 7 : 7 + 64 * i, i);
	CHECK("added", !err && ix.nr == 1000);
	CHECK("grown", ix.first.cap >= 1000);
	for (p = hash_index__first(&ix, 7); p; p = hash_index__next(&ix, p), n++)
		ordered = ordered && hash_index__value(&ix, p) == (n < 500 ? 999 - 2 * n : 0);
	CHECK("hash 7's values, newest first", ordered && n == 501);
	p = hash_index__first(&ix, 7 + 64 * 2);
	CHECK("another hash", p && hash_index__value(&ix, p) == 2 &&
	      !hash_index__next(&ix, p));
	CHECK("absent", !hash_index__first(&ix, 8));
	hash_index__release(&ix);
	CHECK("released", !ix.nr && !ix.first.cap && !hash_index__first(&ix, 7));
}

/* Oldest first when asked: the order of adding too, across growth and clearing. */
static void test_dwarves_hash__oldest_first(void)
{
	struct hash_index ix = { .oldest_first = true };
	uint32_t i, p, n = 0;
	bool ordered = true;
	int err = 0;

	for (i = 0; i < 1000 && !err; i++)
		err = hash_index__add(&ix, i % 3 ? 5 : i, i);
	for (p = hash_index__first(&ix, 5); p; p = hash_index__next(&ix, p), n++)
		ordered = ordered && hash_index__value(&ix, p) == n / 2 * 3 + 1 + n % 2;
	CHECK("hash 5's values, oldest first", !err && ordered && n == 666);
	hash_index__clear(&ix);
	CHECK("cleared", !ix.nr && !hash_index__first(&ix, 5) && !hash_index__first(&ix, 3));
	CHECK("added after clearing", !hash_index__add(&ix, 5, 1) && !hash_index__add(&ix, 5, 2));
	p = hash_index__first(&ix, 5);
	CHECK("in order", p && hash_index__value(&ix, p) == 1 &&
	      hash_index__value(&ix, hash_index__next(&ix, p)) == 2 &&
	      !hash_index__next(&ix, hash_index__next(&ix, p)));
	hash_index__release(&ix);
}

/* One value a key, the first kept; key 0 is a key like any other. */
static void test_int_map__add_find(void)
{
	struct int_map m = { 0 };
	uint32_t *v, i, found = 0;
	bool added = false;

	CHECK("empty", !int_map__find(&m, 0) && !int_map__find(&m, 42));
	v = int_map__add(&m, 0, 7, &added);
	CHECK("key 0 added", v && *v == 7 && added && m.nr == 1);
	v = int_map__add(&m, 0, 8, &added);
	CHECK("the first value stays", v && *v == 7 && !added && m.nr == 1);
	for (i = 1; i < 100000; i++)
		if (!int_map__add(&m, (uint64_t)i << 32 | i, i, NULL))
			break;
	CHECK("grown", m.nr == 100000 && m.cap >= 200000 && m.cap == m.mask + 1);
	for (i = 1; i < 100000; i++) {
		v = int_map__find(&m, (uint64_t)i << 32 | i);
		found += v && *v == i;
	}
	CHECK("all found", found == 99999 && !int_map__find(&m, 1));
	int_map__release(&m);
	CHECK("released", !m.cap && !m.nr && !int_map__find(&m, 0));
}

/* Clearing keeps the memory; a reset probes only the slots a smaller set needs. */
static void test_int_map__clear_reset(void)
{
	struct int_map m = { 0 };
	struct int_map_slot *slots;
	uint32_t i;

	CHECK("reserved", !int_map__reserve(&m, 1000) && m.cap == 2048);
	slots = m.slots;
	for (i = 0; i < 1000; i++)
		int_map__add(&m, i, i, NULL);
	CHECK("no growth after reserving", m.slots == slots && m.nr == 1000);
	int_map__clear(&m);
	CHECK("cleared", !m.nr && !int_map__find(&m, 5) && m.slots == slots);
	CHECK("reset small", !int_map__reset(&m, 10) && m.mask == 31 && m.slots == slots);
	for (i = 0; i < 10; i++)
		int_map__add(&m, 1000 + i, i, NULL);
	CHECK("small set", m.nr == 10 && !int_map__find(&m, 5) && int_map__find(&m, 1009));
	CHECK("reset larger", !int_map__reset(&m, 500) && m.mask == 1023 && m.slots == slots);
	CHECK("older keys gone", !int_map__find(&m, 1009) && !int_map__find(&m, 5));
	for (i = 0; i < 600; i++)
		int_map__add(&m, i, i, NULL);
	CHECK("grown past the reset", m.nr == 600 && m.mask == 2047 &&
	      *int_map__find(&m, 599) == 599);
	CHECK("reset past the memory", !int_map__reset(&m, 5000) && m.cap == 16384 && !m.nr);
	int_map__release(&m);
}

/* A stamp that wraps empties every slot. */
static void test_int_map__stamp_wraps(void)
{
	struct int_map m = { 0 };

	CHECK("added", int_map__add(&m, 3, 1, NULL) && int_map__add(&m, 4, 2, NULL));
	m.stamp = UINT32_MAX;
	m.slots[int_map__pos(4, m.mask)].stamp = UINT32_MAX;
	int_map__clear(&m);
	CHECK("wrapped", m.stamp == 1 && !int_map__find(&m, 3) && !int_map__find(&m, 4));
	CHECK("added after", int_map__add(&m, 4, 9, NULL) && *int_map__find(&m, 4) == 9);
	int_map__release(&m);
}

/* Strings are compared, not addresses; NULL is never a member. */
static void test_dwarves_hash__str_set_by_content(void)
{
	struct str_set s = { 0 };
	char a[] = "task_struct", b[] = "task_struct";

	CHECK("empty", !str_set__has(&s, "task_struct"));
	CHECK("added", !str_set__add(&s, a) && str_set__has(&s, b));
	CHECK("once", !str_set__add(&s, b) && s.nr == 1 && s.strs[0] == a);
	CHECK("NULL not added", !str_set__add(&s, NULL) && s.nr == 1 && !str_set__has(&s, NULL));
	CHECK("other", !str_set__has(&s, "task"));
	str_set__release(&s);
	CHECK("released", !s.nr && !str_set__has(&s, a));
}

/* A removed string is no longer found, and can be added again. */
static void test_dwarves_hash__str_set_remove(void)
{
	struct str_set s = { 0 };
	char a[] = "foo", b[] = "foo";

	CHECK("added", !str_set__add(&s, a) && !str_set__add(&s, "bar"));
	str_set__remove(&s, b);
	CHECK("removed", !str_set__has(&s, a) && str_set__has(&s, "bar"));
	str_set__remove(&s, "absent");
	str_set__remove(&s, NULL);
	CHECK("others kept", str_set__has(&s, "bar"));
	CHECK("added again", !str_set__add(&s, b) && str_set__has(&s, a));
	str_set__remove(&s, a);
	CHECK("removed again", !str_set__has(&s, b));
	str_set__release(&s);
}

/* Many strings: each found, in the order added. */
static void test_dwarves_hash__str_set_growth(void)
{
	static char names[5000][16];
	struct str_set s = { 0 };
	uint32_t i, found = 0, ordered = 0;
	int err = 0;

	for (i = 0; i < 5000 && !err; i++) {
		snprintf(names[i], sizeof(names[i]), "name_%u", i);
		err = str_set__add(&s, names[i]);
	}
	for (i = 0; i < 5000; i++) {
		char copy[16];

		memcpy(copy, names[i], sizeof(copy));
		found += str_set__has(&s, copy);
		ordered += s.strs[i] == names[i];
	}
	CHECK("added", !err && s.nr == 5000);
	CHECK("all found", found == 5000);
	CHECK("in order", ordered == 5000);
	CHECK("not found", !str_set__has(&s, "name_5000"));
	str_set__release(&s);
}

int main(void)
{
	test_dwarves_hash__fnv1a();
	test_dwarves_hash__newest_first_across_growth();
	test_dwarves_hash__oldest_first();
	test_int_map__add_find();
	test_int_map__clear_reset();
	test_int_map__stamp_wraps();
	test_dwarves_hash__str_set_by_content();
	test_dwarves_hash__str_set_growth();
	test_dwarves_hash__str_set_remove();
	if (!failures)
		printf("dwarves_hash: all passed\n");
	return failures != 0;
}
