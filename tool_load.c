// SPDX-License-Identifier: GPL-2.0-only
/*
 * A file's CUs in the order of -F's formats (tool_load.h): DWARF (an ar
 * archive member by member) or BTF.
 */
#include <errno.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "dwarf_archive.h"
#include "elf_symtab.h"
#include "log.h"
#include "tool_load.h"

/*
 * Loads the CUs of @df; keeps it when the tool asked for it, else closes
 * it. The room to keep it is made first: kept CUs borrow its names, so it
 * must not be closed for want of memory afterwards.
 */
static int load_dwarf_file(struct tool_load *l, struct dwarf_file *df)
{
	uint32_t kept = l->kept_cus ? *l->kept_cus : 0;
	int err = dw_ensure_cap(&l->files, &l->files_cap, sizeof(*l->files), l->nr_files + 1);

	if (err) {
		pr_err("%s: out of memory", dwarf_file__path(df));
		dwarf_file__free(df);
		return err;
	}
	err = dwarf_loader__load(df, &l->dwarf, l->handle_cu, l->ctx);
	if (l->keep_files || (l->kept_cus && *l->kept_cus != kept))
		l->files[l->nr_files++] = df;
	else
		dwarf_file__free(df);
	return err;
}

static int load_dwarf(struct tool_load *l, const char *path)
{
	struct dwarf_file *df;
	int err = dwarf_file__open(path, &df);

	if (err)
		return err == -ENODATA ? -EINVAL : err;
	return load_dwarf_file(l, df);
}

static int load_archive(struct tool_load *l, const char *path)
{
	struct dwarf_archive *ar;
	struct dwarf_file *df;
	int err = dwarf_archive__open(path, &ar);

	while (!err && !(err = dwarf_archive__next(ar, &df)))
		err = load_dwarf_file(l, df);
	dwarf_archive__free(ar);
	if (err == -ENODATA)
		return -EINVAL;
	return err == 1 ? 0 : err;
}

/*
 * Whether @path may hold BTF: a raw BTF file (its magic, either byte
 * order) or an ELF file with a .BTF section. Asked before libbpf is, so
 * that a file with neither gets our one line, not libbpf's too.
 */
static bool may_have_btf(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	unsigned char magic[4] = { 0 };
	bool found = false;
	GElf_Shdr shdr;
	Elf *elf;

	if (fd < 0)
		return false;
	if (pread(fd, magic, sizeof(magic), 0) == (ssize_t)sizeof(magic)) {
		if ((magic[0] == 0x9f && magic[1] == 0xeb) || (magic[0] == 0xeb && magic[1] == 0x9f)) {
			found = true;
		} else if (!memcmp(magic, ELFMAG, SELFMAG)) {
			elf_version(EV_CURRENT);
			elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
			found = elf && elf_section_next(elf, NULL, ".BTF", &shdr);
			elf_end(elf);
		}
	}
	close(fd);
	return found;
}

int tool_load__btf(struct tool_load *l, const char *path)
{
	struct cu *cu;
	int err = btf_loader__load(path, l->base, &l->btf, &cu);

	if (err)
		return err;
	l->is_btf = true;
	err = l->handle_cu(cu, l->ctx);
	l->is_btf = false;
	return err;
}

/* Whether the @len bytes at @name are the format @format. */
static bool is_format(bool match_case, const char *name, size_t len, const char *format)
{
	if (len != strlen(format))
		return false;
	return match_case ? !strncmp(name, format, len) : !strncasecmp(name, format, len);
}

bool tool_load__next_format(const char **list, bool match_case, enum tool_format *format,
			    const char **name, size_t *len)
{
	const char *s = *list;

	if (!*s)
		return false;
	*name = s;
	*len = strcspn(s, ",");
	*format = is_format(match_case, s, *len, "dwarf") ? TOOL_FORMAT_DWARF :
		  is_format(match_case, s, *len, "btf") ? TOOL_FORMAT_BTF : TOOL_FORMAT_OTHER;
	*list = s + *len + (s[*len] == ',');
	return true;
}

static const char *formats_of(const struct tool_load *l)
{
	return l->format_path ?: l->default_formats ?: "dwarf,btf";
}

bool tool_load__names_unknown(const struct tool_load *l)
{
	const char *formats = formats_of(l), *name;
	enum tool_format format;
	size_t len;

	while (tool_load__next_format(&formats, l->match_case, &format, &name, &len))
		if (format == TOOL_FORMAT_OTHER)
			return true;
	return false;
}

int tool_load__file(struct tool_load *l, const char *path)
{
	const char *formats = formats_of(l), *name;
	enum tool_format format;
	size_t len;
	/* A damaged ELF file says how, whatever the format asked for. */
	int err = dwarf_file__check_elf(path);

	if (err)
		return err;
	while (tool_load__next_format(&formats, l->match_case, &format, &name, &len)) {
		err = -ENODATA;
		if (format == TOOL_FORMAT_DWARF) {
			if (dwarf_archive__is_archive(path))
				return load_archive(l, path);
			err = dwarf_file__path_has_dwarf(path);
			if (err)
				return err < 0 ? err : load_dwarf(l, path);
			err = -ENODATA;
		} else if (format == TOOL_FORMAT_BTF) {
			if (may_have_btf(path))
				err = tool_load__btf(l, path);
		}
		if (err != -ENODATA)
			return err;
	}
	return -ENODATA;
}

void tool_load__report_none(const char *path, const char *format_path)
{
	pr_err("%s: no %s debugging information", path, format_path ?: "DWARF or BTF");
}

int tool_load__files(struct tool_load *l, char *const *files, int nr)
{
	int i, err;

	for (i = 0; i < nr; i++) {
		int why = dwarf_file__path_error(files[i]);

		if (why) {
			pr_err("%s: %s", files[i], strerror(why));
			return 1;
		}
		err = tool_load__file(l, files[i]);
		if (err == TOOL_LOAD_STOP)
			return 0;
		if (err == -ENODATA) {
			tool_load__report_none(files[i], l->format_path);
			return 1;
		}
		/* Where an allocation failed, the module that saw it may have said nothing. */
		if (err == -ENOMEM && !log__has_errors())
			pr_err("%s: out of memory", files[i]);
		if (err)
			return 1;
	}
	return 0;
}

const char *tool_load__kernel_btf(const char *format_path)
{
	const char *path = getenv("PAHOLE_VMLINUX_BTF_FILENAME");

	if (format_path && !strstr(format_path, "btf"))
		return NULL;
	if (!path)
		path = "/sys/kernel/btf/vmlinux";
	return access(path, R_OK) ? NULL : path;
}

void tool_load__release(struct tool_load *l)
{
	uint32_t i;

	for (i = 0; i < l->nr_files; i++)
		dwarf_file__free(l->files[i]);
	free(l->files);
	l->files = NULL;
	l->nr_files = l->files_cap = 0;
}
