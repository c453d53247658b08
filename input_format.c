// SPDX-License-Identifier: GPL-2.0-only
/* The debugging format of an input file (input_format.h). */
#include <errno.h>
#include <stdlib.h>
#include <fcntl.h>
#include <gelf.h>
#include <string.h>
#include <unistd.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

#include "dwarf_loader.h"
#include "input_format.h"
#include "log.h"
#include "running_kernel.h"

/* Whether libbpf parses @path as BTF; its own messages are dropped. */
static bool has_btf(const char *path)
{
	struct log_buf libbpf_log = { 0 };
	struct btf *btf;

	log__capture(&libbpf_log);
	btf = btf__parse(path, NULL);
	log__capture(NULL);
	log_buf__release(&libbpf_log);
	if (libbpf_get_error(btf))
		return false;
	btf__free(btf);
	return true;
}

/*
 * Why a file that says it is ELF cannot be read as one (cut short, say), or
 * NULL: not ELF, or readable. @fd is read from the start.
 */
static const char *elf_problem(int fd)
{
	char magic[SELFMAG];
	const char *why = NULL;
	GElf_Ehdr ehdr;
	GElf_Shdr shdr;
	size_t nr;
	Elf *elf;

	if (pread(fd, magic, SELFMAG, 0) != SELFMAG || memcmp(magic, ELFMAG, SELFMAG))
		return NULL;
	elf_version(EV_CURRENT);
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (!elf || elf_kind(elf) != ELF_K_ELF || !gelf_getehdr(elf, &ehdr) ||
	    elf_getshdrnum(elf, &nr) || (nr > 1 && !gelf_getshdr(elf_getscn(elf, nr - 1), &shdr)))
		why = elf_errmsg(-1) ?: "malformed ELF header";
	else if (ehdr.e_shoff && !nr)
		/* libelf's answer to a section table past the end: no sections */
		why = "the section headers are past the end of the file";
	elf_end(elf);
	return why;
}

int input_format__probe(const char *path, enum input_format *ret)
{
	const char *why;
	int err;

	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0) {
		err = -errno;
		pr_err("%s: %s", path, strerror(errno));
		return err;
	}
	/* libelf says "invalid operand", or nothing, where it could not allocate. */
	errno = 0;
	why = elf_problem(fd);
	err = why && errno == ENOMEM ? -ENOMEM : -EINVAL;
	close(fd);
	if (why) {
		if (err == -ENOMEM)
			pr_err("%s: out of memory", path);
		else
			pr_err("%s: cannot read ELF: %s", path, why);
		return err;
	}
	err = dwarf_file__path_has_dwarf(path);
	if (err < 0)
		return err;
	if (err) {
		*ret = INPUT_DWARF;
		return 0;
	}
	if (has_btf(path)) {
		*ret = INPUT_BTF;
		return 0;
	}
	pr_err("%s: No debugging information found", path);
	return -ENODATA;
}

int input_format__default_file(char **ret)
{
	char *path = access(INPUT_KERNEL_BTF, R_OK) ? running_kernel__find_vmlinux() :
		     strdup(INPUT_KERNEL_BTF);

	if (!path) {
		pr_err("no file given, and neither %s nor the running kernel's vmlinux can be read",
		       INPUT_KERNEL_BTF);
		return -ENOENT;
	}
	*ret = path;
	return 0;
}
