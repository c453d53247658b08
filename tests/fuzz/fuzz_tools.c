// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the other programs' jobs on the bytes of a file
 * (DWARF in an ELF file or an ar archive, or BTF), each as its program
 * runs it on one file, the text going to a sink: pdwtags (-V when the
 * input's length is odd), pglobal -v and pglobal -f, prefcnt's reading
 * (DWARF with the function bodies, or BTF, by the format it probes),
 * dtagnames, and scncopy's section copier into a memory file (all
 * sections, or with an odd length .BTF and the .debug_ ones). The
 * programs' main() are not linked: these are their library calls. A crash,
 * a hang, a leak or a sanitizer report is a bug.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include <gelf.h>

#include "fuzz_common.h"
#include "btf_loader.h"
#include "dtag_btf.h"
#include "dtag_dwarf.h"
#include "dwarf_loader.h"
#include "elf_scn_copy.h"
#include "input_format.h"
#include "log.h"
#include "pdwtags_print.h"
#include "pglobal_print.h"

static FILE *sink;
static int copy_fd;

static void run_pdwtags(char *path, bool verbose)
{
	const struct pdwtags_opts o = { .decl_info = verbose, .cacheline_size = 64 };

	pdwtags__run(&o, &path, 1);
}

static void run_pglobal(char *path, enum pglobal_walk walk)
{
	const struct pglobal_opts o = { .walk = walk, .cacheline_size = 64 };

	pglobal__run(&o, &path, 1);
}

static int free_cu(struct cu *cu, void *ctx)
{
	cu__free(cu);
	return 0;
}

/* What prefcnt reads of a file: it prints nothing of it (prefcnt.c). */
static void run_prefcnt(const char *path, enum input_format fmt)
{
	const struct dwarf_loader_opts lo = { .fn_bodies = true };
	const struct btf_loader_opts bo = { .cacheline_size = 64 };
	struct dwarf_file *df;
	struct cu *cu;

	if (fmt == INPUT_BTF) {
		if (!btf_loader__load(path, NULL, &bo, &cu))
			cu__free(cu);
		return;
	}
	if (dwarf_file__open(path, &df))
		return;
	dwarf_loader__load(df, &lo, free_cu, NULL);
	dwarf_file__free(df);
}

static void run_dtagnames(const char *path, enum input_format fmt)
{
	struct dwarf_file *df;

	if (fmt == INPUT_BTF) {
		dtag_btf__print(path, sink);
		return;
	}
	if (dwarf_file__open(path, &df))
		return;
	dtag_dwarf__print(df, sink);
	dwarf_file__free(df);
}

static bool pick_all(const char *name, void *arg)
{
	return true;
}

static bool pick_debug(const char *name, void *arg)
{
	return !strcmp(name, ".BTF") || !strncmp(name, ".debug_", 7);
}

/* scncopy -a (or -s for the debugging sections) into a memory file. */
static void run_scncopy(int fd, bool debug_only)
{
	const char *why;
	Elf *elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);

	if (elf && elf_kind(elf) == ELF_K_ELF) {
		if (ftruncate(copy_fd, 0) || lseek(copy_fd, 0, SEEK_SET))
			abort();
		elf_scn_copy__write(elf, copy_fd, debug_only ? pick_debug : pick_all, NULL, &why);
	}
	elf_end(elf);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	sink = fuzz_quiet();
	copy_fd = memfd_create("fuzz_tools_copy", MFD_CLOEXEC);
	if (copy_fd < 0)
		abort();
	elf_version(EV_CURRENT);
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	enum input_format fmt;
	char path[64];
	int fd = fuzz_memfd("fuzz_tools", data, size, path);
	bool odd = size & 1;

	run_pdwtags(path, odd);
	run_pglobal(path, PG_WALK_VARIABLES);
	run_pglobal(path, PG_WALK_FUNCTIONS);
	if (!input_format__probe(path, &fmt)) {
		run_prefcnt(path, fmt);
		run_dtagnames(path, fmt);
	}
	run_scncopy(fd, odd);
	close(fd);
	return 0;
}
