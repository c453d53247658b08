// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of when a run asks for huge pages (tuning.c). */
#include <stdbool.h>
#include <stdio.h>

#include "../../tuning.h"
#include "check.h"

#define MADVISE	"always [madvise] never\n"

static void test_mode(void)
{
	CHECK("madvise", tuning__hugepages_wanted(MADVISE, NULL, NULL));
	CHECK("always", !tuning__hugepages_wanted("[always] madvise never\n", NULL, NULL));
	CHECK("never", !tuning__hugepages_wanted("always madvise [never]\n", NULL, NULL));
	CHECK("no mode", !tuning__hugepages_wanted(NULL, NULL, NULL));
}

static void test_tunables(void)
{
	CHECK("other tunables", tuning__hugepages_wanted(MADVISE, "glibc.malloc.arena_max=2", NULL));
	CHECK("empty", tuning__hugepages_wanted(MADVISE, "", NULL));
	CHECK("glibc's off", !tuning__hugepages_wanted(MADVISE, "glibc.malloc.hugetlb=0", NULL));
	CHECK("glibc's on", !tuning__hugepages_wanted(MADVISE, "glibc.malloc.hugetlb=1", NULL));
	CHECK("set after others",
	      !tuning__hugepages_wanted(MADVISE, "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1",
					NULL));
}

static void test_env(void)
{
	CHECK("0", !tuning__hugepages_wanted(MADVISE, NULL, "0"));
	CHECK("1", tuning__hugepages_wanted(MADVISE, NULL, "1"));
	CHECK("empty", tuning__hugepages_wanted(MADVISE, NULL, ""));
	CHECK("1 without madvise", !tuning__hugepages_wanted(NULL, NULL, "1"));
}

int main(void)
{
	test_mode();
	test_tunables();
	test_env();
	printf("%s\n", failures ? "tuning: FAILED" : "tuning: ok");
	return failures != 0;
}
