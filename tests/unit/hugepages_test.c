// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of when a run asks for huge pages (hugepages.c). */
#include <stdbool.h>
#include <stdio.h>

#include "../../hugepages.h"
#include "check.h"

#define MADVISE	"always [madvise] never\n"
#define VG	"/usr/libexec/valgrind/vgpreload_core-amd64-linux.so"

static void test_mode(void)
{
	CHECK("madvise", hugepages__wanted(MADVISE, "2.36", NULL, NULL));
	CHECK("always", !hugepages__wanted("[always] madvise never\n", "2.36", NULL, NULL));
	CHECK("never", !hugepages__wanted("always madvise [never]\n", "2.36", NULL, NULL));
	CHECK("no mode", !hugepages__wanted(NULL, "2.36", NULL, NULL));
}

static void test_libc(void)
{
	CHECK("2.34", !hugepages__wanted(MADVISE, "2.34", NULL, NULL));
	CHECK("2.35", hugepages__wanted(MADVISE, "2.35", NULL, NULL));
	CHECK("2.40", hugepages__wanted(MADVISE, "2.40", NULL, NULL));
	CHECK("3.0", hugepages__wanted(MADVISE, "3.0", NULL, NULL));
	CHECK("1.99", !hugepages__wanted(MADVISE, "1.99", NULL, NULL));
	CHECK("not a version", !hugepages__wanted(MADVISE, "x", NULL, NULL));
	CHECK("no version", !hugepages__wanted(MADVISE, NULL, NULL, NULL));
}

static void test_tunables(void)
{
	CHECK("other tunables",
	      hugepages__wanted(MADVISE, "2.36", "glibc.malloc.arena_max=2", NULL));
	CHECK("empty", hugepages__wanted(MADVISE, "2.36", "", NULL));
	CHECK("turned off", !hugepages__wanted(MADVISE, "2.36", "glibc.malloc.hugetlb=0", NULL));
	CHECK("set after others",
	      !hugepages__wanted(MADVISE, "2.36", "glibc.malloc.arena_max=2:glibc.malloc.hugetlb=1",
				 NULL));
}

static void test_preload(void)
{
	CHECK("valgrind", !hugepages__wanted(MADVISE, "2.36", NULL, VG));
	CHECK("another preload", hugepages__wanted(MADVISE, "2.36", NULL, "/usr/lib/libfoo.so"));
}

int main(void)
{
	test_mode();
	test_libc();
	test_tunables();
	test_preload();
	printf("%s\n", failures ? "hugepages: FAILED" : "hugepages: ok");
	return failures != 0;
}
