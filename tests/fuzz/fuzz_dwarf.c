// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the DWARF loader and the BTF encoder on the bytes of
 * an ELF file. Each input is written to a memory file and goes through what
 * `pahole -J` does with a file, up to (not including) dedup and output:
 * dwarf_file__open(), dwarf_loader__load() and btf_encoder__add_cu() for
 * every CU. A crash, a hang, a leak or a sanitizer report is a bug; an error
 * return is the expected end for most inputs.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "btf_encoder.h"
#include "dwarf_loader.h"
#include "log.h"

static int encode_cu(struct cu *cu, void *ctx)
{
	int err = btf_encoder__add_cu(ctx, cu);

	cu__free(cu);
	return err;
}

static void run(const char *path)
{
	const struct dwarf_loader_opts lopts = { .type_tags = true, .jobs = 1 };
	struct btf_encoder_opts eopts = {
		.in_path = path, .out_path = "/nonexistent/out.btf",
		.gen_floats = true, .enum64 = true,
	};
	struct btf_encoder *encoder;
	struct dwarf_file *df;

	if (dwarf_file__open(path, &df))
		return;
	eopts.big_endian = dwarf_file__is_big_endian(df);
	if (!btf_encoder__new(&eopts, NULL, &encoder)) {
		dwarf_loader__load(df, &lopts, encode_cu, encoder);
		btf_encoder__free(encoder);
	}
	dwarf_file__free(df);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	/*
	 * Our messages go to a sink; sanitizer and libFuzzer reports are
	 * written to file descriptor 2, which stays open.
	 */
	FILE *sink = fopen("/dev/null", "w");

	if (sink)
		stderr = sink;
	log__set_level(LOG_DEBUG);
	log__hook_libbpf();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = memfd_create("fuzz_dwarf", MFD_CLOEXEC);

	if (fd < 0)
		abort();
	if (size && write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	run(path);
	close(fd);
	return 0;
}
