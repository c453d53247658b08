// SPDX-License-Identifier: GPL-2.0-only
/*
 * elfcmp OLD NEW [SECTION...]: checks that NEW is OLD with only the named
 * sections replaced or added.
 *
 * - the ELF header is the same but for the section count and table offset;
 * - the program headers are the same, field for field;
 * - every section of OLD is in NEW at the same index with the same name,
 *   type, flags, address, link, info, alignment and entry size;
 * - its size and bytes are the same, except for the named sections, and
 *   for the section name table, which may only grow at its end;
 * - a section that lies before every named section in OLD keeps its file
 *   offset (only what follows a section that changed may move), and one
 *   that moved keeps its offset modulo its alignment;
 * - sections that NEW adds are named on the command line.
 *
 * Prints one line per difference and a summary. Exit status 0 when NEW is
 * as described, 1 when it is not, 2 for usage or unreadable files.
 */
#include <fcntl.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

struct elf_file {
	int		fd;
	Elf		*elf;
	GElf_Ehdr	ehdr;
	size_t		shnum, shstrndx, phnum;
};

static int nr_diffs;

static void __attribute__((format(printf, 1, 2))) diff(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	nr_diffs++;
}

static int elf_file_open(struct elf_file *f, const char *path)
{
	f->fd = open(path, O_RDONLY);
	if (f->fd < 0) {
		perror(path);
		return -1;
	}
	f->elf = elf_begin(f->fd, ELF_C_READ_MMAP, NULL);
	if (!f->elf || !gelf_getehdr(f->elf, &f->ehdr) || elf_getshdrnum(f->elf, &f->shnum) ||
	    elf_getshdrstrndx(f->elf, &f->shstrndx) || elf_getphdrnum(f->elf, &f->phnum)) {
		fprintf(stderr, "%s: %s\n", path, elf_errmsg(-1));
		return -1;
	}
	return 0;
}

static const char *sec_name(const struct elf_file *f, const GElf_Shdr *sh)
{
	const char *s = elf_strptr(f->elf, f->shstrndx, sh->sh_name);

	return s ? s : "?";
}

static bool is_named(const char *name, char **names, int nr)
{
	int i;

	for (i = 0; i < nr; i++)
		if (!strcmp(name, names[i]))
			return true;
	return false;
}

static void compare_ehdr(const struct elf_file *a, const struct elf_file *b)
{
	GElf_Ehdr x = a->ehdr, y = b->ehdr;

	if (a->ehdr.e_shoff % 4 != b->ehdr.e_shoff % 4 ||
	    (gelf_getclass(a->elf) == ELFCLASS64 && a->ehdr.e_shoff % 8 != b->ehdr.e_shoff % 8))
		diff("section header table: moved to an offset of another alignment");
	x.e_shoff = y.e_shoff = 0;
	x.e_shnum = y.e_shnum = 0;
	if (memcmp(&x, &y, sizeof(x)))
		diff("ELF header differs");
}

static void compare_phdrs(const struct elf_file *a, const struct elf_file *b)
{
	GElf_Phdr x, y;
	size_t i;

	if (a->phnum != b->phnum) {
		diff("program headers: count differs (%zu, %zu)", a->phnum, b->phnum);
		return;
	}
	for (i = 0; i < a->phnum; i++)
		if (!gelf_getphdr(a->elf, i, &x) || !gelf_getphdr(b->elf, i, &y) ||
		    memcmp(&x, &y, sizeof(x)))
			diff("program header %zu differs", i);
}

static Elf_Data *raw(const struct elf_file *f, size_t idx)
{
	return elf_rawdata(elf_getscn(f->elf, idx), NULL);
}

/* Bytes equal; for the name table, OLD's bytes a prefix of NEW's. */
static bool same_bytes(const struct elf_file *a, const struct elf_file *b, size_t idx,
		       const GElf_Shdr *x, const GElf_Shdr *y)
{
	bool names = idx == a->shstrndx;
	Elf_Data *p, *q;

	if (x->sh_type == SHT_NOBITS)
		return x->sh_size == y->sh_size;
	if (names ? x->sh_size > y->sh_size : x->sh_size != y->sh_size)
		return false;
	if (!x->sh_size)
		return true;
	p = raw(a, idx);
	q = raw(b, idx);
	return p && q && !memcmp(p->d_buf, q->d_buf, x->sh_size);
}

/*
 * The lowest file offset in OLD of what may change: a named section, the
 * name table when it grew, the section header table when sections were
 * added. Only what lies from there on may move.
 */
static uint64_t first_change(const struct elf_file *a, const struct elf_file *b, char **names,
			     int nr)
{
	uint64_t first = b->shnum > a->shnum ? a->ehdr.e_shoff : UINT64_MAX;
	GElf_Shdr sh, nsh;
	size_t i;

	for (i = 1; i < a->shnum; i++) {
		if (!gelf_getshdr(elf_getscn(a->elf, i), &sh))
			continue;
		if (is_named(sec_name(a, &sh), names, nr) ||
		    (i == a->shstrndx && gelf_getshdr(elf_getscn(b->elf, i), &nsh) &&
		     nsh.sh_size != sh.sh_size))
			if (sh.sh_offset < first)
				first = sh.sh_offset;
	}
	return first;
}

static void compare_section(const struct elf_file *a, const struct elf_file *b, size_t idx,
			    char **names, int nr, uint64_t first)
{
	GElf_Shdr x, y, xs, ys;
	const char *name;

	if (!gelf_getshdr(elf_getscn(a->elf, idx), &x) || !gelf_getshdr(elf_getscn(b->elf, idx), &y)) {
		diff("section %zu missing", idx);
		return;
	}
	name = sec_name(a, &x);
	if (strcmp(name, sec_name(b, &y)))
		diff("section %s (%zu): name differs", name, idx);
	xs = x;
	ys = y;
	xs.sh_offset = ys.sh_offset = xs.sh_size = ys.sh_size = 0;
	if (memcmp(&xs, &ys, sizeof(xs)))
		diff("section %s (%zu): type, flags, address, link, info or alignment differ",
		     name, idx);
	if (x.sh_offset < first && x.sh_offset != y.sh_offset)
		diff("section %s (%zu): moved, but nothing before it changed", name, idx);
	if (x.sh_type != SHT_NOBITS && x.sh_addralign > 1 &&
	    x.sh_offset % x.sh_addralign != y.sh_offset % x.sh_addralign)
		diff("section %s (%zu): moved to an offset of another alignment", name, idx);
	if (is_named(name, names, nr))
		return;
	if (!same_bytes(a, b, idx, &x, &y))
		diff("section %s (%zu): size or bytes differ", name, idx);
}

int main(int argc, char **argv)
{
	struct elf_file a, b;
	uint64_t first;
	GElf_Shdr sh;
	size_t i;

	if (argc < 3) {
		fprintf(stderr, "usage: elfcmp OLD NEW [SECTION...]\n");
		return 2;
	}
	elf_version(EV_CURRENT);
	if (elf_file_open(&a, argv[1]) || elf_file_open(&b, argv[2]))
		return 2;
	compare_ehdr(&a, &b);
	compare_phdrs(&a, &b);
	if (b.shnum < a.shnum)
		diff("sections: NEW has fewer (%zu, %zu)", a.shnum, b.shnum);
	first = first_change(&a, &b, argv + 3, argc - 3);
	for (i = 1; i < a.shnum && i < b.shnum; i++)
		compare_section(&a, &b, i, argv + 3, argc - 3, first);
	for (i = a.shnum; i < b.shnum; i++)
		if (!gelf_getshdr(elf_getscn(b.elf, i), &sh) ||
		    !is_named(sec_name(&b, &sh), argv + 3, argc - 3))
			diff("section %s (%zu): added but not named", sec_name(&b, &sh), i);
	printf("%zu sections, %zu program headers compared, %zu added: %d difference%s\n",
	       a.shnum, a.phnum, b.shnum > a.shnum ? b.shnum - a.shnum : 0, nr_diffs,
	       nr_diffs == 1 ? "" : "s");
	return nr_diffs ? 1 : 0;
}
