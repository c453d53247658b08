// SPDX-License-Identifier: GPL-2.0-only
/* Sections of one ELF file copied into a new one (elf_scn_copy.h). */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "elf_scn_copy.h"

struct copy {
	Elf		*in, *out;
	size_t		in_shstrndx;
	size_t		nr_in;		/* sections of the input, 0 included */
	size_t		*new_index;	/* owned: by input index, the copy's; 0: not copied */
	char		*names;		/* owned: the new .shstrtab */
	size_t		names_len;
	size_t		in_size;	/* of the input file */
	const char	*why;		/* static text: what is wrong with the input, or NULL */
};

/* The largest alignment a section may have in an input smaller than it: a page of 64 KiB. */
static const uint64_t MAX_SMALL_FILE_ALIGN = 64 * 1024;

/* Appends @name to the new name table; its offset. -1 without memory. */
static long add_name(struct copy *c, const char *name)
{
	size_t len = strlen(name) + 1;
	char *p = realloc(c->names, c->names_len + len);
	long off = (long)c->names_len;

	if (!p)
		return -1;
	memcpy(p + c->names_len, name, len);
	c->names = p;
	c->names_len += len;
	return off;
}

/* Numbers the sections to copy, in input order, from 1. */
static int number_sections(struct copy *c, elf_scn_pick_fn pick, void *arg)
{
	size_t i, next = 1;
	const char *name;
	GElf_Shdr shdr;
	Elf_Scn *scn;

	for (i = 1; i < c->nr_in; i++) {
		scn = elf_getscn(c->in, i);
		if (!scn || !gelf_getshdr(scn, &shdr))
			return -EINVAL;
		name = elf_strptr(c->in, c->in_shstrndx, shdr.sh_name);
		if (i != c->in_shstrndx && name && pick(name, arg))
			c->new_index[i] = next++;
	}
	return 0;
}

/*
 * A new section of the copy, or NULL. elfutils (0.188) returns a section
 * without a header where it cannot allocate one (elf_newscn(): ENOMEM set,
 * the section given all the same), on which the next call crashes.
 */
static Elf_Scn *new_section(struct copy *c)
{
	Elf_Scn *scn;

	errno = 0;
	scn = elf_newscn(c->out);
	return errno == ENOMEM ? NULL : scn;
}

static size_t remap(const struct copy *c, size_t old)
{
	return old < c->nr_in ? c->new_index[old] : 0;
}

/* One section's header and bytes into the copy. */
static int copy_section(struct copy *c, size_t i)
{
	Elf_Scn *scn = elf_getscn(c->in, i), *out = new_section(c);
	Elf_Data *raw, *data;
	GElf_Shdr shdr;
	long name;

	if (!scn || !out || !gelf_getshdr(scn, &shdr))
		return -EINVAL;
	/*
	 * libelf lays the copy out at each section's alignment, padding
	 * written: a fuzzed 2^35 made a file of 32 GB. gABI allows powers of
	 * two only; one bigger than the input (and a page) is no real file's.
	 */
	if ((shdr.sh_addralign & (shdr.sh_addralign - 1)) ||
	    (shdr.sh_addralign > c->in_size && shdr.sh_addralign > MAX_SMALL_FILE_ALIGN)) {
		c->why = "bad section alignment";
		return -EINVAL;
	}
	name = add_name(c, elf_strptr(c->in, c->in_shstrndx, shdr.sh_name));
	if (name < 0)
		return -ENOMEM;
	shdr.sh_name = (GElf_Word)name;
	shdr.sh_link = (GElf_Word)remap(c, shdr.sh_link);
	if (shdr.sh_type == SHT_REL || shdr.sh_type == SHT_RELA || (shdr.sh_flags & SHF_INFO_LINK))
		shdr.sh_info = (GElf_Word)remap(c, shdr.sh_info);
	data = elf_newdata(out);
	if (!data)
		return -EINVAL;
	/* the bytes as stored: libelf converts nothing of type ELF_T_BYTE */
	data->d_type = ELF_T_BYTE;
	data->d_size = shdr.sh_size;
	data->d_align = shdr.sh_addralign ? shdr.sh_addralign : 1;
	if (shdr.sh_type != SHT_NOBITS) {
		raw = elf_rawdata(scn, NULL);
		if (!raw || raw->d_size != shdr.sh_size)
			return -EINVAL;
		data->d_buf = raw->d_buf;
	}
	return gelf_update_shdr(out, &shdr) ? 0 : -EINVAL;
}

/* The new .shstrtab, last; the header points at it. */
static int add_name_table(struct copy *c, GElf_Ehdr *ehdr)
{
	Elf_Scn *out = new_section(c), *zero;
	long name = add_name(c, ".shstrtab");
	GElf_Shdr shdr = { .sh_type = SHT_STRTAB, .sh_addralign = 1 }, zshdr;
	Elf_Data *data;
	size_t index;

	if (name < 0)
		return -ENOMEM;
	if (!out || !(data = elf_newdata(out)))
		return -EINVAL;
	data->d_type = ELF_T_BYTE;
	data->d_buf = c->names;
	data->d_size = c->names_len;
	data->d_align = 1;
	shdr.sh_name = (GElf_Word)name;
	shdr.sh_size = c->names_len;
	index = elf_ndxscn(out);
	if (!gelf_update_shdr(out, &shdr))
		return -EINVAL;
	if (index < SHN_LORESERVE) {
		ehdr->e_shstrndx = (GElf_Half)index;
		return 0;
	}
	/* too many sections for the header's field: section 0 holds it (gABI) */
	ehdr->e_shstrndx = SHN_XINDEX;
	zero = elf_getscn(c->out, 0);
	if (!zero || !gelf_getshdr(zero, &zshdr))
		return -EINVAL;
	zshdr.sh_link = (GElf_Word)index;
	return gelf_update_shdr(zero, &zshdr) ? 0 : -EINVAL;
}

static int write_copy(struct copy *c, elf_scn_pick_fn pick, void *arg)
{
	GElf_Ehdr in_ehdr, ehdr;
	size_t i;
	int err;

	if (!gelf_getehdr(c->in, &in_ehdr) || !gelf_newehdr(c->out, gelf_getclass(c->in)) ||
	    !gelf_getehdr(c->out, &ehdr))
		return -EINVAL;
	memcpy(ehdr.e_ident, in_ehdr.e_ident, EI_NIDENT);
	ehdr.e_type = in_ehdr.e_type;
	ehdr.e_machine = in_ehdr.e_machine;
	ehdr.e_version = in_ehdr.e_version;
	ehdr.e_entry = in_ehdr.e_entry;
	ehdr.e_flags = in_ehdr.e_flags;
	err = number_sections(c, pick, arg) ?: add_name(c, "") < 0 ? -ENOMEM : 0;
	for (i = 1; i < c->nr_in && !err; i++)
		if (c->new_index[i])
			err = copy_section(c, i);
	err = err ?: add_name_table(c, &ehdr);
	if (err)
		return err;
	if (!gelf_update_ehdr(c->out, &ehdr))
		return -EINVAL;
	/* libelf's "cannot write data to file" has the reason in errno */
	errno = 0;
	if (elf_update(c->out, ELF_C_WRITE) < 0)
		return errno ? -errno : -EINVAL;
	return 0;
}

int elf_scn_copy__write(Elf *in, int fd, elf_scn_pick_fn pick, void *arg, const char **why)
{
	struct copy c = { .in = in };
	int err = -EINVAL;

	*why = NULL;
	/* libelf's out of memory has other words ("invalid operand"): errno tells */
	errno = 0;
	if (elf_getshdrnum(in, &c.nr_in) || elf_getshdrstrndx(in, &c.in_shstrndx) ||
	    !elf_rawfile(in, &c.in_size))
		goto out;
	err = -ENOMEM;
	c.new_index = calloc(c.nr_in ? c.nr_in : 1, sizeof(*c.new_index));
	if (!c.new_index)
		goto out;
	c.out = elf_begin(fd, ELF_C_WRITE, NULL);
	err = c.out ? write_copy(&c, pick, arg) : -EINVAL;
out:
	if (err == -EINVAL && errno == ENOMEM)
		err = -ENOMEM;
	if (err == -EINVAL)
		*why = c.why ?: elf_errmsg(-1) ?: "malformed section table";
	elf_end(c.out);
	free(c.new_index);
	free(c.names);
	return err;
}
