/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_NUM_PARSE_H
#define PAHOLE_NUM_PARSE_H
/*
 * The one reader of unsigned numbers in text (the command line's, an ar
 * archive's headers, --prettify's expressions): digits only, no sign or
 * space before them; each caller says what may come around them.
 */
#include <stddef.h>
#include <stdint.h>

/*
 * The digits at the start of @s, at most @max_len bytes of them, in @base:
 * 10, 16 (lower or upper case), or 0 (as C: 0x then hex digits, 0 then
 * octal ones, else decimal). Returns the byte after the last digit read
 * (@s when none: no digit), their value in *@ret; past UINT64_MAX, as
 * strtoull(), UINT64_MAX and errno ERANGE.
 */
const char *num_parse(const char *s, size_t max_len, unsigned int base, uint64_t *ret);

#endif
