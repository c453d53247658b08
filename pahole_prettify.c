// SPDX-License-Identifier: GPL-2.0-only
/*
 * --prettify: raw records printed as C initializers, as upstream pahole
 * does. The -C entries ("prototypes") are looked up CU by CU, in CU
 * order; the CUs holding what was found are kept. Once every prototype,
 * the --header_type and each type_enum= are known, the records are read
 * and printed, and loading stops.
 *
 * Values are printed as upstream prints them, quirks included: integers
 * of 1, 2, 4 and 8 bytes read as signed, other sizes as 0, bitfields
 * unsigned, char arrays as strings, other arrays of base types as
 * "{ a, b }", nested structs and unions as nested initializers, and
 * everything else (enums, pointers, typedefs of structs, multi-dimensional
 * arrays) as a hex dump of its bytes.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "dwarves.h"
#include "dwarves_layout.h"
#include "log.h"
#include "num_parse.h"
#include "pahole_prettify.h"

/* Records bigger than this are refused rather than allocated. */
enum { MAX_RECORD_SIZE = 1 << 28, MAX_DEPTH = CU_MAX_TYPE_NESTING };

/* A CU kept because something found in it is used. */
struct pp_cu {
	struct cu	*cu;		/* owned */
	struct layout	*layout;	/* owned; made when first needed */
	uint32_t	refs;		/* prototypes, enums and the header in it */
};

/* One enum of a type_enum= list, and its enumerators' common prefix. */
struct pp_enum {
	struct pp_cu	*pc;		/* borrowed from the job */
	uint32_t	id;
	size_t		prefix_len;
};

/* One -C entry: a type name and its arguments, split in @text. */
struct prototype {
	char		*text;		/* owned: the entry, cut into the strings below */
	const char	*name;
	const char	*size, *type, *type_enum, *filter, *range;	/* NULL: not given */
	unsigned int	nr_args;
	struct pp_cu	*pc;		/* borrowed (the job's): where the type is; NULL: not yet */
	uint32_t	id;
	int32_t		size_member, type_member, filter_member;	/* -1: none */
	uint64_t	filter_value;
	struct pp_enum	*enums;		/* owned */
	uint32_t	nr_enums;
	bool		enums_resolved;
	/* The record types of enumerators seen: looking one up scans the CU. */
	struct {
		const char	*name;	/* the enumerator's; NULL: empty slot */
		uint32_t	id;
	} real_cache[64];
};

/* The job; everything borrowed comes from prettify__run()'s caller. */
struct prettify {
	const struct prettify_opts	*opts;		/* borrowed */
	const struct print_job_opts	*print;		/* borrowed */
	const char			*header_type;	/* borrowed; NULL: none */
	uint32_t			count;
	FILE				*in;		/* owned unless stdin */
	const char			*in_name;	/* borrowed: for messages */
	uint64_t			pos;		/* bytes of the input read so far */
	struct prototype		*protos;
	uint32_t			nr_protos, protos_cap;
	struct pp_cu			**cus;		/* kept CUs, owned */
	uint32_t			nr_cus, cus_cap;
	struct pp_cu			*header_pc;	/* borrowed (of cus): the header's CU */
	uint32_t			header_id;
	uint8_t				*header;	/* owned: the header's bytes, once read */
	uint64_t			header_size;
	bool				done;		/* printed (or failed): stop loading */
	bool				header_alone;	/* --header without -C */
	uint32_t			nr_printed;	/* records */
	int				err;
};

/* A record's bytes: whatever lies past @len reads as zeros. */
struct bytes {
	const uint8_t	*data;
	uint64_t	len;
};

/* ---- reading values ------------------------------------------------------------------ */

static void bytes_load(const struct bytes *b, uint64_t off, void *dst, size_t n)
{
	size_t have = off < b->len ? (size_t)(b->len - off < n ? b->len - off : n) : 0;

	memset(dst, 0, n);
	if (have)
		memcpy(dst, b->data + off, have);
}

/* Upstream's integer read: sizes of int, long, char and short, signed; others are 0. */
static int64_t bytes_signed(const struct bytes *b, uint64_t off, uint64_t size)
{
	int8_t i8;
	int16_t i16;
	int32_t i32;
	int64_t i64;

	switch (size) {
	case 1: bytes_load(b, off, &i8, 1); return i8;
	case 2: bytes_load(b, off, &i16, 2); return i16;
	case 4: bytes_load(b, off, &i32, 4); return i32;
	case 8: bytes_load(b, off, &i64, 8); return i64;
	}
	return 0;
}

static uint64_t bytes_unsigned(const struct bytes *b, uint64_t off, uint64_t size)
{
	uint64_t mask = size >= 8 ? UINT64_MAX : (UINT64_C(1) << (size * 8)) - 1;

	return (uint64_t)bytes_signed(b, off, size) & mask;
}

/* ---- types ------------------------------------------------------------------------------ */

static bool is_named_kind(uint8_t kind)
{
	return kind == TK_STRUCT || kind == TK_UNION || kind == TK_ENUM || kind == TK_TYPEDEF;
}

/* The first struct, union, enum or typedef named @name (no declarations), or 0. */
static uint32_t find_named(const struct cu *cu, const char *name)
{
	uint32_t id;

	for (id = 1; id < cu->nr_types; id++) {
		const struct type *t = cu__type(cu, id);

		if (is_named_kind(t->kind) && t->name && !t->is_declaration &&
		    !strcmp(t->name, name))
			return id;
	}
	return 0;
}

static uint32_t find_enum(const struct cu *cu, const char *name, size_t len)
{
	uint32_t id;

	for (id = 1; id < cu->nr_types; id++) {
		const struct type *t = cu__type(cu, id);

		if (t->kind == TK_ENUM && t->name && !t->is_declaration &&
		    strlen(t->name) == len && !strncmp(t->name, name, len))
			return id;
	}
	return 0;
}

/* Follows typedefs only (not qualifiers), as upstream's base type and array tests do. */
static uint32_t skip_typedefs(const struct cu *cu, uint32_t id)
{
	unsigned int depth = 0;

	while (id < cu->nr_types && cu__type(cu, id)->kind == TK_TYPEDEF &&
	       depth++ < CU_MAX_TYPE_NESTING)
		id = cu__type(cu, id)->type;
	return id < cu->nr_types ? id : 0;
}

static bool is_kind(const struct cu *cu, uint32_t id, uint8_t kind)
{
	return cu__type(cu, skip_typedefs(cu, id))->kind == kind;
}

/* Upstream's name test for strings: an array's name is its element's. */
static bool is_char(const struct cu *cu, uint32_t id)
{
	unsigned int depth = 0;
	const struct type *t;

	while (id < cu->nr_types && cu__type(cu, id)->kind == TK_ARRAY &&
	       depth++ < CU_MAX_TYPE_NESTING)
		id = cu__type(cu, id)->type;
	if (id >= cu->nr_types)
		return false;
	t = cu__type(cu, id);
	return t->kind == TK_BASE && t->name && !strcmp(t->name, "char");
}

static int32_t member_index(const struct type *t, const char *name)
{
	uint32_t i;

	if (t->kind != TK_STRUCT && t->kind != TK_UNION)
		return -1;
	for (i = 0; i < t->nr_entries; i++)
		if (t->members[i].name && !strcmp(t->members[i].name, name))
			return i;
	return -1;
}

static struct layout *pp_cu_layout(struct pp_cu *pc)
{
	if (!pc->layout) {
		static const struct layout_opts lo;

		pc->layout = layout__new(pc->cu, &lo);
	}
	return pc->layout;
}

/* Where member @i of struct or union @id is, or NULL (out of memory). */
static const struct member_layout *member_at(struct pp_cu *pc, uint32_t id, uint32_t i)
{
	struct layout *l = pp_cu_layout(pc);
	struct class_layout *cl = l ? layout__class(l, id) : NULL;

	return cl ? &cl->members[i] : NULL;
}

/* ---- printing values ------------------------------------------------------------------ */

/* What printing one record needs. */
struct pp_out {
	const struct prettify	*pp;
	struct pp_cu		*pc;
	const struct bytes	*rec;
	FILE			*fp;
	unsigned int		depth;		/* structs being printed, a guard on cycles */
};

/* At most the bytes from @off to the record's end: hostile sizes print no further. */
static uint64_t clamp_size(const struct pp_out *o, uint64_t off, uint64_t size)
{
	uint64_t left = off < o->rec->len ? o->rec->len - off : 0;

	return size < left ? size : left;
}

static void print_number(const struct pp_out *o, int64_t v)
{
	if (o->pp->print->fprintf.hex)
		fprintf(o->fp, "%#" PRIx64, (uint64_t)v);
	else
		fprintf(o->fp, "%" PRIi64, v);
}

static void print_hexdump(const struct pp_out *o, uint64_t off, uint64_t size)
{
	uint64_t i;

	size = clamp_size(o, off, size);
	for (i = 0; i < size; i++) {
		uint8_t c;

		bytes_load(o->rec, off + i, &c, 1);
		fprintf(o->fp, i ? " 0x%02x" : "0x%02x", c);
	}
}

/* Up to @size bytes, stopping at a NUL, in quotes, unescaped. */
static void print_string(const struct pp_out *o, uint64_t off, uint64_t size)
{
	uint64_t i;

	size = clamp_size(o, off, size);
	fputc('"', o->fp);
	for (i = 0; i < size; i++) {
		uint8_t c;

		bytes_load(o->rec, off + i, &c, 1);
		if (!c)
			break;
		fputc(c, o->fp);
	}
	fputc('"', o->fp);
}

static const char *enums_name(const struct prototype *p, uint64_t value)
{
	uint32_t i, k;

	for (i = 0; i < p->nr_enums; i++) {
		const struct type *t = cu__type(p->enums[i].pc->cu, p->enums[i].id);

		for (k = 0; k < t->nr_entries; k++)
			if (t->enumerators[k].value == value)
				return t->enumerators[k].name;
	}
	return NULL;
}

/* An array member: a string, "{ a, b }" of a one-dimensional base type, or bytes. */
static void print_array(const struct pp_out *o, uint32_t id, uint64_t off, uint64_t size)
{
	const struct cu *cu = o->pc->cu;
	const struct type *t = cu__type(cu, id);
	uint32_t elem = t->type < cu->nr_types ? t->type : 0;
	uint64_t elem_size, n, i;

	if (is_char(cu, elem)) {
		print_string(o, off, size);
		return;
	}
	elem_size = cu__type_byte_size(cu, skip_typedefs(cu, elem));
	if (!is_kind(cu, elem, TK_BASE) || t->kind != TK_ARRAY || t->nr_dims != 1 || !elem_size) {
		print_hexdump(o, off, size);
		return;
	}
	n = t->dims[0] ? t->dims[0] : size / elem_size;
	if (n > clamp_size(o, off, UINT64_MAX) / elem_size)
		n = clamp_size(o, off, UINT64_MAX) / elem_size;
	fputs("{ ", o->fp);
	for (i = 0; i < n; i++) {
		if (i)
			fputs(", ", o->fp);
		print_number(o, bytes_signed(o->rec, off + i * elem_size, elem_size));
	}
	fputs(" }", o->fp);
}

/* The prototype whose type= member and enums decode struct @id of this CU, or NULL. */
static const struct prototype *typed_by(const struct pp_out *o, uint32_t id)
{
	uint32_t i;

	for (i = 0; i < o->pp->nr_protos; i++) {
		const struct prototype *p = &o->pp->protos[i];

		if (p->pc == o->pc && p->id == id && p->type_member >= 0 && p->nr_enums)
			return p;
	}
	return NULL;
}

static void print_enum_member(const struct pp_out *o, const struct prototype *p,
			      uint64_t off, uint64_t size)
{
	int64_t v = bytes_signed(o->rec, off, size);
	const char *name = enums_name(p, v);

	if (name)
		fputs(name, o->fp);
	else
		print_number(o, v);
}

static uint64_t bitfield_value(const struct pp_out *o, uint64_t off, const struct member_layout *ml)
{
	uint64_t v = bytes_signed(o->rec, off, ml->byte_size);
	uint64_t mask = ml->bitfield_size >= 64 ? UINT64_MAX :
			(UINT64_C(1) << ml->bitfield_size) - 1;

	return ml->bitfield_offset >= 64 ? 0 : (v >> ml->bitfield_offset) & mask;
}

static void print_struct(struct pp_out *o, uint32_t id, uint64_t off, uint64_t size,
			 int indent, bool brackets);

/* One member's value; false when nothing follows it (an unnamed union). */
static bool print_member(struct pp_out *o, uint32_t sid, uint32_t i, uint64_t off,
			 uint64_t size, int indent)
{
	const struct cu *cu = o->pc->cu;
	const struct type *st = cu__type(cu, sid);
	const struct member *m = &st->members[i];
	const struct member_layout *ml = member_at(o->pc, sid, i);
	const struct prototype *p = typed_by(o, sid);
	uint32_t mt = m->type < cu->nr_types ? m->type : 0;
	uint64_t moff, msize;

	if (!ml)
		return false;
	moff = off + ml->byte_offset;
	msize = ml->byte_size;
	if (p && (int32_t)i == p->type_member) {
		print_enum_member(o, p, moff, msize);
	} else if (ml->bitfield_size) {
		print_number(o, bitfield_value(o, moff, ml));
	} else if (is_kind(cu, mt, TK_BASE)) {
		print_number(o, bytes_signed(o->rec, moff, msize));
	} else if (is_kind(cu, mt, TK_ARRAY)) {
		/* A flexible array at the end takes the rest of the record. */
		if (!msize && i + 1 == st->nr_entries)
			msize = size > ml->byte_offset ? size - ml->byte_offset : 0;
		print_array(o, mt, moff, msize);
	} else if (cu__type(cu, mt)->kind == TK_STRUCT) {
		print_struct(o, mt, moff, msize, indent + 1, true);
	} else if (cu__type(cu, mt)->kind == TK_UNION) {
		print_struct(o, mt, moff, msize, indent + (m->name ? 1 : 0), m->name != NULL);
		return m->name != NULL;
	} else {
		print_hexdump(o, moff, msize);
	}
	return true;
}

static void print_tabs(FILE *fp, int n)
{
	while (n-- > 0)
		fputc('\t', fp);
}

static void print_struct(struct pp_out *o, uint32_t id, uint64_t off, uint64_t size,
			 int indent, bool brackets)
{
	const struct type *t = cu__type(o->pc->cu, id);
	uint32_t i;

	if (o->depth >= MAX_DEPTH) {
		print_hexdump(o, off, size);
		return;
	}
	o->depth++;
	if (brackets)
		fputc('{', o->fp);
	for (i = 0; i < t->nr_entries; i++) {
		if (t->members[i].name) {
			fputc('\n', o->fp);
			print_tabs(o->fp, indent + 1);
			fprintf(o->fp, ".%s = ", t->members[i].name);
		}
		if (print_member(o, id, i, off, size, indent))
			fputc(',', o->fp);
	}
	if (brackets) {
		fputc('\n', o->fp);
		print_tabs(o->fp, indent);
		fputc('}', o->fp);
	}
	o->depth--;
}

/* A record as its type: a struct as an initializer, anything else as bytes. */
static void print_value(struct pp_out *o, uint32_t id, uint64_t size)
{
	if (cu__type(o->pc->cu, id)->kind == TK_STRUCT)
		print_struct(o, id, 0, size, 0, true);
	else
		print_hexdump(o, 0, size);
}

/* ---- -C entries ---------------------------------------------------------------------- */

static bool verbose(const struct prettify *pp)
{
	return pp->print->verbose > 0;
}

/* One "key=value" (or "sizeof", "type", "a==b") argument of @p. */
static int prototype_arg(const struct prettify *pp, struct prototype *p, char *arg,
			 const char *close, const char *entry)
{
	char *assign = strchr(arg, '='), *value;
	const char **slot, *what;

	if (!assign) {
		/* "sizeof" and "type" name the members "size" and "type" */
		if (!strcmp(arg, "sizeof")) {
			value = "size";
			slot = &p->size, what = "sizeof_operator";
			goto out;
		}
		if (!strcmp(arg, "type")) {
			value = "type";
			slot = &p->type, what = "type member";
			goto out;
		}
		pr_err("invalid, missing '=' in '%s'", arg);
		return -EINVAL;
	}
	if (assign[1] == '=') {
		/* "a==b" is short for "filter=a==b" */
		value = arg;
		slot = &p->filter, what = "filter";
		goto out;
	}
	*assign = '\0';
	value = assign + 1;
	while (isspace((unsigned char)*value))
		value++;
	if (value == close) {
		pr_err("invalid, missing value in '%s'", entry);
		return -EINVAL;
	}
	if (!strcmp(arg, "sizeof"))
		slot = &p->size, what = "sizeof_operator";
	else if (!strcmp(arg, "type"))
		slot = &p->type, what = "type member";
	else if (!strcmp(arg, "type_enum"))
		slot = &p->type_enum, what = "type enum";
	else if (!strcmp(arg, "filter"))
		slot = &p->filter, what = "filter";
	else if (!strcmp(arg, "range"))
		slot = &p->range, what = "range";
	else {
		pr_err("invalid arg '%s' in '%s' (known args: sizeof=member, type=member, type_enum=enum)",
		       arg, entry);
		return -EINVAL;
	}
out:
	if (verbose(pp))
		printf("pahole: %s for '%s' is '%s'\n", what, p->name, value);
	*slot = value;
	return 0;
}

/* Splits "name(arg,arg=value,...)" in p->text. */
static int prototype_parse(const struct prettify *pp, struct prototype *p, const char *entry)
{
	char *open = strchr(p->text, '('), *close, *args, *comma;
	int err;

	p->name = p->text;
	if (!open)
		return 0;
	close = strchr(open, ')');
	if (!close) {
		pr_err("invalid, no closing parens in '%s'", entry);
		return -EINVAL;
	}
	*open = *close = '\0';
	for (args = open + 1; isspace((unsigned char)*args); args++)
		;
	if (args == close)
		return 0;
	for (;;) {
		comma = strchr(args, ',');
		if (comma)
			*comma = '\0';
		err = prototype_arg(pp, p, args, close, entry);
		if (err)
			return err;
		p->nr_args++;
		if (!comma)
			return 0;
		args = comma + 1;
	}
}

static int prototype_add(struct prettify *pp, const char *entry, size_t len)
{
	int err = dw_ensure_cap(&pp->protos, &pp->protos_cap, sizeof(*pp->protos),
				pp->nr_protos + 1);
	struct prototype *p;
	char *whole;

	if (err)
		return err;
	p = &pp->protos[pp->nr_protos];
	*p = (struct prototype){ .size_member = -1, .type_member = -1, .filter_member = -1 };
	p->text = strndup(entry, len);
	whole = strndup(entry, len);
	if (!p->text || !whole) {
		free(p->text);
		free(whole);
		return -ENOMEM;
	}
	pp->nr_protos++;
	err = prototype_parse(pp, p, whole);
	free(whole);
	return err;
}

/* file://PATH: one entry a line, its last character dropped, as upstream. */
static int prototypes_load(struct prettify *pp, const char *path)
{
	char line[1024];
	FILE *fp = fopen(path, "r");
	int err = 0;

	if (!fp) {
		err = -errno;
		pr_err("%s: %s", path, strerror(errno));
		return err;
	}
	while (!err && fgets(line, sizeof(line), fp)) {
		size_t len = strlen(line);

		if (len)
			err = prototype_add(pp, line, len - 1);
	}
	fclose(fp);
	return err;
}

static int entry_add(struct prettify *pp, const char *entry, size_t len)
{
	char *path;
	int err;

	if (len < 7 || strncmp(entry, "file://", 7))
		return prototype_add(pp, entry, len);
	path = strndup(entry + 7, len - 7);
	if (!path)
		return -ENOMEM;
	err = prototypes_load(pp, path);
	free(path);
	return err;
}

/* The -C list: split on commas, but not on those inside an entry's parentheses. */
static int prototypes_parse(struct prettify *pp, const char *list)
{
	const char *s = list;
	int err;

	for (;;) {
		const char *comma = strchr(s, ','), *paren = strchr(s, '(');

		if (!comma)
			return entry_add(pp, s, strlen(s));
		if (paren && paren < comma) {
			const char *close = strchr(paren, ')');

			if (!close) {
				pr_err("Unterminated '(' in '%s'", list);
				return -EINVAL;
			}
			if (close > comma)
				comma = close + 1;
		}
		err = entry_add(pp, s, comma - s);
		if (err || !*comma)
			return err;
		s = comma + 1;
	}
}

/* ---- finding the types, CU by CU -------------------------------------------------------- */

/* The enumerators' shortest common prefix between neighbours, as upstream's. */
static size_t enum_prefix_len(const struct type *t)
{
	size_t common = SIZE_MAX;
	uint32_t i;

	for (i = 1; i < t->nr_entries; i++) {
		const char *a = t->enumerators[i - 1].name ?: "", *b = t->enumerators[i].name ?: "";
		size_t n = 0;

		while (a[n] && a[n] == b[n])
			n++;
		if (n < common)
			common = n;
	}
	return common == SIZE_MAX ? 0 : common;
}

/* type_enum=a+b+...: every enum named must be in this CU. */
static int enums_resolve(struct prototype *p, struct pp_cu *pc)
{
	const char *s = p->type_enum;
	uint32_t n = 0, ids[64];

	for (;;) {
		size_t len = strcspn(s, "+");
		uint32_t id = find_enum(pc->cu, s, len);

		if (!id || n == 64)
			return 0;
		ids[n++] = id;
		if (!s[len])
			break;
		s += len + 1;
	}
	p->enums = calloc(n, sizeof(*p->enums));
	if (!p->enums)
		return -ENOMEM;
	for (p->nr_enums = 0; p->nr_enums < n; p->nr_enums++) {
		p->enums[p->nr_enums] = (struct pp_enum){ pc, ids[p->nr_enums],
			enum_prefix_len(cu__type(pc->cu, ids[p->nr_enums])) };
		pc->refs++;
	}
	p->enums_resolved = true;
	return 0;
}

/* An enumerator's value by name, with or without its enum's common prefix. */
static bool enums_value(const struct prototype *p, const char *name, int64_t *ret)
{
	uint32_t i, k;

	for (i = 0; i < p->nr_enums; i++) {
		const struct type *t = cu__type(p->enums[i].pc->cu, p->enums[i].id);
		size_t plen = p->enums[i].prefix_len;

		for (k = 0; k < t->nr_entries; k++) {
			const char *e = t->enumerators[k].name;

			if (e && (!strcmp(e, name) || (plen && !strcmp(e + plen, name)))) {
				*ret = (int64_t)t->enumerators[k].value;
				return true;
			}
		}
	}
	return false;
}

/*
 * A signed number at @s, as strtoll(@s, &end, 0) reads it: a sign, then
 * digits (C's prefixes), the value held at INT64_MIN and INT64_MAX.
 * Returns the byte after the digits, @s when there are none.
 */
static const char *parse_signed(const char *s, int64_t *ret)
{
	bool neg = *s == '-';
	const char *digits = s + (*s == '-' || *s == '+'), *end;
	uint64_t u;

	end = num_parse(digits, SIZE_MAX, 0, &u);
	if (end == digits)
		return s;
	if (neg)
		*ret = u >= (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)u;
	else
		*ret = u > INT64_MAX ? INT64_MAX : (int64_t)u;
	return end;
}

/*
 * filter=MEMBER==VALUE: a number, or an enumerator of type_enum= when
 * MEMBER is the type= member. Details (-V) on why it does not parse.
 */
static bool filter_parse(struct prototype *p, const struct type *t)
{
	const char *f = p->filter, *sep = strstr(f, "=="), *value, *end;
	char member[256];
	size_t len;
	const char *num_end;
	int64_t v;

	if (!sep) {
		pr_info("No supported operator ('==' so far) found in filter '%s'", f);
		return false;
	}
	for (end = sep; end > f && isspace((unsigned char)end[-1]); end--)
		;
	len = end - f;
	if (!len || len >= sizeof(member)) {
		pr_info("No left operand (struct field) found in filter '%s'", f);
		return false;
	}
	memcpy(member, f, len);
	member[len] = '\0';
	p->filter_member = member_index(t, member);
	if (p->filter_member < 0) {
		pr_info("The '%s' member wasn't found in '%s'", member, p->name);
		return false;
	}
	for (value = sep + 2; isspace((unsigned char)*value); value++)
		;
	if (!*value) {
		pr_info("The '%s' member was asked without a value to filter '%s'", member, p->name);
		return false;
	}
	num_end = parse_signed(value, &v);
	if (num_end > value && (!*num_end || isspace((unsigned char)*num_end))) {
		p->filter_value = v;
		return true;
	}
	if (!p->nr_enums || p->type_member != p->filter_member) {
		pr_info("Symbolic right operand in '%s' but no way to resolve it to a number (type= + type_enum= so far)",
			f);
		return false;
	}
	if (!enums_value(p, value, &v) || v < 0) {
		pr_info("Couldn't resolve right operand ('%s') in '%s' with the specified 'type=%s' and type_enum'",
			value, f, p->type);
		return false;
	}
	p->filter_value = v;
	return true;
}

/* The arguments of @p, now found as type @id of @pc. */
static int prototype_bind(struct prototype *p, struct pp_cu *pc, uint32_t id)
{
	const struct type *t = cu__type(pc->cu, id);
	int err;

	if (p->nr_args && t->kind != TK_STRUCT) {
		pr_err("attributes are only supported with 'class' and 'struct' types");
		return -EINVAL;
	}
	if (p->size && (p->size_member = member_index(t, p->size)) < 0) {
		pr_err("the sizeof member '%s' wasn't found in the '%s' type", p->size, p->name);
		return -EINVAL;
	}
	if (p->type && (p->type_member = member_index(t, p->type)) < 0) {
		pr_err("the type member '%s' wasn't found in the '%s' type", p->type, p->name);
		return -EINVAL;
	}
	if (p->type_enum && (err = enums_resolve(p, pc)))
		return err;
	if (p->filter && !filter_parse(p, t)) {
		pr_err("invalid filter '%s' for '%s'", p->filter, p->name);
		return -EINVAL;
	}
	p->pc = pc;
	p->id = id;
	pc->refs++;
	return 0;
}

/*
 * Looks for what is still missing in @pc. As upstream, a prototype not in
 * the CU leaves the ones after it for the next CU (unless --skip_missing).
 * Returns 1 when everything is known, 0 when more CUs are needed, or -errno.
 */
static int prettify_resolve(struct prettify *pp, struct pp_cu *pc)
{
	uint32_t i, id;
	int err;

	if (pp->header_type && !pp->header_pc && (id = find_named(pc->cu, pp->header_type))) {
		pp->header_pc = pc;
		pp->header_id = id;
		pc->refs++;
	}
	for (i = 0; i < pp->nr_protos; i++) {
		struct prototype *p = &pp->protos[i];

		if (p->pc) {
			if (p->type_enum && !p->enums_resolved && (err = enums_resolve(p, pc)))
				return err;
			continue;
		}
		id = find_named(pc->cu, p->name);
		if (!id) {
			if (pp->print->skip_missing)
				continue;
			return 0;
		}
		err = prototype_bind(p, pc, id);
		if (err)
			return err;
	}
	if (pp->header_type && !pp->header_pc)
		return 0;
	for (i = 0; i < pp->nr_protos; i++)
		if (!pp->protos[i].pc || (pp->protos[i].type_enum && !pp->protos[i].enums_resolved))
			return 0;
	return 1;
}

/* ---- the input ------------------------------------------------------------------------ */

/* Exactly @n bytes, or false: the input ended (a read error is reported once). */
static bool input_read(struct prettify *pp, void *buf, size_t n)
{
	size_t got = fread(buf, 1, n, pp->in);

	pp->pos += got;
	if (got < n && ferror(pp->in) && !pp->err) {
		pr_err("%s: %s", pp->in_name, strerror(errno));
		pp->err = -EIO;
	}
	return got == n;
}

/* Reads past @n bytes: the input may be a pipe. */
static bool input_skip(struct prettify *pp, uint64_t n)
{
	uint8_t chunk[4096];

	while (n) {
		size_t len = n < sizeof(chunk) ? n : sizeof(chunk);

		if (!input_read(pp, chunk, len))
			return false;
		n -= len;
	}
	return true;
}

/* Reads the --header_type record, once, from where the input is. */
static int header_read(struct prettify *pp)
{
	const struct cu *cu;

	if (!pp->header_pc || pp->header)
		return 0;
	cu = pp->header_pc->cu;
	pp->header_size = cu__type_byte_size(cu, pp->header_id);
	if (pp->header_size > MAX_RECORD_SIZE)
		pp->header_size = 0;
	pp->header = calloc(1, pp->header_size ?: 1);
	if (!pp->header)
		return -ENOMEM;
	if (!pp->header_size || !input_read(pp, pp->header, pp->header_size)) {
		pr_err("%s: --header (%s) type couldn't be read", pp->in_name, pp->header_type);
		return -EINVAL;
	}
	return 0;
}

/*
 * "a.b.c" of the header: a member, or a member of members, of a base type.
 * Negative values do not count, as upstream. 0 and the value, or -ENOENT.
 */
static int header_value(struct prettify *pp, const char *path, int64_t *ret)
{
	const struct cu *cu = pp->header_pc->cu;
	const struct bytes hb = { pp->header, pp->header_size };
	uint32_t id = cu__strip_modifiers(cu, pp->header_id);
	const struct member_layout *ml = NULL;
	char name[256];
	uint64_t off = 0;
	int32_t i = member_index(cu__type(cu, id), path);
	const char *s = path;

	while (i < 0) {
		size_t len = strcspn(s, ".");

		if (len >= sizeof(name))
			return -ENOENT;
		memcpy(name, s, len);
		name[len] = '\0';
		i = member_index(cu__type(cu, id), name);
		if (i < 0 || !(ml = member_at(pp->header_pc, id, i)))
			return -ENOENT;
		if (!s[len])
			break;
		off += ml->byte_offset;
		id = cu__strip_modifiers(cu, cu__type(cu, id)->members[i].type);
		s += len + 1;
		i = -1;
	}
	ml = member_at(pp->header_pc, id, i);
	if (!ml || !is_kind(cu, cu__type(cu, id)->members[i].type, TK_BASE))
		return -ENOENT;
	*ret = bytes_signed(&hb, off + ml->byte_offset, ml->byte_size);
	return *ret < 0 ? -ENOENT : 0;
}

/* --seek_bytes/--size_bytes: 1 and a header member's value, 0 and a number, or -errno. */
static int offset_expr(struct prettify *pp, const char *opt, const char *expr, uint64_t *ret)
{
	int64_t v;

	if (strncmp(expr, "$header.", 8)) {
		num_parse(expr, SIZE_MAX, 0, ret);
		return 0;
	}
	if (!pp->header) {
		pr_err("%s (%s) makes reference to --header but it wasn't specified", opt, expr);
		return -EINVAL;
	}
	if (header_value(pp, expr + 8, &v)) {
		pr_err("couldn't read the '%s' member of '%s' for evaluating %s=%s", expr + 8,
		       pp->header_type, opt, expr);
		return -EINVAL;
	}
	*ret = v;
	return 1;
}

/* Goes to absolute offset @to (relative when there is no header: upstream's way). */
static int seek_to(struct prettify *pp, const char *what, uint64_t to)
{
	uint64_t n = to;

	if (pp->header) {
		if (to < pp->pos) {
			pr_err("%s: can't go back in input, already read %" PRIu64
			       " bytes, can't go to position %#" PRIx64, pp->in_name, pp->pos, to);
			return -EINVAL;
		}
		n = to - pp->pos;
	}
	if (!input_skip(pp, n)) {
		if (!pp->err)
			pr_err("%s: Couldn't %s (%" PRIu64 "): the input ends at %" PRIu64 " bytes",
			       pp->in_name, what, n, pp->pos);
		return -EINVAL;
	}
	return 0;
}

static int range_member(struct prettify *pp, const char *range, const char *field,
			uint64_t *ret)
{
	char name[300];
	int64_t v;

	snprintf(name, sizeof(name), "%s.%s", range, field);
	if (header_value(pp, name, &v)) {
		pr_err("couldn't read the '%s' member of '%s' for evaluating range=%s", name,
		       pp->header_type, range);
		return -EINVAL;
	}
	*ret = v;
	return 0;
}

/* range=MEMBER: the records are at MEMBER.offset, MEMBER.size bytes of them. */
static int seek_range(struct prettify *pp, const char *range, uint64_t *size_ret)
{
	char what[300];
	uint64_t offset;
	int err;

	if (!pp->header) {
		pr_err("range (%s) requires --header", range);
		return -EINVAL;
	}
	err = range_member(pp, range, "offset", &offset);
	if (err)
		return err;
	if (offset < pp->pos) {
		pr_err("%s: can't go back in input, already read %" PRIu64
		       " bytes, can't go to position %#" PRIx64, pp->in_name, pp->pos, offset);
		return -EINVAL;
	}
	if (verbose(pp))
		printf("pahole: range.seek_bytes evaluated from range=%s is %#" PRIx64 " \n", range,
		       offset);
	err = range_member(pp, range, "size", size_ret);
	if (err)
		return err;
	if (verbose(pp))
		printf("pahole: range.size_bytes evaluated from range=%s is %#" PRIx64 " \n", range,
		       *size_ret);
	snprintf(what, sizeof(what), "seek to range=%s", range);
	return seek_to(pp, what, offset);
}

/* --seek_bytes and --size_bytes, before the records of a prototype. */
static int seek_bytes(struct prettify *pp, uint64_t *size_ret)
{
	const struct prettify_opts *o = pp->opts;
	char what[300];
	uint64_t v;
	int ret;

	if (o->seek_bytes) {
		ret = offset_expr(pp, "--seek_bytes", o->seek_bytes, &v);
		if (ret < 0)
			return ret;
		if (ret && verbose(pp))
			printf("pahole: seek bytes evaluated from --seek_bytes=%s is %#" PRIx64 " \n",
			       o->seek_bytes, v);
		if (ret && v < pp->header_size) {
			pr_err("seek bytes evaluated from --seek_bytes=%s is less than the header type size",
			       o->seek_bytes);
			return -EINVAL;
		}
		snprintf(what, sizeof(what), "--seek_bytes %s", o->seek_bytes);
		ret = seek_to(pp, what, v);
		if (ret)
			return ret;
	}
	if (o->size_bytes) {
		ret = offset_expr(pp, "--size_bytes", o->size_bytes, size_ret);
		if (ret < 0)
			return ret;
		if (ret && verbose(pp))
			printf("pahole: size bytes evaluated from --size_bytes=%s is %#" PRIx64 " \n",
			       o->size_bytes, *size_ret);
	}
	return 0;
}

/* ---- the records ------------------------------------------------------------------------ */

/* What one prototype's records need while they are read. */
struct pp_records {
	struct prototype	*p;
	uint8_t			*buf;		/* owned */
	uint64_t		cap, base_size;
	uint64_t		size_limit;	/* --size_bytes or the range's size */
};

static int64_t member_value(struct pp_cu *pc, uint32_t id, int32_t i, const struct bytes *b,
			    bool is_signed)
{
	const struct member_layout *ml = member_at(pc, id, i);

	if (!ml)
		return 0;
	return is_signed ? bytes_signed(b, ml->byte_offset, ml->byte_size) :
			   (int64_t)bytes_unsigned(b, ml->byte_offset, ml->byte_size);
}

/*
 * With type= and type_enum=: the struct named as the record's enumerator in
 * lower case (PERF_RECORD_MMAP: struct perf_record_mmap), else the type itself.
 */
static uint32_t real_type(struct prototype *p, const struct bytes *rec)
{
	const struct cu *cu = p->pc->cu;
	const char *name;
	char lower[1024];
	uint32_t id;
	size_t i, slot;

	if (p->type_member < 0 || !p->nr_enums)
		return p->id;
	name = enums_name(p, member_value(p->pc, p->id, p->type_member, rec, true));
	if (!name)
		return p->id;
	slot = ((uintptr_t)name >> 3) % (sizeof(p->real_cache) / sizeof(p->real_cache[0]));
	if (p->real_cache[slot].name == name)
		return p->real_cache[slot].id;
	for (i = 0; name[i] && i + 1 < sizeof(lower); i++)
		lower[i] = tolower((unsigned char)name[i]);
	lower[i] = '\0';
	id = find_named(cu, lower);
	id = id && cu__type(cu, id)->kind == TK_STRUCT ? id : p->id;
	p->real_cache[slot].name = name;
	p->real_cache[slot].id = id;
	return id;
}

/* Makes room for @size bytes, the new room zeroed. */
static int records_grow(struct pp_records *r, uint64_t size)
{
	uint8_t *buf;

	if (size <= r->cap)
		return 0;
	buf = realloc(r->buf, size);
	if (!buf)
		return -ENOMEM;
	memset(buf + r->cap, 0, size - r->cap);
	r->buf = buf;
	r->cap = size;
	return 0;
}

/* Reads one record: 1, 0 at the end of the input, or -errno. Its size in *real_ret. */
static int record_read(struct prettify *pp, struct pp_records *r, uint64_t *real_ret)
{
	struct prototype *p = r->p;
	uint64_t real = r->base_size;

	memset(r->buf, 0, r->cap);
	if (!input_read(pp, r->buf, r->base_size))
		return pp->err ?: 0;
	if (p->size_member >= 0) {
		const struct bytes b = { r->buf, r->base_size };

		real = member_value(p->pc, p->id, p->size_member, &b, false);
	}
	if (real > MAX_RECORD_SIZE) {
		pr_err("%s: Couldn't allocate space for a record, too big: %" PRIu64 " bytes",
		       pp->in_name, real);
		return -E2BIG;
	}
	if (real > r->base_size) {
		if (records_grow(r, real))
			return -ENOMEM;
		if (!input_read(pp, r->buf + r->base_size, real - r->base_size)) {
			if (!pp->err)
				pr_err("%s: Couldn't read record: %" PRIu64 " bytes", pp->in_name, real);
			return -EINVAL;
		}
	}
	*real_ret = real;
	return 1;
}

static bool record_filtered_out(const struct prototype *p, const struct bytes *rec)
{
	if (p->filter_member < 0)
		return false;
	return (uint64_t)member_value(p->pc, p->id, p->filter_member, rec, true) != p->filter_value;
}

static int record_print(struct prettify *pp, struct pp_records *r, uint64_t offset,
			uint64_t real)
{
	struct prototype *p = r->p;
	struct bytes rec = { r->buf, real > r->base_size ? real : r->base_size };
	uint32_t id = real_type(p, &rec);
	uint64_t size = cu__type_byte_size(p->pc->cu, id);
	struct pp_out o = { .pp = pp, .pc = p->pc, .rec = &rec, .fp = stdout };

	/* A type bigger than the record reads zeros past it (upstream: the heap). */
	if (size > MAX_RECORD_SIZE)
		size = 0;
	if (records_grow(r, size))
		return -ENOMEM;
	/* The buffer is zeroed past what was read: all of it is the record's. */
	rec = (struct bytes){ r->buf, r->cap };
	if (verbose(pp)) {
		const char *name = cu__type(p->pc->cu, p->id)->name;

		printf("// type=%s, offset=%#" PRIx64 ", sizeof=%d", name ?: "(null)", offset,
		       (int)r->base_size);
		if (real != r->base_size)
			printf(", real_sizeof=%d\n", (int)real);
		else
			putchar('\n');
	}
	print_value(&o, id, real);
	fputs(",\n", stdout);
	pp->nr_printed++;
	return 0;
}

static int records_loop(struct prettify *pp, struct pp_records *r)
{
	uint64_t read_bytes = 0, offset, real = 0;
	uint32_t skip = pp->opts->skip, printed = 0;
	int ret;

	for (;;) {
		offset = pp->pos;
		ret = record_read(pp, r, &real);
		if (ret <= 0)
			return ret;
		read_bytes += real;
		if (!record_filtered_out(r->p, &(struct bytes){ r->buf, r->cap })) {
			if (skip) {
				skip--;
			} else {
				ret = record_print(pp, r, offset, real);
				if (ret)
					return ret;
				if (pp->count && ++printed == pp->count)
					return 0;
			}
		}
		if (read_bytes >= r->size_limit)
			return 0;
	}
}

/* The records of one prototype, from where the options say. */
static int prototype_print(struct prettify *pp, struct prototype *p)
{
	const char *range = pp->opts->range ?: p->range;
	struct pp_records r = { .p = p, .size_limit = UINT64_MAX };
	int err = header_read(pp);

	if (err)
		return err;
	err = range ? seek_range(pp, range, &r.size_limit) : seek_bytes(pp, &r.size_limit);
	if (err)
		return err;
	r.base_size = cu__type_byte_size(p->pc->cu, p->id);
	if (!r.base_size)
		return 0;
	if (r.base_size > MAX_RECORD_SIZE) {
		pr_err("%s: Couldn't allocate space for a record, too big: %" PRIu64 " bytes",
		       pp->in_name, r.base_size);
		return -E2BIG;
	}
	err = records_grow(&r, r.base_size) ?: records_loop(pp, &r);
	free(r.buf);
	return err;
}

static int prettify_print(struct prettify *pp)
{
	uint32_t i;
	int err = 0;

	for (i = 0; i < pp->nr_protos && !err; i++)
		err = prototype_print(pp, &pp->protos[i]);
	fflush(stdout);
	return err;
}

/* ---- the job ---------------------------------------------------------------------------- */

static void pp_cu_free(struct pp_cu *pc)
{
	if (!pc)
		return;
	layout__free(pc->layout);
	cu__free(pc->cu);
	free(pc);
}

/* The loader's consumer: finds what is missing in @cu, prints once all is known. */
static int prettify_cu(struct cu *cu, void *ctx)
{
	struct prettify *pp = ctx;
	struct pp_cu *pc = calloc(1, sizeof(*pc));
	int ret;

	if (!pc) {
		cu__free(cu);
		pp->err = -ENOMEM;
		return 1;
	}
	pc->cu = cu;
	ret = prettify_resolve(pp, pc);
	if (ret == 1)
		ret = prettify_print(pp) ?: 1;
	if (pc->refs &&
	    !dw_ensure_cap(&pp->cus, &pp->cus_cap, sizeof(*pp->cus), pp->nr_cus + 1))
		pp->cus[pp->nr_cus++] = pc;
	else if (pc->refs && ret >= 0)
		ret = -ENOMEM;
	else
		pp_cu_free(pc);
	if (ret < 0)
		pp->err = ret;
	pp->done = ret != 0;
	return pp->done;
}

/* Why nothing was printed, upstream's words where it has some. */
static void prettify_report_missing(const struct prettify *pp)
{
	uint32_t i;

	for (i = 0; i < pp->nr_protos; i++) {
		if (!pp->protos[i].pc) {
			pr_err("type '%s' not found%s", pp->protos[i].name,
			       pp->protos[i].nr_args ? " or arguments not validated" : "");
			return;
		}
	}
	if (pp->header_type && !pp->header_pc) {
		pr_err("--header_type=%s not found", pp->header_type);
		return;
	}
	for (i = 0; i < pp->nr_protos; i++) {
		if (pp->protos[i].type_enum && !pp->protos[i].enums_resolved) {
			pr_err("'type_enum=%s' couldn't be evaluated for '%s' type",
			       pp->protos[i].type_enum, pp->protos[i].name);
			return;
		}
	}
}

static void prettify_release(struct prettify *pp)
{
	uint32_t i;

	for (i = 0; i < pp->nr_protos; i++) {
		free(pp->protos[i].text);
		free(pp->protos[i].enums);
	}
	for (i = 0; i < pp->nr_cus; i++)
		pp_cu_free(pp->cus[i]);
	free(pp->protos);
	free(pp->cus);
	free(pp->header);
	if (pp->in && pp->in != stdin)
		fclose(pp->in);
}

static int prettify_open(struct prettify *pp, const char *path)
{
	if (!strcmp(path, "-")) {
		pp->in = stdin;
		pp->in_name = "stdin";
		return 0;
	}
	pp->in = fopen(path, "r");
	if (!pp->in) {
		pr_err("Failed to read input '%s': %s", path, strerror(errno));
		return -errno;
	}
	pp->in_name = path;
	return 0;
}

bool prettify__is_offset_expr(const char *s)
{
	const char *end;
	uint64_t v;

	if (!strncmp(s, "$header.", 8))
		return s[8] != '\0';
	if (!isdigit((unsigned char)*s))
		return false;
	errno = 0;
	end = num_parse(s, SIZE_MAX, 0, &v);
	return !errno && !*end;
}

int prettify__run(const struct prettify_opts *opts, const struct print_job_opts *print,
		  char **files, int nr_files)
{
	struct prettify pp = { .opts = opts, .print = print, .header_type = opts->header_type,
			       .count = opts->count };
	const char *classes = print->class_names;
	int status = 1;

	/* --header alone is short for -C TYPE --count 1 */
	if (pp.header_type && !classes) {
		classes = pp.header_type;
		pp.header_type = NULL;
		pp.count = 1;
		pp.header_alone = true;
	}
	if (!classes) {
		pr_err("--prettify needs a type: -C TYPE or --header_type TYPE");
		return 1;
	}
	if (prettify_open(&pp, opts->input) || prototypes_parse(&pp, classes))
		goto out;
	status = print_job__load(print, files, nr_files, prettify_cu, &pp);
	if (!status && !pp.done)
		prettify_report_missing(&pp);
	if (!status && pp.done && !pp.err && pp.header_alone && !pp.nr_printed) {
		pr_err("%s: --header (%s) type couldn't be read", pp.in_name, classes);
		pp.err = -EINVAL;
	}
	if (!status && (!pp.done || pp.err))
		status = 1;
out:
	fflush(stdout);
	prettify_release(&pp);
	return status;
}
