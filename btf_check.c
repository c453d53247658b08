// SPDX-License-Identifier: GPL-2.0-only
/* References and names of a parsed BTF, checked before anything follows them. */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "btf_check.h"

struct checker {
	__u32			id;		/* the type being checked */
	__u32			nr_types;	/* btf__type_cnt() */
	__u64			str_end;	/* the first name offset past the strings */
	char			*reason;
	size_t			size;
};

static bool type_ok(struct checker *c, const char *what, __u32 i, __u32 type_id)
{
	if (type_id < c->nr_types)
		return true;
	snprintf(c->reason, c->size, "type [%u] %s %u refers to missing type %u", c->id, what,
		 i, type_id);
	return false;
}

static bool name_ok(struct checker *c, const char *what, __u32 i, __u32 name_off)
{
	if (name_off < c->str_end)
		return true;
	snprintf(c->reason, c->size, "type [%u] %s %u has a name offset %u past the strings",
		 c->id, what, i, name_off);
	return false;
}

/* The entries that follow the type (members, parameters, ...). */
static bool entries_ok(struct checker *c, const struct btf_type *t)
{
	__u16 i, vlen = btf_vlen(t);

	for (i = 0; i < vlen; i++) {
		switch (btf_kind(t)) {
		case BTF_KIND_STRUCT:
		case BTF_KIND_UNION:
			if (!name_ok(c, "member", i, btf_members(t)[i].name_off) ||
			    !type_ok(c, "member", i, btf_members(t)[i].type))
				return false;
			break;
		case BTF_KIND_FUNC_PROTO:
			if (!name_ok(c, "parameter", i, btf_params(t)[i].name_off) ||
			    !type_ok(c, "parameter", i, btf_params(t)[i].type))
				return false;
			break;
		case BTF_KIND_ENUM:
			if (!name_ok(c, "enumerator", i, btf_enum(t)[i].name_off))
				return false;
			break;
		case BTF_KIND_ENUM64:
			if (!name_ok(c, "enumerator", i, btf_enum64(t)[i].name_off))
				return false;
			break;
		case BTF_KIND_DATASEC:
			if (!type_ok(c, "variable", i, btf_var_secinfos(t)[i].type))
				return false;
			break;
		}
	}
	return true;
}

static bool type_refs_ok(struct checker *c, const struct btf_type *t)
{
	switch (btf_kind(t)) {
	case BTF_KIND_PTR: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_FUNC:
	case BTF_KIND_FUNC_PROTO: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
	case BTF_KIND_TYPE_TAG:
		return type_ok(c, "target", 0, t->type);
	case BTF_KIND_ARRAY:
		return type_ok(c, "element", 0, btf_array(t)->type) &&
		       type_ok(c, "index", 0, btf_array(t)->index_type);
	default:
		return true;
	}
}

/*
 * The strings of a BTF (a split one's with its base's) are one range of
 * offsets from 0: found by halving, rather than asking libbpf per name.
 */
static __u64 str_end(const struct btf *btf)
{
	__u64 lo = 0, hi = (__u64)UINT32_MAX + 1;

	while (lo < hi) {
		__u64 mid = lo + (hi - lo) / 2;

		if (btf__str_by_offset(btf, (__u32)mid))
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool btf_check__aligned(const struct btf *btf)
{
	const struct btf *base = btf__base_btf(btf);
	uint32_t first = base ? btf__type_cnt(base) : 1;

	return first >= btf__type_cnt(btf) || !((uintptr_t)btf__type_by_id(btf, first) % 4);
}

bool btf_check__type(const struct btf_type *t, uint32_t id, uint32_t nr_types, uint64_t str_end,
		     char *reason, size_t size)
{
	struct checker c = {
		.id = id, .nr_types = nr_types, .str_end = str_end, .reason = reason, .size = size,
	};

	return name_ok(&c, "name", 0, t->name_off) && type_refs_ok(&c, t) && entries_ok(&c, t);
}

int btf_check__refs(const struct btf *btf, char *reason, size_t size)
{
	uint32_t id, n = btf__type_cnt(btf);
	uint64_t end = str_end(btf);

	if (!btf_check__aligned(btf)) {
		snprintf(reason, size, "the type section is not 4-byte aligned");
		return -EINVAL;
	}
	for (id = 1; id < n; id++) {
		const struct btf_type *t = btf__type_by_id(btf, id);

		if (!t || !btf_check__type(t, id, n, end, reason, size))
			return -EINVAL;
	}
	return 0;
}
