// SPDX-License-Identifier: GPL-2.0-only
/*
 * The -V trace of the BTF encoder, in upstream pahole's words (btf_trace.h).
 * Every line is written from what the encoder knows anyway: a CU's records
 * (btf_repeats.h) give its types as upstream appends them, repeats
 * included, and the ids are counted here.
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <linux/btf.h>

#include "btf_repeats.h"
#include "btf_trace.h"

struct btf_trace {
	struct btf_trace_opts	opts;
	uint32_t		next;		/* the virtual id of upstream's next type */
	uint32_t		index_type;	/* virtual id of the arrays' index type; 0: not yet */
	uint32_t		*ids;		/* owned: the last CU's core id -> virtual id */
	uint32_t		ids_cap;
	bool			started;	/* btf_trace__start() printed its notes */
};

/* Upstream's names of the kinds, as its lines spell them. */
static const char *const kind_str[] = {
	[BTF_KIND_UNKN] = "UNKNOWN", [BTF_KIND_INT] = "INT", [BTF_KIND_PTR] = "PTR",
	[BTF_KIND_ARRAY] = "ARRAY", [BTF_KIND_STRUCT] = "STRUCT", [BTF_KIND_UNION] = "UNION",
	[BTF_KIND_ENUM] = "ENUM", [BTF_KIND_FWD] = "FWD", [BTF_KIND_TYPEDEF] = "TYPEDEF",
	[BTF_KIND_VOLATILE] = "VOLATILE", [BTF_KIND_CONST] = "CONST",
	[BTF_KIND_RESTRICT] = "RESTRICT", [BTF_KIND_FUNC] = "FUNC",
	[BTF_KIND_FUNC_PROTO] = "FUNC_PROTO", [BTF_KIND_VAR] = "VAR",
	[BTF_KIND_DATASEC] = "DATASEC", [BTF_KIND_FLOAT] = "FLOAT",
	[BTF_KIND_DECL_TAG] = "DECL_TAG", [BTF_KIND_TYPE_TAG] = "TYPE_TAG",
	[BTF_KIND_ENUM64] = "ENUM64",
};

struct btf_trace *btf_trace__new(const struct btf_trace_opts *opts, uint32_t first_id)
{
	struct btf_trace *t = calloc(1, sizeof(*t));

	if (!t)
		return NULL;
	t->opts = *opts;
	t->next = first_id;
	return t;
}

void btf_trace__free(struct btf_trace *t)
{
	if (!t)
		return;
	free(t->ids);
	free(t);
}

/* A name as upstream prints a BTF name: none is "(anon)". */
static const char *printable(const char *name)
{
	return name && name[0] ? name : "(anon)";
}

/* "[id] KIND name", the start of a type's line. */
static void type_line(uint32_t id, int kind, const char *name)
{
	printf("[%u] %s %s", id, kind_str[kind], printable(name));
}

void btf_trace__start(struct btf_trace *t, const char *path, const struct elf_symtab *symtab)
{
	uint32_t i, n = symtab ? elf_symtab__nr_sections(symtab) : 0;
	bool has_percpu = false;

	if (t->started)
		return;
	t->started = true;
	for (i = 0; i < n && !has_percpu; i++)
		has_percpu = !strcmp(elf_symtab__section(symtab, i)->name, ".data..percpu");
	if (!has_percpu)
		printf("btf_encoder__new: '%s' doesn't have '.data..percpu' section\n", path);
	printf("File %s:\n", path);
}

/* ---- a CU's types ------------------------------------------------------------------ */

/* An _Atomic T, which has no record and stands for T. */
static bool is_alias(const struct cu *cu, const struct btf_rec *recs, uint32_t i)
{
	return !recs[i].kind && !recs[i].err && cu__type(cu, i)->kind == TK_ATOMIC;
}

/* T of a chain of _Atomic; void for a cycle (corrupt input). */
static uint32_t alias_target(const struct cu *cu, uint32_t id)
{
	uint32_t hops;

	for (hops = 0; hops < cu->nr_types && id && cu__type(cu, id)->kind == TK_ATOMIC; hops++)
		id = cu__type(cu, id)->type;
	return id && cu__type(cu, id)->kind != TK_ATOMIC ? id : 0;
}

static int assign_ids(struct btf_trace *t, const struct cu *cu, const struct btf_rec *recs)
{
	uint32_t i;
	int err = dw_ensure_cap(&t->ids, &t->ids_cap, sizeof(*t->ids), cu->nr_types ?: 1);

	if (err)
		return err;
	t->ids[0] = 0;
	for (i = 1; i < cu->nr_types; i++)
		t->ids[i] = is_alias(cu, recs, i) ? 0 : t->next++;
	for (i = 1; cu->nr_atomic && i < cu->nr_types; i++)
		if (is_alias(cu, recs, i))
			t->ids[i] = t->ids[alias_target(cu, i)];
	return 0;
}

static const char *int_encoding(uint32_t encoding)
{
	switch (encoding) {
	case 0:			return "(none)";
	case BTF_INT_SIGNED:	return "SIGNED";
	case BTF_INT_CHAR:	return "CHAR";
	case BTF_INT_BOOL:	return "BOOL";
	default:		return "UNKN";
	}
}

/*
 * Members as libbpf's btf__add_field() leaves them when each is logged:
 * kind_flag is set by the first bitfield, so the members before it are
 * printed without a bitfield size. A member of type void is upstream's
 * type_id_off.
 */
static void members(const struct btf_trace *t, const struct btf_rec_item *it, uint32_t n,
		    uint32_t off)
{
	bool kflag = false;
	uint32_t i;

	for (i = 0; i < n; i++) {
		uint32_t type = it[i].type ? t->ids[it[i].type] : off;

		kflag |= it[i].hi || it[i].lo % 8;
		if (kflag)
			printf("\t%s type_id=%u bitfield_size=%u bits_offset=%u\n",
			       printable(it[i].name), type, it[i].hi, it[i].lo);
		else
			printf("\t%s type_id=%u bits_offset=%u\n", printable(it[i].name), type,
			       it[i].lo);
	}
}

/*
 * Values as upstream prints them: 32 bits without ENUM64, else signed when
 * the enum's underlying type (DW_AT_type) is (the loader marks that for
 * printing only).
 */
static void enumerators(const struct btf_trace *t, const struct cu *cu, const struct type *ty)
{
	bool is_signed = ty->type && ty->type < cu->nr_types &&
			 cu__type(cu, ty->type)->kind == TK_BASE &&
			 cu__type(cu, ty->type)->encoding == BE_SIGNED;
	uint32_t i;

	for (i = 0; i < ty->nr_entries; i++) {
		const struct enumerator *en = &ty->enumerators[i];

		if (!t->opts.enum64)
			printf("\t%s val=%u\n", en->name, (uint32_t)en->value);
		else if (is_signed)
			printf("\t%s val=%lld\n", en->name, (long long)en->value);
		else
			printf("\t%s val=%llu\n", en->name, (unsigned long long)en->value);
	}
}

/* A parameter; the last one of type void is "...". */
static void param(const char *name, uint32_t type, bool is_last)
{
	if (is_last && !type)
		fputs("vararg)\n", stdout);
	else
		printf("%u %s%s", type, name ? name : "(null)", is_last ? ")\n" : ", ");
}

static void proto_start(uint32_t id, uint32_t ret, uint32_t nr_params)
{
	type_line(id, BTF_KIND_FUNC_PROTO, NULL);
	printf(" return=%u args=(%s", ret, nr_params ? "" : "void)\n");
}

static void type_items(const struct btf_trace *t, const struct cu *cu, uint32_t i,
		       const struct btf_rec *rec, const struct btf_rec_item *it)
{
	uint32_t off = t->ids[i] - i, j;

	switch (rec->kind) {
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		members(t, it, rec->nr_items, off);
		break;
	case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
		enumerators(t, cu, cu__type(cu, i));
		break;
	case BTF_KIND_FUNC_PROTO:
		for (j = 0; j < rec->nr_items; j++)
			param(it[j].name, t->ids[it[j].type], j + 1 == rec->nr_items);
		break;
	}
}

/* Core type @i's line and those of its items. */
static void type_lines(const struct btf_trace *t, const struct cu *cu, uint32_t i,
		       const struct btf_rec *rec, const struct btf_rec_item *it)
{
	uint32_t id = t->ids[i], target = t->ids[rec->type];
	const struct type *ty = cu__type(cu, i);

	if (rec->kind == BTF_KIND_FUNC_PROTO) {
		proto_start(id, target, rec->nr_items);
		type_items(t, cu, i, rec, it);
		return;
	}
	type_line(id, rec->kind, rec->name);
	switch (rec->kind) {
	case BTF_KIND_INT:
		printf(" size=%u nr_bits=%u encoding=%s\n", rec->size,
		       (uint32_t)(ty->byte_size * 8), int_encoding(rec->extra));
		break;
	case BTF_KIND_FLOAT:
		printf(" size=%u nr_bits=%u\n", rec->size, (uint32_t)(ty->byte_size * 8));
		break;
	case BTF_KIND_FWD:
		printf(" %s\n", rec->kflag ? "union" : "struct");
		break;
	case BTF_KIND_ARRAY:
		printf(" type_id=%u index_type_id=%u nr_elems=%u\n", target, t->index_type,
		       rec->extra);
		break;
	case BTF_KIND_STRUCT: case BTF_KIND_UNION: case BTF_KIND_ENUM: case BTF_KIND_ENUM64:
		printf(" size=%u\n", rec->size);
		type_items(t, cu, i, rec, it);
		break;
	default:
		printf(" type_id=%u\n", target);
		break;
	}
}

/*
 * The arrays' index type: the first "int" of the CU, found while none is
 * known; until then the id just after the CU's types, where the "int"
 * upstream appends for them goes. True when this CU is the one to append it.
 */
static bool find_index_type(struct btf_trace *t, const struct cu *cu)
{
	uint32_t i;

	if (t->index_type)
		return false;
	for (i = 1; i < cu->nr_types; i++) {
		const struct type *ty = cu__type(cu, i);

		if (ty->kind == TK_BASE && ty->name && !strcmp(ty->name, "int")) {
			t->index_type = t->ids[i];
			return false;
		}
	}
	t->index_type = t->next;
	return true;
}

int btf_trace__cu(struct btf_trace *t, const struct cu *cu, struct btf_recs *rs)
{
	const struct btf_rec *recs = btf_recs__recs(rs);
	bool has_array = false, provisional;
	uint32_t i;
	int err = assign_ids(t, cu, recs);

	if (err)
		return err;
	provisional = find_index_type(t, cu);
	for (i = 1; i < cu->nr_types; i++) {
		if (!recs[i].kind)
			continue;
		has_array |= recs[i].kind == BTF_KIND_ARRAY;
		type_lines(t, cu, i, &recs[i], btf_recs__items(rs, &recs[i]));
	}
	if (provisional && has_array) {
		type_line(t->next++, BTF_KIND_INT, "int");
		fputs(" size=4 nr_bits=32 encoding=SIGNED\n", stdout);
	} else if (provisional) {
		t->index_type = 0;
	}
	for (i = 0; t->opts.decl_tags && i < cu->nr_type_annots; i++) {
		const struct type_annotation *ta = &cu->type_annots[i];

		btf_trace__decl_tag(t, ta->annot.value, t->ids[ta->type], ta->annot.component_idx);
	}
	return 0;
}

const uint32_t *btf_trace__ids(const struct btf_trace *t)
{
	return t->ids;
}

/* ---- functions, variables, sections ------------------------------------------------ */

void btf_trace__no_symbol(const struct btf_trace *t, const char *name)
{
	printf("could not find function '%s' in the ELF functions table\n", name);
}

void btf_trace__vars_search(const struct btf_trace *t, const struct cu *cu)
{
	printf("search cu '%s' for percpu global variables.\n", cu->name ? cu->name : "");
}

uint32_t btf_trace__var(struct btf_trace *t, const struct cu *cu, const struct variable *v,
			uint64_t offset, uint32_t linkage)
{
	uint32_t id = t->next++, i;

	printf("Variable '%s' from CU '%s' at address 0x%" PRIx64 " encoded\n", v->name,
	       cu->name ? cu->name : "", offset);
	type_line(id, BTF_KIND_VAR, v->name);
	printf(" type=%u linkage=%u\n", t->ids[v->type], linkage);
	for (i = 0; t->opts.decl_tags && i < v->nr_annots; i++)
		btf_trace__decl_tag(t, v->annots[i].value, id, v->annots[i].component_idx);
	return id;
}

uint32_t btf_trace__func(struct btf_trace *t, const char *name, uint32_t vret, uint32_t nr_params,
			 const char *const *names, const uint32_t *vtypes)
{
	uint32_t proto = t->next++, i;

	proto_start(proto, vret, nr_params);
	for (i = 0; i < nr_params; i++)
		param(names[i], vtypes[i], i + 1 == nr_params);
	type_line(t->next, BTF_KIND_FUNC, name);
	printf(" type_id=%u\n", proto);
	return t->next++;
}

void btf_trace__decl_tag(struct btf_trace *t, const char *value, uint32_t vtarget,
			 int component_idx)
{
	type_line(t->next++, BTF_KIND_DECL_TAG, value);
	printf(" type_id=%u component_idx=%d\n", vtarget, component_idx);
}

uint32_t btf_trace__unlogged(struct btf_trace *t, uint32_t n)
{
	t->next += n;
	return t->next - 1;
}

void btf_trace__datasec(struct btf_trace *t, const char *name, uint32_t size, uint32_t vlen)
{
	type_line(t->next++, BTF_KIND_DATASEC, name);
	printf(" size=%u vlen=%u\n", size, vlen);
}

void btf_trace__datasec_var(const struct btf_trace *t, uint32_t vtype, uint32_t offset,
			    uint32_t size)
{
	printf("\ttype=%u offset=%u size=%u\n", vtype, offset, size);
}
