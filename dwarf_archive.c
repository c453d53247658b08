// SPDX-License-Identifier: GPL-2.0-only
/*
 * ar archives (static libraries) as input: each member in archive order,
 * read as the ELF file it is, as libdwfl reports the members of an archive
 * (and so upstream pahole reads them). Members without DWARF are skipped,
 * as upstream skips them.
 *
 * The format (System V / GNU, and BSD long names):
 *
 *   "!<arch>\n"
 *   then for each member, at an even offset, a 60-byte header:
 *     name[16] date[12] uid[6] gid[6] mode[8] size[10] "`\n"
 *   and size bytes of data, padded with "\n" to an even length.
 *
 *   name "/" or "/SYM64/"  the symbol index, skipped (BSD: "__.SYMDEF...")
 *   name "//"              the table of long names, each ended by "/\n"
 *   name "/N"              the long name at offset N in that table
 *   name "#1/N"            BSD: the name is the first N bytes of the data
 *   name "m.o/" or "m.o "  the name itself (GNU ends it with '/')
 *
 * Every header and size is checked against the file: a truncated or
 * corrupt archive is one line naming it, never a read past its end.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "dwarf_archive.h"
#include "num_parse.h"
#include "log.h"

static const char AR_MAGIC[8] = "!<arch>\n";
static const char AR_THIN_MAGIC[8] = "!<thin>\n";
enum { AR_HDR_SIZE = 60, AR_NAME_SIZE = 16, AR_SIZE_OFF = 48, AR_SIZE_LEN = 10 };

struct dwarf_archive {
	const char	*path;		/* borrowed from the caller */
	const char	*map;		/* owned: the file, mapped */
	uint64_t	size;
	uint64_t	pos;		/* of the next member header */
	const char	*long_names;	/* in map: the "//" member, or NULL */
	uint64_t	long_names_size;
	unsigned int	nr_dwarf;	/* members with DWARF handed out */
};

/* One member: where its data are and what it is called. */
struct ar_member {
	uint64_t	data, size;	/* of its bytes in the file */
	const char	*name;		/* in map, not NUL-terminated */
	size_t		name_len;
	bool		is_special;	/* the symbol index or the long names */
};

bool dwarf_archive__is_archive(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	char magic[8];
	struct stat st;
	bool is = false;

	if (fd < 0)
		return false;
	/* Only a regular file: reading a pipe would take its first bytes. */
	is = !fstat(fd, &st) && S_ISREG(st.st_mode) &&
	     read(fd, magic, sizeof(magic)) == sizeof(magic) &&
	     (!memcmp(magic, AR_MAGIC, 8) || !memcmp(magic, AR_THIN_MAGIC, 8));
	close(fd);
	return is;
}

/* The decimal size field of a header: digits, then spaces only. */
static int parse_size(const char *field, uint64_t *ret)
{
	const char *end = num_parse(field, AR_SIZE_LEN, 10, ret);

	if (end == field)
		return -EINVAL;
	for (; end < field + AR_SIZE_LEN; end++)
		if (*end != ' ')
			return -EINVAL;
	return 0;
}

/* The long name at decimal offset @digits in the "//" table. */
static int long_name(const struct dwarf_archive *ar, const char *digits, struct ar_member *m)
{
	uint64_t off;
	const char *p = num_parse(digits, AR_NAME_SIZE - 1, 10, &off);

	if (p == digits || !ar->long_names || off >= ar->long_names_size)
		return -EINVAL;
	p = ar->long_names + off;
	m->name = p;
	while (p < ar->long_names + ar->long_names_size && *p != '\n' && *p != '/')
		p++;
	m->name_len = p - m->name;
	return 0;
}

/* Sets m's name from header name field @f (and, for BSD names, its data). */
static int member_name(const struct dwarf_archive *ar, const char *f, struct ar_member *m)
{
	uint64_t len;
	size_t n = AR_NAME_SIZE;

	if (f[0] == '/' && (f[1] == ' ' || !memcmp(f, "/SYM64/ ", 8) || f[1] == '/')) {
		m->is_special = true;
		return 0;
	}
	if (f[0] == '/')
		return long_name(ar, f + 1, m);
	if (!memcmp(f, "#1/", 3)) {
		const char *digits = f + 3, *end = f + AR_NAME_SIZE;
		bool neg;

		/* As strtoull() took them: spaces, then a sign, before the digits. */
		while (digits < end && isspace((unsigned char)*digits))
			digits++;
		neg = digits < end && *digits == '-';
		digits += digits < end && (*digits == '-' || *digits == '+');
		num_parse(digits, end - digits, 10, &len);
		if (neg)
			len = -len;
		if (!len || len > m->size)
			return -EINVAL;
		m->name = ar->map + m->data;
		m->name_len = strnlen(m->name, len);
		m->data += len;
		m->size -= len;
		return 0;
	}
	while (n && f[n - 1] == ' ')
		n--;
	if (n && f[n - 1] == '/')
		n--;
	m->name = f;
	m->name_len = n;
	return n ? 0 : -EINVAL;
}

/* The member at ar->pos; 1 past the last one, -EINVAL (reported) when corrupt. */
static int next_member(struct dwarf_archive *ar, struct ar_member *m)
{
	const char *hdr;

	ar->pos += ar->pos & 1;
	if (ar->pos >= ar->size)
		return 1;
	memset(m, 0, sizeof(*m));
	if (ar->size - ar->pos < AR_HDR_SIZE) {
		pr_err("%s: truncated archive: a member header ends past the end of the file",
		       ar->path);
		return -EINVAL;
	}
	hdr = ar->map + ar->pos;
	if (memcmp(hdr + AR_HDR_SIZE - 2, "`\n", 2) || parse_size(hdr + AR_SIZE_OFF, &m->size)) {
		pr_err("%s: corrupt archive: bad member header at offset %llu", ar->path,
		       (unsigned long long)ar->pos);
		return -EINVAL;
	}
	m->data = ar->pos + AR_HDR_SIZE;
	if (m->size > ar->size - m->data) {
		pr_err("%s: truncated archive: the member at offset %llu ends past the end of the file",
		       ar->path, (unsigned long long)ar->pos);
		return -EINVAL;
	}
	ar->pos = m->data + m->size;
	if (member_name(ar, hdr, m)) {
		pr_err("%s: corrupt archive: bad member name at offset %llu", ar->path,
		       (unsigned long long)(m->data - AR_HDR_SIZE));
		return -EINVAL;
	}
	/* BSD's symbol index, under a short or a "#1/N" name. */
	if (!m->is_special && m->name_len >= 9 && !memcmp(m->name, "__.SYMDEF", 9))
		m->is_special = true;
	if (m->is_special && hdr[0] == '/' && hdr[1] == '/') {
		ar->long_names = ar->map + m->data;
		ar->long_names_size = m->size;
	}
	return 0;
}

int dwarf_archive__open(const char *path, struct dwarf_archive **ret)
{
	struct dwarf_archive *ar;
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;
	struct stat st;
	void *map;

	*ret = NULL;
	if (fd < 0 || fstat(fd, &st) < 0) {
		err = -errno;
		pr_err("%s: %s", path, strerror(errno));
		goto out_close;
	}
	err = -EINVAL;
	map = st.st_size >= 8 ? mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, fd, 0) : MAP_FAILED;
	if (map == MAP_FAILED || memcmp(map, AR_MAGIC, 8)) {
		if (map != MAP_FAILED && !memcmp(map, AR_THIN_MAGIC, 8))
			pr_err("%s: thin archives are not supported: give their members", path);
		else
			pr_err("%s: not an ar archive", path);
		if (map != MAP_FAILED)
			munmap(map, st.st_size);
		goto out_close;
	}
	err = -ENOMEM;
	ar = calloc(1, sizeof(*ar));
	if (!ar) {
		munmap(map, st.st_size);
		goto out_close;
	}
	*ar = (struct dwarf_archive){ .path = path, .map = map, .size = st.st_size, .pos = 8 };
	*ret = ar;
	err = 0;
out_close:
	if (fd >= 0)
		close(fd);
	return err;
}

/* "archive(member)", malloc()ed; NULL when out of memory. */
static char *member_path(const struct dwarf_archive *ar, const struct ar_member *m)
{
	size_t len = strlen(ar->path) + m->name_len + 3;
	char *s = malloc(len);

	if (s)
		snprintf(s, len, "%s(%.*s)", ar->path, (int)m->name_len, m->name);
	return s;
}

/* Opens member @m; -ENODATA (not reported) when it has no DWARF. */
static int open_member(const struct dwarf_archive *ar, const struct ar_member *m,
		       struct dwarf_file **ret)
{
	char *name = member_path(ar, m);
	void *image = malloc(m->size ? m->size : 1);

	if (!name || !image) {
		free(name);
		free(image);
		return -ENOMEM;
	}
	memcpy(image, ar->map + m->data, m->size);
	return dwarf_file__open_image(name, image, m->size, ret);
}

int dwarf_archive__next(struct dwarf_archive *ar, struct dwarf_file **ret)
{
	struct ar_member m;
	int err;

	while (!(err = next_member(ar, &m))) {
		if (m.is_special)
			continue;
		err = open_member(ar, &m, ret);
		if (err == -ENODATA)
			continue;
		if (!err)
			ar->nr_dwarf++;
		return err;
	}
	if (err == 1 && !ar->nr_dwarf) {
		pr_err("%s: no DWARF debug information", ar->path);
		return -ENODATA;
	}
	return err;
}

void dwarf_archive__free(struct dwarf_archive *ar)
{
	if (!ar)
		return;
	munmap((void *)ar->map, ar->size);
	free(ar);
}
