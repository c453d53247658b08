// SPDX-License-Identifier: GPL-2.0-only
/*
 * BTF to the model. libbpf parses and checks the container (header,
 * section bounds, type record sizes); this file checks what the printer
 * relies on (type ids in range, names present, no cycle that does not go
 * through a pointer) and converts each type, keeping BTF ids as core ids.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dwarf.h>
#include <gelf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "btf_check.h"
#include "btf_loader.h"
#include "elf_symtab.h"
#include "dwarves_layout.h"
#include "log.h"

struct btf_conv {
	const char	*path;
	const struct btf *btf;
	struct cu	*cu;
	uint32_t	nr_types;	/* including void */
};

static int invalid(const struct btf_conv *c, uint32_t id, const char *what)
{
	pr_err("%s: invalid BTF: type [%u] %s", c->path, id, what);
	return -EINVAL;
}

/* A copy of the name at @off in the CU's arena; NULL for the empty name. */
static int copy_name(struct btf_conv *c, uint32_t id, uint32_t off, const char **ret)
{
	const char *s = btf__name_by_offset(c->btf, off);
	size_t len;
	char *copy;

	if (!s)
		return invalid(c, id, "has a name offset past the string section");
	if (!*s) {
		*ret = NULL;
		return 0;
	}
	len = strlen(s) + 1;
	copy = arena__alloc(&c->cu->arena, len);
	if (!copy)
		return -ENOMEM;
	memcpy(copy, s, len);
	*ret = copy;
	return 0;
}

static int check_ref(const struct btf_conv *c, uint32_t id, uint32_t ref)
{
	if (ref >= c->nr_types)
		return invalid(c, id, "refers to a type id past the last type");
	return 0;
}

static int conv_int(struct btf_conv *c, const struct btf_type *bt, struct type *t)
{
	uint8_t enc = btf_int_encoding(bt);

	t->kind = TK_BASE;
	t->byte_size = bt->size;
	t->encoding = enc & BTF_INT_BOOL ? BE_BOOL : enc & BTF_INT_SIGNED ? BE_SIGNED :
		      BE_UNSIGNED;
	return 0;
}

static int conv_array(struct btf_conv *c, uint32_t id, const struct btf_type *bt,
		      struct type *t)
{
	const struct btf_array *a = btf_array(bt);

	t->kind = TK_ARRAY;
	t->type = a->type;
	t->nr_elems = a->nelems;
	t->dims = arena__alloc(&c->cu->arena, sizeof(*t->dims));
	if (!t->dims)
		return -ENOMEM;
	t->dims[0] = a->nelems;
	t->nr_dims = 1;
	return check_ref(c, id, a->type);
}

static int conv_members(struct btf_conv *c, uint32_t id, const struct btf_type *bt,
			struct type *t)
{
	const struct btf_member *m = btf_members(bt);
	uint16_t i, n = btf_vlen(bt);
	int err;

	t->kind = btf_is_union(bt) ? TK_UNION : TK_STRUCT;
	t->byte_size = bt->size;
	t->nr_entries = n;
	t->members = arena__alloc(&c->cu->arena, (size_t)n * sizeof(*t->members) + 1);
	if (!t->members)
		return -ENOMEM;
	for (i = 0; i < n; i++, m++) {
		struct member *dst = &t->members[i];

		err = copy_name(c, id, m->name_off, &dst->name) ?: check_ref(c, id, m->type);
		if (err)
			return err;
		dst->type = m->type;
		dst->bit_offset = btf_member_bit_offset(bt, i);
		dst->bitfield_size = btf_member_bitfield_size(bt, i);
	}
	return 0;
}

static int conv_enum(struct btf_conv *c, uint32_t id, const struct btf_type *bt,
		     struct type *t)
{
	uint16_t i, n = btf_vlen(bt);
	bool is64 = btf_is_enum64(bt);
	int err;

	t->kind = TK_ENUM;
	t->byte_size = bt->size;
	t->is_signed_enum = btf_kflag(bt);
	t->nr_entries = n;
	t->enumerators = arena__alloc(&c->cu->arena, (size_t)n * sizeof(*t->enumerators) + 1);
	if (!t->enumerators)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		struct enumerator *e = &t->enumerators[i];
		uint32_t name_off;

		if (is64) {
			const struct btf_enum64 *v = &btf_enum64(bt)[i];

			name_off = v->name_off;
			e->value = btf_enum64_value(v);
		} else {
			const struct btf_enum *v = &btf_enum(bt)[i];

			name_off = v->name_off;
			e->value = t->is_signed_enum ? (uint64_t)(int64_t)v->val :
						       (uint64_t)(uint32_t)v->val;
		}
		err = copy_name(c, id, name_off, &e->name);
		if (err)
			return err;
	}
	return 0;
}

static int conv_proto(struct btf_conv *c, uint32_t id, const struct btf_type *bt,
		      struct type *t)
{
	const struct btf_param *p = btf_params(bt);
	uint16_t i, n = btf_vlen(bt);
	int err;

	t->kind = TK_FUNC_PROTO;
	t->type = bt->type;
	/* A last parameter of type void without a name stands for "...". */
	if (n && !p[n - 1].type && !p[n - 1].name_off) {
		t->has_varargs = true;
		n--;
	}
	t->nr_entries = n;
	t->params = arena__alloc(&c->cu->arena, (size_t)n * sizeof(*t->params) + 1);
	if (!t->params)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		err = copy_name(c, id, p[i].name_off, &t->params[i].name) ?:
		      check_ref(c, id, p[i].type);
		if (err)
			return err;
		t->params[i].type = p[i].type;
	}
	return check_ref(c, id, bt->type);
}

/*
 * Each FUNC as a function of the CU, in id order, its prototype's return
 * type and parameters (shared with the FUNC_PROTO type), for function
 * listers; the FUNC itself stays a placeholder type.
 */
static int add_functions(struct btf_conv *c)
{
	uint32_t id;
	int err;

	for (id = 1; id < c->nr_types; id++) {
		const struct btf_type *bt = btf__type_by_id(c->btf, id);
		const struct type *proto;
		struct function f = { 0 };

		if (!btf_is_func(bt) || bt->type >= c->cu->nr_types)
			continue;
		proto = cu__type(c->cu, bt->type);
		if (proto->kind != TK_FUNC_PROTO)
			continue;
		f.name = cu__type(c->cu, id)->name;
		f.src_off = id;
		f.ret_type = proto->type;
		f.nr_params = proto->nr_entries;
		f.params = proto->params;
		f.has_varargs = proto->has_varargs;
		f.is_external = btf_vlen(bt) != BTF_FUNC_STATIC;	/* the linkage */
		err = cu__add_function(c->cu, &f);
		if (err)
			return err;
	}
	return 0;
}

/*
 * Each VAR as a variable of the CU, in id order (external: allocated
 * global linkage), for pdwtags and pglobal; the VAR stays a placeholder type.
 */
static int add_variables(struct btf_conv *c)
{
	uint32_t id;
	int err;

	for (id = 1; id < c->nr_types; id++) {
		const struct btf_type *bt = btf__type_by_id(c->btf, id);
		struct variable v = { 0 };

		if (!btf_is_var(bt) || bt->type >= c->cu->nr_types)
			continue;
		v.name = cu__type(c->cu, id)->name;
		v.src_off = id;
		v.type = bt->type;
		v.is_external = btf_var(bt)->linkage == BTF_VAR_GLOBAL_ALLOCATED;
		err = cu__add_variable(c->cu, &v);
		if (err)
			return err;
	}
	return 0;
}

/* The function of FUNC @id (functions are added in id order), or NULL. */
static struct function *func_of(struct cu *cu, uint32_t id)
{
	uint32_t lo = 0, hi = cu->nr_functions;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (cu->functions[mid].src_off < id)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < cu->nr_functions && cu->functions[lo].src_off == id ? &cu->functions[lo] : NULL;
}

/* Calls @fn for each DECL_TAG on a FUNC (or one of its parameters), in id order. */
static int for_each_func_tag(struct btf_conv *c,
			     int (*fn)(struct btf_conv *c, const struct btf_type *bt,
				       struct function *f))
{
	uint32_t id;
	int err;

	for (id = 1; id < c->nr_types; id++) {
		const struct btf_type *bt = btf__type_by_id(c->btf, id);
		struct function *f;

		if (!btf_is_decl_tag(bt) || !(f = func_of(c->cu, bt->type)))
			continue;
		if (btf_decl_tag(bt)->component_idx >= (int32_t)f->nr_params)
			continue;
		err = fn(c, bt, f);
		if (err)
			return err;
	}
	return 0;
}

static int count_tag(struct btf_conv *c, const struct btf_type *bt, struct function *f)
{
	f->nr_annots++;
	return 0;
}

/* Appends the tag to @f's annotations, allocated by alloc_annots(). */
static int store_tag(struct btf_conv *c, const struct btf_type *bt, struct function *f)
{
	struct annotation *a = &f->annots[f->nr_annots++];
	const char *s = btf__name_by_offset(c->btf, bt->name_off);

	a->component_idx = btf_decl_tag(bt)->component_idx;
	a->value = arena__alloc(&c->cu->arena, strlen(s ? s : "") + 1);
	if (!a->value)
		return -ENOMEM;
	strcpy((char *)a->value, s ? s : "");
	return 0;
}

/* Room for the annotations count_tag() counted; the count starts again. */
static int alloc_annots(struct cu *cu)
{
	uint32_t i;

	for (i = 0; i < cu->nr_functions; i++) {
		struct function *f = &cu->functions[i];

		if (!f->nr_annots)
			continue;
		f->annots = arena__alloc(&cu->arena, f->nr_annots * sizeof(*f->annots));
		if (!f->annots)
			return -ENOMEM;
		f->nr_annots = 0;
	}
	return 0;
}

/*
 * The decl tags of each function and its parameters as its annotations, in
 * id order (the order pfunct prints them in).
 */
static int add_func_annots(struct btf_conv *c)
{
	return for_each_func_tag(c, count_tag) ?: alloc_annots(c->cu) ?:
	       for_each_func_tag(c, store_tag);
}

/* Kinds that are a type and a reference to another one. */
static int conv_ref(struct btf_conv *c, uint32_t id, const struct btf_type *bt,
		    struct type *t, enum type_kind kind)
{
	t->kind = kind;
	t->type = bt->type;
	return check_ref(c, id, bt->type);
}

/* One BTF type to @t; a flat switch over the BTF kinds. */
static int conv_type(struct btf_conv *c, uint32_t id, struct type *t)
{
	const struct btf_type *bt = btf__type_by_id(c->btf, id);
	int err;

	if (!bt)
		return invalid(c, id, "is missing");
	err = copy_name(c, id, bt->name_off, &t->name);
	if (err)
		return err;
	t->src_off = id;
	switch (btf_kind(bt)) {
	case BTF_KIND_INT:	return conv_int(c, bt, t);
	case BTF_KIND_FLOAT:
		t->kind = TK_BASE;
		t->encoding = BE_FLOAT;
		t->byte_size = bt->size;
		return 0;
	case BTF_KIND_PTR:	return conv_ref(c, id, bt, t, TK_POINTER);
	case BTF_KIND_CONST:	return conv_ref(c, id, bt, t, TK_CONST);
	case BTF_KIND_VOLATILE:	return conv_ref(c, id, bt, t, TK_VOLATILE);
	case BTF_KIND_RESTRICT:	return conv_ref(c, id, bt, t, TK_RESTRICT);
	case BTF_KIND_TYPEDEF:	return conv_ref(c, id, bt, t, TK_TYPEDEF);
	case BTF_KIND_TYPE_TAG:	return conv_ref(c, id, bt, t, TK_TYPE_TAG);
	case BTF_KIND_ARRAY:	return conv_array(c, id, bt, t);
	case BTF_KIND_STRUCT:
	case BTF_KIND_UNION:	return conv_members(c, id, bt, t);
	case BTF_KIND_ENUM:
	case BTF_KIND_ENUM64:	return conv_enum(c, id, bt, t);
	case BTF_KIND_FWD:
		t->kind = btf_kflag(bt) ? TK_UNION : TK_STRUCT;
		t->is_declaration = true;
		return 0;
	case BTF_KIND_FUNC_PROTO: return conv_proto(c, id, bt, t);
	case BTF_KIND_FUNC:
	case BTF_KIND_VAR:
	case BTF_KIND_DATASEC:
	case BTF_KIND_DECL_TAG:
		/* Not printed as layouts: kept as placeholders so that ids match. */
		t->kind = TK_UNSUPPORTED;
		t->unsupported_tag = btf_kind(bt);
		return 0;
	default:
		return invalid(c, id, "has an unknown kind");
	}
}

/* Edges a printer follows without going through a pointer. */
static uint32_t nr_value_refs(const struct type *t)
{
	switch (t->kind) {
	case TK_STRUCT:
	case TK_UNION:
		return t->nr_entries;
	case TK_CONST: case TK_VOLATILE: case TK_RESTRICT: case TK_ATOMIC:
	case TK_TYPEDEF: case TK_TYPE_TAG: case TK_ARRAY:
		return 1;
	default:
		return 0;
	}
}

static uint32_t value_ref(const struct type *t, uint32_t i)
{
	return t->kind == TK_STRUCT || t->kind == TK_UNION ? t->members[i].type : t->type;
}

struct dfs_frame {
	uint32_t	id;
	uint32_t	next;	/* next edge to follow */
};

/*
 * A type that contains itself by value (a struct member, array element,
 * typedef or qualifier chain leading back to it) would make every size and
 * every printout infinite: reject it. Iterative DFS, colors 0/1/2.
 */
static int check_cycles(const struct btf_conv *c)
{
	const struct cu *cu = c->cu;
	uint8_t *color = calloc(cu->nr_types, 1);
	struct dfs_frame *stack = malloc(cu->nr_types * sizeof(*stack));
	uint32_t root;
	int err = 0;

	if (!color || !stack) {
		err = -ENOMEM;
		goto out;
	}
	for (root = 1; root < cu->nr_types && !err; root++) {
		uint32_t sp = 0;

		if (color[root])
			continue;
		stack[sp++] = (struct dfs_frame){ root, 0 };
		color[root] = 1;
		while (sp && !err) {
			struct dfs_frame *f = &stack[sp - 1];
			const struct type *t = cu__type(cu, f->id);
			uint32_t to;

			if (f->next == nr_value_refs(t)) {
				color[f->id] = 2;
				sp--;
				continue;
			}
			to = value_ref(t, f->next++);
			if (!to || color[to] == 2)
				continue;
			if (color[to] == 1)
				err = invalid(c, f->id, "contains itself");
			color[to] = 1;
			stack[sp++] = (struct dfs_frame){ to, 0 };
		}
	}
out:
	free(color);
	free(stack);
	return err;
}

/*
 * BTF has no alignment: guess it from the gap before each member (and at
 * the end) as upstream pahole does, so that both print the same text.
 */
static uint32_t guess_alignment(uint64_t byte_offset, uint32_t natural, uint64_t smallest,
				uint32_t cacheline)
{
	uint64_t delta;
	uint32_t a = 0;

	if (byte_offset <= smallest)
		return 0;
	delta = byte_offset - smallest;
	if (byte_offset % 2 == 0 && delta < (1ULL << 31)) {
		a = 1;
		while (a <= delta)
			a <<= 1;
	}
	if (a <= natural || a == 1)
		return 0;
	if (a < cacheline && cacheline % a == 0 && byte_offset % cacheline == 0)
		return cacheline;
	return a;
}

static void guess_class_alignments(struct layout *l, struct type *t, uint32_t id,
				   uint32_t cacheline)
{
	const struct cu *cu = layout__cu(l);
	struct class_layout *cl = layout__class(l, id);
	uint64_t smallest = 0;
	uint32_t i;

	if (!cl)
		return;
	for (i = 0; i < t->nr_entries; i++) {
		const struct member_layout *ml = &cl->members[i];
		uint32_t mt = cu__strip_modifiers(cu, t->members[i].type);

		t->members[i].alignment = guess_alignment(ml->byte_offset,
							  layout__natural_alignment(l, mt),
							  smallest, cacheline);
		/*
		 * Zero sized members (flexible arrays) do not move the end; a
		 * bitfield ends at its last bit's byte, not its unit's end.
		 */
		if (ml->byte_size)
			smallest = ml->byte_offset +
				   (ml->bitfield_size ? (ml->bitfield_offset + ml->bitfield_size + 7) / 8 :
							ml->byte_size);
	}
	t->alignment = guess_alignment(t->byte_size, layout__natural_alignment(l, id),
				       smallest, cacheline);
}

static int guess_alignments(struct cu *cu, uint32_t cacheline)
{
	const struct layout_opts lo = { 0 };
	struct layout *l = layout__new(cu, &lo);
	uint32_t id;

	if (!l)
		return -ENOMEM;
	for (id = 1; id < cu->nr_types; id++) {
		struct type *t = cu__type(cu, id);

		if ((t->kind == TK_STRUCT || t->kind == TK_UNION) && !t->is_declaration)
			guess_class_alignments(l, t, id, cacheline);
	}
	layout__free(l);
	return 0;
}

static bool is_plain_array(const struct type *t)
{
	return t->kind == TK_ARRAY && !t->is_vector;
}

/*
 * BTF writes int a[2][3] as an array of 2 arrays of 3: each such chain
 * becomes one array of the dimensions in order, as DWARF has it, for the
 * printer. Runs after check_cycles(), so every chain ends.
 */
static int fold_arrays(struct cu *cu)
{
	uint32_t id, n, elem, i;

	for (id = 1; id < cu->nr_types; id++) {
		struct type *t = cu__type(cu, id);
		uint32_t *dims;

		if (!is_plain_array(t) || !is_plain_array(cu__type(cu, t->type)))
			continue;
		n = t->nr_dims;
		for (elem = t->type; is_plain_array(cu__type(cu, elem)); elem = cu__type(cu, elem)->type)
			n += cu__type(cu, elem)->nr_dims;
		dims = arena__alloc(&cu->arena, (size_t)n * sizeof(*dims));
		if (!dims)
			return -ENOMEM;
		n = 0;
		for (elem = id; is_plain_array(cu__type(cu, elem)); elem = cu__type(cu, elem)->type) {
			const struct type *a = cu__type(cu, elem);

			memcpy(&dims[n], a->dims, a->nr_dims * sizeof(*dims));
			n += a->nr_dims;
		}
		t->nr_elems = 1;
		for (i = 0; i < n; i++)
			t->nr_elems *= dims[i];
		t->dims = dims;
		t->nr_dims = n;
		t->type = elem;
	}
	return 0;
}

static int convert(struct btf_conv *c, const struct btf_loader_opts *opts)
{
	uint32_t id, got;
	int err;

	for (id = 1; id < c->nr_types; id++) {
		struct type t = { 0 };

		err = conv_type(c, id, &t) ?: cu__add_type(c->cu, &t, &got);
		if (err)
			return err;
	}
	return check_cycles(c) ?: fold_arrays(c->cu) ?:
	       guess_alignments(c->cu, opts->cacheline_size) ?: add_functions(c) ?:
	       add_variables(c) ?: add_func_annots(c);
}

/*
 * Why libbpf could not parse @path (its -errno @err): no BTF in it (-ENODATA,
 * said by the caller), or BTF that is damaged, in one line with libbpf's
 * reason (-EINVAL).
 */
static int parse_failed(const char *path, long err)
{
	const char *why = log__libbpf_last();
	size_t len;

	if (err == -ENOENT || err == -LIBBPF_ERRNO__FORMAT)
		return -ENODATA;
	if (err == -ENOMEM) {
		pr_err("%s: out of memory", path);
		return -ENOMEM;
	}
	if (!strncmp(why, "libbpf: ", 8))
		why += 8;
	len = strcspn(why, "\n");
	if (!len) {
		why = strerror((int)-err);
		len = strlen(why);
	}
	pr_err("%s: invalid BTF: %.*s", path, (int)len, why);
	return -EINVAL;
}

int btf_loader__probe(const char *path)
{
	struct log_buf libbpf_log = { 0 };
	struct btf *btf;
	long err;

	/* libbpf's own lines are dropped: its reason goes in ours. */
	log__libbpf_forget();
	log__capture(&libbpf_log);
	btf = btf__parse(path, NULL);
	log__capture(NULL);
	log_buf__release(&libbpf_log);
	err = libbpf_get_error(btf);
	if (err)
		return parse_failed(path, err);
	btf__free(btf);
	return 0;
}

int btf_loader__load(const char *path, const struct btf *base,
		     const struct btf_loader_opts *opts, struct cu **ret)
{
	struct btf_conv c = { .path = path };
	struct btf *btf;
	size_t psize;
	int err;

	log__libbpf_forget();
	btf = btf__parse_split(path, (struct btf *)base);
	err = libbpf_get_error(btf);
	if (err)
		return parse_failed(path, err);
	if (!btf_check__aligned(btf)) {
		pr_err("%s: invalid BTF: the type section is not 4-byte aligned", path);
		btf__free(btf);
		return -EINVAL;
	}
	c.btf = btf;
	c.nr_types = btf__type_cnt(btf);
	c.cu = cu__new(0);
	err = -ENOMEM;
	if (!c.cu)
		goto out;
	c.cu->name = path;
	c.cu->language = DW_LANG_C89;
	psize = btf__pointer_size(btf);
	c.cu->addr_size = psize ? psize : 8;
	c.cu->alignments_guessed = true;
	c.cu->from_btf = true;
	err = convert(&c, opts);
	if (err == -ENOMEM)
		pr_err("%s: out of memory", path);
out:
	btf__free(btf);
	if (err) {
		cu__free(c.cu);
		return err;
	}
	*ret = c.cu;
	return 0;
}

/*
 * libbpf explains a malformed BTF in its own messages, before it returns
 * EINVAL; the last one becomes the reason of our single error line.
 */
static const char *last_libbpf_reason(const struct log_buf *buf)
{
	static const char prefix[] = "pahole: libbpf: ";
	char *line, *end;

	if (!buf->len)
		return NULL;
	buf->text[buf->len - 1] = '\0';
	line = strrchr(buf->text, '\n');
	line = line ? line + 1 : buf->text;
	if (!strncmp(line, prefix, sizeof(prefix) - 1))
		line += sizeof(prefix) - 1;
	if (!strncmp(line, "libbpf: ", 8))
		line += 8;
	end = line + strlen(line);
	while (end > line && (end[-1] == '\n' || end[-1] == ' '))
		*--end = '\0';
	return *line ? line : NULL;
}

/*
 * The base from an ELF file's .BTF, read through a mapping of the file
 * rather than copied out of it first, as btf__parse() does: libbpf then
 * makes the one copy it keeps. NULL when the file is no such ELF file, or
 * libbpf refuses the section (compressed, say): btf__parse() then says why.
 */
static struct btf *open_elf_base(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct btf *btf = NULL;
	Elf_Data *data;
	Elf *elf;

	if (fd < 0)
		return NULL;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	data = elf ? elf_section_data(elf, ".BTF") : NULL;
	if (data && data->d_buf && data->d_size && data->d_size <= UINT32_MAX) {
		btf = btf__new(data->d_buf, (uint32_t)data->d_size);
		if (btf)
			btf__set_pointer_size(btf, gelf_getclass(elf) == ELFCLASS32 ? 4 : 8);
	}
	elf_end(elf);
	close(fd);
	return btf;
}

int btf_loader__open_base(const char *path, struct btf **ret)
{
	struct log_buf libbpf_log = { 0 };
	const char *reason;
	char why[128];
	struct btf *base;
	int err;

	*ret = NULL;
	if (!path)
		return 0;
	log__capture(&libbpf_log);
	base = open_elf_base(path) ?: btf__parse(path, NULL);
	err = base ? 0 : -errno;
	log__capture(NULL);
	if (!base) {
		reason = last_libbpf_reason(&libbpf_log);
		pr_err("%s: cannot parse base BTF: %s", path, reason ? reason : strerror(-err));
		log_buf__release(&libbpf_log);
		return err;
	}
	log_buf__flush(&libbpf_log);
	err = btf_check__refs(base, why, sizeof(why));
	if (err) {
		pr_err("%s: corrupt base BTF: %s", path, why);
		btf__free(base);
		return err;
	}
	*ret = base;
	return 0;
}
