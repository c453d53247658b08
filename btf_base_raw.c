// SPDX-License-Identifier: GPL-2.0-only
/* A base BTF read in place (btf_base_raw.h). */
#include "btf_base_raw.h"

#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "btf_check.h"
#include "btf_raw.h"
#include "elf_symtab.h"

#define BTF_MAGIC_LE 0xeB9F

struct btf_base_raw {
	int			fd;
	Elf			*elf;		/* an ELF file's, or NULL */
	void			*map;		/* a raw file's mapping, or NULL */
	size_t			map_len;
	const uint8_t		*types_data;
	uint32_t		types_len;
	const char		*strs;
	uint32_t		strs_len;
	uint32_t		nr;		/* type count, void included */
	const struct btf_type	**types;	/* by id */
};

static const struct btf_type void_type;

/*
 * Each record's place; once all are known, every reference and name
 * checked (btf_check.h). 0, -EAGAIN or -ENOMEM.
 */
static int index_types(struct btf_base_raw *b)
{
	uint32_t off = 0, size, id;
	const struct btf_type *t;

	/* A record takes 12 bytes at least: room for all of them at once. */
	b->types = malloc((b->types_len / sizeof(*t) + 1) * sizeof(*b->types));
	if (!b->types)
		return -ENOMEM;
	b->types[0] = &void_type;
	for (b->nr = 1; off < b->types_len; b->nr++, off += size) {
		t = (const struct btf_type *)(b->types_data + off);
		if (b->types_len - off < sizeof(*t))
			return -EAGAIN;
		size = btf_raw__rec_size(t->info);
		if (!size || size > b->types_len - off)
			return -EAGAIN;
		b->types[b->nr] = t;
	}
	for (id = 1; id < b->nr; id++)
		if (!btf_check__type(b->types[id], id, b->nr, b->strs_len, NULL, 0))
			return -EAGAIN;
	return 0;
}

/* The header at @raw (@size bytes) taken: 0 or -EAGAIN. */
static int take_header(struct btf_base_raw *b, const uint8_t *raw, size_t size)
{
	struct btf_header h;

	if (size < sizeof(h) || size > UINT32_MAX || ((uintptr_t)raw & 3))
		return -EAGAIN;
	memcpy(&h, raw, sizeof(h));
	if (h.magic != BTF_MAGIC_LE || h.version != BTF_VERSION || h.hdr_len < sizeof(h) ||
	    h.hdr_len > size || (h.hdr_len & 3) || (h.type_off & 3) ||
	    (uint64_t)h.type_off + h.type_len > size - h.hdr_len ||
	    (uint64_t)h.str_off + h.str_len > size - h.hdr_len || !h.str_len)
		return -EAGAIN;
	b->types_data = raw + h.hdr_len + h.type_off;
	b->types_len = h.type_len;
	b->strs = (const char *)raw + h.hdr_len + h.str_off;
	b->strs_len = h.str_len;
	if (b->strs[0] || b->strs[b->strs_len - 1])
		return -EAGAIN;
	return index_types(b);
}

#ifndef MADV_POPULATE_READ
#define MADV_POPULATE_READ 22
#endif

/*
 * The pages of @len bytes at @p read in one call, rather than a fault a
 * page (Linux 5.14 on; elsewhere the faults come as they come).
 */
static void populate(const void *p, size_t len)
{
	uintptr_t page = sysconf(_SC_PAGESIZE), from = (uintptr_t)p & ~(page - 1);

	madvise((void *)from, (uintptr_t)p + len - from, MADV_POPULATE_READ);
}

/* An ELF file's .BTF, or a raw file, mapped. 0, -EAGAIN or -ENOMEM. */
static int map_file(struct btf_base_raw *b)
{
	struct stat st;
	Elf_Data *data;

	if (fstat(b->fd, &st) || !S_ISREG(st.st_mode) || !st.st_size)
		return -EAGAIN;
	/* Private and writable, as libelf may convert in place what it reads. */
	b->map = mmap(NULL, st.st_size, PROT_READ | PROT_WRITE, MAP_PRIVATE, b->fd, 0);
	if (b->map == MAP_FAILED) {
		b->map = NULL;
		return -EAGAIN;
	}
	b->map_len = st.st_size;
	elf_version(EV_CURRENT);
	if (b->map_len < SELFMAG || memcmp(b->map, ELFMAG, SELFMAG)) {
		populate(b->map, b->map_len);
		return take_header(b, b->map, b->map_len);
	}
	b->elf = elf_memory(b->map, b->map_len);
	data = b->elf ? elf_section_data(b->elf, ".BTF") : NULL;
	if (!data || !data->d_buf)
		return -EAGAIN;
	populate(data->d_buf, data->d_size);
	return take_header(b, data->d_buf, data->d_size);
}

int btf_base_raw__open(const char *path, struct btf_base_raw **ret)
{
	struct btf_base_raw *b = calloc(1, sizeof(*b));
	int err;

	if (!b)
		return -ENOMEM;
	b->fd = open(path, O_RDONLY | O_CLOEXEC);
	err = b->fd < 0 ? -EAGAIN : map_file(b);
	if (err) {
		btf_base_raw__free(b);
		return err;
	}
	*ret = b;
	return 0;
}

void btf_base_raw__free(struct btf_base_raw *b)
{
	if (!b)
		return;
	free(b->types);
	elf_end(b->elf);
	if (b->map)
		munmap(b->map, b->map_len);
	if (b->fd >= 0)
		close(b->fd);
	free(b);
}

uint32_t btf_base_raw__type_cnt(const struct btf_base_raw *b)
{
	return b->nr;
}

const struct btf_type *const *btf_base_raw__types(const struct btf_base_raw *b)
{
	return b->types;
}

const char *btf_base_raw__strs(const struct btf_base_raw *b, uint32_t *len)
{
	*len = b->strs_len;
	return b->strs;
}
