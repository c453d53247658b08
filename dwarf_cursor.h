/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef DWARF_CURSOR_H
#define DWARF_CURSOR_H
/*
 * The one bounded reader of DWARF bytes, used by every module that reads
 * section contents itself (the DIE reader, locations, the loader's small
 * blocks, dwz's links). A cursor covers [p, end); a read past end sets bad,
 * moves p to end and returns 0, so a caller checks bad once after a run of
 * reads.
 *
 * Two LEB128 readers, because the readers whose results we must reproduce
 * differ on malformed numbers:
 * - *_lenient, as libdw's attribute readers (dwarf_formudata() and the DIE
 *   walk, so upstream pahole) take a number: any length, bits past the 64th
 *   dropped; only running off the end is bad.
 * - *_strict, as libdw 0.188's location-expression reader takes one: the
 *   value must fit 64 bits (a ULEB in 10 bytes, an SLEB in 9), else bad, and
 *   the caller hands the whole attribute to libdw instead.
 */
#include <endian.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct dwarf_cursor {
	const uint8_t	*p, *end;
	bool		big_endian;
	bool		bad;
};

static inline struct dwarf_cursor dwarf_cursor(const uint8_t *p, const uint8_t *end, bool big_endian)
{
	return (struct dwarf_cursor){ .p = p, .end = end, .big_endian = big_endian, .bad = p > end };
}

/* Whether @n more bytes are there; if not, bad (p is left where it is). */
static inline bool dwarf_cursor__has(struct dwarf_cursor *c, uint64_t n)
{
	if (!c->bad && (uint64_t)(c->end - c->p) >= n)
		return true;
	c->bad = true;
	return false;
}

static inline void dwarf_cursor__fail(struct dwarf_cursor *c)
{
	c->bad = true;
	c->p = c->end;
}

static inline void dwarf_cursor__skip(struct dwarf_cursor *c, uint64_t n)
{
	if (dwarf_cursor__has(c, n))
		c->p += n;
	else
		dwarf_cursor__fail(c);
}

/*
 * A value of @n bytes at @p in the given byte order: 0 to 8 bytes, and 0
 * for more (data16, whose value nobody reads).
 */
static inline uint64_t dwarf_fixed_value(const uint8_t *p, unsigned int n, bool big_endian)
{
	uint16_t v16;
	uint32_t v32;
	uint64_t v64 = 0;
	unsigned int i;

	switch (n) {
	case 1:
		return p[0];
	case 2:
		memcpy(&v16, p, 2);
		return big_endian ? be16toh(v16) : le16toh(v16);
	case 4:
		memcpy(&v32, p, 4);
		return big_endian ? be32toh(v32) : le32toh(v32);
	case 8:
		memcpy(&v64, p, 8);
		return big_endian ? be64toh(v64) : le64toh(v64);
	}
	if (n > 8)
		return 0;
	if (big_endian)
		for (i = 0; i < n; i++)
			v64 = v64 << 8 | p[i];
	else
		for (i = n; i-- > 0;)
			v64 = v64 << 8 | p[i];
	return v64;
}

/* An unsigned value of @n bytes (more than 8 are skipped and read as 0). */
static inline uint64_t dwarf_cursor__fixed(struct dwarf_cursor *c, unsigned int n)
{
	uint64_t v;

	if (!dwarf_cursor__has(c, n)) {
		dwarf_cursor__fail(c);
		return 0;
	}
	v = dwarf_fixed_value(c->p, n, c->big_endian);
	c->p += n;
	return v;
}

/* A signed value of @n bytes (1 to 8), sign-extended into 64 bits. */
static inline uint64_t dwarf_cursor__signed(struct dwarf_cursor *c, unsigned int n)
{
	uint64_t v = dwarf_cursor__fixed(c, n);

	if (n && n < 8 && (v >> (8 * n - 1)) & 1)
		v |= ~0ull << (8 * n);
	return v;
}

static inline uint8_t dwarf_cursor__u8(struct dwarf_cursor *c)
{
	return (uint8_t)dwarf_cursor__fixed(c, 1);
}

/*
 * The bits of a LEB128 as libdw's attribute readers take them: any length,
 * bits past the 64th dropped. *@shift is 7 times its length, *@last its
 * last byte.
 */
static inline uint64_t dwarf_cursor__leb_lenient(struct dwarf_cursor *c, unsigned int *shift,
						 uint8_t *last)
{
	uint64_t v = 0;

	*shift = 0;
	while (c->p < c->end) {
		uint8_t b = *c->p++;

		if (*shift < 64)
			v |= (uint64_t)(b & 0x7f) << *shift;
		*shift += 7;
		if (!(b & 0x80)) {
			*last = b;
			return v;
		}
	}
	dwarf_cursor__fail(c);
	return 0;
}

static inline uint64_t dwarf_cursor__uleb_lenient(struct dwarf_cursor *c)
{
	unsigned int shift;
	uint8_t last;

	return dwarf_cursor__leb_lenient(c, &shift, &last);
}

static inline int64_t dwarf_cursor__sleb_lenient(struct dwarf_cursor *c)
{
	unsigned int shift;
	uint8_t last = 0;
	uint64_t v = dwarf_cursor__leb_lenient(c, &shift, &last);

	if (!c->bad && shift < 64 && (last & 0x40))
		v |= ~0ull << shift;
	return (int64_t)v;
}

/* ULEB128 as libdw 0.188 reads one in a location: it must fit 64 bits. */
static inline uint64_t dwarf_cursor__uleb_strict(struct dwarf_cursor *c)
{
	uint64_t v = 0;
	unsigned int shift = 0;

	while (c->p < c->end && shift < 64) {
		uint8_t b = *c->p++;

		if (shift == 63 && (b & 0x7e))
			break;
		v |= (uint64_t)(b & 0x7f) << shift;
		if (!(b & 0x80))
			return v;
		shift += 7;
	}
	c->bad = true;
	return 0;
}

/*
 * SLEB128 as libdw 0.188 reads one in a location: at most 9 bytes (libdw
 * reads a tenth its own way, so such a number is left to it).
 */
static inline uint64_t dwarf_cursor__sleb_strict(struct dwarf_cursor *c)
{
	uint64_t v = 0;
	unsigned int shift = 0;

	while (c->p < c->end && shift < 63) {
		uint8_t b = *c->p++;

		v |= (uint64_t)(b & 0x7f) << shift;
		shift += 7;
		if (!(b & 0x80)) {
			if (shift < 64 && (b & 0x40))
				v |= ~0ull << shift;
			return v;
		}
	}
	c->bad = true;
	return 0;
}

#endif /* DWARF_CURSOR_H */
