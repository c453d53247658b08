// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the bounded DWARF reader (dwarf_cursor.h): fixed sizes in
 * both byte orders, the end of the bytes, and where the lenient and strict
 * LEB128 readers part.
 */
#include "../../dwarf_cursor.h"
#include "check.h"

static void test_fixed(void)
{
	static const uint8_t b[] = { 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0xff };
	struct dwarf_cursor le = dwarf_cursor(b, b + sizeof(b), false);
	struct dwarf_cursor be = dwarf_cursor(b, b + sizeof(b), true);

	CHECK("le 2", dwarf_cursor__fixed(&le, 2) == 0x0201);
	CHECK("le 3", dwarf_cursor__fixed(&le, 3) == 0x050403);
	CHECK("be 4", dwarf_cursor__fixed(&be, 4) == 0x01020304);
	CHECK("be 8 past end", dwarf_cursor__fixed(&be, 8) == 0 && be.bad && be.p == be.end);
	CHECK("le not bad", !le.bad);
	le = dwarf_cursor(b + 8, b + 9, false);
	CHECK("signed 1", dwarf_cursor__signed(&le, 1) == ~0ull);
	le = dwarf_cursor(b, b + 2, false);
	dwarf_cursor__skip(&le, 3);
	CHECK("skip past end", le.bad && le.p == le.end);
	CHECK("has after bad", !dwarf_cursor__has(&le, 0));
	le = dwarf_cursor(b + 1, b, false);
	CHECK("start past end is bad", le.bad);
}

static void test_leb(void)
{
	/* 2^64 - 1 in 10 bytes, then the same with a spare bit set in the tenth. */
	static const uint8_t max[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01 };
	static const uint8_t over[] = { 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x03 };
	static const uint8_t longer[] = { 0x81, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80, 0x00 };
	static const uint8_t neg[] = { 0x7f };
	static const uint8_t cut[] = { 0x80, 0x80 };
	struct dwarf_cursor c;

	c = dwarf_cursor(max, max + sizeof(max), false);
	CHECK("lenient max", dwarf_cursor__uleb_lenient(&c) == ~0ull && !c.bad);
	c = dwarf_cursor(max, max + sizeof(max), false);
	CHECK("strict max", dwarf_cursor__uleb_strict(&c) == ~0ull && !c.bad);
	c = dwarf_cursor(over, over + sizeof(over), false);
	CHECK("lenient drops bit 65", dwarf_cursor__uleb_lenient(&c) == ~0ull && !c.bad);
	c = dwarf_cursor(over, over + sizeof(over), false);
	dwarf_cursor__uleb_strict(&c);
	CHECK("strict refuses bit 65", c.bad);
	c = dwarf_cursor(longer, longer + sizeof(longer), false);
	CHECK("lenient takes 11 bytes", dwarf_cursor__uleb_lenient(&c) == 1 && c.p == c.end);
	c = dwarf_cursor(longer, longer + sizeof(longer), false);
	dwarf_cursor__uleb_strict(&c);
	CHECK("strict refuses 11 bytes", c.bad);
	c = dwarf_cursor(neg, neg + 1, false);
	CHECK("lenient sleb -1", dwarf_cursor__sleb_lenient(&c) == -1);
	c = dwarf_cursor(neg, neg + 1, false);
	CHECK("strict sleb -1", dwarf_cursor__sleb_strict(&c) == ~0ull);
	c = dwarf_cursor(cut, cut + sizeof(cut), false);
	CHECK("lenient cut", dwarf_cursor__uleb_lenient(&c) == 0 && c.bad);
	c = dwarf_cursor(cut, cut + sizeof(cut), false);
	dwarf_cursor__uleb_strict(&c);
	CHECK("strict cut", c.bad);
}

int main(void)
{
	test_fixed();
	test_leb();
	return failures != 0;
}
