// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the string hash, the hash index and the string set (dwarves_hash.c). */
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
	CHECK("grown", ix.nr_buckets >= 2000);
	for (p = hash_index__first(&ix, 7); p; p = hash_index__next(&ix, p), n++)
		ordered = ordered && hash_index__value(&ix, p) == (n < 500 ? 999 - 2 * n : 0);
	CHECK("hash 7's values, newest first", ordered && n == 501);
	p = hash_index__first(&ix, 7 + 64 * 2);
	CHECK("another hash", p && hash_index__value(&ix, p) == 2 &&
	      !hash_index__next(&ix, p));
	CHECK("absent", !hash_index__first(&ix, 8));
	hash_index__release(&ix);
	CHECK("released", !ix.nr && !ix.nr_buckets && !hash_index__first(&ix, 7));
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
	test_dwarves_hash__str_set_by_content();
	test_dwarves_hash__str_set_growth();
	test_dwarves_hash__str_set_remove();
	if (!failures)
		printf("dwarves_hash: all passed\n");
	return failures != 0;
}
