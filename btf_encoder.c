// SPDX-License-Identifier: GPL-2.0-only
/*
 * Encoding of the model into libbpf BTF. The pre-dedup sequence of types is
 * fixed by CU order and by the core ids inside each CU, so the output does
 * not depend on anything but the input.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "btf_encoder.h"
#include "log.h"

struct btf_encoder {
	struct btf_encoder_opts	opts;		/* copied; strings borrowed */
	struct btf		*btf;		/* owned */
	uint32_t		index_type;	/* BTF id of "int" for arrays, 0 until known */
	uint32_t		*ids;		/* per CU: core id -> BTF id */
	uint32_t		ids_cap;
	uint32_t		nr_types;	/* after finish */
	bool			cu_has_array;
};

/* Marks a core id that is not a BTF type of its own (an alias of another). */
static const uint32_t ALIAS = UINT32_MAX;

static const char *const kind_names[TK__MAX] = {
	[TK_VOID] = "void", [TK_BASE] = "base type", [TK_POINTER] = "pointer",
	[TK_CONST] = "const", [TK_VOLATILE] = "volatile", [TK_RESTRICT] = "restrict",
	[TK_ATOMIC] = "atomic", [TK_TYPEDEF] = "typedef", [TK_ARRAY] = "array",
	[TK_STRUCT] = "struct", [TK_UNION] = "union", [TK_ENUM] = "enum",
	[TK_FUNC_PROTO] = "function type", [TK_TYPE_TAG] = "type tag",
	[TK_UNSUPPORTED] = "unsupported type",
};

int btf_encoder__new(const struct btf_encoder_opts *opts, const struct btf *base,
		     struct btf_encoder **ret)
{
	struct btf_encoder *e = calloc(1, sizeof(*e));
	int err;

	if (!e)
		return -ENOMEM;
	e->opts = *opts;
	e->btf = base ? btf__new_empty_split((struct btf *)base) : btf__new_empty();
	if (!e->btf) {
		err = -errno;
		free(e);
		return err;
	}
	*ret = e;
	return 0;
}

void btf_encoder__free(struct btf_encoder *e)
{
	if (!e)
		return;
	btf__free(e->btf);
	free(e->ids);
	free(e);
}

unsigned int btf_encoder__nr_types(const struct btf_encoder *e)
{
	return e->nr_types;
}

static void encode_error(const struct btf_encoder *e, const struct cu *cu,
			 const struct type *t, const char *what, int err)
{
	pr_err("%s: %s: die 0x%llx: %s '%s': %s%s%s", e->opts.in_path,
	       cu->name ? cu->name : "?", (unsigned long long)t->src_off,
	       kind_names[t->kind], t->name ? t->name : "", what,
	       err ? ": " : "", err ? strerror(-err) : "");
}

/* BTF id of core id @id of the CU being encoded (0 stays void). */
static uint32_t btf_id(const struct btf_encoder *e, uint32_t id)
{
	return e->ids[id];
}

static bool is_pow2(uint64_t x)
{
	return x && !(x & (x - 1));
}

static int encode_int(struct btf_encoder *e, const struct type *t)
{
	int enc = t->encoding == BE_SIGNED ? BTF_INT_SIGNED :
		  t->encoding == BE_BOOL ? BTF_INT_BOOL : 0;

	/* Odd sizes (clang's _BitInt-like DW_ATE_unsigned_24, x87 long double) */
	if (!is_pow2(t->byte_size) || t->byte_size > 16)
		return btf__add_int(e->btf, "__SANITIZED_FAKE_INT__", 4, enc);
	return btf__add_int(e->btf, t->name, t->byte_size, enc);
}

static int encode_base(struct btf_encoder *e, const struct cu *cu, const struct type *t)
{
	if (!e->opts.gen_floats || (t->encoding != BE_FLOAT && t->encoding != BE_COMPLEX_FLOAT))
		return encode_int(e, t);
	if (t->encoding == BE_COMPLEX_FLOAT) {
		encode_error(e, cu, t, "complex, interval and imaginary float types are not supported", 0);
		return -EOPNOTSUPP;
	}
	switch (t->byte_size) {
	case 2: case 4: case 8: case 12: case 16:
		return btf__add_float(e->btf, t->name, t->byte_size);
	}
	encode_error(e, cu, t, "float size not supported by BTF", 0);
	return -EOPNOTSUPP;
}

static int encode_struct(struct btf_encoder *e, const struct type *t)
{
	bool is_union = t->kind == TK_UNION;
	uint32_t i;
	int id, err;

	if (t->is_declaration)
		return btf__add_fwd(e->btf, t->name, is_union ? BTF_FWD_UNION : BTF_FWD_STRUCT);
	id = is_union ? btf__add_union(e->btf, t->name, t->byte_size) :
			btf__add_struct(e->btf, t->name, t->byte_size);
	for (i = 0; id > 0 && i < t->nr_entries; i++) {
		const struct member *m = &t->members[i];

		if (m->bit_offset > UINT32_MAX)
			return -E2BIG;
		err = btf__add_field(e->btf, m->name, btf_id(e, m->type), m->bit_offset,
				     m->bitfield_size);
		if (err)
			return err;
	}
	return id;
}

/* True when an enum's underlying type is signed (decides ENUM64's kind_flag). */
static bool enum_is_signed(const struct cu *cu, const struct type *t)
{
	uint32_t under = cu__strip_typedefs(cu, t->type);

	return under && cu__type(cu, under)->kind == TK_BASE &&
	       cu__type(cu, under)->encoding == BE_SIGNED;
}

static int encode_enum64(struct btf_encoder *e, const struct cu *cu, const struct type *t)
{
	int id = btf__add_enum64(e->btf, t->name, t->byte_size, enum_is_signed(cu, t));
	uint32_t i;
	int err;

	for (i = 0; id > 0 && i < t->nr_entries; i++) {
		err = btf__add_enum64_value(e->btf, t->enumerators[i].name,
					    t->enumerators[i].value);
		if (err)
			return err;
	}
	return id;
}

/*
 * Values are added as read: a negative one sets kind_flag (libbpf). Without
 * ENUM64 every value is cut to 32 bits first, as older kernels expect.
 */
static int encode_enum(struct btf_encoder *e, const struct cu *cu, const struct type *t)
{
	uint32_t i;
	int id, err;

	if (t->byte_size > 4 && e->opts.enum64)
		return encode_enum64(e, cu, t);
	id = btf__add_enum(e->btf, t->name, t->byte_size);
	for (i = 0; id > 0 && i < t->nr_entries; i++) {
		uint64_t v = t->enumerators[i].value;
		int64_t value = e->opts.enum64 ? (int64_t)v : (int64_t)(uint32_t)v;

		err = btf__add_enum_value(e->btf, t->enumerators[i].name, value);
		if (err)
			return err;
	}
	return id;
}

static int encode_proto(struct btf_encoder *e, const struct type *t)
{
	int id = btf__add_func_proto(e->btf, btf_id(e, t->type));
	uint32_t i;
	int err;

	for (i = 0; id > 0 && i < t->nr_entries; i++) {
		err = btf__add_func_param(e->btf, t->params[i].name, btf_id(e, t->params[i].type));
		if (err)
			return err;
	}
	if (id > 0 && t->has_varargs) {
		err = btf__add_func_param(e->btf, NULL, 0);
		if (err)
			return err;
	}
	return id;
}

static int encode_array(struct btf_encoder *e, const struct type *t, uint32_t provisional)
{
	e->cu_has_array = true;
	return btf__add_array(e->btf, e->index_type ?: provisional, btf_id(e, t->type),
			      t->nr_elems);
}

/* One core type to one BTF type. Returns the new BTF id or -errno. */
static int encode_type(struct btf_encoder *e, const struct cu *cu, const struct type *t,
		       uint32_t provisional)
{
	uint32_t target = btf_id(e, t->type);

	switch (t->kind) {
	case TK_BASE:		return encode_base(e, cu, t);
	case TK_POINTER:	return btf__add_ptr(e->btf, target);
	case TK_CONST:		return btf__add_const(e->btf, target);
	case TK_VOLATILE:	return btf__add_volatile(e->btf, target);
	case TK_RESTRICT:	return btf__add_restrict(e->btf, target);
	case TK_TYPEDEF:	return btf__add_typedef(e->btf, t->name, target);
	case TK_TYPE_TAG:	return btf__add_type_tag(e->btf, t->name, target);
	case TK_ARRAY:		return encode_array(e, t, provisional);
	case TK_STRUCT:
	case TK_UNION:		return encode_struct(e, t);
	case TK_ENUM:		return encode_enum(e, cu, t);
	case TK_FUNC_PROTO:	return encode_proto(e, t);
	default:		return -EOPNOTSUPP;
	}
}

/*
 * An _Atomic T has no BTF kind: it stands for T. Follows chains of such
 * aliases; a cycle (only in corrupt input) ends at void.
 */
static uint32_t resolve_alias(const struct btf_encoder *e, const struct cu *cu, uint32_t id)
{
	uint32_t hops;

	for (hops = 0; hops < cu->nr_types && id && e->ids[id] == ALIAS; hops++)
		id = cu__type(cu, id)->type;
	return id && e->ids[id] != ALIAS ? e->ids[id] : 0;
}

/* Gives every core id its BTF id before any is encoded (forward references). */
static int assign_ids(struct btf_encoder *e, const struct cu *cu, uint32_t *next_ret)
{
	uint32_t next = btf__type_cnt(e->btf), i;
	int err = dw_ensure_cap(&e->ids, &e->ids_cap, sizeof(*e->ids), cu->nr_types);

	if (err)
		return err;
	e->ids[0] = 0;
	for (i = 1; i < cu->nr_types; i++) {
		const struct type *t = cu__type(cu, i);

		if (t->kind == TK_UNSUPPORTED) {
			pr_err("%s: %s: die 0x%llx: unsupported DWARF tag 0x%x", e->opts.in_path,
			       cu->name ? cu->name : "?", (unsigned long long)t->src_off,
			       t->unsupported_tag);
			return -EOPNOTSUPP;
		}
		e->ids[i] = t->kind == TK_ATOMIC ? ALIAS : next++;
	}
	for (i = 1; i < cu->nr_types; i++)
		if (cu__type(cu, i)->kind == TK_ATOMIC)
			e->ids[i] = resolve_alias(e, cu, i);
	*next_ret = next;
	return 0;
}

/* The first base type named exactly "int" serves as every array's index type. */
static void find_index_type(struct btf_encoder *e, const struct cu *cu)
{
	uint32_t i;

	for (i = 1; i < cu->nr_types && !e->index_type; i++) {
		const struct type *t = cu__type(cu, i);

		if (t->kind == TK_BASE && t->name && !strcmp(t->name, "int"))
			e->index_type = e->ids[i];
	}
}

/*
 * libbpf's dedup follows chains of reference types by recursion: a crafted
 * chain of 100,000 pointers overflows its stack. Real ones are a few deep.
 */
enum { MAX_REF_DEPTH = 1024 };

static int check_ref_depth(const struct btf_encoder *e, const struct cu *cu)
{
	uint32_t bad;
	int err = cu__check_ref_depth(cu, MAX_REF_DEPTH, &bad);

	if (err == -E2BIG)
		encode_error(e, cu, cu__type(cu, bad), "type references nested too deeply", 0);
	return err;
}

int btf_encoder__add_cu(struct btf_encoder *e, const struct cu *cu)
{
	uint32_t provisional, i;
	int id, err;

	err = check_ref_depth(e, cu) ?: assign_ids(e, cu, &provisional);
	if (err)
		return err;
	find_index_type(e, cu);
	e->cu_has_array = false;
	for (i = 1; i < cu->nr_types; i++) {
		const struct type *t = cu__type(cu, i);

		if (t->kind == TK_ATOMIC)
			continue;
		id = encode_type(e, cu, t, provisional);
		if (id < 0) {
			if (id != -EOPNOTSUPP)
				encode_error(e, cu, t, "cannot be encoded", id);
			return id;
		}
		if ((uint32_t)id != e->ids[i]) {
			encode_error(e, cu, t, "got an unexpected BTF id", 0);
			return -EINVAL;
		}
	}
	if (!e->index_type && e->cu_has_array) {
		id = btf__add_int(e->btf, "int", 4, BTF_INT_SIGNED);
		if (id < 0)
			return id;
		e->index_type = id;
	}
	return 0;
}

static int write_all(int fd, const void *data, size_t size)
{
	const char *p = data;

	while (size) {
		ssize_t n = write(fd, p, size);

		if (n < 0) {
			if (errno == EINTR)
				continue;
			return -errno;
		}
		p += n;
		size -= n;
	}
	return 0;
}

/*
 * An output that exists and is not a regular file (a device, a pipe) is
 * written in place: renaming over it would replace the node itself.
 */
static int write_file_special(const char *path, const void *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), err;

	if (fd < 0) {
		err = -errno;
		pr_err("%s: cannot open output file: %s", path, strerror(errno));
		return err;
	}
	err = write_all(fd, data, size);
	if (close(fd) && !err)
		err = -errno;
	if (err)
		pr_err("%s: cannot write output file: %s", path, strerror(-err));
	return err;
}

/*
 * Writes @data to @path through a temporary file in the same directory and
 * a rename: readers see the old file or the whole new one, never a part.
 */
static int write_file_atomic(const char *path, const void *data, size_t size)
{
	size_t len = strlen(path);
	char *tmp;
	struct stat st;
	mode_t mask;
	int fd, err;

	if (!stat(path, &st) && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
		return write_file_special(path, data, size);
	tmp = malloc(len + sizeof(".tmp.XXXXXX"));
	if (!tmp)
		return -ENOMEM;
	memcpy(tmp, path, len);
	memcpy(tmp + len, ".tmp.XXXXXX", sizeof(".tmp.XXXXXX"));
	fd = mkstemp(tmp);
	if (fd < 0) {
		err = -errno;
		pr_err("%s: cannot create output file: %s", path, strerror(errno));
		free(tmp);
		return err;
	}
	mask = umask(0);
	umask(mask);
	err = write_all(fd, data, size);
	if (!err && fchmod(fd, 0640 & ~mask))
		err = -errno;
	if (close(fd) && !err)
		err = -errno;
	if (!err && rename(tmp, path))
		err = -errno;
	if (err) {
		pr_err("%s: cannot write output file: %s", path, strerror(-err));
		unlink(tmp);
	}
	free(tmp);
	return err;
}

int btf_encoder__finish(struct btf_encoder *e)
{
	const struct btf *base = btf__base_btf(e->btf);
	uint32_t first = base ? btf__type_cnt(base) : 1;
	const void *raw;
	uint32_t size;
	int err;

	if (btf__type_cnt(e->btf) == first) {
		pr_info("%s: no types to encode, nothing written", e->opts.in_path);
		return 0;
	}
	err = btf__dedup(e->btf, NULL);
	if (err) {
		pr_err("%s: BTF deduplication failed: %s", e->opts.in_path, strerror(-err));
		return err;
	}
	e->nr_types = btf__type_cnt(e->btf) - first;
	err = btf__set_endianness(e->btf, e->opts.big_endian ? BTF_BIG_ENDIAN :
							       BTF_LITTLE_ENDIAN);
	raw = err ? NULL : btf__raw_data(e->btf, &size);
	if (!raw) {
		err = err ?: -errno;
		pr_err("%s: cannot serialise BTF: %s", e->opts.in_path, strerror(-err));
		return err;
	}
	return write_file_atomic(e->opts.out_path, raw, size);
}
