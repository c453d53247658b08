// SPDX-License-Identifier: GPL-2.0-only
/* Declarations held by value, given a size after dedup (btf_sized.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <bpf/btf.h>

#include "btf_sized.h"

/* No room seen yet for a FWD (its size will be 0). */
#define NO_ROOM UINT32_MAX
/* Arrays nest a few levels; a chain longer than this is not followed. */
enum { MAX_CHAIN = 256 };

struct sized {
	struct btf	*btf;
	uint32_t	first;
	uint32_t	cnt;	/* type count before any is added */
	uint32_t	*room;	/* per type id: least room in bytes, or NO_ROOM */
	bool		*held;	/* per type id: a FWD held other than by a member */
	uint32_t	*moved;	/* per type id: the struct a base FWD became, or 0 */
	uint32_t	u8;	/* "unsigned char", 0 until needed */
	uint32_t	index;	/* the arrays' index type, 0 until needed */
	int		nr_members;	/* members that became bytes */
	struct bytes {
		uint32_t	room;
		uint32_t	id;
	}		*bytes;	/* the byte arrays added, by size */
	size_t		nr_bytes;
};

/*
 * The FWD that type @id stands for by value, through qualifiers, typedefs
 * and arrays (their element counts multiplied into *@nr), or 0.
 */
static uint32_t held_fwd(const struct btf *btf, uint32_t id, uint64_t *nr)
{
	int step;

	*nr = 1;
	for (step = 0; step < MAX_CHAIN; step++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (!t)
			return 0;
		switch (btf_kind(t)) {
		case BTF_KIND_FWD:
			return id;
		case BTF_KIND_TYPEDEF:
		case BTF_KIND_CONST:
		case BTF_KIND_VOLATILE:
		case BTF_KIND_RESTRICT:
		case BTF_KIND_TYPE_TAG:
			id = t->type;
			break;
		case BTF_KIND_ARRAY:
			*nr = *nr * btf_array(t)->nelems;
			if (*nr > UINT32_MAX)
				*nr = 0;
			id = btf_array(t)->type;
			break;
		default:
			return 0;
		}
	}
	return 0;
}

/*
 * Type @id held by value in @room bytes (none known: NO_ROOM), by a member
 * of a struct or union (@member) or otherwise.
 */
static void hold(struct sized *s, uint32_t id, uint64_t room, bool member)
{
	uint64_t nr;
	uint32_t fwd = held_fwd(s->btf, id, &nr);

	if (!fwd)
		return;
	if (!member)
		s->held[fwd] = true;
	if (room != NO_ROOM && nr && room / nr < s->room[fwd])
		s->room[fwd] = room / nr;
}

/* Bytes from member @i of composite @t to the next member or the end. */
static uint64_t member_room(const struct btf_type *t, uint16_t i)
{
	uint64_t off = btf_member_bit_offset(t, i), end = (uint64_t)t->size * 8, o;
	uint16_t j, n = btf_vlen(t);

	for (j = 0; j < n && btf_is_struct(t); j++) {
		o = btf_member_bit_offset(t, j);
		if (o > off && o < end)
			end = o;
	}
	return off >= end ? 0 : (end - off) / 8;
}

static void scan_type(struct sized *s, const struct btf_type *t)
{
	const struct btf_var_secinfo *v;
	const struct btf_param *p;
	uint16_t i, n = btf_vlen(t);

	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		for (i = 0; i < n; i++)
			hold(s, btf_members(t)[i].type, member_room(t, i), true);
		break;
	case BTF_KIND_ARRAY:
		hold(s, btf_array(t)->type, NO_ROOM, false);
		break;
	case BTF_KIND_VAR:
		hold(s, t->type, NO_ROOM, false);
		break;
	case BTF_KIND_DATASEC:
		for (i = 0, v = btf_var_secinfos(t); i < n; i++, v++) {
			const struct btf_type *var = btf__type_by_id(s->btf, v->type);

			if (var && btf_is_var(var))
				hold(s, var->type, v->size, false);
		}
		break;
	case BTF_KIND_FUNC_PROTO:
		hold(s, t->type, NO_ROOM, false);
		for (i = 0, p = btf_params(t); i < n; i++, p++)
			hold(s, p->type, NO_ROOM, false);
		break;
	}
}

/* An INT of @name and @size in the BTF (base included), or a new one. */
static int int_type(struct sized *s, const char *name, uint32_t size, int encoding)
{
	uint32_t id;

	for (id = 1; id < s->cnt; id++) {
		const struct btf_type *t = btf__type_by_id(s->btf, id);

		if (btf_is_int(t) && t->size == size &&
		    !strcmp(btf__str_by_offset(s->btf, t->name_off), name))
			return id;
	}
	return btf__add_int(s->btf, name, size, encoding);
}

/* The index type of the arrays there are, or "int". */
static int index_type(struct sized *s)
{
	uint32_t id;

	for (id = 1; id < s->cnt; id++) {
		const struct btf_type *t = btf__type_by_id(s->btf, id);

		if (btf_is_array(t))
			return btf_array(t)->index_type;
	}
	return int_type(s, "int", 4, BTF_INT_SIGNED);
}

/* unsigned char[@room]: added once per size. */
static int bytes_type(struct sized *s, uint32_t room)
{
	struct bytes *grown;
	size_t i;
	int id;

	for (i = 0; i < s->nr_bytes; i++)
		if (s->bytes[i].room == room)
			return s->bytes[i].id;
	if (!s->u8 && (id = int_type(s, "unsigned char", 1, 0)) > 0)
		s->u8 = id;
	if (!s->index && (id = index_type(s)) > 0)
		s->index = id;
	if (!s->u8 || !s->index)
		return -ENOMEM;
	grown = realloc(s->bytes, (s->nr_bytes + 1) * sizeof(*s->bytes));
	if (!grown)
		return -ENOMEM;
	s->bytes = grown;
	id = btf__add_array(s->btf, s->index, s->u8, room);
	if (id < 0)
		return id;
	s->bytes[s->nr_bytes++] = (struct bytes){ .room = room, .id = id };
	return id;
}

/* Members that hold a FWD by value become the bytes of their room. */
static int bytes_for_members(struct sized *s)
{
	uint32_t id;

	for (id = s->first; id < s->cnt; id++) {
		uint16_t i, n = btf_vlen(btf__type_by_id(s->btf, id));

		for (i = 0; i < n && btf_is_composite(btf__type_by_id(s->btf, id)); i++) {
			const struct btf_type *t = btf__type_by_id(s->btf, id);
			uint64_t nr;
			int bytes;

			if (!held_fwd(s->btf, btf_members(t)[i].type, &nr))
				continue;
			bytes = bytes_type(s, member_room(t, i));
			if (bytes < 0)
				return bytes;
			/* adding a type may have moved them all */
			t = btf__type_by_id(s->btf, id);
			((struct btf_member *)btf_members(t))[i].type = bytes;
			s->nr_members++;
		}
	}
	return 0;
}

static void repoint_id(const struct sized *s, uint32_t *id)
{
	if (*id < s->cnt && s->moved[*id])
		*id = s->moved[*id];
}

/* References of @t to base FWDs go to the structs they became. */
static void repoint(const struct sized *s, struct btf_type *t)
{
	struct btf_member *m;
	struct btf_param *p;
	uint16_t i, n = btf_vlen(t);

	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		for (i = 0, m = btf_members(t); i < n; i++, m++)
			repoint_id(s, &m->type);
		break;
	case BTF_KIND_ARRAY:
		repoint_id(s, &btf_array(t)->type);
		break;
	case BTF_KIND_FUNC_PROTO:
		repoint_id(s, &t->type);
		for (i = 0, p = btf_params(t); i < n; i++, p++)
			repoint_id(s, &p->type);
		break;
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_CONST:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPE_TAG:
	case BTF_KIND_VAR:
		repoint_id(s, &t->type);
		break;
	}
}

static struct btf_type *own_type(const struct sized *s, uint32_t id)
{
	return (struct btf_type *)btf__type_by_id(s->btf, id);
}

/* A base FWD gets a struct (union) of the split part: 1, or -ENOMEM. */
static int add_moved(struct sized *s, uint32_t fwd, uint32_t size)
{
	const struct btf_type *t = btf__type_by_id(s->btf, fwd);
	const char *name = btf__str_by_offset(s->btf, t->name_off);
	int id = btf_kflag(t) ? btf__add_union(s->btf, name, size) :
				btf__add_struct(s->btf, name, size);

	if (id < 0)
		return id;
	if (!s->moved) {
		s->moved = calloc(s->cnt, sizeof(*s->moved));
		if (!s->moved)
			return -ENOMEM;
	}
	s->moved[fwd] = id;
	return 1;
}

static int complete(struct sized *s)
{
	uint32_t id;
	int err, done = 0;

	for (id = 1; id < s->first; id++)
		if (s->held[id]) {
			err = add_moved(s, id, s->room[id] == NO_ROOM ? 0 : s->room[id]);
			if (err < 0)
				return err;
			done++;
		}
	for (id = s->first; id < s->cnt; id++) {
		struct btf_type *t = own_type(s, id);

		if (s->held[id]) {
			/* kind in bits 24-28, no kind flag, no members */
			t->info = (btf_kflag(t) ? BTF_KIND_UNION : BTF_KIND_STRUCT) << 24;
			t->size = s->room[id] == NO_ROOM ? 0 : s->room[id];
			done++;
		} else if (s->moved) {
			repoint(s, t);
		}
	}
	return done;
}

int btf_sized__complete(struct btf *btf, uint32_t first, int *nr_members)
{
	struct sized s = { .btf = btf, .first = first, .cnt = btf__type_cnt(btf) };
	uint32_t id;
	int ret;

	s.room = malloc(s.cnt * sizeof(*s.room));
	s.held = calloc(s.cnt, sizeof(*s.held));
	if (!s.room || !s.held) {
		ret = -ENOMEM;
		goto out;
	}
	for (id = 0; id < s.cnt; id++)
		s.room[id] = NO_ROOM;
	for (id = first; id < s.cnt; id++)
		scan_type(&s, btf__type_by_id(btf, id));
	ret = bytes_for_members(&s) ?: complete(&s);
	*nr_members = s.nr_members;
out:
	free(s.room);
	free(s.held);
	free(s.moved);
	free(s.bytes);
	return ret;
}
