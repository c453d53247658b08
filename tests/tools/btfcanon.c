// SPDX-License-Identifier: GPL-2.0-only
/*
 * btfcanon: print a canonical, type-id independent text of a BTF blob.
 *
 * Two encoders may emit the same types in a different order, so their
 * outputs cannot be compared byte for byte.  Every named type (and every
 * anonymous type nothing refers to) becomes one line in which references
 * are spelled by kind and name, or inlined when the target has no name.
 * Sorting those lines gives a text that `diff` can compare directly.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

/* Nesting limit for inline renders, so a reference cycle cannot recurse forever. */
#define CANON_MAX_DEPTH	64
/* Height reported by a render that hit the depth limit; never cached. */
#define CANON_TRUNCATED	(1 << 20)

/*
 * Inline renders of one id are cached with their nesting height, so the
 * text is reused only where a fresh render would not have been cut short.
 */
struct canon_cache {
	char *text;
	int height;
};

struct canon {
	const char *path;
	struct btf *btf;
	__u32 start;		/* first id that is printed */
	__u32 cnt;		/* btf__type_cnt() of the whole BTF */
	unsigned char *referenced;
	bool types_only;	/* -t: leave out functions, variables and decl tags */
	struct canon_cache *cache;
	char **lines;
	size_t nr_lines;
	size_t cap_lines;
	char *buf;		/* scratch text of the line being rendered */
	size_t len;
	size_t cap;
};

static const char *const canon_kind_names[] = {
	[BTF_KIND_UNKN]		= "UNKNOWN",
	[BTF_KIND_INT]		= "INT",
	[BTF_KIND_PTR]		= "PTR",
	[BTF_KIND_ARRAY]	= "ARRAY",
	[BTF_KIND_STRUCT]	= "STRUCT",
	[BTF_KIND_UNION]	= "UNION",
	[BTF_KIND_ENUM]		= "ENUM",
	[BTF_KIND_FWD]		= "FWD",
	[BTF_KIND_TYPEDEF]	= "TYPEDEF",
	[BTF_KIND_VOLATILE]	= "VOLATILE",
	[BTF_KIND_CONST]	= "CONST",
	[BTF_KIND_RESTRICT]	= "RESTRICT",
	[BTF_KIND_FUNC]		= "FUNC",
	[BTF_KIND_FUNC_PROTO]	= "FUNC_PROTO",
	[BTF_KIND_VAR]		= "VAR",
	[BTF_KIND_DATASEC]	= "DATASEC",
	[BTF_KIND_FLOAT]	= "FLOAT",
	[BTF_KIND_DECL_TAG]	= "DECL_TAG",
	[BTF_KIND_TYPE_TAG]	= "TYPE_TAG",
	[BTF_KIND_ENUM64]	= "ENUM64",
};

static void canon_die(const char *path, const char *reason)
{
	fprintf(stderr, "btfcanon: %s: %s\n", path, reason);
	exit(1);
}

static void canon_oom(const struct canon *c)
{
	canon_die(c->path, "out of memory");
}

static void canon_reserve(struct canon *c, size_t extra)
{
	size_t need = c->len + extra + 1;

	if (need <= c->cap)
		return;
	c->cap = c->cap ? c->cap : 256;
	while (c->cap < need)
		c->cap *= 2;
	c->buf = realloc(c->buf, c->cap);
	if (!c->buf)
		canon_oom(c);
}

__attribute__((format(printf, 2, 3)))
static void canon_printf(struct canon *c, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	if (n < 0)
		canon_oom(c);
	canon_reserve(c, n);
	va_start(ap, fmt);
	vsnprintf(c->buf + c->len, c->cap - c->len, fmt, ap);
	va_end(ap);
	c->len += n;
}

static void canon_puts(struct canon *c, const char *s)
{
	size_t n = strlen(s);

	canon_reserve(c, n);
	memcpy(c->buf + c->len, s, n + 1);
	c->len += n;
}

static void canon_putc(struct canon *c, char ch)
{
	canon_reserve(c, 1);
	c->buf[c->len++] = ch;
	c->buf[c->len] = '\0';
}

static const char *canon_kind(const struct btf_type *t)
{
	__u16 kind = btf_kind(t);

	if (kind < sizeof(canon_kind_names) / sizeof(canon_kind_names[0]) &&
	    canon_kind_names[kind])
		return canon_kind_names[kind];
	return "UNKNOWN";
}

static const char *canon_name(const struct canon *c, __u32 name_off)
{
	const char *name = btf__name_by_offset(c->btf, name_off);

	return name ? name : "";
}

/* Named types of these kinds are identified by kind and name alone. */
static int canon_by_name(const struct canon *c, const struct btf_type *t)
{
	if (!*canon_name(c, t->name_off))
		return 0;
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
	case BTF_KIND_FLOAT:
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:
	case BTF_KIND_FWD:
	case BTF_KIND_TYPEDEF:
		return 1;
	default:
		return 0;
	}
}

static int canon_max(int a, int b)
{
	return a > b ? a : b;
}

static int canon_line(struct canon *c, __u32 id, int depth);

static int canon_inline(struct canon *c, __u32 id, int depth)
{
	struct canon_cache *e = &c->cache[id];
	size_t start = c->len;
	int h;

	if (e->text && depth + 1 + e->height <= CANON_MAX_DEPTH) {
		canon_printf(c, "(%s)", e->text);
		return 1 + e->height;
	}
	canon_putc(c, '(');
	h = canon_line(c, id, depth + 1);
	canon_putc(c, ')');
	if (h >= CANON_TRUNCATED)
		return CANON_TRUNCATED;
	if (!e->text) {
		/* The text between the parentheses just appended. */
		e->text = strndup(c->buf + start + 1, c->len - start - 2);
		if (!e->text)
			canon_oom(c);
		e->height = h;
	}
	return 1 + h;
}

/* Render a reference; returns the nesting height of what was printed. */
static int canon_ref(struct canon *c, __u32 id, int depth)
{
	const struct btf_type *t;

	if (!id) {
		canon_puts(c, "void");
		return 0;
	}
	t = btf__type_by_id(c->btf, id);
	if (!t) {
		canon_puts(c, "invalid");
		return 0;
	}
	if (canon_by_name(c, t)) {
		canon_printf(c, "%s:'%s'", canon_kind(t), canon_name(c, t->name_off));
		return 0;
	}
	if (depth >= CANON_MAX_DEPTH) {
		canon_puts(c, "...");
		return CANON_TRUNCATED;
	}
	return canon_inline(c, id, depth);
}

static void canon_int(struct canon *c, const struct btf_type *t)
{
	__u8 enc = btf_int_encoding(t);
	const char *sep = "";

	canon_printf(c, "size=%u bits=%u off=%u enc=", t->size, btf_int_bits(t),
		btf_int_offset(t));
	if (!enc)
		canon_puts(c, "none");
	if (enc & BTF_INT_SIGNED) {
		canon_puts(c, "SIGNED");
		sep = "|";
	}
	if (enc & BTF_INT_CHAR) {
		canon_printf(c, "%sCHAR", sep);
		sep = "|";
	}
	if (enc & BTF_INT_BOOL) {
		canon_printf(c, "%sBOOL", sep);
		sep = "|";
	}
	enc &= ~(BTF_INT_SIGNED | BTF_INT_CHAR | BTF_INT_BOOL);
	/* Bits the format does not define are kept visible rather than lost. */
	if (enc)
		canon_printf(c, "%s0x%x", sep, enc);
}

static int canon_composite(struct canon *c, const struct btf_type *t, int depth)
{
	const struct btf_member *m = btf_members(t);
	__u16 i, vlen = btf_vlen(t);
	int h = 0;

	canon_printf(c, "size=%u kflag=%d members={", t->size, btf_kflag(t));
	for (i = 0; i < vlen; i++, m++) {
		canon_printf(c, " '%s' off=%u bf=%u type=", canon_name(c, m->name_off),
			btf_member_bit_offset(t, i),
			btf_member_bitfield_size(t, i));
		h = canon_max(h, canon_ref(c, m->type, depth));
		canon_putc(c, ';');
	}
	canon_puts(c, " }");
	return h;
}

static void canon_enum(struct canon *c, const struct btf_type *t)
{
	const struct btf_enum *e = btf_enum(t);
	__u16 i, vlen = btf_vlen(t);

	canon_printf(c, "size=%u kflag=%d vals={", t->size, btf_kflag(t));
	for (i = 0; i < vlen; i++, e++) {
		canon_printf(c, " '%s'=", canon_name(c, e->name_off));
		if (btf_kflag(t))
			canon_printf(c, "%d;", e->val);
		else
			canon_printf(c, "%u;", (__u32)e->val);
	}
	canon_puts(c, " }");
}

static void canon_enum64(struct canon *c, const struct btf_type *t)
{
	const struct btf_enum64 *e = btf_enum64(t);
	__u16 i, vlen = btf_vlen(t);
	__u64 val;

	canon_printf(c, "size=%u kflag=%d vals={", t->size, btf_kflag(t));
	for (i = 0; i < vlen; i++, e++) {
		val = btf_enum64_value(e);
		canon_printf(c, " '%s'=", canon_name(c, e->name_off));
		if (btf_kflag(t))
			canon_printf(c, "%lld;", (long long)val);
		else
			canon_printf(c, "%llu;", (unsigned long long)val);
	}
	canon_puts(c, " }");
}

static int canon_array(struct canon *c, const struct btf_type *t, int depth)
{
	const struct btf_array *a = btf_array(t);
	int h;

	canon_printf(c, "nelems=%u elem=", a->nelems);
	h = canon_ref(c, a->type, depth);
	canon_puts(c, " index=");
	return canon_max(h, canon_ref(c, a->index_type, depth));
}

static int canon_proto(struct canon *c, const struct btf_type *t, int depth)
{
	const struct btf_param *p = btf_params(t);
	__u16 i, vlen = btf_vlen(t);
	int h;

	canon_puts(c, "ret=");
	h = canon_ref(c, t->type, depth);
	canon_puts(c, " params=(");
	for (i = 0; i < vlen; i++, p++) {
		canon_printf(c, "%s '%s' ", i ? "," : "", canon_name(c, p->name_off));
		h = canon_max(h, canon_ref(c, p->type, depth));
	}
	canon_puts(c, " )");
	return h;
}

static int canon_datasec(struct canon *c, const struct btf_type *t, int depth)
{
	const struct btf_var_secinfo *v = btf_var_secinfos(t);
	__u16 i, vlen = btf_vlen(t);
	int h = 0;

	canon_printf(c, "size=%u vars={", t->size);
	for (i = 0; i < vlen; i++, v++) {
		canon_putc(c, ' ');
		h = canon_max(h, canon_ref(c, v->type, depth));
		canon_printf(c, " off=%u size=%u;", v->offset, v->size);
	}
	canon_puts(c, " }");
	return h;
}

/* Kinds whose body is a few scalars followed by one reference. */
static int canon_single(struct canon *c, const struct btf_type *t, int depth)
{
	switch (btf_kind(t)) {
	case BTF_KIND_TYPE_TAG:
		canon_printf(c, "kflag=%d type=", btf_kflag(t));
		break;
	case BTF_KIND_FUNC:
		canon_printf(c, "linkage=%u type=", btf_vlen(t));
		break;
	case BTF_KIND_VAR:
		canon_printf(c, "linkage=%u type=", btf_var(t)->linkage);
		break;
	case BTF_KIND_DECL_TAG:
		canon_printf(c, "comp=%d target=", btf_decl_tag(t)->component_idx);
		break;
	default:
		canon_puts(c, "type=");
		break;
	}
	return canon_ref(c, t->type, depth);
}

static int canon_body(struct canon *c, const struct btf_type *t, int depth)
{
	switch (btf_kind(t)) {
	case BTF_KIND_INT:
		canon_int(c, t);
		return 0;
	case BTF_KIND_FLOAT:
		canon_printf(c, "size=%u", t->size);
		return 0;
	case BTF_KIND_FWD:
		canon_printf(c, "kflag=%d", btf_kflag(t));
		return 0;
	case BTF_KIND_ENUM:
		canon_enum(c, t);
		return 0;
	case BTF_KIND_ENUM64:
		canon_enum64(c, t);
		return 0;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
		return canon_composite(c, t, depth);
	case BTF_KIND_ARRAY:
		return canon_array(c, t, depth);
	case BTF_KIND_FUNC_PROTO:
		return canon_proto(c, t, depth);
	case BTF_KIND_DATASEC:
		return canon_datasec(c, t, depth);
	default:
		return canon_single(c, t, depth);
	}
}

/* "KIND 'name' BODY"; returns the nesting height of the inline parts. */
static int canon_line(struct canon *c, __u32 id, int depth)
{
	const struct btf_type *t = btf__type_by_id(c->btf, id);

	canon_printf(c, "%s '%s' ", canon_kind(t), canon_name(c, t->name_off));
	return canon_body(c, t, depth);
}

static void canon_mark(struct canon *c, __u32 from, __u32 to)
{
	if (to && to != from && to < c->cnt)
		c->referenced[to] = 1;
}

static void canon_mark_list(struct canon *c, __u32 id, const struct btf_type *t)
{
	__u16 i, vlen = btf_vlen(t);

	for (i = 0; i < vlen; i++) {
		if (btf_is_composite(t))
			canon_mark(c, id, btf_members(t)[i].type);
		else if (btf_is_func_proto(t))
			canon_mark(c, id, btf_params(t)[i].type);
		else if (btf_is_datasec(t))
			canon_mark(c, id, btf_var_secinfos(t)[i].type);
	}
}

/* Record every type id that `id` refers to. */
static void canon_mark_type(struct canon *c, __u32 id)
{
	const struct btf_type *t = btf__type_by_id(c->btf, id);

	switch (btf_kind(t)) {
	case BTF_KIND_PTR:
	case BTF_KIND_TYPEDEF:
	case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST:
	case BTF_KIND_RESTRICT:
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DECL_TAG:
	case BTF_KIND_TYPE_TAG:
		canon_mark(c, id, t->type);
		break;
	case BTF_KIND_ARRAY:
		canon_mark(c, id, btf_array(t)->type);
		canon_mark(c, id, btf_array(t)->index_type);
		break;
	case BTF_KIND_FUNC_PROTO:
		canon_mark(c, id, t->type);
		canon_mark_list(c, id, t);
		break;
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:
	case BTF_KIND_DATASEC:
		canon_mark_list(c, id, t);
		break;
	default:
		break;
	}
}

static void canon_add_line(struct canon *c, __u32 id)
{
	char *text;

	if (c->nr_lines == c->cap_lines) {
		c->cap_lines = c->cap_lines ? 2 * c->cap_lines : 1024;
		c->lines = realloc(c->lines, c->cap_lines * sizeof(*c->lines));
		if (!c->lines)
			canon_oom(c);
	}
	c->len = 0;
	canon_line(c, id, 0);
	text = strndup(c->buf, c->len);
	if (!text)
		canon_oom(c);
	c->lines[c->nr_lines++] = text;
}

static int canon_cmp(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * With -t, FUNC, VAR, DATASEC and DECL_TAG get no line and do not count as
 * referrers, and neither does a FUNC_PROTO that only FUNCs use: a type used
 * only by a variable or a function signature is then a root either way,
 * whether or not the encoder emitted the function or variable.
 */
static bool canon_is_ignored(const struct canon *c, __u32 id, const struct btf_type *t)
{
	if (!c->types_only)
		return false;
	if (btf_is_func_proto(t))
		return !c->referenced[id];
	return btf_is_func(t) || btf_is_var(t) || btf_is_datasec(t) || btf_is_decl_tag(t);
}

static void canon_mark_all(struct canon *c)
{
	const struct btf_type *t;
	__u32 id;

	/* No FUNC_PROTO refers to another directly, so two passes suffice. */
	for (id = 1; id < c->cnt; id++) {
		t = btf__type_by_id(c->btf, id);
		if (!(c->types_only && btf_is_func_proto(t)) && !canon_is_ignored(c, id, t))
			canon_mark_type(c, id);
	}
	for (id = 1; id < c->cnt; id++) {
		t = btf__type_by_id(c->btf, id);
		if (c->types_only && btf_is_func_proto(t) && !canon_is_ignored(c, id, t))
			canon_mark_type(c, id);
	}
}

static void canon_collect(struct canon *c)
{
	const struct btf_type *t;
	__u32 id;

	canon_mark_all(c);
	for (id = c->start; id < c->cnt; id++) {
		t = btf__type_by_id(c->btf, id);
		if (canon_is_ignored(c, id, t))
			continue;
		if (*canon_name(c, t->name_off) || !c->referenced[id])
			canon_add_line(c, id);
	}
	qsort(c->lines, c->nr_lines, sizeof(*c->lines), canon_cmp);
}

static struct btf *canon_parse(const char *path, struct btf *base)
{
	char reason[256];
	struct btf *btf;

	/* libbpf 1.x reports failure as NULL with the cause in errno. */
	errno = 0;
	btf = base ? btf__parse_split(path, base) : btf__parse(path, NULL);
	if (!btf) {
		/* libbpf says ENOENT also for an ELF file without a .BTF section. */
		if (errno == ENOENT && !access(path, F_OK))
			canon_die(path, "no .BTF section");
		libbpf_strerror(errno ? errno : EINVAL, reason, sizeof(reason));
		canon_die(path, reason);
	}
	return btf;
}

static void canon_print(struct canon *c)
{
	size_t i;

	for (i = 0; i < c->nr_lines; i++) {
		fputs(c->lines[i], stdout);
		fputc('\n', stdout);
	}
	if (fflush(stdout) || ferror(stdout))
		canon_die("<stdout>", strerror(errno));
}

static void canon_free(struct canon *c)
{
	size_t i;

	for (i = 0; i < c->nr_lines; i++)
		free(c->lines[i]);
	for (i = 0; i < c->cnt; i++)
		free(c->cache[i].text);
	free(c->lines);
	free(c->cache);
	free(c->buf);
	free(c->referenced);
}

static int canon_usage(void)
{
	fputs("usage: btfcanon [-t] [-B BASE] FILE\n", stderr);
	return 1;
}

int main(int argc, char **argv)
{
	struct canon c = { 0 };
	struct btf *base = NULL;
	const char *base_path = NULL;
	int opt;

	opterr = 0;
	while ((opt = getopt(argc, argv, "tB:")) != -1) {
		if (opt == 't')
			c.types_only = true;
		else if (opt == 'B')
			base_path = optarg;
		else
			return canon_usage();
	}
	if (optind != argc - 1)
		return canon_usage();
	c.path = argv[optind];
	/* Errors are reported as exactly one line; libbpf's own chatter would add more. */
	libbpf_set_print(NULL);
	if (base_path)
		base = canon_parse(base_path, NULL);
	c.btf = canon_parse(c.path, base);
	c.start = base ? btf__type_cnt(base) : 1;
	c.cnt = btf__type_cnt(c.btf);
	c.referenced = calloc(c.cnt, 1);
	c.cache = calloc(c.cnt, sizeof(*c.cache));
	if (!c.referenced || !c.cache)
		canon_oom(&c);
	canon_collect(&c);
	canon_print(&c);
	canon_free(&c);
	btf__free(c.btf);
	btf__free(base);
	return 0;
}
