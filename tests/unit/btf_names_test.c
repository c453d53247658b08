// SPDX-License-Identifier: GPL-2.0-only
/* Unit tests of the name offset table (btf_names.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../btf_names.h"
#include "check.h"

/* One string at two addresses has one offset, which libbpf agrees with. */
static void test_same_string_two_addresses(void)
{
	struct btf *btf = btf__new_empty();
	struct btf_names *n = btf_names__new();
	char a[] = "task_struct", b[] = "task_struct";
	int oa = btf_names__add(n, btf, a), ob = btf_names__add(n, btf, b);

	CHECK("added", oa > 0 && ob > 0);
	CHECK("one offset", oa == ob);
	CHECK("libbpf's offset", btf__find_str(btf, "task_struct") == oa);
	CHECK("found by address", btf_names__find(n, a) == oa && btf_names__find(n, b) == ob);
	CHECK("no name", btf_names__add(n, btf, NULL) == 0 && btf_names__add(n, btf, "") == 0);
	btf_names__free(n);
	btf__free(btf);
}

/* An address not added is unknown, also after clearing. */
static void test_unknown_and_clear(void)
{
	struct btf *btf = btf__new_empty();
	struct btf_names *n = btf_names__new();
	char a[] = "list_head", other[] = "list_head";
	int off = btf_names__add(n, btf, a);

	CHECK("unknown address", btf_names__find(n, other) == -1);
	btf_names__clear(n);
	CHECK("cleared", btf_names__find(n, a) == -1);
	CHECK("same offset again", btf_names__add(n, btf, a) == off);
	btf_names__free(n);
	btf__free(btf);
}

/* Many names: the table grows and keeps every offset. */
static void test_growth(void)
{
	enum { NR = 100000 };
	struct btf *btf = btf__new_empty();
	struct btf_names *n = btf_names__new();
	char (*names)[16] = calloc(NR, sizeof(*names));
	int *offs = calloc(NR, sizeof(*offs)), i, bad = 0;

	for (i = 0; i < NR; i++) {
		snprintf(names[i], sizeof(names[i]), "n%d", i);
		offs[i] = btf_names__add(n, btf, names[i]);
	}
	for (i = 0; i < NR; i++)
		bad += offs[i] <= 0 || btf_names__find(n, names[i]) != offs[i] ||
		       strcmp(btf__str_by_offset(btf, offs[i]), names[i]);
	CHECK("every offset kept", !bad);
	free(names);
	free(offs);
	btf_names__free(n);
	btf__free(btf);
}

int main(void)
{
	test_same_string_two_addresses();
	test_unknown_and_clear();
	test_growth();
	if (!failures)
		printf("btf_names: all passed\n");
	return failures != 0;
}
