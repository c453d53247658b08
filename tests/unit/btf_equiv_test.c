// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of types taken for one by names, and of their check (btf_equiv.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../btf_equiv.h"
#include "check.h"

/* Whether @l holds exactly the names @a and then @b (NULL: none). */
static bool taken_are(const struct btf *btf, const struct btf_name_list *l, const char *a,
		      const char *b)
{
	uint32_t nr = !!a + !!b;

	return l->nr == nr && (!a || !strcmp(btf__name_by_offset(btf, l->offs[0]), a)) &&
	       (!b || !strcmp(btf__name_by_offset(btf, l->offs[1]), b));
}

/*
 * struct s { struct t *p; } twice, once with struct t defined, once with a
 * FWD t: pointers and structs are one, t taken; a union FWD t is not.
 */
static void test_fwd_and_struct(void)
{
	struct btf *btf = btf__new_empty();
	struct btf_name_list taken = { 0 };
	int i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int t = btf__add_struct(btf, "t", 4);
	int tm = btf__add_field(btf, "x", i, 0, 0);
	int pt = btf__add_ptr(btf, t);
	int s1 = btf__add_struct(btf, "s", 8);
	int s1m = btf__add_field(btf, "p", pt, 0, 0);
	int fwd = btf__add_fwd(btf, "t", BTF_FWD_STRUCT);
	int pf = btf__add_ptr(btf, fwd);
	int s2 = btf__add_struct(btf, "s", 8);
	int s2m = btf__add_field(btf, "p", pf, 0, 0);
	int ufwd = btf__add_fwd(btf, "t", BTF_FWD_UNION);
	int pu = btf__add_ptr(btf, ufwd);

	CHECK("built", i > 0 && tm == 0 && s1m == 0 && s2m == 0 && pu > 0);
	CHECK("pointers", btf_equiv__types(btf, pt, pf, &taken));
	CHECK("t taken", taken_are(btf, &taken, "t", NULL));
	taken.nr = 0;
	CHECK("structs s", btf_equiv__types(btf, s1, s2, &taken));
	CHECK("s and t taken", taken_are(btf, &taken, "s", NULL) || taken_are(btf, &taken, "s", "t"));
	taken.nr = 0;
	CHECK("a union FWD is no struct", !btf_equiv__types(btf, pt, pu, &taken));
	CHECK("not by kind", !btf_equiv__types(btf, pt, i, &taken));
	CHECK("the same id", btf_equiv__types(btf, s1, s1, &taken));
	btf_name_list__release(&taken);
	btf__free(btf);
}

/* Anonymous structs are compared member by member; a member's name counts. */
static void test_anonymous(void)
{
	struct btf *btf = btf__new_empty();
	struct btf_name_list taken = { 0 };
	int i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int a1 = btf__add_struct(btf, NULL, 4);
	int a1m = btf__add_field(btf, "x", i, 0, 0);
	int a2 = btf__add_struct(btf, NULL, 4);
	int a2m = btf__add_field(btf, "x", i, 0, 0);
	int a3 = btf__add_struct(btf, NULL, 4);
	int a3m = btf__add_field(btf, "y", i, 0, 0);
	int td1 = btf__add_typedef(btf, "a_t", a1), td2 = btf__add_typedef(btf, "a_t", a2);

	CHECK("built", a1m == 0 && a2m == 0 && a3m == 0 && td1 > 0 && td2 > 0);
	CHECK("same members", btf_equiv__types(btf, a1, a2, &taken));
	CHECK("through typedefs", btf_equiv__types(btf, td1, td2, &taken));
	CHECK("nothing taken", taken.nr == 0);
	CHECK("another member name", !btf_equiv__types(btf, a1, a3, &taken));
	btf_name_list__release(&taken);
	btf__free(btf);
}

/*
 * The check after dedup: a name holds with one struct and no FWD, fails
 * with two structs of that name or with a FWD left.
 */
static void test_check(void)
{
	struct btf *btf = btf__new_empty();
	struct btf_name_list names = { 0 };
	struct btf_equiv_check *c = NULL;
	const char *bad = NULL;
	int i = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	int one = btf__add_struct(btf, "one", 4), onem = btf__add_field(btf, "x", i, 0, 0);
	int two1 = btf__add_struct(btf, "two", 4), two1m = btf__add_field(btf, "x", i, 0, 0);
	int two2 = btf__add_struct(btf, "two", 8), two2m = btf__add_field(btf, "y", i, 0, 0);
	int fwd = btf__add_fwd(btf, "left", BTF_FWD_STRUCT);
	int left = btf__add_struct(btf, "left", 0);

	CHECK("built", one > 0 && onem == 0 && two1 > 0 && two1m == 0 && two2 > 0 &&
		       two2m == 0 && fwd > 0 && left > 0);
	CHECK("listed", !btf_name_list__add(&names, btf__find_str(btf, "one")) &&
			!btf_name_list__add(&names, btf__find_str(btf, "one")));
	CHECK("new", !btf_equiv_check__new(btf, &names, &c));
	CHECK("one struct holds", c && btf_equiv_check__run(c, btf, 1, &bad) == 0);
	btf_equiv_check__free(c);
	CHECK("listed two", !btf_name_list__add(&names, btf__find_str(btf, "two")));
	CHECK("new", !btf_equiv_check__new(btf, &names, &c));
	CHECK("two structs fail", c && btf_equiv_check__run(c, btf, 1, &bad) == 1 &&
				  !strcmp(bad, "two"));
	btf_equiv_check__free(c);
	names.nr = 0;
	CHECK("listed two alone", !btf_name_list__add(&names, btf__find_str(btf, "two")));
	CHECK("new", !btf_equiv_check__new(btf, &names, &c));
	CHECK("one from the second on", c && btf_equiv_check__run(c, btf, two2, &bad) == 0);
	btf_equiv_check__free(c);
	names.nr = 0;
	CHECK("listed left", !btf_name_list__add(&names, btf__find_str(btf, "left")));
	CHECK("new", !btf_equiv_check__new(btf, &names, &c));
	CHECK("a FWD left fails", c && btf_equiv_check__run(c, btf, 1, &bad) == 1 &&
				  !strcmp(bad, "left"));
	btf_equiv_check__free(c);
	btf_name_list__release(&names);
	btf__free(btf);
}

int main(void)
{
	test_fwd_and_struct();
	test_anonymous();
	test_check();
	printf("%s\n", failures ? "btf_equiv: FAILED" : "btf_equiv: ok");
	return failures != 0;
}
