// SPDX-License-Identifier: GPL-2.0-only
/*
 * codiff's comparison and its text. Each side's CUs get a view: a layout,
 * a printer for type names, and name indexes of their structs and
 * functions. The comparison records, per CU, what changed, in the CU's
 * order; printing then walks the records, as upstream shows them.
 */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "codiff_diff.h"
#include "dwarves_fprintf.h"
#include "dwarves_hash.h"
#include "dwarves_layout.h"

enum {
	NAME_LEN = 128,		/* upstream's type name buffers: longer names compare cut */
	PROTO_LEN = 1024,	/* and its prototype buffers */
	STRUCT_KW = sizeof("struct"),	/* what "struct " adds to a name's column */
	NONE = UINT32_MAX,
};

/* What -t lists of a struct, in this order. */
enum tchange {
	TC_SIZE = 1 << 0,
	TC_NR_MEMBERS = 1 << 1,
	TC_TYPE = 1 << 2,
	TC_OFFSET = 1 << 3,
	TC_BIT_OFFSET = 1 << 4,
	TC_BIT_SIZE = 1 << 5,
	TC_PADDING = 1 << 6,
	TC_NR_HOLES = 1 << 7,
	TC_NR_BIT_HOLES = 1 << 8,
};

static const char *const tchange_names[] = {
	"size", "nr_members", "type", "offset", "bit_offset", "bit_size", "padding",
	"nr_holes", "nr_bit_holes",
};

/*
 * Names to the entries of that name, in the entries' order: the first
 * entry of each name by its hash, each entry linked to the next of its name.
 */
struct name_index {
	struct hash_index	firsts;		/* value: the first entry of a name */
	uint32_t		*last;		/* per first entry: the last of its name */
	uint32_t		*next;		/* per entry: the next of its name, or NONE */
	uint32_t		*rank;		/* per entry: how many of its name come before */
};

typedef const char *(*name_of_fn)(const struct cu *cu, uint32_t idx);

/* A struct or function that changed, or exists on one side only. */
struct change {
	uint32_t		idx;		/* type id, or index in cu->functions */
	const struct cu_view	*twin_cu;	/* NULL: none on the other side */
	uint32_t		twin;		/* in twin_cu */
	int32_t			diff;		/* functions: bytes of code */
};

struct change_list {
	struct change	*items;
	uint32_t	nr, cap;
};

struct cu_view {
	const struct cu		*cu;
	struct layout		*layout;
	struct printer		*printer;
	struct name_index	structs;	/* defined structs by name */
	struct name_index	funcs;		/* functions by name */
	struct change_list	struct_changes, fn_changes;
	uint32_t		nr_structs_changed, nr_fns_changed;
	uint32_t		max_len;	/* of the names shown */
	uint64_t		bytes_added, bytes_removed;
};

struct codiff {
	const struct codiff_opts *opts;
	FILE			*fp;
	bool			no_sizes;	/* a side is BTF */
	struct cu_view		*old, *new;
	uint32_t		nr_old, nr_new;
	struct str_set		shown;		/* names of the structs shown already */
	uint32_t		tchanges;	/* enum tchange of the struct being shown */
	bool			cu_shown;
	uint32_t		total_cus, total_fns, total_added, total_removed;
};

/* One struct of a view, with its laid out members. */
struct sview {
	const struct cu_view	*v;
	const struct type	*t;
	const struct class_layout *cl;
};

/* ---- name indexes --------------------------------------------------------------------- */

static void name_index__release(struct name_index *ix)
{
	hash_index__release(&ix->firsts);
	free(ix->last);
	free(ix->next);
	free(ix->rank);
}

/* The first entry named @name, or NONE. */
static uint32_t first_of_name(const struct name_index *ix, const struct cu *cu,
			      name_of_fn name_of, const char *name)
{
	uint32_t p, idx;

	for (p = hash_index__first(&ix->firsts, hash_str(name)); p;
	     p = hash_index__next(&ix->firsts, p)) {
		idx = hash_index__value(&ix->firsts, p);
		if (!strcmp(name_of(cu, idx), name))
			return idx;
	}
	return NONE;
}

static int name_index__add(struct name_index *ix, const struct cu *cu, name_of_fn name_of,
			   uint32_t idx)
{
	const char *name = name_of(cu, idx);
	uint32_t first;

	ix->next[idx] = NONE;
	if (!name)
		return 0;
	first = first_of_name(ix, cu, name_of, name);
	if (first == NONE) {
		ix->last[idx] = idx;
		ix->rank[idx] = 0;
		return hash_index__add(&ix->firsts, hash_str(name), idx);
	}
	ix->next[ix->last[first]] = idx;
	ix->rank[idx] = ix->rank[ix->last[first]] + 1;
	ix->last[first] = idx;
	return 0;
}

static int name_index__build(struct name_index *ix, const struct cu *cu, uint32_t n,
			     name_of_fn name_of)
{
	uint32_t idx;
	int err = 0;

	ix->last = calloc(n + 1, sizeof(*ix->last));
	ix->next = calloc(n + 1, sizeof(*ix->next));
	ix->rank = calloc(n + 1, sizeof(*ix->rank));
	if (!ix->last || !ix->next || !ix->rank)
		return -ENOMEM;
	for (idx = 0; idx < n && !err; idx++)
		err = name_index__add(ix, cu, name_of, idx);
	return err;
}

/* The entry named @name that has @nth before it of that name, or NONE. */
static uint32_t name_index__find(const struct name_index *ix, const struct cu *cu,
				 name_of_fn name_of, const char *name, uint32_t nth)
{
	uint32_t idx;

	if (!name)
		return NONE;
	idx = first_of_name(ix, cu, name_of, name);
	while (nth-- && idx != NONE)
		idx = ix->next[idx];
	return idx;
}

/* Structs with a body, as upstream's lookup by name finds them. */
static const char *struct_name(const struct cu *cu, uint32_t id)
{
	const struct type *t = cu__type(cu, id);

	return t->kind == TK_STRUCT && !t->is_declaration ? t->name : NULL;
}

static const char *fn_name(const struct cu *cu, uint32_t idx)
{
	return cu->functions[idx].name;
}

/* ---- views ---------------------------------------------------------------------------- */

static int view__init(struct cu_view *v, const struct cu *cu)
{
	const struct layout_opts lo = { 0 };
	const struct fprintf_opts fo = { .cacheline_size = 64 };

	v->cu = cu;
	v->layout = layout__new(cu, &lo);
	v->printer = v->layout ? printer__new(cu, v->layout, &fo) : NULL;
	if (!v->printer)
		return -ENOMEM;
	return name_index__build(&v->structs, cu, cu->nr_types, struct_name) ?:
	       name_index__build(&v->funcs, cu, cu->nr_functions, fn_name);
}

static void view__release(struct cu_view *v)
{
	printer__free(v->printer);
	layout__free(v->layout);
	name_index__release(&v->structs);
	name_index__release(&v->funcs);
	free(v->struct_changes.items);
	free(v->fn_changes.items);
}

static int views__new(const struct codiff_input *in, struct cu_view **ret)
{
	struct cu_view *views = calloc(in->nr_cus ? in->nr_cus : 1, sizeof(*views));
	uint32_t i;
	int err = views ? 0 : -ENOMEM;

	for (i = 0; i < in->nr_cus && !err; i++)
		err = view__init(&views[i], in->cus[i]);
	*ret = views;
	return err;
}

static void views__free(struct cu_view *views, uint32_t n)
{
	uint32_t i;

	for (i = 0; views && i < n; i++)
		view__release(&views[i]);
	free(views);
}

/* Upstream's pairing: the only CU of a side, or the first of the same name. */
static struct cu_view *find_pair(struct cu_view *views, uint32_t n, const char *name)
{
	uint32_t i;

	if (n == 1)
		return views;
	for (i = 0; name && i < n; i++)
		if (views[i].cu->name && !strcmp(views[i].cu->name, name))
			return &views[i];
	return NULL;
}

static void note_len(struct cu_view *v, const char *name, uint32_t extra)
{
	size_t len = strlen(name) + extra;

	if (len > v->max_len)
		v->max_len = len > INT32_MAX ? INT32_MAX : (uint32_t)len;
}

static int add_change(struct change_list *l, const struct change *c)
{
	int err = dw_ensure_cap(&l->items, &l->cap, sizeof(*l->items), l->nr + 1);

	if (!err)
		l->items[l->nr++] = *c;
	return err;
}

static const char *type_name(const struct cu_view *v, uint32_t id, char *bf)
{
	return printer__type_name(v->printer, id, bf, NAME_LEN);
}

static const char *proto_of(const struct cu_view *v, uint32_t idx, char *bf)
{
	return printer__function_proto(v->printer, &v->cu->functions[idx], bf, PROTO_LEN);
}

static const char *or_null(const char *s)
{
	return s ? s : "(null)";
}

/* ---- members -------------------------------------------------------------------------- */

static bool is_base(const struct sview *s, uint32_t i)
{
	const struct type_cxx *cxx = s->t->cxx;

	return cxx && cxx->member_bits && (cxx->member_bits[i] & MEMBER_CXX_INHERITANCE);
}

/* How many members named @name come before member @i of @t. */
static uint32_t name_rank(const struct type *t, uint32_t i, const char *name)
{
	uint32_t j, n = 0;

	for (j = 0; j < i; j++)
		n += t->members[j].name && !strcmp(t->members[j].name, name);
	return n;
}

/*
 * The member of @s paired with member @i of @pair: the first of the same
 * name (with @nth, the one with as many of that name before it), or for an
 * unnamed one the unnamed one of the same kind counted as far (*nr_anon
 * counts the unnamed ones looked up so far). NONE: none.
 */
static uint32_t find_pair_member(const struct sview *s, const struct sview *pair, uint32_t i,
				 uint32_t *nr_anon, bool nth_of_name)
{
	const char *name = pair->t->members[i].name;
	uint32_t j, nth;

	if (name) {
		nth = nth_of_name ? name_rank(pair->t, i, name) : 0;
		for (j = 0; j < s->t->nr_entries; j++)
			if (s->t->members[j].name && !strcmp(s->t->members[j].name, name) &&
			    nth-- == 0)
				return j;
		return NONE;
	}
	nth = ++*nr_anon;
	for (j = 0; j < s->t->nr_entries; j++)
		if (!s->t->members[j].name && is_base(s, j) == is_base(pair, i) && --nth == 0)
			return j;
	return NONE;
}

/* A member line: "     removed: TYPE ... OFFSET(BIT) SIZE(BITS)" and the like. */
static void member_line(const struct codiff *c, const struct sview *s, uint32_t i,
			const char *what)
{
	const struct member_layout *ml = &s->cl->members[i];
	char bf[NAME_LEN];

	fprintf(c->fp, "     %-8s %-21s /* %5u(%2u) %5u(%2u) */\n", what,
		type_name(s->v, s->t->members[i].type, bf), ml->byte_offset,
		ml->bitfield_offset, ml->byte_size, ml->bitfield_size);
}

/* Compares member @i of @a with member @j of @b; shows both when asked. */
static bool member_changed(struct codiff *c, const struct sview *a, uint32_t i,
			   const struct sview *b, uint32_t j, bool print)
{
	const struct member_layout *ma = &a->cl->members[i], *mb = &b->cl->members[j];
	uint32_t ta = a->t->members[i].type, tb = b->t->members[j].type;
	char na[NAME_LEN], nb[NAME_LEN];
	bool changed = ma->byte_size != mb->byte_size;

	if (!ta || !tb)
		return false;
	if (ma->byte_offset != mb->byte_offset)
		c->tchanges |= TC_OFFSET;
	if (ma->bitfield_offset != mb->bitfield_offset)
		c->tchanges |= TC_BIT_OFFSET;
	if (ma->bitfield_size != mb->bitfield_size)
		c->tchanges |= TC_BIT_SIZE;
	if (strcmp(type_name(a->v, ta, na), type_name(b->v, tb, nb)))
		c->tchanges |= TC_TYPE;
	changed |= ma->byte_offset != mb->byte_offset || ma->bitfield_offset != mb->bitfield_offset ||
		   ma->bitfield_size != mb->bitfield_size || strcmp(na, nb);
	if (changed && print && !c->opts->terse) {
		fprintf(c->fp, "    %s\n", or_null(a->t->members[i].name));
		member_line(c, a, i, "from:");
		member_line(c, b, j, "to:");
	}
	return changed;
}

/*
 * Whether any member of @a (old) and @b (new) differs, was removed or
 * added; with @print, shows each, as upstream: removed ones in @a's order,
 * then added ones in @b's. -ENOMEM on failure.
 */
static int members_changed(struct codiff *c, const struct sview *a, const struct sview *b,
			   bool print)
{
	uint8_t *paired = calloc(b->t->nr_entries + 1, 1);
	uint32_t i, j, nr_anon = 0, nr_paired = 0;
	bool changed = false;

	if (!paired)
		return -ENOMEM;
	for (i = 0; i < a->t->nr_entries; i++) {
		j = find_pair_member(b, a, i, &nr_anon, c->no_sizes);
		if (j != NONE) {
			paired[j] = 1;
			nr_paired++;
			changed |= member_changed(c, a, i, b, j, print);
			continue;
		}
		changed = true;
		if (print) {
			fprintf(c->fp, "    %s\n", or_null(a->t->members[i].name));
			member_line(c, a, i, "removed:");
		}
	}
	if (nr_paired != b->t->nr_entries) {
		changed = true;
		for (j = 0; print && j < b->t->nr_entries; j++) {
			if (paired[j])
				continue;
			fprintf(c->fp, "    %s\n", or_null(b->t->members[j].name));
			member_line(c, b, j, "added:");
		}
	}
	free(paired);
	return changed;
}

static int sview_of(const struct cu_view *v, uint32_t id, struct sview *ret)
{
	ret->v = v;
	ret->t = cu__type(v->cu, id);
	ret->cl = layout__class(v->layout, id);
	return ret->cl ? 0 : -ENOMEM;
}

/* ---- the comparison ------------------------------------------------------------------- */

/* Struct @id of old CU @ov against its namesake in @nv (may be NULL). */
/* Upstream v1.32 compares the end padding and the numbers of holes too. */
static bool holes_changed(const struct sview *a, const struct sview *b)
{
	return a->cl->padding != b->cl->padding || a->cl->nr_holes != b->cl->nr_holes ||
	       a->cl->nr_bit_holes != b->cl->nr_bit_holes;
}

static int diff_struct(struct codiff *c, struct cu_view *ov, uint32_t id, struct cu_view *nv)
{
	const struct type *t = cu__type(ov->cu, id);
	struct sview a, b;
	uint32_t nid;
	int err;

	if (t->kind != TK_STRUCT || t->is_declaration || !t->name || !t->byte_size || !nv)
		return 0;
	nid = name_index__find(&nv->structs, nv->cu, struct_name, t->name,
			       c->no_sizes ? ov->structs.rank[id] : 0);
	if (nid == NONE || !cu__type(nv->cu, nid)->byte_size)
		return 0;
	err = sview_of(ov, id, &a) ?: sview_of(nv, nid, &b);
	if (err)
		return err;
	if (a.t->byte_size == b.t->byte_size && a.t->nr_entries == b.t->nr_entries &&
	    !holes_changed(&a, &b)) {
		err = members_changed(c, &a, &b, false);
		if (err <= 0)
			return err;
	}
	ov->nr_structs_changed++;
	note_len(ov, t->name, STRUCT_KW);
	return add_change(&ov->struct_changes,
			  &(struct change){ .idx = id, .twin_cu = nv, .twin = nid });
}

static bool protos_differ(const struct cu_view *a, uint32_t i, const struct cu_view *b,
			  uint32_t j)
{
	char pa[PROTO_LEN], pb[PROTO_LEN];

	return strcmp(proto_of(a, i, pa), proto_of(b, j, pb)) != 0;
}

/* Bytes of code, as upstream's 32-bit counts hold them. */
static int32_t code_size(const struct function *f)
{
	return f->size > INT32_MAX ? INT32_MAX : (int32_t)f->size;
}

/* Functions that are no code of their own: upstream looks past them. */
static bool is_alias(const struct function *f)
{
	return f->inlined || f->has_origin;
}

/* Function @idx of old CU @ov against its namesake in @nv (may be NULL). */
static int diff_function(struct codiff *c, struct cu_view *ov, uint32_t idx, struct cu_view *nv)
{
	const struct function *f = &ov->cu->functions[idx];
	struct change ch = { .idx = idx, .twin = NONE };
	uint32_t nidx;

	if (is_alias(f) || !f->name || (c->no_sizes && f->is_declaration))
		return 0;
	nidx = nv ? name_index__find(&nv->funcs, nv->cu, fn_name, f->name,
				     c->no_sizes ? ov->funcs.rank[idx] : 0) : NONE;
	if (nidx != NONE) {
		ch.twin_cu = nv;
		ch.twin = nidx;
		if (!c->no_sizes)
			ch.diff = code_size(&nv->cu->functions[nidx]) - code_size(f);
		if (!ch.diff && !protos_differ(ov, idx, nv, nidx))
			return 0;
		/* upstream leaves the name column as it is for a prototype change */
		if (ch.diff || c->no_sizes)
			note_len(ov, f->name, 0);
		if (ch.diff > 0)
			ov->bytes_added += (uint64_t)ch.diff;
		else
			ov->bytes_removed += (uint64_t)-(int64_t)ch.diff;
	} else {
		ch.diff = c->no_sizes ? 0 : -code_size(f);
		note_len(ov, f->name, 0);
		ov->bytes_removed += (uint64_t)-(int64_t)ch.diff;
	}
	ov->nr_fns_changed++;
	return add_change(&ov->fn_changes, &ch);
}

static int diff_old_cu(struct codiff *c, struct cu_view *ov)
{
	struct cu_view *nv = find_pair(c->new, c->nr_new, ov->cu->name);
	uint32_t i;
	int err = 0;

	for (i = 1; i < ov->cu->nr_types && !err; i++)
		err = diff_struct(c, ov, i, nv);
	for (i = 0; i < ov->cu->nr_functions && !err; i++)
		err = diff_function(c, ov, i, nv);
	return err;
}

/* Functions of a new CU that its old CU lacks, or has inlined only. */
static int find_new_functions(struct codiff *c, struct cu_view *nv, struct cu_view *ov)
{
	uint32_t i;
	int err = 0;

	for (i = 0; i < nv->cu->nr_functions && !err; i++) {
		const struct function *f = &nv->cu->functions[i];
		struct change ch = { .idx = i, .twin = NONE, .diff = code_size(f) };

		if (is_alias(f) || !f->name)
			continue;
		ch.twin = ov ? name_index__find(&ov->funcs, ov->cu, fn_name, f->name, 0) : NONE;
		if (ch.twin != NONE && !ov->cu->functions[ch.twin].inlined)
			continue;
		ch.twin_cu = ch.twin != NONE ? ov : NULL;
		note_len(nv, f->name, 0);
		nv->nr_fns_changed++;
		nv->bytes_added += (uint64_t)ch.diff;
		err = add_change(&nv->fn_changes, &ch);
	}
	return err;
}

/* Structs of a new CU that its old CU lacks. */
static int find_new_structs(struct cu_view *nv, struct cu_view *ov)
{
	uint32_t id;
	int err = 0;

	for (id = 1; id < nv->cu->nr_types && !err; id++) {
		const struct type *t = cu__type(nv->cu, id);

		if (t->kind != TK_STRUCT || !t->name || !t->byte_size ||
		    (ov && name_index__find(&ov->structs, ov->cu, struct_name, t->name, 0) != NONE))
			continue;
		nv->nr_structs_changed++;
		note_len(nv, t->name, STRUCT_KW);
		err = add_change(&nv->struct_changes,
				 &(struct change){ .idx = id, .twin = NONE });
	}
	return err;
}

static int compare(struct codiff *c)
{
	uint32_t i;
	int err = 0;

	for (i = 0; i < c->nr_old && !err; i++)
		err = diff_old_cu(c, &c->old[i]);
	for (i = 0; i < c->nr_new && !err; i++) {
		struct cu_view *ov = find_pair(c->old, c->nr_old, c->new[i].cu->name);

		err = (c->no_sizes ? 0 : find_new_functions(c, &c->new[i], ov)) ?:
		      find_new_structs(&c->new[i], ov);
	}
	return err;
}

/* ---- the text ------------------------------------------------------------------------- */

static void terse_line(const struct codiff *c, const char *name)
{
	const char *sep = "";
	size_t i;

	fprintf(c->fp, "struct %s: ", name);
	for (i = 0; i < sizeof(tchange_names) / sizeof(tchange_names[0]); i++) {
		if (!(c->tchanges & (1u << i)))
			continue;
		fprintf(c->fp, "%s%s", sep, tchange_names[i]);
		sep = ", ";
	}
	fputc('\n', c->fp);
}

/* "-TYPE NAME ... OFFSET SIZE" of the members one side lacks, "+" of the other. */
static void nr_members_lines(const struct codiff *c, const struct sview *a,
			     const struct sview *b)
{
	const struct sview *side[2] = { a, b }, *other[2] = { b, a };
	static const char sign[2] = { '-', '+' };
	char bf[NAME_LEN];
	uint32_t k, i, nr_anon;

	for (k = 0; k < 2; k++) {
		const struct sview *s = side[k];

		for (nr_anon = 0, i = 0; i < s->t->nr_entries; i++) {
			if (find_pair_member(other[k], s, i, &nr_anon, c->no_sizes) != NONE)
				continue;
			fprintf(c->fp, "    %c%-26s %-21s /* %5u %5u */\n", sign[k],
				type_name(s->v, s->t->members[i].type, bf),
				or_null(s->t->members[i].name), s->cl->members[i].byte_offset,
				s->cl->members[i].byte_size);
		}
	}
}

/* "   WHAT: +N" when a struct's count changed (not with -t: its flag only). */
static void count_line(struct codiff *c, const char *what, unsigned int flag, int64_t old,
		       int64_t new)
{
	if (old == new)
		return;
	c->tchanges |= flag;
	if (!c->opts->terse)
		fprintf(c->fp, "   %s: %+d\n", what, (int)(new - old));
}

static int show_struct(struct codiff *c, const struct cu_view *v, const struct change *ch)
{
	struct sview a, b;
	int width = (int)v->max_len - (int)STRUCT_KW, diff;
	int err = sview_of(v, ch->idx, &a) ?:
		  (ch->twin_cu ? sview_of(ch->twin_cu, ch->twin, &b) : 0);

	if (err)
		return err;
	diff = ch->twin_cu ? (int)(b.t->byte_size - a.t->byte_size) : (int)a.t->byte_size;
	c->tchanges = diff ? TC_SIZE : 0;
	if (!c->opts->terse)
		fprintf(c->fp, "  struct %-*.*s | %+4d\n", width < 0 ? 0 : width,
			width < 0 ? 0 : width, a.t->name, diff);
	if (!c->opts->verbose && !c->opts->terse)
		return 0;
	diff = ch->twin_cu ? (int)b.t->nr_entries - (int)a.t->nr_entries : -(int)a.t->nr_entries;
	if (diff) {
		c->tchanges |= TC_NR_MEMBERS;
		if (!c->opts->terse) {
			fprintf(c->fp, "   nr_members: %+d\n", diff);
			if (ch->twin_cu)
				nr_members_lines(c, &a, &b);
		}
	}
	if (ch->twin_cu) {
		count_line(c, "padding", TC_PADDING, a.cl->padding, b.cl->padding);
		count_line(c, "nr_holes", TC_NR_HOLES, a.cl->nr_holes, b.cl->nr_holes);
		count_line(c, "nr_bit_holes", TC_NR_BIT_HOLES, a.cl->nr_bit_holes,
			   b.cl->nr_bit_holes);
		err = members_changed(c, &a, &b, true);
		if (err < 0)
			return err;
	}
	if (c->opts->terse)
		terse_line(c, a.t->name);
	return 0;
}

/* Each changed struct of @v whose name was not shown for an earlier CU. */
static int show_structs(struct codiff *c, const struct cu_view *v)
{
	uint32_t i;
	int err = 0;

	for (i = 0; i < v->struct_changes.nr && !err; i++) {
		const struct change *ch = &v->struct_changes.items[i];
		const char *name = cu__type(v->cu, ch->idx)->name;

		if (str_set__has(&c->shown, name))
			continue;
		err = show_struct(c, v, ch) ?: str_set__add(&c->shown, name);
	}
	return err;
}

/* " # OLD -> NEW[, lexblocks: ...][, prototype: OLD -> NEW]" */
static void fn_details(const struct codiff *c, const struct cu_view *v, const struct change *ch)
{
	const struct function *f = &v->cu->functions[ch->idx];
	const struct function *twin = &ch->twin_cu->cu->functions[ch->twin];
	const struct lexblock *a = f->body, *b = twin->body;
	char pa[PROTO_LEN], pb[PROTO_LEN];

	fprintf(c->fp, " # %d -> %d", code_size(f), code_size(twin));
	if (a && b && a->nr_lexblocks != b->nr_lexblocks)
		fprintf(c->fp, ", lexblocks: %d -> %d", (int)a->nr_lexblocks, (int)b->nr_lexblocks);
	if (a && b && a->nr_inline_expansions != b->nr_inline_expansions)
		fprintf(c->fp, ", # inlines: %d -> %d", (int)a->nr_inline_expansions,
			(int)b->nr_inline_expansions);
	if (a && b && a->size_inline_expansions != b->size_inline_expansions)
		fprintf(c->fp, ", size inlines: %d -> %d", (int)a->size_inline_expansions,
			(int)b->size_inline_expansions);
	if (strcmp(proto_of(v, ch->idx, pa), proto_of(ch->twin_cu, ch->twin, pb)))
		fprintf(c->fp, ", prototype: %s -> %s", pa, pb);
	fputc('\n', c->fp);
}

static void show_function(const struct codiff *c, const struct cu_view *v,
			  const struct change *ch, bool is_new)
{
	const struct function *f = &v->cu->functions[ch->idx];

	fprintf(c->fp, "  %-*.*s | %+4d", (int)v->max_len, (int)v->max_len, f->name, ch->diff);
	if (!c->opts->verbose)
		fputc('\n', c->fp);
	else if (!ch->twin_cu)
		fputs(is_new ? " (added)\n" : " (removed)\n", c->fp);
	else if (ch->twin_cu->cu->functions[ch->twin].inlined)
		fputs(is_new ? " (uninlined)\n" : " (inlined)\n", c->fp);
	else
		fn_details(c, v, ch);
}

/* BTF has no code sizes: what is left is whether it is there, and its prototype. */
static void show_function_nosize(const struct codiff *c, const struct cu_view *v,
				 const struct change *ch)
{
	char pa[PROTO_LEN], pb[PROTO_LEN];

	fprintf(c->fp, "  %-*s | ", (int)v->max_len, v->cu->functions[ch->idx].name);
	if (!ch->twin_cu && !c->opts->verbose)
		fputs("removed\n", c->fp);
	else if (!ch->twin_cu)
		fprintf(c->fp, "removed: %s\n", proto_of(v, ch->idx, pa));
	else if (!c->opts->verbose)
		fputs("prototype changed\n", c->fp);
	else
		fprintf(c->fp, "prototype: %s -> %s\n", proto_of(v, ch->idx, pa),
			proto_of(ch->twin_cu, ch->twin, pb));
}

static void show_functions(struct codiff *c, const struct cu_view *v, bool is_new)
{
	uint32_t i;

	c->total_fns += v->nr_fns_changed;
	for (i = 0; i < v->fn_changes.nr; i++) {
		if (c->no_sizes)
			show_function_nosize(c, v, &v->fn_changes.items[i]);
		else
			show_function(c, v, &v->fn_changes.items[i], is_new);
	}
	fprintf(c->fp, " %u function%s changed", v->nr_fns_changed,
		v->nr_fns_changed > 1 ? "s" : "");
	if (!c->no_sizes) {
		if (v->bytes_added)
			fprintf(c->fp, ", %" PRIu64 " bytes added", v->bytes_added);
		if (v->bytes_removed)
			fprintf(c->fp, ", %" PRIu64 " bytes removed", v->bytes_removed);
		fprintf(c->fp, ", diff: %+" PRId64, (int64_t)(v->bytes_added - v->bytes_removed));
	}
	fputc('\n', c->fp);
	c->total_added += (uint32_t)v->bytes_added;
	c->total_removed += (uint32_t)v->bytes_removed;
}

static int show_cu(struct codiff *c, const struct cu_view *v, bool is_new)
{
	int err = 0;

	if (!v->nr_fns_changed && !v->nr_structs_changed)
		return 0;
	if (c->cu_shown && !c->opts->quiet)
		fputc('\n', c->fp);
	c->cu_shown = true;
	c->total_cus++;
	if (!c->opts->quiet)
		fprintf(c->fp, "%s:\n", or_null(v->cu->name));
	if (c->opts->terse)
		return show_structs(c, v);
	if (v->nr_structs_changed && c->opts->structs) {
		err = show_structs(c, v);
		fprintf(c->fp, " %u struct%s changed\n", v->nr_structs_changed,
			v->nr_structs_changed > 1 ? "s" : "");
	}
	if (!err && v->nr_fns_changed && c->opts->functions)
		show_functions(c, v, is_new);
	return err;
}

static void show_totals(const struct codiff *c, const char *path)
{
	fprintf(c->fp, "\n%s:\n %u function%s changed", path, c->total_fns,
		c->total_fns > 1 ? "s" : "");
	if (!c->no_sizes) {
		if (c->total_added)
			fprintf(c->fp, ", %u bytes added", c->total_added);
		if (c->total_removed)
			fprintf(c->fp, ", %u bytes removed", c->total_removed);
		fprintf(c->fp, ", diff: %+d", (int32_t)(c->total_added - c->total_removed));
	}
	fputc('\n', c->fp);
}

static int show(struct codiff *c, const char *new_path)
{
	uint32_t i;
	int err = 0;

	for (i = 0; i < c->nr_old && !err; i++)
		err = show_cu(c, &c->old[i], false);
	for (i = 0; c->nr_new > 1 && i < c->nr_new && !err; i++)
		err = show_cu(c, &c->new[i], true);
	if (!err && c->total_cus > 1 && c->opts->functions)
		show_totals(c, new_path);
	return err;
}

/*
 * -ENOMEM where a printer could not build a name (a prototype's): what
 * was compared or shown with it is wrong. Else 0.
 */
static int names_failed(const struct codiff *c)
{
	uint32_t i;

	for (i = 0; i < c->nr_old; i++)
		if (printer__out_of_memory(c->old[i].printer))
			return -ENOMEM;
	for (i = 0; i < c->nr_new; i++)
		if (printer__out_of_memory(c->new[i].printer))
			return -ENOMEM;
	return 0;
}

int codiff__run(const struct codiff_input *old, const struct codiff_input *new,
		const struct codiff_opts *opts, FILE *fp)
{
	struct codiff_opts o = *opts;
	struct codiff c = {
		.opts = &o, .fp = fp, .no_sizes = old->is_btf || new->is_btf,
		.nr_old = old->nr_cus, .nr_new = new->nr_cus,
	};
	int err;

	if (!o.structs && !o.functions && !o.terse)
		o.structs = o.functions = true;
	err = views__new(old, &c.old) ?: views__new(new, &c.new) ?: compare(&c) ?:
	      names_failed(&c) ?: show(&c, new->path) ?: names_failed(&c);
	views__free(c.old, c.nr_old);
	views__free(c.new, c.nr_new);
	str_set__release(&c.shown);
	return err;
}
