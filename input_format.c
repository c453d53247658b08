// SPDX-License-Identifier: GPL-2.0-only
/* The debugging format of an input file (input_format.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "btf_loader.h"
#include "dwarf_loader.h"
#include "input_format.h"
#include "log.h"
#include "running_kernel.h"

int input_format__probe(const char *path, enum input_format *ret)
{
	int err = -dwarf_file__path_error(path);

	if (err) {
		pr_err("%s: %s", path, strerror(-err));
		return err;
	}
	/* A damaged ELF file says how, in the words of every program. */
	err = dwarf_file__check_elf(path);
	if (err)
		return err;
	err = dwarf_file__path_has_dwarf(path);
	if (err < 0)
		return err;
	if (err) {
		*ret = INPUT_DWARF;
		return 0;
	}
	err = btf_loader__probe(path);
	if (!err) {
		*ret = INPUT_BTF;
		return 0;
	}
	if (err == -ENODATA)
		pr_err("%s: no DWARF or BTF debugging information", path);
	return err;
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
