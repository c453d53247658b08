// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the DWARF loader and the BTF encoder on the bytes of
 * an ELF file. Each input is written to a memory file and goes through what
 * `pahole -J` does with a file: dwarf_file__open(), the symbol table,
 * dwarf_loader__load() with functions, btf_encoder__add_cu() for every CU,
 * function selection and dedup (the output path cannot be written); then
 * the loading the layout printer asks for. An input that starts like an ar
 * archive goes member by member through the same, as pahole reads one. A
 * crash, a hang, a leak or a sanitizer report is a bug; an error return is
 * the expected end for most inputs.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "btf_encoder.h"
#include "dwarf_archive.h"
#include "dwarf_loader.h"
#include "elf_symtab.h"
#include "log.h"

static int free_cu(struct cu *cu, void *ctx)
{
	cu__free(cu);
	return 0;
}

/* What the layout printer has the loader read on top. */
static void run_print_load(struct dwarf_file *df)
{
	const struct dwarf_loader_opts lopts = {
		.type_tags = true, .for_printing = true, .decl_info = true, .jobs = 1,
	};

	dwarf_loader__load(df, &lopts, free_cu, NULL);
}

static void run_file(const char *path, struct dwarf_file *df)
{
	fuzz_encode(path, df);
	run_print_load(df);
	dwarf_file__free(df);
}

static void run(const char *path)
{
	struct dwarf_archive *ar;
	struct dwarf_file *df;

	if (!dwarf_archive__is_archive(path)) {
		if (!dwarf_file__open(path, &df))
			run_file(path, df);
		return;
	}
	if (dwarf_archive__open(path, &ar))
		return;
	while (!dwarf_archive__next(ar, &df))
		run_file(path, df);
	dwarf_archive__free(ar);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = fuzz_memfd("fuzz_dwarf", data, size, path);

	run(path);
	close(fd);
	return 0;
}
