// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the repeats' matcher: which types of a CU take the BTF
 * ids of an earlier CU's types, and which are appended. Each test encodes
 * small hand-made CUs the way the encoder does: records and their graph,
 * match, ids for the rest in core id order, append, index.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "../../btf_repeats.h"

#include "check.h"

enum { MAX_TYPES = 8, MAX_ITEMS = 4 };

/* One core type of a test CU; index 0 of a CU is void. */
struct tspec {
	uint8_t			kind;		/* BTF_KIND_* */
	const char		*name;
	uint32_t		size;
	uint32_t		type;		/* core id */
	uint32_t		nr_elems;	/* ARRAY */
	uint32_t		index_type;	/* ARRAY: BTF id, 0: unknown */
	bool			kflag;
	bool			is_unmatchable;
	uint32_t		nr_items;
	struct btf_rec_item	items[MAX_ITEMS];
};

struct fixture {
	struct btf		*btf;
	struct btf_repeats	*r;
	uint32_t		ids[MAX_TYPES];
};

/* The CU's records, before their graph, or NULL. */
static struct btf_recs *make_recs(const struct tspec *t, uint32_t n)
{
	struct btf_recs *rs = NULL;
	struct btf_rec *recs;
	uint32_t i;

	if (btf_recs__new(n, &rs))
		return NULL;
	recs = btf_recs__recs(rs);
	for (i = 1; i < n; i++) {
		struct btf_rec *rec = &recs[i];
		struct btf_rec_item *it;

		*rec = (struct btf_rec){ .kind = t[i].kind, .kflag = t[i].kflag,
			.is_matchable = !t[i].is_unmatchable, .name = t[i].name,
			.size = t[i].size, .type = t[i].type, .extra = t[i].nr_elems };
		if (!t[i].nr_items)
			continue;
		it = btf_recs__add_items(rs, rec, t[i].nr_items);
		if (!it) {
			btf_recs__free(rs);
			return NULL;
		}
		memcpy(it, t[i].items, t[i].nr_items * sizeof(*it));
	}
	return rs;
}

/* The CU's records, as the encoder's prepare step makes them, or NULL. */
static struct btf_recs *fill_recs(const struct tspec *t, uint32_t n)
{
	struct btf_recs *rs = make_recs(t, n);
	uint32_t deep;

	if (rs && !btf_recs__graph(rs, UINT32_MAX, &deep))
		return rs;
	btf_recs__free(rs);
	return NULL;
}

/* The arrays' index type: all arrays of a test CU share one, as in the encoder. */
static uint32_t cu_index_type(const struct tspec *t, uint32_t n)
{
	uint32_t i;

	for (i = 1; i < n; i++)
		if (t[i].kind == BTF_KIND_ARRAY)
			return t[i].index_type;
	return 0;
}

static int append(struct fixture *f, const struct tspec *t, uint32_t array_index)
{
	uint32_t i;
	int id;

	switch (t->kind) {
	case BTF_KIND_INT:	return btf__add_int(f->btf, t->name, t->size, 0);
	case BTF_KIND_PTR:	return btf__add_ptr(f->btf, f->ids[t->type]);
	case BTF_KIND_TYPEDEF:	return btf__add_typedef(f->btf, t->name, f->ids[t->type]);
	case BTF_KIND_ARRAY:	return btf__add_array(f->btf, array_index, f->ids[t->type],
						       t->nr_elems);
	case BTF_KIND_FWD:
		return btf__add_fwd(f->btf, t->name, t->kflag ? BTF_FWD_UNION : BTF_FWD_STRUCT);
	case BTF_KIND_STRUCT:
		id = btf__add_struct(f->btf, t->name, t->size);
		for (i = 0; id > 0 && i < t->nr_items; i++)
			if (btf__add_field(f->btf, t->items[i].name, f->ids[t->items[i].type],
					   t->items[i].lo, t->items[i].hi))
				return -1;
		return id;
	default:
		return -1;
	}
}

/* The CU's types that matched none, appended and indexed; returns how many. */
static int append_cu(struct fixture *f, struct btf_recs *rs, const struct tspec *t, uint32_t n)
{
	struct btf_rec *recs = btf_recs__recs(rs);
	uint32_t first_new, next, i, appended = 0;

	first_new = next = btf__type_cnt(f->btf);
	for (i = 1; i < n; i++)
		if (!f->ids[i])
			f->ids[i] = next++;
	for (i = 1; i < n; i++) {
		uint32_t index = t[i].index_type ?: first_new;

		if (f->ids[i] < first_new)
			continue;
		if (append(f, &t[i], index) != (int)f->ids[i])
			return -1;
		recs[i].index_type = index;
		if (!btf_recs__rec_is(rs, f->btf, NULL, &recs[i], f->ids[i], f->ids))
			return -1;
		appended++;
	}
	return btf_repeats__index(f->r, rs, f->ids) ? -1 : (int)appended;
}

/* Encodes one CU of @n core ids (void included); returns the number appended. */
static int encode_cu(struct fixture *f, const struct tspec *t, uint32_t n)
{
	struct btf_recs *rs = fill_recs(t, n);
	int ret = -1;

	if (rs && !btf_repeats__match(f->r, f->btf, rs, cu_index_type(t, n), NULL, f->ids))
		ret = append_cu(f, rs, t, n);
	btf_recs__free(rs);
	return ret;
}
static bool fixture_init(struct fixture *f, const struct btf *base)
{
	memset(f, 0, sizeof(*f));
	f->btf = base ? btf__new_empty_split((struct btf *)base) : btf__new_empty();
	f->r = f->btf ? btf_repeats__new(f->btf, NULL) : NULL;
	return f->btf && f->r;
}

static void fixture_release(struct fixture *f)
{
	btf__free(f->btf);
	btf_repeats__free(f->r);
}

#define ITEM(n, t, off) { .name = (n), .type = (t), .lo = (off) }

/* int; struct list { int v; struct list *next; }; struct list * */
static const struct tspec list_cu[] = {
	{ 0 },
	{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
	{ .kind = BTF_KIND_STRUCT, .name = "list", .size = 16, .nr_items = 2,
	  .items = { ITEM("v", 1, 0), ITEM("next", 3, 64) } },
	{ .kind = BTF_KIND_PTR, .type = 2 },
};

static void test_btf_repeats__cycle_repeats_take_the_same_ids(void)
{
	struct fixture f;
	uint32_t first[4];

	if (!fixture_init(&f, NULL)) {
		CHECK("set-up", false);
		return;
	}
	CHECK("first CU appended whole", encode_cu(&f, list_cu, 4) == 3);
	memcpy(first, f.ids, sizeof(first));
	CHECK("second CU appends nothing", encode_cu(&f, list_cu, 4) == 0);
	CHECK("same ids", !memcmp(first, f.ids, sizeof(first)));
	CHECK("no new types", btf__type_cnt(f.btf) == 4);
	fixture_release(&f);
}

static void test_btf_repeats__core_order_does_not_matter(void)
{
	/* The same types, pointer first and int last. */
	static const struct tspec shuffled[] = {
		{ 0 },
		{ .kind = BTF_KIND_PTR, .type = 2 },
		{ .kind = BTF_KIND_STRUCT, .name = "list", .size = 16, .nr_items = 2,
		  .items = { ITEM("v", 3, 0), ITEM("next", 1, 64) } },
		{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
	};
	struct fixture f;

	if (!fixture_init(&f, NULL)) {
		CHECK("set-up", false);
		return;
	}
	encode_cu(&f, list_cu, 4);
	CHECK("nothing appended", encode_cu(&f, shuffled, 4) == 0);
	CHECK("pointer", f.ids[1] == 3);
	CHECK("struct", f.ids[2] == 2);
	CHECK("int", f.ids[3] == 1);
	fixture_release(&f);
}

static void test_btf_repeats__fwd_never_equals_struct(void)
{
	static const struct tspec fwd_cu[] = {
		{ 0 },
		{ .kind = BTF_KIND_FWD, .name = "list" },
		{ .kind = BTF_KIND_PTR, .type = 1 },
	};
	struct fixture f;

	if (!fixture_init(&f, NULL)) {
		CHECK("set-up", false);
		return;
	}
	encode_cu(&f, list_cu, 4);
	CHECK("FWD and its pointer appended", encode_cu(&f, fwd_cu, 3) == 2);
	CHECK("then they repeat", encode_cu(&f, fwd_cu, 3) == 0);
	fixture_release(&f);
}

/* int; struct node { int v; struct other *o; }; struct other * ; FWD other */
static const struct tspec node_fwd_cu[] = {
	{ 0 },
	{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
	{ .kind = BTF_KIND_STRUCT, .name = "node", .size = 16, .nr_items = 2,
	  .items = { ITEM("v", 1, 0), ITEM("o", 3, 64) } },
	{ .kind = BTF_KIND_PTR, .type = 4 },
	{ .kind = BTF_KIND_FWD, .name = "other" },
};

/* The same, other defined: struct other { struct node *n; }; a cycle. */
static const struct tspec node_other_cu[] = {
	{ 0 },
	{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
	{ .kind = BTF_KIND_STRUCT, .name = "node", .size = 16, .nr_items = 2,
	  .items = { ITEM("v", 1, 0), ITEM("o", 3, 64) } },
	{ .kind = BTF_KIND_PTR, .type = 4 },
	{ .kind = BTF_KIND_STRUCT, .name = "other", .size = 8, .nr_items = 1,
	  .items = { ITEM("n", 5, 0) } },
	{ .kind = BTF_KIND_PTR, .type = 2 },
};

/*
 * With FWD tolerance, node and its pointer to other take the ids of the
 * first CU's, where other was a FWD; struct other and its pointer to node
 * are appended, and "other" is taken for one type. Without, the whole
 * cycle is appended.
 */
static void test_btf_repeats__tolerance_takes_a_fwd_for_its_struct(void)
{
	struct fixture f;
	const struct btf_name_list *taken;
	int tolerant;

	for (tolerant = 0; tolerant < 2; tolerant++) {
		if (!fixture_init(&f, NULL)) {
			CHECK("set-up", false);
			return;
		}
		btf_repeats__set_tolerant(f.r, tolerant);
		CHECK("first CU appended whole", encode_cu(&f, node_fwd_cu, 5) == 4);
		if (!tolerant) {
			CHECK("exact: the cycle appended", encode_cu(&f, node_other_cu, 6) == 4);
			CHECK("exact: nothing taken", btf_repeats__taken(f.r)->nr == 0);
			fixture_release(&f);
			continue;
		}
		CHECK("other and its pointer appended", encode_cu(&f, node_other_cu, 6) == 2);
		CHECK("node", f.ids[2] == 2);
		CHECK("pointer to other", f.ids[3] == 3);
		CHECK("struct other new", f.ids[4] == 5 && f.ids[5] == 6);
		taken = btf_repeats__taken(f.r);
		CHECK("other taken", taken->nr >= 1 &&
				     !strcmp(btf__name_by_offset(f.btf, taken->offs[0]), "other"));
		CHECK("the FWD CU repeats", encode_cu(&f, node_fwd_cu, 5) == 0);
		fixture_release(&f);
	}
}

static void test_btf_repeats__a_member_name_differs(void)
{
	struct tspec renamed[4];
	struct fixture f;

	memcpy(renamed, list_cu, sizeof(renamed));
	renamed[2].items[0].name = "value";
	if (!fixture_init(&f, NULL)) {
		CHECK("set-up", false);
		return;
	}
	encode_cu(&f, list_cu, 4);
	CHECK("struct and pointer appended", encode_cu(&f, renamed, 4) == 2);
	CHECK("int repeats", f.ids[1] == 1);
	fixture_release(&f);
}

static void test_btf_repeats__one_btf_type_per_core_type(void)
{
	static const struct tspec two_ints[] = {
		{ 0 },
		{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
		{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
	};
	struct fixture f;

	if (!fixture_init(&f, NULL)) {
		CHECK("set-up", false);
		return;
	}
	encode_cu(&f, list_cu, 4);
	CHECK("the second copy is appended", encode_cu(&f, two_ints, 3) == 1);
	CHECK("the first repeats", f.ids[1] == 1);
	CHECK("the second is new", f.ids[2] == 4);
	fixture_release(&f);
}

static void test_btf_repeats__what_never_matches(void)
{
	struct tspec unmatchable[4], array_cu[3] = {
		{ 0 },
		{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
		{ .kind = BTF_KIND_ARRAY, .type = 1, .nr_elems = 4 },
	};
	static const struct tspec typedef_cu[] = {
		{ 0 },
		{ .kind = BTF_KIND_STRUCT, .name = "other", .size = 0 },
		{ .kind = BTF_KIND_TYPEDEF, .name = "list_t", .type = 1 },
	};
	struct fixture f;

	memcpy(unmatchable, list_cu, sizeof(unmatchable));
	unmatchable[1].is_unmatchable = true;
	if (!fixture_init(&f, NULL)) {
		CHECK("set-up", false);
		return;
	}
	encode_cu(&f, list_cu, 4);
	CHECK("an unmatchable int, and all that refers to it",
	      encode_cu(&f, unmatchable, 4) == 3);
	CHECK("array of unknown index type", encode_cu(&f, array_cu, 3) == 1);
	CHECK("again", encode_cu(&f, array_cu, 3) == 1);
	array_cu[2].index_type = 1;
	CHECK("array of a known index type", encode_cu(&f, array_cu, 3) == 1);
	CHECK("repeats", encode_cu(&f, array_cu, 3) == 0);
	CHECK("a typedef of a new struct", encode_cu(&f, typedef_cu, 3) == 2);
	fixture_release(&f);
}

static void test_btf_repeats__bitfields_and_kind_flag(void)
{
	static const struct tspec bits_cu[] = {
		{ 0 },
		{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
		{ .kind = BTF_KIND_STRUCT, .name = "flags", .size = 4, .kflag = true,
		  .nr_items = 2, .items = { { "a", 1, 0, 3 }, { "b", 1, 3, 5 } } },
	};
	struct tspec wider[3];
	struct fixture f;

	memcpy(wider, bits_cu, sizeof(wider));
	wider[2].items[1].hi = 6;
	if (!fixture_init(&f, NULL)) {
		CHECK("set-up", false);
		return;
	}
	CHECK("appended as its record says", encode_cu(&f, bits_cu, 3) == 2);
	CHECK("repeats", encode_cu(&f, bits_cu, 3) == 0);
	CHECK("another bitfield size", encode_cu(&f, wider, 3) == 1);
	fixture_release(&f);
}

static void test_btf_repeats__base_types_are_no_candidates(void)
{
	struct btf *base = btf__new_empty();
	struct fixture f;

	if (!base || btf__add_int(base, "int", 4, 0) != 1 || !fixture_init(&f, base)) {
		btf__free(base);
		CHECK("set-up", false);
		return;
	}
	CHECK("split part appended whole", encode_cu(&f, list_cu, 4) == 3);
	CHECK("int is a split type", f.ids[1] == 2);
	CHECK("then repeats", encode_cu(&f, list_cu, 4) == 0);
	fixture_release(&f);
	btf__free(base);
}

/*
 * Records are made before earlier CUs are matched (on the loading
 * threads); an array's index type comes only with the match.
 */
static void test_btf_repeats__records_made_ahead_match_the_same(void)
{
	static const struct tspec array_cu[] = {
		{ 0 },
		{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
		{ .kind = BTF_KIND_ARRAY, .type = 1, .nr_elems = 4, .index_type = 1 },
	};
	struct btf_recs *rs[4] = {
		fill_recs(list_cu, 4), fill_recs(list_cu, 4),
		fill_recs(array_cu, 3), fill_recs(array_cu, 3),
	};
	static const uint32_t n[4] = { 4, 4, 3, 3 };
	static const int want[4] = { 3, 0, 1, 0 };
	const struct tspec *t[4] = { list_cu, list_cu, array_cu, array_cu };
	struct fixture f;
	int i;

	if (!fixture_init(&f, NULL) || !rs[0] || !rs[1] || !rs[2] || !rs[3]) {
		CHECK("set-up", false);
		goto out_free;
	}
	for (i = 0; i < 4; i++)
		CHECK("as many appended as when made late",
		      !btf_repeats__match(f.r, f.btf, rs[i], 1, NULL, f.ids) &&
		      append_cu(&f, rs[i], t[i], n[i]) == want[i]);
	CHECK("the array repeat takes the first array", f.ids[2] == 4);
out_free:
	for (i = 0; i < 4; i++)
		btf_recs__free(rs[i]);
	fixture_release(&f);
}

/* int; struct list as in list_cu; struct x { int v; } */
static const struct tspec list_x_cu[] = {
	{ 0 },
	{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
	{ .kind = BTF_KIND_STRUCT, .name = "list", .size = 16, .nr_items = 2,
	  .items = { ITEM("v", 1, 0), ITEM("next", 3, 64) } },
	{ .kind = BTF_KIND_PTR, .type = 2 },
	{ .kind = BTF_KIND_STRUCT, .name = "x", .size = 4, .nr_items = 1,
	  .items = { ITEM("v", 1, 0) } },
};

/*
 * A loading thread matches below the BTF's end when it started the CU; the
 * collector then finds the rest from there on: together, the ids a match
 * of the whole would give.
 */
static void test_btf_repeats__prematch_then_the_rest(void)
{
	static const struct tspec x_cu[] = {
		{ 0 },
		{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
		{ .kind = BTF_KIND_STRUCT, .name = "x", .size = 4, .nr_items = 1,
		  .items = { ITEM("v", 1, 0) } },
	};
	struct btf_recs *rs = fill_recs(list_x_cu, 5);
	uint32_t pre[5], end;
	struct fixture f;

	if (!fixture_init(&f, NULL) || !rs) {
		CHECK("set-up", false);
		goto out_free;
	}
	encode_cu(&f, list_cu, 4);
	end = btf__type_cnt(f.btf);
	CHECK("struct x appended by a later CU", encode_cu(&f, x_cu, 3) == 1 && f.ids[2] == 4);
	CHECK("prematch", !btf_repeats__prematch(f.r, f.btf, rs, 1, end, pre));
	CHECK("below the end: matched", pre[1] == 1 && pre[2] == 2 && pre[3] == 3);
	CHECK("from the end on: left to the collector", pre[4] == 0);
	CHECK("the rest", !btf_repeats__match(f.r, f.btf, rs, 1,
					      &(struct btf_prematch){ pre, end }, f.ids));
	CHECK("struct x takes the later CU's id", f.ids[4] == 4);
	CHECK("the others keep theirs", f.ids[1] == 1 && f.ids[2] == 2 && f.ids[3] == 3);
	CHECK("nothing to append", append_cu(&f, rs, list_x_cu, 5) == 0);
out_free:
	btf_recs__free(rs);
	fixture_release(&f);
}

/* btf_recs__graph() of @t with chains of at most @max_depth records; *@deep_ret as it gives it. */
static int graph_depth(const struct tspec *t, uint32_t n, uint32_t max_depth, uint32_t *deep_ret)
{
	struct btf_recs *rs = make_recs(t, n);
	int err = rs ? btf_recs__graph(rs, max_depth, deep_ret) : -ENOMEM;

	btf_recs__free(rs);
	return err;
}

/*
 * Chains of references libbpf's dedup recurses through: five records from
 * the typedef down to the int; the struct ends a chain (its pointer's is
 * two long), and a const/volatile cycle counts each of its records once.
 */
static void test_btf_recs__reference_depth(void)
{
	static const struct tspec chain[] = {
		{ 0 },
		{ .kind = BTF_KIND_INT, .name = "int", .size = 4 },
		{ .kind = BTF_KIND_PTR, .type = 1 },
		{ .kind = BTF_KIND_PTR, .type = 2 },
		{ .kind = BTF_KIND_CONST, .type = 3 },
		{ .kind = BTF_KIND_TYPEDEF, .name = "t", .type = 4 },
		{ .kind = BTF_KIND_STRUCT, .name = "s", .size = 8, .nr_items = 1,
		  .items = { { .name = "m", .type = 5 } } },
		{ .kind = BTF_KIND_PTR, .type = 6 },
	};
	static const struct tspec cycle[] = {
		{ 0 },
		{ .kind = BTF_KIND_CONST, .type = 2 },
		{ .kind = BTF_KIND_VOLATILE, .type = 1 },
		{ .kind = BTF_KIND_PTR, .type = 1 },
	};
	uint32_t deep = 0;

	CHECK("five deep fits five", graph_depth(chain, 8, 5, &deep) == 0);
	CHECK("five deep is past four", graph_depth(chain, 8, 4, &deep) == -E2BIG);
	CHECK("the typedef starts it", deep == 5);
	CHECK("the struct ends a chain", graph_depth(chain, 8, 2, &deep) == -E2BIG && deep == 3);
	CHECK("a cycle is three deep", graph_depth(cycle, 4, 3, &deep) == 0);
	CHECK("not two", graph_depth(cycle, 4, 2, &deep) == -E2BIG);
}

int main(void)
{
	test_btf_recs__reference_depth();
	test_btf_repeats__cycle_repeats_take_the_same_ids();
	test_btf_repeats__core_order_does_not_matter();
	test_btf_repeats__fwd_never_equals_struct();
	test_btf_repeats__tolerance_takes_a_fwd_for_its_struct();
	test_btf_repeats__a_member_name_differs();
	test_btf_repeats__one_btf_type_per_core_type();
	test_btf_repeats__what_never_matches();
	test_btf_repeats__bitfields_and_kind_flag();
	test_btf_repeats__base_types_are_no_candidates();
	test_btf_repeats__records_made_ahead_match_the_same();
	test_btf_repeats__prematch_then_the_rest();
	if (failures)
		printf("%d failure(s)\n", failures);
	return failures ? 1 : 0;
}
