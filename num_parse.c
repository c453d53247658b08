// SPDX-License-Identifier: GPL-2.0-only
/* Unsigned numbers in text (num_parse.h). */
#include <errno.h>
#include <stdbool.h>

#include "num_parse.h"

/* The value of digit @c in @base, or -1. */
static int digit_value(char c, unsigned int base)
{
	int v = -1;

	if (c >= '0' && c <= '9')
		v = c - '0';
	else if (c >= 'a' && c <= 'f')
		v = c - 'a' + 10;
	else if (c >= 'A' && c <= 'F')
		v = c - 'A' + 10;
	return v >= 0 && (unsigned int)v < base ? v : -1;
}

const char *num_parse(const char *s, size_t max_len, unsigned int base, uint64_t *ret)
{
	uint64_t v = 0;
	bool over = false;
	size_t i = 0;
	int d;

	if (base == 0) {
		base = 10;
		if (max_len > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') &&
		    digit_value(s[2], 16) >= 0) {
			base = 16;
			i = 2;
		} else if (max_len > 1 && s[0] == '0') {
			base = 8;
		}
	}
	for (; i < max_len && (d = digit_value(s[i], base)) >= 0; i++) {
		if (!over && v > (UINT64_MAX - (uint64_t)d) / base)
			over = true;
		if (!over)
			v = v * base + (uint64_t)d;
	}
	if (over) {
		errno = ERANGE;
		v = UINT64_MAX;
	}
	*ret = v;
	return s + i;
}
