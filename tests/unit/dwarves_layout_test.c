// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the layout arithmetic: byte holes, tail padding, bit holes
 * and bitfield storage units, and the packed inference, on structs built
 * by hand as the DWARF loader would build them for:
 *
 *   struct holes { char a; int b; char c; };		hole 3 after a, padding 3
 *   struct bits { unsigned x:3, y:2; int z; };		27-bit hole after y
 *   struct pk { char a; int b; } __packed;		size 5: packed
 *   struct tail { int a; char b; };			padding 3: not packed
 *   struct odd { int a; char b; } (size 5, no padding)	size % 4: packed
 *   union u { struct pk p; short s; };			aligned as its largest member
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../../dwarves.h"
#include "../../dwarves_layout.h"
#include "check.h"

struct fixture {
	struct cu	*cu;
	uint32_t	chr, i32, u32, i16;
};

static uint32_t add(struct cu *cu, struct type t)
{
	uint32_t id = 0;

	CHECK("add type", cu__add_type(cu, &t, &id) == 0);
	return id;
}

/* A struct of @n members, each { type, bit offset, bitfield size }. */
static uint32_t add_struct(struct fixture *f, uint8_t kind, uint64_t size,
			   const uint32_t (*m)[3], uint32_t n)
{
	struct member *members = arena__alloc(&f->cu->arena, n * sizeof(*members));
	uint32_t i;

	CHECK("members allocated", members != NULL);
	for (i = 0; members && i < n; i++)
		members[i] = (struct member){ .type = m[i][0], .bit_offset = m[i][1],
					      .bitfield_size = m[i][2] };
	return add(f->cu, (struct type){ .kind = kind, .byte_size = size, .nr_entries = n,
					 .members = members });
}

static int fixture_init(struct fixture *f)
{
	f->cu = cu__new(0);
	if (!f->cu)
		return -1;
	f->cu->addr_size = 8;
	f->chr = add(f->cu, (struct type){ .kind = TK_BASE, .byte_size = 1, .name = "char" });
	f->i32 = add(f->cu, (struct type){ .kind = TK_BASE, .byte_size = 4, .name = "int" });
	f->u32 = add(f->cu, (struct type){ .kind = TK_BASE, .byte_size = 4,
					    .name = "unsigned int" });
	f->i16 = add(f->cu, (struct type){ .kind = TK_BASE, .byte_size = 2, .name = "short" });
	return 0;
}

static void test_layout__byte_holes_and_padding(void)
{
	struct fixture f;
	struct layout *l;
	struct class_layout *cl;
	uint32_t id;

	if (fixture_init(&f))
		return;
	id = add_struct(&f, TK_STRUCT, 12,
			(const uint32_t[][3]){ { f.chr, 0, 0 }, { f.i32, 32, 0 }, { f.chr, 64, 0 } }, 3);
	l = layout__new(f.cu, &(struct layout_opts){ 0 });
	cl = l ? layout__class(l, id) : NULL;
	CHECK("class laid out", cl != NULL);
	if (cl) {
		CHECK("one hole", cl->nr_holes == 1 && cl->nr_bit_holes == 0);
		CHECK("3 bytes after a", cl->members[0].hole == 3);
		CHECK("none after b", cl->members[1].hole == 0);
		CHECK("b at byte 4, 4 bytes",
		      cl->members[1].byte_offset == 4 && cl->members[1].byte_size == 4);
		CHECK("padding 3", cl->padding == 3 && cl->bit_padding == 0);
		CHECK("natural alignment 4", layout__natural_alignment(l, id) == 4);
		CHECK("not packed", !layout__infer_packed(l, id));
	}
	layout__free(l);
	cu__free(f.cu);
}

static void test_layout__bit_holes(void)
{
	struct fixture f;
	struct layout *l;
	struct class_layout *cl;
	uint32_t id;

	if (fixture_init(&f))
		return;
	id = add_struct(&f, TK_STRUCT, 8,
			(const uint32_t[][3]){ { f.u32, 0, 3 }, { f.u32, 3, 2 }, { f.i32, 32, 0 } }, 3);
	l = layout__new(f.cu, &(struct layout_opts){ 0 });
	cl = l ? layout__class(l, id) : NULL;
	CHECK("class laid out", cl != NULL);
	if (cl) {
		CHECK("x in a 4-byte unit at 0, bit 0",
		      cl->members[0].byte_offset == 0 && cl->members[0].byte_size == 4 &&
		      cl->members[0].bitfield_offset == 0 && cl->members[0].bitfield_size == 3);
		CHECK("y at bit 3 of the same unit",
		      cl->members[1].byte_offset == 0 && cl->members[1].bitfield_offset == 3);
		CHECK("27-bit hole after y", cl->members[1].bit_hole == 27);
		CHECK("no bit hole after x", cl->members[0].bit_hole == 0);
		CHECK("counts", cl->nr_bit_holes == 1 && cl->nr_holes == 0);
		CHECK("no padding", cl->padding == 0 && cl->bit_padding == 0);
	}
	layout__free(l);
	cu__free(f.cu);
}

static void test_layout__packed_inference(void)
{
	struct fixture f;
	struct layout *l;
	uint32_t pk, tail, odd, un;

	if (fixture_init(&f))
		return;
	pk = add_struct(&f, TK_STRUCT, 5,
			(const uint32_t[][3]){ { f.chr, 0, 0 }, { f.i32, 8, 0 } }, 2);
	tail = add_struct(&f, TK_STRUCT, 8,
			  (const uint32_t[][3]){ { f.i32, 0, 0 }, { f.chr, 32, 0 } }, 2);
	odd = add_struct(&f, TK_STRUCT, 5,
			 (const uint32_t[][3]){ { f.i32, 0, 0 }, { f.chr, 32, 0 } }, 2);
	un = add_struct(&f, TK_UNION, 5,
			(const uint32_t[][3]){ { pk, 0, 0 }, { f.i16, 0, 0 } }, 2);
	l = layout__new(f.cu, &(struct layout_opts){ 0 });
	CHECK("layout", l != NULL);
	if (!l)
		goto out;
	CHECK("a misplaced member: packed", layout__infer_packed(l, pk));
	CHECK("tail padding: not packed", !layout__infer_packed(l, tail));
	CHECK("size not a multiple of the alignment: packed", layout__infer_packed(l, odd));
	CHECK("the model agrees", cu__struct_is_packed(f.cu, pk) && !cu__struct_is_packed(f.cu, tail) &&
	      cu__struct_is_packed(f.cu, odd));
	CHECK("a union is never packed itself", !layout__infer_packed(l, un));
	CHECK("union natural alignment: its largest member's",
	      layout__natural_alignment(l, un) == 4);
	CHECK("padding of the odd struct is 0", layout__class(l, odd)->padding == 0);
	layout__free(l);
out:
	cu__free(f.cu);
}

int main(void)
{
	test_layout__byte_holes_and_padding();
	test_layout__bit_holes();
	test_layout__packed_inference();
	printf("%s\n", failures ? "layout unit tests failed" : "layout unit tests passed");
	return failures ? 1 : 0;
}
