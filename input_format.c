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
	if (has_btf(path)) {
		*ret = INPUT_BTF;
		return 0;
	}
	pr_err("%s: no DWARF or BTF debugging information", path);
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
