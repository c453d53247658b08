// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: pahole's --prettify record reader. The types are
 * fixed: the BTF of prettify_types.h, which this file builds once with
 * libbpf (offsets taken from the compiler) into a memory file, loaded with
 * -F btf for every input. An input is the options, then the records:
 *
 *   byte 0       bit 0 --hex, bit 1 -V, bit 2 --skip_missing,
 *                bits 3-4 --count (0: all), bits 5-6 --skip
 *   five lines   -C's list, --header_type, --seek_bytes, --size_bytes,
 *                --range (an empty line: not given)
 *   the rest     the raw data, in a memory file --prettify reads
 *
 * As pahole's option parser does, a --seek_bytes or --size_bytes that is
 * not an offset expression is dropped; -C entries naming a list file
 * (file://) are left out, as they would read whatever file they name. The
 * printout goes to a sink. A crash, a hang, a leak or a sanitizer report
 * is a bug.
 */
#define _GNU_SOURCE
#include <bpf/btf.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "log.h"
#include "pahole_prettify.h"
#include "prettify_types.h"

enum { NR_LINES = 5 };

static char types_path[64];

/* The bit offset of a bitfield: its bits set in a zeroed value, the lowest found. */
static uint32_t first_bit(const void *p, size_t size)
{
	const uint8_t *b = p;
	size_t i;

	for (i = 0; i < size; i++)
		if (b[i])
			return i * 8 + __builtin_ctz(b[i]);
	abort();
}

#define BITFIELD_OFFSET(type, m) ({			\
	type v_;					\
	memset(&v_, 0, sizeof(v_));			\
	v_.m = -1;					\
	first_bit(&v_, sizeof(v_));			\
})
#define OFF(type, m)	((uint32_t)offsetof(type, m) * 8)

/* The ids of the base types and typedefs the structs use. */
struct ids {
	int u8, s8, chr, u16, s16, u32, s32, u64, ull, boolean, flt, dbl;
	int t_u16, t_u32, t_s32, t_u64, ptr, color, rec_kind;
};

static int add_array(struct btf *btf, const struct ids *id, int elem, uint32_t nr)
{
	return btf__add_array(btf, id->u32, elem, nr);
}

static void add_base(struct btf *btf, struct ids *id)
{
	id->u8 = btf__add_int(btf, "unsigned char", 1, 0);
	id->s8 = btf__add_int(btf, "signed char", 1, BTF_INT_SIGNED);
	id->chr = btf__add_int(btf, "char", 1, BTF_INT_SIGNED);
	id->u16 = btf__add_int(btf, "short unsigned int", 2, 0);
	id->s16 = btf__add_int(btf, "short int", 2, BTF_INT_SIGNED);
	id->u32 = btf__add_int(btf, "unsigned int", 4, 0);
	id->s32 = btf__add_int(btf, "int", 4, BTF_INT_SIGNED);
	id->u64 = btf__add_int(btf, "long unsigned int", 8, 0);
	id->ull = btf__add_int(btf, "long long unsigned int", 8, 0);
	id->boolean = btf__add_int(btf, "_Bool", 1, BTF_INT_BOOL);
	id->flt = btf__add_float(btf, "float", 4);
	id->dbl = btf__add_float(btf, "double", 8);
	id->t_u16 = btf__add_typedef(btf, "uint16_t", id->u16);
	id->t_u32 = btf__add_typedef(btf, "uint32_t", id->u32);
	id->t_s32 = btf__add_typedef(btf, "int32_t", id->s32);
	id->t_u64 = btf__add_typedef(btf, "uint64_t", id->u64);
	id->ptr = btf__add_ptr(btf, 0);
	id->color = btf__add_enum(btf, "color", 4);
	btf__add_enum_value(btf, "RED", RED);
	btf__add_enum_value(btf, "GREEN", GREEN);
	btf__add_enum_value(btf, "BLUE", BLUE);
	id->rec_kind = btf__add_enum(btf, "rec_kind", 4);
	btf__add_enum_value(btf, "REC_POINT", REC_POINT);
	btf__add_enum_value(btf, "REC_NAME", REC_NAME);
	btf__add_enum_value(btf, "REC_FLAGS", REC_FLAGS);
	btf__add_enum_value(btf, "REC_OTHER", REC_OTHER);
}

static void add_header(struct btf *btf, const struct ids *id)
{
	int tag = add_array(btf, id, id->chr, 8), ids = add_array(btf, id, id->t_u16, 3);
	int section = btf__add_struct(btf, "file_section", sizeof(struct file_section));

	btf__add_field(btf, "offset", id->t_u64, OFF(struct file_section, offset), 0);
	btf__add_field(btf, "size", id->t_u64, OFF(struct file_section, size), 0);
	btf__add_struct(btf, "file_header", sizeof(struct file_header));
	btf__add_field(btf, "magic", id->t_u64, OFF(struct file_header, magic), 0);
	btf__add_field(btf, "version", id->t_u32, OFF(struct file_header, version), 0);
	btf__add_field(btf, "delta", id->t_s32, OFF(struct file_header, delta), 0);
	btf__add_field(btf, "data", section, OFF(struct file_header, data), 0);
	btf__add_field(btf, "strs", section, OFF(struct file_header, strs), 0);
	btf__add_field(btf, "tag", tag, OFF(struct file_header, tag), 0);
	btf__add_field(btf, "ids", ids, OFF(struct file_header, ids), 0);
	btf__add_field(btf, "flags", id->u8, OFF(struct file_header, flags), 0);
	btf__add_field(btf, "sc", id->s8, OFF(struct file_header, sc), 0);
}

/* rec_header, rec_point, rec_name; the id of rec_header. */
static int add_records(struct btf *btf, const struct ids *id)
{
	int coords = add_array(btf, id, id->s16, 3), name = add_array(btf, id, id->chr, 12);
	int hdr = btf__add_struct(btf, "rec_header", sizeof(struct rec_header));

	btf__add_field(btf, "type", id->t_u32, OFF(struct rec_header, type), 0);
	btf__add_field(btf, "misc", id->t_u16, OFF(struct rec_header, misc), 0);
	btf__add_field(btf, "size", id->t_u16, OFF(struct rec_header, size), 0);
	btf__add_struct(btf, "rec_point", sizeof(struct rec_point));
	btf__add_field(btf, "header", hdr, OFF(struct rec_point, header), 0);
	btf__add_field(btf, "x", id->s32, OFF(struct rec_point, x), 0);
	btf__add_field(btf, "y", id->s32, OFF(struct rec_point, y), 0);
	btf__add_field(btf, "coords", coords, OFF(struct rec_point, coords), 0);
	btf__add_field(btf, "color", id->color, OFF(struct rec_point, color), 0);
	btf__add_struct(btf, "rec_name", sizeof(struct rec_name));
	btf__add_field(btf, "header", hdr, OFF(struct rec_name, header), 0);
	btf__add_field(btf, "name", name, OFF(struct rec_name, name), 0);
	btf__add_field(btf, "len", id->t_u32, OFF(struct rec_name, len), 0);
	return hdr;
}

static void add_flags(struct btf *btf, const struct ids *id, int hdr)
{
	struct rec_flags *f = NULL;
	int deep = add_array(btf, id, id->s16, 2), bytes = add_array(btf, id, id->u8, 4);
	int tail = add_array(btf, id, id->chr, 0), nested, u, anon;

	nested = btf__add_struct(btf, NULL, sizeof(f->nested));
	btf__add_field(btf, "inner", id->s32, 0, 0);
	btf__add_field(btf, "deep", deep, OFF(typeof(f->nested), deep), 0);
	u = btf__add_union(btf, NULL, sizeof(f->u));
	btf__add_field(btf, "i", id->s32, 0, 0);
	btf__add_field(btf, "f", id->flt, 0, 0);
	anon = btf__add_union(btf, NULL, sizeof(f->ui));
	btf__add_field(btf, "ui", id->s32, 0, 0);
	btf__add_field(btf, "bytes", bytes, 0, 0);
	btf__add_struct(btf, "rec_flags", sizeof(struct rec_flags));
	btf__add_field(btf, "header", hdr, OFF(struct rec_flags, header), 0);
	btf__add_field(btf, "a", id->u32, BITFIELD_OFFSET(struct rec_flags, a), 3);
	btf__add_field(btf, "b", id->u32, BITFIELD_OFFSET(struct rec_flags, b), 5);
	btf__add_field(btf, "c", id->u32, BITFIELD_OFFSET(struct rec_flags, c), 24);
	btf__add_field(btf, "s", id->s32, BITFIELD_OFFSET(struct rec_flags, s), 4);
	btf__add_field(btf, "big", id->ull, BITFIELD_OFFSET(struct rec_flags, big), 40);
	btf__add_field(btf, "ptr", id->ptr, OFF(struct rec_flags, ptr), 0);
	btf__add_field(btf, "nested", nested, OFF(struct rec_flags, nested), 0);
	btf__add_field(btf, "u", u, OFF(struct rec_flags, u), 0);
	btf__add_field(btf, NULL, anon, OFF(struct rec_flags, ui), 0);
	btf__add_field(btf, "db", id->dbl, OFF(struct rec_flags, db), 0);
	btf__add_field(btf, "ok", id->boolean, OFF(struct rec_flags, ok), 0);
	btf__add_field(btf, "tail", tail, OFF(struct rec_flags, tail), 0);
}

static void add_entry(struct btf *btf, const struct ids *id)
{
	int name = add_array(btf, id, id->chr, 8), row = add_array(btf, id, id->s32, 3);
	int grid = add_array(btf, id, row, 2);

	btf__add_struct(btf, "entry", sizeof(struct entry));
	btf__add_field(btf, "name", name, OFF(struct entry, name), 0);
	btf__add_field(btf, "v", id->t_s32, OFF(struct entry, v), 0);
	btf__add_field(btf, "grid", grid, OFF(struct entry, grid), 0);
}

/* The types' BTF in a memory file, kept open: its path in types_path. */
static void write_types(void)
{
	struct btf *btf = btf__new_empty();
	struct ids id;
	const void *raw;
	uint32_t size;
	int fd = memfd_create("fuzz_prettify_types", MFD_CLOEXEC);

	if (!btf || fd < 0)
		abort();
	add_base(btf, &id);
	add_header(btf, &id);
	add_flags(btf, &id, add_records(btf, &id));
	add_entry(btf, &id);
	raw = btf__raw_data(btf, &size);
	if (!raw || write(fd, raw, size) != (ssize_t)size)
		abort();
	btf__free(btf);
	snprintf(types_path, sizeof(types_path), "/proc/self/fd/%d", fd);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_quiet();
	log__set_program("pahole");
	write_types();
	return 0;
}

/* The next line of [*@p, @end) as a string in @buf, NULL when empty; false at the end. */
static bool next_line(const uint8_t **p, const uint8_t *end, char *buf, size_t cap,
		      const char **ret)
{
	const uint8_t *nl = memchr(*p, '\n', end - *p);
	size_t len;

	if (!nl)
		return false;
	len = nl - *p;
	if (len >= cap || memchr(*p, '\0', len))
		return false;
	memcpy(buf, *p, len);
	buf[len] = '\0';
	*ret = len ? buf : NULL;
	*p = nl + 1;
	return true;
}

static void run(const struct prettify_opts *po, const struct print_job_opts *print)
{
	char *files[] = { types_path };

	prettify__run(po, print, files, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static char lines[NR_LINES][512];
	const uint8_t *p = data + 1, *end = data + size;
	const char *arg[NR_LINES];
	const struct dwarf_loader_opts lo = { .jobs = 1 };
	struct print_job_opts print = {
		.format_path = "btf", .padding = -1, .padding_ge = -1, .loader = &lo,
		.fprintf = { .cacheline_size = 64 },
	};
	struct prettify_opts po = { 0 };
	char path[64];
	int i, fd;

	if (size < 1)
		return 0;
	for (i = 0; i < NR_LINES; i++)
		if (!next_line(&p, end, lines[i], sizeof(lines[i]), &arg[i]))
			return 0;
	if (arg[0] && strstr(arg[0], "file://"))
		return 0;
	print.fprintf.hex = data[0] & 1;
	print.verbose = !!(data[0] & 2);
	print.skip_missing = data[0] & 4;
	print.class_names = arg[0];
	po.header_type = arg[1];
	po.seek_bytes = arg[2] && prettify__is_offset_expr(arg[2]) ? arg[2] : NULL;
	po.size_bytes = arg[3] && prettify__is_offset_expr(arg[3]) ? arg[3] : NULL;
	po.range = arg[4];
	po.count = data[0] >> 3 & 3;
	po.skip = data[0] >> 5 & 3;
	fd = memfd_create("fuzz_prettify", MFD_CLOEXEC);
	if (fd < 0)
		abort();
	if (end > p && write(fd, p, end - p) != end - p)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	po.input = path;
	run(&po, &print);
	close(fd);
	return 0;
}
