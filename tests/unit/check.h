/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_TESTS_UNIT_CHECK_H
#define PAHOLE_TESTS_UNIT_CHECK_H
/*
 * The unit tests' one assertion: CHECK(name, cond) prints the failing test
 * function, the name and the place, and counts the failure; main() returns
 * non-zero when failures is not 0. One copy per test program.
 */
#include <stdio.h>

static int failures;

#define CHECK(name, cond)							\
	do {									\
		if (!(cond)) {							\
			printf("FAIL %s: %s (%s:%d)\n", __func__, name, __FILE__, __LINE__); \
			failures++;						\
		}								\
	} while (0)

#endif
