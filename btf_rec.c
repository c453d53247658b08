// SPDX-License-Identifier: GPL-2.0-only
/* One BTF record's type ids and names, each renewed (btf_rec.h). */
#include "btf_rec.h"

#include <errno.h>

int btf_rec__ids(struct btf_type *t, btf_rec_fn f, void *ctx)
{
	uint16_t i, n = btf_vlen(t);

	switch (btf_kind(t)) {
	case BTF_KIND_INT: case BTF_KIND_FLOAT: case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
		return 0;
	case BTF_KIND_PTR: case BTF_KIND_CONST: case BTF_KIND_VOLATILE: case BTF_KIND_RESTRICT:
	case BTF_KIND_TYPEDEF: case BTF_KIND_FUNC: case BTF_KIND_VAR: case BTF_KIND_TYPE_TAG:
	case BTF_KIND_DECL_TAG:
		t->type = f(ctx, t->type);
		return 0;
	case BTF_KIND_ARRAY:
		btf_array(t)->type = f(ctx, btf_array(t)->type);
		btf_array(t)->index_type = f(ctx, btf_array(t)->index_type);
		return 0;
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		for (i = 0; i < n; i++)
			btf_members(t)[i].type = f(ctx, btf_members(t)[i].type);
		return 0;
	case BTF_KIND_FUNC_PROTO:
		t->type = f(ctx, t->type);
		for (i = 0; i < n; i++)
			btf_params(t)[i].type = f(ctx, btf_params(t)[i].type);
		return 0;
	case BTF_KIND_DATASEC:
		for (i = 0; i < n; i++)
			btf_var_secinfos(t)[i].type = f(ctx, btf_var_secinfos(t)[i].type);
		return 0;
	default:
		return -EOPNOTSUPP;
	}
}

void btf_rec__names(struct btf_type *t, btf_rec_fn f, void *ctx)
{
	uint16_t i, n = btf_vlen(t);

	t->name_off = f(ctx, t->name_off);
	switch (btf_kind(t)) {
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		for (i = 0; i < n; i++)
			btf_members(t)[i].name_off = f(ctx, btf_members(t)[i].name_off);
		break;
	case BTF_KIND_ENUM:
		for (i = 0; i < n; i++)
			btf_enum(t)[i].name_off = f(ctx, btf_enum(t)[i].name_off);
		break;
	case BTF_KIND_ENUM64:
		for (i = 0; i < n; i++)
			btf_enum64(t)[i].name_off = f(ctx, btf_enum64(t)[i].name_off);
		break;
	case BTF_KIND_FUNC_PROTO:
		for (i = 0; i < n; i++)
			btf_params(t)[i].name_off = f(ctx, btf_params(t)[i].name_off);
		break;
	default:
		break;
	}
}
