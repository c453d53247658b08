// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: codiff's BTF path. An input is two BTF blobs: its
 * first two bytes (little endian) give the length of the old one, which
 * follows; the new one is the rest. Each is written to a memory file and
 * loaded as `codiff -F btf OLD NEW` would; when both load, they are
 * compared with the options the third byte's bits pick (-s, -f, -t, -V,
 * -q), the text going to a sink, and then each with itself (which must
 * print nothing). A crash, a hang, a leak or a sanitizer report is a bug.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "btf_loader.h"
#include "codiff_diff.h"
#include "log.h"

static FILE *sink;

/* Loads @size bytes at @data as a BTF file; 0 and the CU in *ret, or -errno. */
static int load_blob(const uint8_t *data, size_t size, struct cu **ret)
{
	const struct btf_loader_opts opts = { .cacheline_size = 64 };
	int fd = memfd_create("fuzz_codiff", MFD_CLOEXEC), err;
	char path[64];

	if (fd < 0)
		abort();
	if (size && write(fd, data, size) != (ssize_t)size)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", fd);
	err = btf_loader__load(path, NULL, &opts, ret);
	close(fd);
	return err;
}

static void compare(struct cu *a, struct cu *b, const struct codiff_opts *o, FILE *fp)
{
	const struct codiff_input old = { .path = "old", .cus = &a, .nr_cus = 1, .is_btf = true };
	const struct codiff_input new = { .path = "new", .cus = &b, .nr_cus = 1, .is_btf = true };

	codiff__run(&old, &new, o, fp);
}

/* Comparing a build with itself prints nothing. */
static void compare_same(struct cu *cu, const struct codiff_opts *o)
{
	char *text = NULL;
	size_t len = 0;
	FILE *mem = open_memstream(&text, &len);

	if (!mem)
		abort();
	compare(cu, cu, o, mem);
	fclose(mem);
	if (len)
		abort();
	free(text);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	sink = fuzz_quiet();
	log__set_program("codiff");
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct cu *a = NULL, *b = NULL;
	struct codiff_opts o;
	size_t split;
	uint8_t bits;

	if (size < 3)
		return 0;
	split = (size_t)data[0] | (size_t)data[1] << 8;
	bits = data[2];
	data += 3;
	size -= 3;
	if (split > size)
		split = size;
	o = (struct codiff_opts){
		.structs = bits & 1, .functions = bits & 2, .terse = bits & 4,
		.verbose = bits & 8, .quiet = bits & 16,
	};
	if (!load_blob(data, split, &a) && !load_blob(data + split, size - split, &b)) {
		compare(a, b, &o, sink);
		compare(b, a, &o, sink);
		compare_same(a, &o);
	}
	cu__free(a);
	cu__free(b);
	return 0;
}
