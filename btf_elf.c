// SPDX-License-Identifier: GPL-2.0-only
/*
 * Rewriting an ELF file with some sections replaced or added.
 *
 * The input's headers are read through libelf; the new file is streamed:
 * the unchanged parts are copied from file to file (copy_file_range(), so
 * a 600 MB vmlinux never passes through our memory), the new sections and
 * the headers are written. We choose every file offset, so nothing moves
 * unless it has to. The file is seen as a list of regions, one per section
 * plus the section header table, sorted by file offset:
 *
 *   [ehdr][phdrs] [.text] [.data] ... [.BTF] [.symtab] ... [shdrs]
 *                                       |      `- shifted by the growth of
 *                                       |         .BTF, rounded up to the
 *                                       |         largest alignment after it
 *                                       `- new size
 *
 * A region that a segment still covers (or that lies before the end of a
 * segment) never moves: vmlinux keeps an allocated .BTF inside a loadable
 * segment, whose addresses the kernel image depends on.
 */
#define _GNU_SOURCE	/* memmem */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf_version.h>

#include "btf_elf.h"
#include "btf_raw.h"
#include "elf_symtab.h"
#include "log.h"
#include "out_file.h"

/* Region index of the section header table (sections use their index). */
static const size_t REGION_SHDRS = SIZE_MAX;

/* Bytes [off, off + len) of a file. */
struct span {
	uint64_t	off, len;
};

/* Spans copied ahead at most: before a pinned .BTF, and after it. */
enum { MAX_AHEAD = 2 };

struct region {
	uint64_t	old_off, old_size;	/* in the input; 0 bytes for SHT_NOBITS */
	uint64_t	new_off, new_size;	/* in the output */
	uint64_t	align;			/* 1 or a power of two */
	size_t		idx;			/* section index, or REGION_SHDRS */
	bool		changed;		/* replaced, added or resized */
	bool		moved;			/* outgrew its pinned room: placed at the end */
	uint64_t	room_off, room_size;	/* moved: the room it left, zero-filled */
};

/* One rewrite of @path; everything owned unless marked. */
struct elf_rewrite {
	const char		*path;		/* borrowed, for messages */
	int			fd;		/* the input */
	Elf			*in;
	GElf_Ehdr		ehdr;
	size_t			shnum, shstrndx, phnum;
	const struct btf_elf_section *secs;	/* borrowed */
	size_t			nr_secs;
	size_t			*sec_idx;	/* per secs[i]: its section index in the output */
	uint32_t		*name_off;	/* per secs[i]: its name in the name table */
	size_t			new_shnum;
	char			*shstr;		/* new name table contents; NULL if unchanged */
	size_t			shstr_size;
	struct region		*regions;
	size_t			nr_regions;
	size_t			*region_pos;	/* section index -> its place in regions */
	size_t			shdrs_pos;	/* the place of the section header table */
	const struct span	*copied;	/* in the output already, at their offsets */
	size_t			nr_copied;
};

/*
 * The copy of an ELF file's unchanged start, made on a thread of its own
 * while the BTF is encoded (btf_elf__start_copy()).
 */
struct btf_elf_copy {
	int		in;		/* owned: the input, as encoding reads it */
	struct stat	st;		/* of @in */
	struct out_file	of;		/* the new file; done once committed or aborted */
	bool		done;
	struct span	ahead[MAX_AHEAD]; /* what the thread copies, in file order */
	size_t		nr_ahead;
	pthread_t	thread;
	bool		has_thread;
	int		stop;		/* atomic: set, the thread stops early */
	int		err;		/* the thread's, read once joined */
};

/*
 * libelf's reason for the call that just failed, or "out of memory" where
 * its allocation did (errno, cleared before the call): gelf_getshdr() then
 * says "invalid operand", elf_begin() gives no handle. *@err: the code.
 */
static const char *elf_error(int *err)
{
	*err = errno == ENOMEM ? -ENOMEM : -EINVAL;
	return errno == ENOMEM ? "out of memory" : elf_errmsg(-1);
}

static int rewrite_open(struct elf_rewrite *rw, const struct btf_elf_copy *copy)
{
	rw->fd = copy ? dup(copy->in) : open(rw->path, O_RDONLY);
	if (rw->fd < 0) {
		int err = -errno;

		pr_err("%s: cannot open: %s", rw->path, strerror(-err));
		return err;
	}
	elf_version(EV_CURRENT);
	errno = 0;
	rw->in = elf_begin(rw->fd, ELF_C_READ_MMAP, NULL);
	if (!rw->in || elf_kind(rw->in) != ELF_K_ELF || !gelf_getehdr(rw->in, &rw->ehdr) ||
	    elf_getshdrnum(rw->in, &rw->shnum) || elf_getshdrstrndx(rw->in, &rw->shstrndx) ||
	    elf_getphdrnum(rw->in, &rw->phnum)) {
		int err;
		const char *why = elf_error(&err);

		pr_err("%s: cannot read as ELF: %s", rw->path, why);
		return err;
	}
	if (!rw->shnum || rw->shstrndx >= rw->shnum) {
		pr_err("%s: no section name table", rw->path);
		return -EINVAL;
	}
	return 0;
}

static void rewrite_release(struct elf_rewrite *rw)
{
	elf_end(rw->in);
	if (rw->fd >= 0)
		close(rw->fd);
	free(rw->sec_idx);
	free(rw->name_off);
	free(rw->shstr);
	free(rw->regions);
	free(rw->region_pos);
}

static int section_header(const struct elf_rewrite *rw, size_t idx, GElf_Shdr *ret)
{
	int err;

	errno = 0;
	if (!gelf_getshdr(elf_getscn(rw->in, idx), ret)) {
		const char *why = elf_error(&err);

		/* rewrite() says that memory ran out. */
		if (err != -ENOMEM)
			pr_err("%s: section %zu: %s", rw->path, idx, why);
		return err;
	}
	return 0;
}

/* The raw bytes of section @idx, as in the file. */
static int section_bytes(const struct elf_rewrite *rw, size_t idx, Elf_Data **ret)
{
	Elf_Data *d;
	int err;

	errno = 0;
	d = elf_rawdata(elf_getscn(rw->in, idx), NULL);
	if (!d) {
		const char *why = elf_error(&err);

		/* rewrite() says that memory ran out. */
		if (err != -ENOMEM)
			pr_err("%s: section %zu: %s", rw->path, idx, why);
		return err;
	}
	*ret = d;
	return 0;
}

/* Index of the section called @name, or 0. */
static size_t find_section(const struct elf_rewrite *rw, const char *name)
{
	GElf_Shdr sh;
	Elf_Scn *scn = elf_section_next(rw->in, NULL, name, &sh);

	return scn ? elf_ndxscn(scn) : 0;
}

/*
 * The offset of @name in the section name table, appending it when no
 * string there ends with it (".rela.BTF" holds ".BTF").
 */
static int name_offset(struct elf_rewrite *rw, const char *name, uint32_t *ret)
{
	size_t len = strlen(name) + 1;
	char *p = memmem(rw->shstr, rw->shstr_size, name, len), *grown;

	if (p) {
		*ret = p - rw->shstr;
		return 0;
	}
	grown = realloc(rw->shstr, rw->shstr_size + len);
	if (!grown)
		return -ENOMEM;
	memcpy(grown + rw->shstr_size, name, len);
	*ret = rw->shstr_size;
	rw->shstr = grown;
	rw->shstr_size += len;
	return 0;
}

/* A copy of the section name table that new names can be appended to. */
static int load_names(struct elf_rewrite *rw, size_t *size_ret)
{
	Elf_Data *d = NULL;
	GElf_Shdr sh;
	int err = section_header(rw, rw->shstrndx, &sh) ?: section_bytes(rw, rw->shstrndx, &d);

	if (err)
		return err;
	if (sh.sh_type != SHT_STRTAB || (sh.sh_flags & SHF_COMPRESSED) || !d->d_size) {
		pr_err("%s: the section name table is not a plain string table", rw->path);
		return -EOPNOTSUPP;
	}
	rw->shstr = malloc(d->d_size);
	if (!rw->shstr)
		return -ENOMEM;
	memcpy(rw->shstr, d->d_buf, d->d_size);
	rw->shstr_size = *size_ret = d->d_size;
	return 0;
}

static bool replacement_named(const struct elf_rewrite *rw, const char *name)
{
	size_t i;

	for (i = 0; i < rw->nr_secs; i++)
		if (!strcmp(rw->secs[i].name, name))
			return true;
	return false;
}

/* Which sections exist, which are new, and the name table they need. */
static int plan_sections(struct elf_rewrite *rw)
{
	size_t i, old_names = 0;
	int err;

	rw->sec_idx = calloc(rw->nr_secs, sizeof(*rw->sec_idx));
	rw->name_off = calloc(rw->nr_secs, sizeof(*rw->name_off));
	if (!rw->sec_idx || !rw->name_off)
		return -ENOMEM;
	err = load_names(rw, &old_names);
	rw->new_shnum = rw->shnum;
	for (i = 0; i < rw->nr_secs && !err; i++) {
		rw->sec_idx[i] = find_section(rw, rw->secs[i].name);
		if (rw->sec_idx[i] == rw->shstrndx) {
			pr_err("%s: will not replace the section name table", rw->path);
			err = -EINVAL;
		} else if (!rw->sec_idx[i]) {
			rw->sec_idx[i] = rw->new_shnum++;
			err = name_offset(rw, rw->secs[i].name, &rw->name_off[i]);
		}
	}
	if (!err && !replacement_named(rw, ".BTF.base") && find_section(rw, ".BTF.base"))
		pr_warn("%s: its .BTF.base, from an earlier encoding with distilled_base, is left "
			"as it was and does not describe the new .BTF", rw->path);
	if (!err && rw->shstr_size == old_names) {
		free(rw->shstr);
		rw->shstr = NULL;
	}
	return err;
}

/* The new contents of section @idx, or NULL when it keeps its own. */
static const struct btf_elf_section *replacement(const struct elf_rewrite *rw, size_t idx)
{
	size_t i;

	for (i = 0; i < rw->nr_secs; i++)
		if (rw->sec_idx[i] == idx)
			return &rw->secs[i];
	return NULL;
}

static uint64_t shdr_table_size(const struct elf_rewrite *rw, size_t shnum)
{
	return (uint64_t)shnum * (gelf_getclass(rw->in) == ELFCLASS64 ? sizeof(Elf64_Shdr) :
									sizeof(Elf32_Shdr));
}

static uint64_t power_of_two_or_1(uint64_t align)
{
	return align && !(align & (align - 1)) ? align : 1;
}

static int add_section_regions(struct elf_rewrite *rw)
{
	const struct btf_elf_section *rep;
	struct region *r;
	GElf_Shdr sh;
	size_t i;
	int err;

	for (i = 1; i < rw->shnum; i++) {
		err = section_header(rw, i, &sh);
		if (err)
			return err;
		r = &rw->regions[rw->nr_regions++];
		rep = replacement(rw, i);
		r->idx = i;
		r->old_off = sh.sh_offset;
		r->old_size = sh.sh_type == SHT_NOBITS ? 0 : sh.sh_size;
		r->align = power_of_two_or_1(sh.sh_addralign);
		r->new_size = rep ? rep->size : i == rw->shstrndx && rw->shstr ? rw->shstr_size :
			      r->old_size;
		r->changed = r->new_size != r->old_size || rep;
		if (rep && sh.sh_type == SHT_NOBITS) {
			pr_err("%s: section %s has no contents to replace", rw->path, rep->name);
			return -EINVAL;
		}
	}
	return 0;
}

/* True when a segment, or the program header table, reaches past @off. */
static bool pinned_at(Elf *elf, const GElf_Ehdr *eh, size_t phnum, uint64_t off)
{
	GElf_Phdr ph;
	size_t i;

	if (phnum && eh->e_phoff + (uint64_t)phnum * eh->e_phentsize > off)
		return true;
	for (i = 0; i < phnum; i++)
		if (gelf_getphdr(elf, i, &ph) && ph.p_filesz && ph.p_offset + ph.p_filesz > off)
			return true;
	return false;
}

/* pinned_at() in the input being rewritten. */
static bool is_pinned(const struct elf_rewrite *rw, uint64_t off)
{
	return pinned_at(rw->in, &rw->ehdr, rw->phnum, off);
}

/*
 * A replacement that a segment pins and that would not fit in its old room
 * goes where new sections go, keeping its header (address and flags
 * included): tools that take the section out by name, as kernel builds do
 * with .tmp_vmlinux.btf, read the new contents; the old room, which the
 * segment still maps, is zero-filled.
 */
static void move_outgrown(struct elf_rewrite *rw, uint64_t at)
{
	size_t i;

	for (i = 0; i < rw->nr_regions; i++) {
		struct region *r = &rw->regions[i];

		if (!replacement(rw, r->idx) || r->new_size <= r->old_size ||
		    !is_pinned(rw, r->old_off))
			continue;
		r->room_off = r->old_off;
		r->room_size = r->old_size;
		r->old_off = at;
		r->old_size = 0;
		r->moved = true;
	}
}

/*
 * One region per section, one for the section header table, and one per
 * new section, placed just before the table when it ends the file (as
 * objcopy does) and at the very end otherwise.
 */
static int build_regions(struct elf_rewrite *rw)
{
	uint64_t end = 0, at;
	struct region *r;
	size_t i;
	int err;

	rw->regions = calloc(rw->new_shnum + 1, sizeof(*rw->regions));
	if (!rw->regions)
		return -ENOMEM;
	err = add_section_regions(rw);
	if (err)
		return err;
	for (i = 0; i < rw->nr_regions; i++)
		if (rw->regions[i].old_off + rw->regions[i].old_size > end)
			end = rw->regions[i].old_off + rw->regions[i].old_size;
	r = &rw->regions[rw->nr_regions++];
	r->idx = REGION_SHDRS;
	r->old_off = rw->ehdr.e_shoff;
	r->old_size = shdr_table_size(rw, rw->shnum);
	r->new_size = shdr_table_size(rw, rw->new_shnum);
	r->align = gelf_getclass(rw->in) == ELFCLASS64 ? 8 : 4;
	r->changed = r->new_size != r->old_size;
	at = r->old_off >= end ? r->old_off : r->old_off + r->old_size > end ?
	     r->old_off + r->old_size : end;
	move_outgrown(rw, at);
	for (i = rw->shnum; i < rw->new_shnum; i++) {
		r = &rw->regions[rw->nr_regions++];
		r->idx = i;
		r->old_off = at;
		r->new_size = replacement(rw, i)->size;
		r->align = 1;
		r->changed = true;
	}
	return 0;
}

/* File order; an empty region comes before a full one at the same offset. */
static int region_cmp(const void *a, const void *b)
{
	const struct region *x = a, *y = b;

	if (x->old_off != y->old_off)
		return x->old_off < y->old_off ? -1 : 1;
	if (!x->old_size != !y->old_size)
		return x->old_size ? 1 : -1;
	return x->idx < y->idx ? -1 : x->idx > y->idx;
}

static const char *region_name(const struct elf_rewrite *rw, const struct region *r)
{
	const struct btf_elf_section *rep = replacement(rw, r->idx);

	return rep ? rep->name : r->idx == REGION_SHDRS ? "section header table" :
	       "section name table";
}

/* How far a change of @delta bytes in region @i moves the regions after it. */
static int64_t shift_for(const struct elf_rewrite *rw, size_t i, int64_t delta)
{
	uint64_t unit = 1;
	size_t j;

	for (j = i + 1; j < rw->nr_regions; j++)
		if (rw->regions[j].align > unit)
			unit = rw->regions[j].align;
	if (delta >= 0)
		return (delta + unit - 1) / unit * unit;
	return -(int64_t)((-delta) / unit * unit);
}

static int check_overlap(const struct elf_rewrite *rw, size_t i)
{
	const struct region *r = &rw->regions[i], *next = &rw->regions[i + 1];

	if (i + 1 < rw->nr_regions && r->old_size && next->old_size &&
	    r->old_off + r->old_size > next->old_off) {
		pr_err("%s: its %s overlaps another part of the file", rw->path, region_name(rw, r));
		return -EINVAL;
	}
	return 0;
}

/* Regions in file order, and where each section's went. */
static int sort_regions(struct elf_rewrite *rw)
{
	size_t i;

	qsort(rw->regions, rw->nr_regions, sizeof(*rw->regions), region_cmp);
	rw->region_pos = calloc(rw->new_shnum, sizeof(*rw->region_pos));
	if (!rw->region_pos)
		return -ENOMEM;
	for (i = 0; i < rw->nr_regions; i++) {
		if (rw->regions[i].idx == REGION_SHDRS)
			rw->shdrs_pos = i;
		else
			rw->region_pos[rw->regions[i].idx] = i;
	}
	return 0;
}

/*
 * New offsets: each region moves by the sum of the growth (or shrinkage)
 * of the changed regions before it, each rounded to the largest alignment
 * after it; a changed region that a segment pins keeps its room.
 */
static int layout(struct elf_rewrite *rw)
{
	int64_t shift = 0, delta;
	struct region *r;
	size_t i;

	if (sort_regions(rw))
		return -ENOMEM;
	for (i = 0; i < rw->nr_regions; i++) {
		r = &rw->regions[i];
		r->new_off = r->old_off + shift;
		if (!r->changed)
			continue;
		if (check_overlap(rw, i))
			return -EINVAL;
		if (r->moved) {
			r->new_off = (r->new_off + r->align - 1) / r->align * r->align;
			shift = shift_for(rw, i, r->new_off + r->new_size - r->old_off);
			continue;
		}
		delta = (int64_t)r->new_size - (int64_t)r->old_size;
		if (!is_pinned(rw, r->old_off)) {
			shift += shift_for(rw, i, delta);
			continue;
		}
		if (delta > 0) {
			pr_err("%s: the new %s needs %llu bytes, but the old one holds %llu and "
			       "cannot grow inside its loadable segment; file left unchanged",
			       rw->path, region_name(rw, r), (unsigned long long)r->new_size,
			       (unsigned long long)r->old_size);
			return -ENOSPC;
		}
	}
	return 0;
}

static const struct region *region_of(const struct elf_rewrite *rw, size_t idx)
{
	return &rw->regions[idx == REGION_SHDRS ? rw->shdrs_pos : rw->region_pos[idx]];
}

/* ---- streaming the output ------------------------------------------------------ */

/* Writes all of @buf at @off. 0 or -errno. */
static int write_at(int fd, const void *buf, size_t len, uint64_t off)
{
	const char *p = buf;

	while (len) {
		ssize_t n = pwrite(fd, p, len, (off_t)off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= n;
		off += n;
	}
	return 0;
}

/* Copies through a buffer, where the kernel cannot copy between the files. */
static int copy_by_reading(int in, uint64_t in_off, int out, uint64_t out_off, uint64_t len)
{
	static const size_t CHUNK = 1 << 20;
	char *buf = malloc(CHUNK);
	int err = buf ? 0 : -ENOMEM;

	while (len && !err) {
		ssize_t n = pread(in, buf, len < CHUNK ? len : CHUNK, (off_t)in_off);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0) {
			err = n < 0 ? -errno : -EIO;	/* the input shrank under us */
			break;
		}
		err = write_at(out, buf, n, out_off);
		in_off += n;
		out_off += n;
		len -= n;
	}
	free(buf);
	return err;
}

/* Copies @len bytes at @in_off of the input to @out_off of the output, file to file. */
static int copy_range(int in, uint64_t in_off, int out, uint64_t out_off, uint64_t len)
{
	while (len) {
		loff_t from = in_off, to = out_off;
		ssize_t n = copy_file_range(in, &from, out, &to, len, 0);

		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL ||
			      errno == EOPNOTSUPP || errno == EPERM))
			return copy_by_reading(in, in_off, out, out_off, len);
		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		in_off += n;
		out_off += n;
		len -= n;
	}
	return 0;
}

/* copy_range(), less what the copy ahead put in the output already. */
static int copy_out(const struct elf_rewrite *rw, int in, uint64_t in_off, int out,
		    uint64_t out_off, uint64_t len)
{
	size_t i;
	int err = 0;

	for (i = 0; in_off == out_off && i < rw->nr_copied && len && !err; i++) {
		const struct span *c = &rw->copied[i];
		uint64_t end = in_off + len, before, done;

		if (c->off + c->len <= in_off || c->off >= end)
			continue;
		before = c->off > in_off ? c->off - in_off : 0;
		if (before)
			err = copy_range(in, in_off, out, out_off, before);
		done = (c->off + c->len < end ? c->off + c->len : end) - in_off;
		in_off += done;
		out_off += done;
		len -= done;
	}
	return err || !len ? err : copy_range(in, in_off, out, out_off, len);
}

/* The output's header of section @idx. */
static int new_shdr(const struct elf_rewrite *rw, size_t idx, GElf_Shdr *ret)
{
	const struct region *r = idx ? region_of(rw, idx) : NULL;
	size_t i;
	int err;

	if (idx >= rw->shnum) {
		*ret = (GElf_Shdr){ .sh_type = SHT_PROGBITS, .sh_offset = r->new_off,
				    .sh_size = r->new_size, .sh_addralign = 1 };
		for (i = 0; i < rw->nr_secs; i++)
			if (rw->sec_idx[i] == idx)
				ret->sh_name = rw->name_off[i];
		return 0;
	}
	err = section_header(rw, idx, ret);
	if (err)
		return err;
	if (!idx) {	/* the real count, when e_shnum cannot hold it */
		if (rw->new_shnum >= SHN_LORESERVE)
			ret->sh_size = rw->new_shnum;
		return 0;
	}
	ret->sh_offset = r->new_off;
	if (ret->sh_type != SHT_NOBITS)
		ret->sh_size = r->new_size;
	return 0;
}

static void shdr_to_32(const GElf_Shdr *s, Elf32_Shdr *d)
{
	*d = (Elf32_Shdr){ s->sh_name, s->sh_type, s->sh_flags, s->sh_addr, s->sh_offset,
			   s->sh_size, s->sh_link, s->sh_info, s->sh_addralign, s->sh_entsize };
}

/*
 * @n headers of @type (ELF_T_EHDR or ELF_T_SHDR) in memory at @buf, in the
 * class's own layout, turned into the file's byte order in place and
 * written at @off.
 */
static int write_headers(const struct elf_rewrite *rw, int out, void *buf, size_t size,
			 Elf_Type type, uint64_t off)
{
	Elf_Data d = { .d_buf = buf, .d_size = size, .d_type = type,
		       .d_version = EV_CURRENT };

	if (!gelf_xlatetof(rw->in, &d, &d, rw->ehdr.e_ident[EI_DATA]))
		return -EINVAL;
	return write_at(out, buf, d.d_size, off);
}

/* The section header table, every offset and size updated. */
static int stream_shdrs(const struct elf_rewrite *rw, int out)
{
	bool is64 = gelf_getclass(rw->in) == ELFCLASS64;
	size_t i, entsize = is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr);
	char *table = calloc(rw->new_shnum, entsize);
	int err = table ? 0 : -ENOMEM;
	GElf_Shdr sh;

	for (i = 0; i < rw->new_shnum && !err; i++) {
		err = new_shdr(rw, i, &sh);
		if (is64)
			memcpy(table + i * entsize, &sh, entsize);
		else
			shdr_to_32(&sh, (Elf32_Shdr *)(table + i * entsize));
	}
	err = err ?: write_headers(rw, out, table, rw->new_shnum * entsize, ELF_T_SHDR,
				   region_of(rw, REGION_SHDRS)->new_off);
	free(table);
	return err;
}

/* The ELF header: the input's, with the new section count and table offset. */
static int stream_ehdr(const struct elf_rewrite *rw, int out)
{
	GElf_Ehdr eh = rw->ehdr;
	Elf32_Ehdr e32;

	eh.e_shoff = region_of(rw, REGION_SHDRS)->new_off;
	eh.e_shnum = rw->new_shnum < SHN_LORESERVE ? rw->new_shnum : 0;
	if (gelf_getclass(rw->in) == ELFCLASS64)
		return write_headers(rw, out, &eh, sizeof(Elf64_Ehdr), ELF_T_EHDR, 0);
	memcpy(e32.e_ident, eh.e_ident, EI_NIDENT);
	e32.e_type = eh.e_type;
	e32.e_machine = eh.e_machine;
	e32.e_version = eh.e_version;
	e32.e_entry = eh.e_entry;
	e32.e_phoff = eh.e_phoff;
	e32.e_shoff = eh.e_shoff;
	e32.e_flags = eh.e_flags;
	e32.e_ehsize = eh.e_ehsize;
	e32.e_phentsize = eh.e_phentsize;
	e32.e_phnum = eh.e_phnum;
	e32.e_shentsize = eh.e_shentsize;
	e32.e_shnum = eh.e_shnum;
	e32.e_shstrndx = eh.e_shstrndx;
	return write_headers(rw, out, &e32, sizeof(e32), ELF_T_EHDR, 0);
}

/* @len zero bytes at @off. */
static int write_zeros(int fd, uint64_t off, uint64_t len)
{
	static const char zeros[4096];
	int err = 0;

	while (len && !err) {
		size_t n = len < sizeof(zeros) ? len : sizeof(zeros);

		err = write_at(fd, zeros, n, off);
		off += n;
		len -= n;
	}
	return err;
}

/*
 * What is not in the regions: the program headers as in the input (a
 * segment pins what lies before the end of their table, so nothing moved
 * over it), and zeros where a moved section was (pinned too: not shifted).
 */
static int stream_fixed(const struct elf_rewrite *rw, int in, int out)
{
	size_t i;
	int err = 0;

	if (rw->phnum)
		err = copy_out(rw, in, rw->ehdr.e_phoff, out, rw->ehdr.e_phoff,
			       (uint64_t)rw->phnum * rw->ehdr.e_phentsize);
	for (i = 0; i < rw->nr_regions && !err; i++)
		if (rw->regions[i].moved)
			err = write_zeros(out, rw->regions[i].room_off, rw->regions[i].room_size);
	return err;
}

/* What region @r holds in the output, when it is not a copy of the input. */
static int stream_changed(const struct elf_rewrite *rw, const struct region *r, int out)
{
	const struct btf_elf_section *rep = replacement(rw, r->idx);

	if (r->idx == REGION_SHDRS)
		return 0;	/* stream_shdrs() */
	if (rep)
		return write_at(out, rep->data, rep->size, r->new_off);
	return write_at(out, rw->shstr, rw->shstr_size, r->new_off);
}

/*
 * The output, region by region in file order: unchanged regions and the
 * bytes between them are copied from the input file (never through our
 * memory), changed ones written. What follows a changed region up to the
 * next one is padding: left as a hole, so zero, as is a pinned section's
 * room past its new contents and the room a moved section left.
 */
static int stream_regions(const struct elf_rewrite *rw, int in, int out, uint64_t in_size,
			  uint64_t *size_ret)
{
	uint64_t old_end = 0, new_end = 0, shift = 0;
	bool after_change = false;
	size_t i;
	int err = 0;

	for (i = 0; i <= rw->nr_regions && !err; i++) {
		const struct region *r = i < rw->nr_regions ? &rw->regions[i] : NULL;
		uint64_t old_off = r ? r->old_off : in_size;
		uint64_t new_off = r ? r->new_off : in_size + shift;

		if (!after_change && old_off > old_end && new_off - new_end == old_off - old_end)
			err = copy_out(rw, in, old_end, out, new_end, old_off - old_end);
		if (!r || err)
			break;
		if (r->changed)
			err = stream_changed(rw, r, out);
		else if (r->old_size)
			err = copy_out(rw, in, r->old_off, out, r->new_off, r->old_size);
		after_change = r->changed;
		shift = r->new_off + r->new_size - (r->old_off + r->old_size);
		if (r->old_off + r->old_size >= old_end) {
			old_end = r->old_off + r->old_size;
			new_end = r->new_off + r->new_size;
		}
	}
	*size_ret = new_end > in_size + shift ? new_end : in_size + shift;
	return err;
}

static int stream_output(struct elf_rewrite *rw, int out)
{
	struct stat st;
	uint64_t size;
	int err = fstat(rw->fd, &st) ? -errno : 0;

	err = err ?: stream_regions(rw, rw->fd, out, st.st_size, &size);
	err = err ?: stream_fixed(rw, rw->fd, out) ?: stream_shdrs(rw, out) ?: stream_ehdr(rw, out);
	if (!err && ftruncate(out, (off_t)size))
		err = -errno;
	if (err)
		pr_err("%s: cannot write: %s", rw->path, strerror(-err));
	return err;
}

/* ---- the copy ahead ---------------------------------------------------------------- */

/* The sections btf_elf__write_btf() may write. */
static const char *const BTF_SECTIONS[] = { ".BTF", ".BTF.base" };

/* Copies ahead below this size are not worth a thread. */
static const uint64_t MIN_COPY_AHEAD = 16u << 20;

/* The thread copies this much at a time, and checks for a stop in between. */
static const uint64_t COPY_CHUNK = 64u << 20;

static bool is_btf_section(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(BTF_SECTIONS) / sizeof(BTF_SECTIONS[0]); i++)
		if (!strcmp(name, BTF_SECTIONS[i]))
			return true;
	return false;
}

/* What the file holds from @from on, up to @end: the start of the next section. */
static uint64_t next_section(Elf *elf, size_t shnum, uint64_t from, uint64_t end)
{
	GElf_Shdr sh;
	size_t i;

	for (i = 1; i < shnum; i++)
		if (gelf_getshdr(elf_getscn(elf, i), &sh) && sh.sh_offset >= from &&
		    sh.sh_offset < end)
			end = sh.sh_offset;
	return end;
}

static void add_ahead(struct btf_elf_copy *c, uint64_t from, uint64_t to)
{
	if (to > from)
		c->ahead[c->nr_ahead++] = (struct span){ from, to - from };
}

/*
 * What writing BTF sections leaves as it is, in c->ahead: everything before
 * the first of them, of the section name table or of the section headers,
 * whichever comes first (new sections go after the old ones), except a
 * .BTF that a segment pins, which keeps its place whatever its new size:
 * only it and the padding after it are left out then. Nothing when the file
 * cannot be read as ELF: the rewrite says why.
 */
static void plan_ahead(struct btf_elf_copy *c)
{
	Elf *elf = elf_begin(c->in, ELF_C_READ_MMAP, NULL);
	uint64_t end = 0, pin_off = UINT64_MAX, pin_end = 0;
	size_t shnum, shstrndx, phnum, i, nr_pinned = 0;
	GElf_Ehdr eh;
	GElf_Shdr sh;

	if (elf && elf_kind(elf) == ELF_K_ELF && gelf_getehdr(elf, &eh) &&
	    !elf_getshdrnum(elf, &shnum) && !elf_getshdrstrndx(elf, &shstrndx) &&
	    !elf_getphdrnum(elf, &phnum))
		end = eh.e_shoff < (uint64_t)c->st.st_size ? eh.e_shoff : (uint64_t)c->st.st_size;
	for (i = 1; end && i < shnum; i++) {
		const char *name;
		bool btf;

		if (!gelf_getshdr(elf_getscn(elf, i), &sh)) {
			end = 0;
			break;
		}
		name = elf_strptr(elf, shstrndx, sh.sh_name);
		btf = name && is_btf_section(name);
		if (btf && pinned_at(elf, &eh, phnum, sh.sh_offset)) {
			/* With two, the first bounds the copy (see below). */
			nr_pinned++;
			if (sh.sh_offset < pin_off) {
				pin_off = sh.sh_offset;
				pin_end = sh.sh_offset + (sh.sh_type == SHT_NOBITS ? 0 : sh.sh_size);
			}
		} else if ((i == shstrndx || !name || btf) && sh.sh_offset < end) {
			end = sh.sh_offset;
		}
	}
	if (nr_pinned == 1 && pin_off < end) {
		add_ahead(c, 0, pin_off);
		add_ahead(c, next_section(elf, shnum, pin_end, end), end);
	} else {
		add_ahead(c, 0, nr_pinned && pin_off < end ? pin_off : end);
	}
	elf_end(elf);
}

static uint64_t ahead_bytes(const struct btf_elf_copy *c)
{
	uint64_t n = 0;
	size_t i;

	for (i = 0; i < c->nr_ahead; i++)
		n += c->ahead[i].len;
	return n;
}

static void *copy_ahead(void *arg)
{
	struct btf_elf_copy *c = arg;
	uint64_t off, end, n;
	size_t i;
	int err = 0;

	for (i = 0; i < c->nr_ahead && !err; i++) {
		end = c->ahead[i].off + c->ahead[i].len;
		for (off = c->ahead[i].off; !err && off < end; off += n) {
			if (__atomic_load_n(&c->stop, __ATOMIC_RELAXED))
				goto out;
			n = end - off < COPY_CHUNK ? end - off : COPY_CHUNK;
			err = copy_range(c->in, off, c->of.fd, off, n);
		}
	}
	/*
	 * Starts writing the copy back now, on this thread: ext4 starts it
	 * anyway when the finished file is renamed over the input, and
	 * submitting a vmlinux's pages there costs the main thread a third
	 * of a second. Only a hint: a failure leaves the writeback to the
	 * kernel.
	 */
	if (!err)
		(void)sync_file_range(c->of.fd, 0, 0, SYNC_FILE_RANGE_WRITE);
out:
	c->err = err;
	return NULL;
}

static bool start_thread(struct btf_elf_copy *c)
{
	pthread_attr_t attr;
	bool ok;

	if (pthread_attr_init(&attr))
		return false;
	pthread_attr_setstacksize(&attr, 256u << 10);
	ok = !pthread_create(&c->thread, &attr, copy_ahead, c);
	pthread_attr_destroy(&attr);
	return ok;
}

struct btf_elf_copy *btf_elf__start_copy(const char *path)
{
	struct btf_elf_copy *c = calloc(1, sizeof(*c));

	if (!c)
		return NULL;
	elf_version(EV_CURRENT);
	c->in = open(path, O_RDONLY);
	if (c->in < 0 || fstat(c->in, &c->st) || !S_ISREG(c->st.st_mode))
		goto fail;
	plan_ahead(c);
	if (ahead_bytes(c) < MIN_COPY_AHEAD)
		goto fail;
	if (out_file__open_quiet(&c->of, path, &c->st))
		goto fail;
	c->has_thread = start_thread(c);
	if (!c->has_thread)
		c->nr_ahead = 0;
	return c;
fail:
	if (c->in >= 0)
		close(c->in);
	free(c);
	return NULL;
}

static void join_copy(struct btf_elf_copy *c)
{
	if (c->has_thread)
		pthread_join(c->thread, NULL);
	c->has_thread = false;
}

void btf_elf__copy_free(struct btf_elf_copy *c)
{
	if (!c)
		return;
	__atomic_store_n(&c->stop, 1, __ATOMIC_RELAXED);
	join_copy(c);
	if (!c->done)
		out_file__abort(&c->of);
	close(c->in);
	free(c);
}

static bool meets_ahead(const struct btf_elf_copy *c, uint64_t from, uint64_t to)
{
	size_t i;

	for (i = 0; i < c->nr_ahead; i++)
		if (from < c->ahead[i].off + c->ahead[i].len && c->ahead[i].off < to)
			return true;
	return false;
}

/*
 * Whether the layout leaves what was copied ahead as it was: no region
 * there moves, changes or is followed by padding a change made, and no
 * moved section's room lies there.
 */
static bool ahead_holds(const struct elf_rewrite *rw, const struct btf_elf_copy *c)
{
	size_t i;

	for (i = 0; i < rw->nr_regions; i++) {
		const struct region *r = &rw->regions[i];
		uint64_t from = r->old_off < r->new_off ? r->old_off : r->new_off;
		uint64_t to = i + 1 < rw->nr_regions ? rw->regions[i + 1].old_off : UINT64_MAX;

		if (r->old_off + r->old_size > to)
			to = r->old_off + r->old_size;
		if (r->new_off + r->new_size > to)
			to = r->new_off + r->new_size;
		if ((r->changed || r->moved || r->new_off != r->old_off) && meets_ahead(c, from, to))
			return false;
		if (r->moved && meets_ahead(c, r->room_off, r->room_off + r->room_size))
			return false;
	}
	return true;
}

/* The copy ahead, finished: what the streaming may leave out. */
static int finish_copy(struct elf_rewrite *rw, struct btf_elf_copy *c)
{
	int err;

	join_copy(c);
	err = c->err;
	if (!err && ahead_holds(rw, c)) {
		rw->copied = c->ahead;
		rw->nr_copied = c->nr_ahead;
		pr_debug("%s: %llu bytes were copied ahead", rw->path,
			 (unsigned long long)ahead_bytes(c));
	} else if (!err && ftruncate(c->of.fd, 0)) {
		err = -errno;
	}
	if (err)
		pr_err("%s: cannot write: %s", rw->path, strerror(-err));
	return err;
}

/* ---- rewriting ---------------------------------------------------------------------- */

static int rewrite(struct elf_rewrite *rw, struct btf_elf_copy *copy)
{
	struct out_file local, *of = copy ? &copy->of : &local;
	struct stat st;
	int err;

	if (fstat(rw->fd, &st) || !S_ISREG(st.st_mode)) {
		pr_err("%s: not a regular file, cannot write .BTF into it", rw->path);
		return -EINVAL;
	}
	err = plan_sections(rw) ?: build_regions(rw) ?: layout(rw);
	if (err == -ENOMEM)
		pr_err("%s: out of memory", rw->path);
	if (err)
		return err;
	err = copy ? finish_copy(rw, copy) : out_file__open(&local, rw->path, &st);
	if (err)
		return err;
	err = stream_output(rw, of->fd);
	if (copy)
		copy->done = true;
	if (err) {
		out_file__abort(of);
		return err;
	}
	return out_file__commit(of);
}

int btf_elf__write_sections(const char *path, const struct btf_elf_section *secs, size_t nr,
			    struct btf_elf_copy *copy)
{
	struct elf_rewrite rw = { .path = path, .fd = -1, .secs = secs, .nr_secs = nr };
	int err = rewrite_open(&rw, copy) ?: rewrite(&rw, copy);

	rewrite_release(&rw);
	return err;
}

#if LIBBPF_MAJOR_VERSION > 1 || LIBBPF_MINOR_VERSION >= 5
/* Split BTF on a distilled base (.BTF) and that base (.BTF.base). */
static int write_distilled(const char *path, const struct btf *btf, struct btf_elf_copy *copy)
{
	struct btf *dist_base = NULL, *split = NULL;
	struct btf_elf_section secs[2] = { { .name = ".BTF" }, { .name = ".BTF.base" } };
	void *raw[2] = { NULL, NULL };
	uint32_t size[2];
	int err;

	err = btf__distill_base(btf, &dist_base, &split);
	if (err) {
		pr_err("%s: cannot distill the base BTF: %s", path, strerror(-err));
		return err;
	}
	btf__set_endianness(split, btf__endianness(btf));
	btf__set_endianness(dist_base, btf__endianness(btf));
	err = btf_raw__image(split, false, &raw[0], &size[0]) ?:
	      btf_raw__image(dist_base, false, &raw[1], &size[1]);
	if (err) {
		pr_err("%s: cannot serialise BTF: %s", path, strerror(-err));
	} else {
		secs[0].data = raw[0];
		secs[1].data = raw[1];
		secs[0].size = size[0];
		secs[1].size = size[1];
		err = btf_elf__write_sections(path, secs, 2, copy);
	}
	free(raw[0]);
	free(raw[1]);
	btf__free(split);
	btf__free(dist_base);
	return err;
}
#endif

int btf_elf__write_btf(const char *path, const struct btf *btf, const void *raw, uint32_t size,
		       bool distilled_base, struct btf_elf_copy *copy)
{
	struct btf_elf_section sec = { .name = ".BTF", .data = raw, .size = size };

#if LIBBPF_MAJOR_VERSION > 1 || LIBBPF_MINOR_VERSION >= 5
	if (distilled_base && btf__base_btf(btf))
		return write_distilled(path, btf, copy);
#endif
	return btf_elf__write_sections(path, &sec, 1, copy);
}
