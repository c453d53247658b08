// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the model: arena, growth helper, type sizes. */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../dwarves.h"
#include "check.h"

static void test_arena__alloc_is_zeroed_and_aligned(void)
{
	struct arena a;
	size_t i;

	arena__init(&a);
	for (i = 1; i < 5000; i += 97) {
		unsigned char *p = arena__alloc(&a, i);
		size_t j, nonzero = 0;

		CHECK("allocation succeeds", p != NULL);
		if (!p)
			break;
		CHECK("aligned", ((uintptr_t)p % _Alignof(max_align_t)) == 0);
		for (j = 0; j < i; j++)
			nonzero += p[j] != 0;
		CHECK("zeroed", nonzero == 0);
		memset(p, 0xff, i);
	}
	CHECK("large block", arena__alloc(&a, 1 << 20) != NULL);
	CHECK("total counts chunks", a.total >= (1 << 20));
	arena__release(&a);
	CHECK("release resets", a.head == NULL && a.total == 0);
}

static void test_dw_ensure_cap__grows_and_zeroes_tail(void)
{
	uint32_t *v = NULL, cap = 0;

	CHECK("first growth", dw_ensure_cap(&v, &cap, sizeof(*v), 1) == 0 && cap >= 16);
	v[0] = 7;
	CHECK("grow to 1000", dw_ensure_cap(&v, &cap, sizeof(*v), 1000) == 0 && cap >= 1000);
	CHECK("old data kept", v[0] == 7);
	CHECK("new tail zeroed", v[999] == 0);
	CHECK("no shrink", dw_ensure_cap(&v, &cap, sizeof(*v), 3) == 0 && cap >= 1000);
	CHECK("overflow refused",
	      dw_ensure_cap(&v, &cap, SIZE_MAX / 2, UINT32_MAX) == -ENOMEM);
	free(v);
}

static uint32_t add(struct cu *cu, struct type t)
{
	uint32_t id = 0;

	CHECK("add type", cu__add_type(cu, &t, &id) == 0);
	return id;
}

static void test_cu__type_byte_size_follows_typedefs_and_arrays(void)
{
	struct cu *cu = cu__new(0);
	uint32_t i32, td, cst, arr, arr2, ptr, en, self;

	CHECK("new cu", cu != NULL);
	if (!cu)
		return;
	cu->addr_size = 8;
	i32 = add(cu, (struct type){ .kind = TK_BASE, .byte_size = 4 });
	td = add(cu, (struct type){ .kind = TK_TYPEDEF, .type = i32 });
	cst = add(cu, (struct type){ .kind = TK_CONST, .type = td });
	arr = add(cu, (struct type){ .kind = TK_ARRAY, .type = cst, .nr_elems = 3 });
	arr2 = add(cu, (struct type){ .kind = TK_ARRAY, .type = arr, .nr_elems = 5 });
	ptr = add(cu, (struct type){ .kind = TK_POINTER, .type = arr2 });
	en = add(cu, (struct type){ .kind = TK_ENUM });
	CHECK("typedef", cu__type_byte_size(cu, td) == 4);
	CHECK("const typedef", cu__type_byte_size(cu, cst) == 4);
	CHECK("array", cu__type_byte_size(cu, arr) == 12);
	CHECK("array of arrays", cu__type_byte_size(cu, arr2) == 60);
	CHECK("pointer", cu__type_byte_size(cu, ptr) == 8);
	CHECK("enum without size", cu__type_byte_size(cu, en) == 4);
	CHECK("void", cu__type_byte_size(cu, 0) == 0);
	/* Corrupt input: an array of itself must not recurse forever. */
	self = add(cu, (struct type){ .kind = TK_ARRAY, .nr_elems = 2 });
	cu__type(cu, self)->type = self;
	CHECK("self-referencing array ends", cu__type_byte_size(cu, self) == 0);
	/* A typedef cycle ends at void. */
	cu__type(cu, td)->type = cst;
	CHECK("typedef cycle ends", cu__strip_modifiers(cu, td) == 0);
	cu__free(cu);
}

static void test_cu__type_byte_size_of_cxx_references(void)
{
	struct cu *cu = cu__new(0);
	uint32_t i32, fn, ref, rref, pm, pmf, sized, other;

	CHECK("new cu", cu != NULL);
	if (!cu)
		return;
	cu->addr_size = 8;
	i32 = add(cu, (struct type){ .kind = TK_BASE, .byte_size = 4 });
	fn = add(cu, (struct type){ .kind = TK_FUNC_PROTO });
	ref = add(cu, (struct type){ .kind = TK_UNSUPPORTED, .encoding = CXX_REF_LVALUE,
				      .type = i32 });
	rref = add(cu, (struct type){ .kind = TK_UNSUPPORTED, .encoding = CXX_REF_RVALUE,
				       .type = i32 });
	pm = add(cu, (struct type){ .kind = TK_UNSUPPORTED, .encoding = CXX_REF_PTR_TO_MEMBER,
				     .type = i32 });
	pmf = add(cu, (struct type){ .kind = TK_UNSUPPORTED, .encoding = CXX_REF_PTR_TO_MEMBER,
				      .type = fn });
	sized = add(cu, (struct type){ .kind = TK_UNSUPPORTED, .encoding = CXX_REF_RVALUE,
					.type = i32, .byte_size = 4 });
	other = add(cu, (struct type){ .kind = TK_UNSUPPORTED });
	CHECK("reference: a pointer's size", cu__type_byte_size(cu, ref) == 8);
	CHECK("rvalue reference: not its type's", cu__type_byte_size(cu, rref) == 8);
	CHECK("pointer to data member", cu__type_byte_size(cu, pm) == 8);
	CHECK("pointer to member function: twice", cu__type_byte_size(cu, pmf) == 16);
	CHECK("a DW_AT_byte_size wins", cu__type_byte_size(cu, sized) == 4);
	CHECK("other unsupported types: 0", cu__type_byte_size(cu, other) == 0);
	cu__free(cu);
}

int main(void)
{
	test_arena__alloc_is_zeroed_and_aligned();
	test_dw_ensure_cap__grows_and_zeroes_tail();
	test_cu__type_byte_size_follows_typedefs_and_arrays();
	test_cu__type_byte_size_of_cxx_references();
	printf("%s\n", failures ? "unit tests failed" : "unit tests passed");
	return failures ? 1 : 0;
}
