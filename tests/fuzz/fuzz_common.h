/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_FUZZ_COMMON_H
#define PAHOLE_FUZZ_COMMON_H
/*
 * What the libFuzzer harnesses share: a quiet start, an input as a file,
 * and pahole -J's encoding of a DWARF file (the output path cannot be
 * written, so everything but the write runs).
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "btf_encoder.h"
#include "dwarf_loader.h"
#include "elf_symtab.h"
#include "log.h"

/* libFuzzer's entry points. */
int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Our messages and printouts go to a sink; sanitizer and libFuzzer reports to descriptor 2. */
static inline FILE *fuzz_quiet(void)
{
	FILE *sink = fopen("/dev/null", "w");

	if (!sink)
		abort();
	stdout = stderr = sink;
	log__set_level(LOG_DEBUG);
	log__hook_libbpf();
	return sink;
}

/* @data as a memory file named /proc/self/fd/N in @path (64 bytes); its descriptor. */
static inline int fuzz_memfd(const char *name, const uint8_t *data, size_t size, char *path)
{
	int fd = memfd_create(name, MFD_CLOEXEC);

	if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size))
		abort();
	snprintf(path, 64, "/proc/self/fd/%d", fd);
	return fd;
}

static inline int fuzz_encode_cu(struct cu *cu, void *ctx)
{
	int err = btf_encoder__add_cu(ctx, cu);

	cu__free(cu);
	return err;
}

/* What `pahole -J` with the kernel's features does with @df, functions included. */
static inline void fuzz_encode(const char *path, struct dwarf_file *df)
{
	const struct dwarf_loader_opts lopts = {
		.type_tags = true, .decl_tags = true, .param_locations = true, .jobs = 1,
	};
	struct btf_encoder_opts eopts = {
		.in_path = path, .out_path = "/nonexistent/out.btf",
		.gen_floats = true, .enum64 = true, .percpu_vars = true, .encode_force = true,
		.decl_tags = true, .consistent_func = true,
	};
	struct btf_encoder *encoder;
	struct elf_symtab *symtab = NULL;

	if (btf_encoder__new(&eopts, NULL, dwarf_file__is_big_endian(df), &encoder))
		return;
	/* Without a symbol table, the types alone, as the encoder allows. */
	if ((elf_symtab__new(dwarf_file__elf(df), &symtab) ||
	     !btf_encoder__add_file(encoder, symtab)) &&
	    !dwarf_loader__load(df, &lopts, fuzz_encode_cu, encoder))
		btf_encoder__finish(encoder);	/* functions, dedup; the write fails */
	btf_encoder__free(encoder);
}

/* fuzz_encode() of the file at @path, opened and freed here. */
static inline void fuzz_encode_path(const char *path)
{
	struct dwarf_file *df;

	if (dwarf_file__open(path, &df))
		return;
	fuzz_encode(path, df);
	dwarf_file__free(df);
}

#endif
