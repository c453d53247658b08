// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of location decoding, on expressions written here byte by
 * byte: operands of each width and sign, DW_OP_entry_value, the address of
 * DW_OP_addr, what is refused (truncated, unknown operations, overlong
 * LEB128s, too many operations), big-endian operands, and which register a
 * parameter is said to be in. The static functions are tested where they
 * are: this file includes dwarf_locations.c.
 */
#include "../../dwarf_locations.c"
#include "check.h"

static struct die_sections secs_le = { .info = { .size = 1 << 20 } };
static struct die_sections secs_be = { .info = { .size = 1 << 20 }, .big_endian = true };

static struct loc_unit unit_of(const struct die_sections *secs)
{
	return (struct loc_unit){ .secs = secs, .version = 5, .addr_size = 8, .off_size = 4 };
}

static bool decode(const struct die_sections *secs, const uint8_t *p, size_t len,
		   struct loc_expr *e)
{
	struct loc_unit u = unit_of(secs);

	return decode_expr(&u, p, len, e);
}

static void test_decode_expr__registers_and_operands(void)
{
	static const uint8_t reg5[] = { DW_OP_reg5 };
	static const uint8_t breg[] = { DW_OP_breg3, 0x78, DW_OP_stack_value };	/* -8 */
	static const uint8_t c1s[] = { DW_OP_const1s, 0xff };
	static const uint8_t c4u[] = { DW_OP_const4u, 0x78, 0x56, 0x34, 0x12 };
	static const uint8_t bregx[] = { DW_OP_bregx, 0x81, 0x01, 0x7f };	/* reg 129, -1 */
	static const uint8_t addr[] = { DW_OP_addr, 0x88, 0x77, 0x66, 0x55, 0x44, 0x33, 0x22,
					0x11 };
	struct loc_expr e;

	CHECK("reg5", decode(&secs_le, reg5, sizeof(reg5), &e) && e.nr_ops == 1 &&
	      e.ops[0].atom == DW_OP_reg5 && e.entry_reg == -1);
	CHECK("breg3 -8, stack_value", decode(&secs_le, breg, sizeof(breg), &e) &&
	      e.nr_ops == 2 && e.ops[0].number == (uint64_t)-8 &&
	      e.ops[1].atom == DW_OP_stack_value && e.ops[1].offset == 2);
	CHECK("const1s sign-extends", decode(&secs_le, c1s, sizeof(c1s), &e) &&
	      e.ops[0].number == UINT64_MAX);
	CHECK("const4u little-endian", decode(&secs_le, c4u, sizeof(c4u), &e) &&
	      e.ops[0].number == 0x12345678);
	CHECK("const4u big-endian", decode(&secs_be, c4u, sizeof(c4u), &e) &&
	      e.ops[0].number == 0x78563412);
	CHECK("bregx: ULEB register, SLEB offset", decode(&secs_le, bregx, sizeof(bregx), &e) &&
	      e.ops[0].number == 129 && e.ops[0].number2 == (uint64_t)-1);
	CHECK("addr", decode(&secs_le, addr, sizeof(addr), &e) &&
	      e.addr == 0x1122334455667788ull);
}

static void test_decode_expr__entry_value(void)
{
	static const uint8_t reg[] = { DW_OP_entry_value, 1, DW_OP_reg4, DW_OP_stack_value };
	static const uint8_t gnu[] = { DW_OP_GNU_entry_value, 1, DW_OP_reg1, DW_OP_stack_value };
	static const uint8_t breg[] = { DW_OP_entry_value, 2, DW_OP_breg4, 0, DW_OP_stack_value };
	static const uint8_t past[] = { DW_OP_entry_value, 3, DW_OP_reg4 };
	struct loc_expr e;

	CHECK("entry_value(reg4)", decode(&secs_le, reg, sizeof(reg), &e) &&
	      e.nr_ops == 2 && e.entry_reg == DW_OP_reg4);
	CHECK("GNU_entry_value(reg1)", decode(&secs_le, gnu, sizeof(gnu), &e) &&
	      e.entry_reg == DW_OP_reg1);
	CHECK("entry_value(breg4 0) names no register",
	      decode(&secs_le, breg, sizeof(breg), &e) && e.entry_reg == -1);
	CHECK("a block past the end is refused", !decode(&secs_le, past, sizeof(past), &e));
}

static void test_decode_expr__refusals(void)
{
	static const uint8_t addr_short[] = { DW_OP_addr, 1, 2, 3 };
	static const uint8_t unknown[] = { 0xfe };
	static const uint8_t uleb_long[] = { DW_OP_constu, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
					     0xff, 0xff, 0xff, 0x7f };
	static const uint8_t uleb_open[] = { DW_OP_constu, 0x80 };
	static const uint8_t sleb_long[] = { DW_OP_consts, 0x80, 0x80, 0x80, 0x80, 0x80, 0x80,
					     0x80, 0x80, 0x80, 0x00 };
	uint8_t many[LOC_MAX_OPS + 1];
	struct loc_expr e;

	CHECK("truncated address", !decode(&secs_le, addr_short, sizeof(addr_short), &e));
	CHECK("unknown operation", !decode(&secs_le, unknown, sizeof(unknown), &e));
	CHECK("ULEB128 over 64 bits", !decode(&secs_le, uleb_long, sizeof(uleb_long), &e));
	CHECK("ULEB128 past the end", !decode(&secs_le, uleb_open, sizeof(uleb_open), &e));
	CHECK("SLEB128 of ten bytes left to libdw",
	      !decode(&secs_le, sleb_long, sizeof(sleb_long), &e));
	memset(many, DW_OP_nop, sizeof(many));
	CHECK("32 operations", decode(&secs_le, many, LOC_MAX_OPS, &e) &&
	      e.nr_ops == LOC_MAX_OPS);
	CHECK("33 operations left to libdw", !decode(&secs_le, many, sizeof(many), &e));
	CHECK("empty", decode(&secs_le, many, 0, &e) && e.nr_ops == 0);
}

/* The register of a parameter split over several operations. */
static int param_reg(const uint8_t *p, size_t len, uint64_t byte_size, int entry)
{
	struct dwarf_file df = { 0 };
	struct loc_cu lc = { .df = &df, .addr_size = 8 };
	struct fn_param fp = { .byte_size = byte_size, .loc = { .reg = -1 } };
	struct loc_expr e;

	abi_regs__init(&df.abi, EM_X86_64);
	if (!decode(&secs_le, p, len, &e))
		return -2;
	decode_param_ops(&lc, e.ops, e.nr_ops, entry, &fp);
	return fp.loc.reg;
}

static void test_decode_param_ops__registers(void)
{
	static const uint8_t pieces[] = { DW_OP_reg5, DW_OP_piece, 8, DW_OP_reg4, DW_OP_piece, 8 };
	static const uint8_t later[] = { DW_OP_piece, 8, DW_OP_reg2, DW_OP_piece, 8 };
	static const uint8_t breg[] = { DW_OP_breg5, 0, DW_OP_lit0, DW_OP_stack_value };
	static const uint8_t lit[] = { DW_OP_lit3, DW_OP_stack_value };

	CHECK("a 16-byte struct in rdi:rsi: the first register",
	      param_reg(pieces, sizeof(pieces), 16, 0) == DW_OP_reg5);
	CHECK("its first piece optimized out: the register named",
	      param_reg(later, sizeof(later), 16, 0) == DW_OP_reg2);
	CHECK("a word: pieces of a later list entry name none",
	      param_reg(pieces, sizeof(pieces), 8, 1) == -1);
	CHECK("a word: breg with stack_value later in the expression",
	      param_reg(breg, sizeof(breg), 8, 0) == DW_OP_reg5);
	CHECK("a constant: no register", param_reg(lit, sizeof(lit), 8, 0) == -1);
}

int main(void)
{
	test_decode_expr__registers_and_operands();
	test_decode_expr__entry_value();
	test_decode_expr__refusals();
	test_decode_param_ops__registers();
	printf("%s\n", failures ? "location unit tests failed" : "location unit tests passed");
	return failures ? 1 : 0;
}
