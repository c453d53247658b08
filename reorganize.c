// SPDX-License-Identifier: GPL-2.0-only
/*
 * Struct reorganization (-R, -S, -P): a heuristic that moves members of a
 * copy of a struct into the holes of the layout and recomputes the size.
 * The moves, their order and the size arithmetic are upstream pahole's
 * v1.32, oddities included, so that the printed result and the savings are
 * the same (spec section 9.3). As there, bitfields are never moved, and
 * upstream's bitfield demotion is compiled out, so it is not done here.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "reorganize.h"

/*
 * Offsets past 64 KiB wrap around in upstream's 16-bit arithmetic, which is
 * kept, and then the moves can go round in circles: a bound on the moves,
 * in proportion to the square of the number of members, ends them.
 */
enum { MAX_MOVES = 100000, MIN_MOVES = 64 };

/* The copy being reorganized; the model's struct is never touched. */
struct reorg {
	struct printer		*printer;	/* borrowed */
	struct layout		*layout;	/* borrowed */
	uint32_t		id;		/* of the original struct */
	struct type		t;		/* the copy; t.members is owned */
	struct type_cxx		cxx;		/* t.cxx when the original has C++ member bits */
	struct class_layout	cl;		/* of the copy; cl.members is owned */
	uint32_t		addr_size;
	unsigned int		verbose;	/* 1: step comments, 2: and layouts */
	unsigned int		nr_moves, max_moves;
	FILE			*fp;
};

static void reorg_release(struct reorg *r)
{
	free(r->t.members);
	free(r->cl.members);
	free(r->cxx.member_bits);
}

static int reorg_init(struct reorg *r, struct printer *p, struct layout *l, uint32_t id)
{
	const struct cu *cu = layout__cu(l);
	const struct type *orig = cu__type(cu, id);
	uint32_t n = orig->nr_entries;
	struct member *members;

	memset(r, 0, sizeof(*r));
	members = calloc(n ? n : 1, sizeof(*members));
	r->cl.members = calloc(n ? n : 1, sizeof(*r->cl.members));
	if (!members || !r->cl.members) {
		free(members);
		free(r->cl.members);
		return -ENOMEM;
	}
	memcpy(members, orig->members, n * sizeof(*members));
	r->t = *orig;
	r->t.members = members;
	/* As upstream's copy, only the data members and base classes: no nested types, no functions. */
	r->t.nested = NULL;
	r->t.nr_nested = 0;
	r->t.cxx = NULL;
	if (orig->cxx && orig->cxx->member_bits) {
		r->cxx.member_bits = malloc(n ? n : 1);
		if (!r->cxx.member_bits) {
			reorg_release(r);
			return -ENOMEM;
		}
		memcpy(r->cxx.member_bits, orig->cxx->member_bits, n);
		r->t.cxx = &r->cxx;
	}
	r->printer = p;
	r->layout = l;
	r->id = id;
	r->addr_size = cu->addr_size ? cu->addr_size : 8;
	r->max_moves = (uint64_t)n * n + MIN_MOVES < MAX_MOVES ? n * n + MIN_MOVES : MAX_MOVES;
	layout__compute(l, &r->t, &r->cl);
	return 0;
}


/* A hole as upstream compares it with sizes: a negative one is huge. */
static uint64_t as_size(int32_t v)
{
	return (uint64_t)(int64_t)v;
}

static const struct member_layout *ml_of(const struct reorg *r, uint32_t i)
{
	return &r->cl.members[i];
}

static const char *name_of(const struct reorg *r, uint32_t i)
{
	return r->t.members[i].name ? r->t.members[i].name : "(null)";
}

/* The copy as it stands, without ';' (-S). */
static void print_step(struct reorg *r)
{
	struct print_top top = { .no_semicolon = true };

	layout__set_override(r->layout, r->id, &r->t, &r->cl);
	printer__print_type(r->printer, r->id, &top, r->fp);
	layout__clear_override(r->layout);
	fputc('\n', r->fp);
}

/* The first member after @from with a hole whose size fits in @size; a bitfield's head. */
static int64_t next_hole_of_size(const struct reorg *r, uint32_t from, uint64_t size)
{
	int64_t head = -1;
	uint32_t i;

	for (i = from + 1; i < r->t.nr_entries; i++) {
		const struct member_layout *ml = ml_of(r, i);

		if (!ml->bitfield_size)
			head = -1;
		else if (head < 0)
			head = i;
		if (ml->hole && ml->byte_size && ml->byte_size <= size)
			return head >= 0 ? head : i;
	}
	return -1;
}

/* Searching back from the end to after @to: the last member that fits in @size. */
static int64_t last_member_of_size(const struct reorg *r, uint32_t to, uint64_t size)
{
	uint32_t i;

	for (i = r->t.nr_entries - 1; i > to; i--) {
		const struct member_layout *ml = ml_of(r, i);

		/* Only the first member of a bitfield stands for it. */
		if (ml->bitfield_size && ml->byte_offset && ml_of(r, i - 1)->bitfield_size)
			continue;
		if (ml->byte_size && ml->byte_size <= size)
			return i;
	}
	return -1;
}

/* Members after position @after move @size bytes towards the start. */
static void subtract_offsets(struct reorg *r, uint32_t after, uint16_t size)
{
	uint32_t i;

	for (i = after + 1; i < r->t.nr_entries; i++)
		r->t.members[i].bit_offset -= (uint64_t)size * 8;
}

/* Puts member @from (after @dest) right after @dest, at bit offset @bit_offset. */
static void relink(struct reorg *r, uint32_t dest, uint32_t from, uint64_t bit_offset)
{
	struct member m = r->t.members[from];
	uint8_t *bits = r->cxx.member_bits, b;

	memmove(&r->t.members[dest + 2], &r->t.members[dest + 1],
		(from - dest - 1) * sizeof(m));
	m.bit_offset = bit_offset;
	r->t.members[dest + 1] = m;
	if (bits) {
		b = bits[from];
		memmove(&bits[dest + 2], &bits[dest + 1], from - dest - 1);
		bits[dest + 1] = b;
	}
}

/*
 * Moves member @from after member @dest (dest < from), into the hole after
 * @dest, and shrinks the struct when the move frees a word, or the tail
 * padding when @from_padding. False for a bitfield, which is left alone.
 */
static bool move_member(struct reorg *r, uint32_t dest, uint32_t from, bool from_padding)
{
	const struct member_layout *fl = ml_of(r, from), *dl = ml_of(r, dest);
	uint64_t from_size = fl->byte_size, dest_size = dl->byte_size;
	bool from_was_last = from + 1 == r->t.nr_entries;
	int32_t orig_tail_hole = fl->hole;
	uint16_t orig_from_offset = fl->byte_offset, offset, new_from_offset;
	uint32_t prev_pos;

	if (fl->bitfield_size)
		return false;
	offset = as_size(dl->hole) % (from_size > r->addr_size ? r->addr_size : from_size);
	new_from_offset = dl->byte_offset + dest_size + offset;
	if (r->verbose)
		fprintf(r->fp, "/* Moving '%s' from after '%s' to after '%s' */\n",
			name_of(r, from), name_of(r, from - 1), name_of(r, dest));
	relink(r, dest, from, (uint64_t)new_from_offset * 8);
	/* The member that was before @from moved one place up, unless it is @dest. */
	prev_pos = from - 1 == dest ? dest : from;
	if (from_padding) {
		if (orig_from_offset % r->addr_size == 0)
			r->t.byte_size -= from_size + r->cl.padding;
		else if (r->verbose)
			fprintf(r->fp, "/* adding %zd bytes from %s to the padding */\n",
				(size_t)from_size, name_of(r, dest + 1));
	} else if (from_was_last) {
		r->t.byte_size -= from_size + r->cl.padding;
	} else if (as_size(orig_tail_hole) + from_size >= r->addr_size) {
		r->t.byte_size -= r->addr_size;
		subtract_offsets(r, prev_pos, r->addr_size);
	}
	layout__compute(r->layout, &r->t, &r->cl);
	r->nr_moves++;
	if (r->verbose > 1)
		print_step(r);
	return true;
}

/*
 * The tail padding the widest small (hole included) member asks for; upstream
 * changes the size and padding without looking at the holes again.
 */
static void fix_padding(struct reorg *r)
{
	const struct member_layout *last = ml_of(r, r->t.nr_entries - 1);
	uint64_t alignment = 0, end = (uint64_t)last->byte_offset + last->byte_size, modulo;
	uint16_t new_padding = 0;
	uint32_t i;

	for (i = 0; i < r->t.nr_entries; i++) {
		uint64_t aligned = ml_of(r, i)->byte_size + as_size(ml_of(r, i)->hole);

		if (aligned <= r->addr_size && aligned > alignment)
			alignment = aligned;
	}
	if (!alignment)
		return;
	if (alignment > 1)
		alignment = (alignment + 1) / 2 * 2;
	modulo = end % alignment;
	if (modulo)
		new_padding = r->addr_size - modulo;
	if (new_padding != r->cl.padding) {
		r->cl.padding = new_padding;
		r->t.byte_size = end + new_padding;
	}
}

/* One pass: fill a hole with a later member or the last one; true if something moved. */
static bool fill_holes(struct reorg *r)
{
	uint32_t last = r->t.nr_entries - 1, i;

	for (i = 0; i < r->t.nr_entries; i++) {
		const struct member_layout *ml = ml_of(r, i);
		int64_t b;

		if (!ml->hole)
			continue;
		b = next_hole_of_size(r, i, as_size(ml->hole));
		/* The next member may be where it is on purpose (an explicit alignment). */
		if (b >= 0 && b - 1 != i && move_member(r, i, b, false))
			return true;
		ml = ml_of(r, i);
		if (r->cl.padding > 0 && i != last && ml_of(r, last)->byte_size &&
		    ml_of(r, last)->byte_size <= as_size(ml->hole) &&
		    move_member(r, i, last, true))
			return true;
	}
	return false;
}

/* One pass: move a member from the tail into a hole; true if something moved. */
static bool fill_holes_from_tail(struct reorg *r)
{
	uint32_t i;

	for (i = 0; i < r->t.nr_entries; i++) {
		const struct member_layout *ml = ml_of(r, i);
		int64_t b;

		if (!ml->hole)
			continue;
		b = last_member_of_size(r, i, as_size(ml->hole));
		if (b >= 0 && b - 1 != i && move_member(r, i, b, false))
			return true;
	}
	return false;
}

static void reorganize(struct reorg *r)
{
	while (r->t.nr_entries && r->nr_moves < r->max_moves) {
		fix_padding(r);
		if (fill_holes(r))
			continue;
		if (!r->cl.nr_holes || !fill_holes_from_tail(r))
			break;
	}
}

bool reorganize__is_packable(struct printer *p, struct layout *l, uint32_t id)
{
	const struct type *t = cu__type(layout__cu(l), id);
	struct class_layout *cl = layout__class(l, id);

	if (!cl || t->kind != TK_STRUCT || (!cl->nr_holes && !cl->nr_bit_holes))
		return false;
	return reorganize__packed_size(p, l, id) < t->byte_size;
}

uint64_t reorganize__packed_size(struct printer *p, struct layout *l, uint32_t id)
{
	struct reorg r;
	uint64_t size;

	if (reorg_init(&r, p, l, id))
		return cu__type(layout__cu(l), id)->byte_size;
	reorganize(&r);
	size = r.t.byte_size;
	reorg_release(&r);
	return size;
}

static uint64_t nr_cachelines(uint64_t size, uint32_t cacheline_size)
{
	return (size + cacheline_size - 1) / cacheline_size;
}

/* "   / * saved N bytes and K cachelines! * /" after the closing brace. */
static void print_savings(const struct reorg *r, uint64_t orig_size, uint32_t cacheline_size)
{
	int savings = (int)(orig_size - r->t.byte_size);
	size_t cl_savings = nr_cachelines(orig_size, cacheline_size) -
			    nr_cachelines(r->t.byte_size, cacheline_size);

	if (!savings) {
		fputc('\n', r->fp);
		return;
	}
	fprintf(r->fp, "   /* saved %d byte%s", savings, savings != 1 ? "s" : "");
	if (cl_savings)
		fprintf(r->fp, " and %zu cacheline%s", cl_savings, cl_savings != 1 ? "s" : "");
	fputs("! */\n", r->fp);
}

int reorganize__print(struct printer *p, struct layout *l, uint32_t id, bool show_steps,
		      unsigned int verbose, FILE *fp)
{
	uint64_t orig_size = cu__type(layout__cu(l), id)->byte_size;
	struct print_top top = { 0 };
	struct reorg r;
	int err = reorg_init(&r, p, l, id);

	if (err)
		return err;
	r.fp = fp;
	r.verbose = show_steps ? 2 : verbose;
	reorganize(&r);
	if (orig_size != r.t.byte_size && r.verbose) {
		fputc('\n', fp);
		if (show_steps)
			fputs("/* Final reorganized struct: */\n", fp);
	}
	layout__set_override(l, id, &r.t, &r.cl);
	printer__print_type(p, id, &top, fp);
	layout__clear_override(l);
	print_savings(&r, orig_size, printer__cacheline_size(p));
	reorg_release(&r);
	return 0;
}
