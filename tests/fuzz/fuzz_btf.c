// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the BTF loader and the layout printer on raw bytes.
 * Each input is written to a memory file and loaded as `pahole -F btf FILE`
 * would; when it loads, every struct, union, enum and typedef is printed
 * (to a sink) with expanded types, as -E prints them. A crash, a hang, a
 * leak or a sanitizer report is a bug; an error return is the expected end
 * for most inputs.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "btf_loader.h"
#include "dwarves_fprintf.h"
#include "dwarves_layout.h"
#include "log.h"

static FILE *sink;

static bool is_printable(const struct type *t)
{
	return t->kind == TK_STRUCT || t->kind == TK_UNION || t->kind == TK_ENUM ||
	       t->kind == TK_TYPEDEF;
}

static void print_all(const struct cu *cu, bool expand)
{
	const struct layout_opts lo = { 0 };
	const struct fprintf_opts fo = { .cacheline_size = 64, .expand_types = expand };
	const struct print_top top = { 0 };
	struct layout *layout = layout__new(cu, &lo);
	struct printer *p = layout ? printer__new(cu, layout, &fo) : NULL;
	uint32_t id;

	for (id = 1; p && id < cu->nr_types; id++)
		if (is_printable(cu__type(cu, id)))
			printer__print_type(p, id, &top, sink);
	printer__free(p);
	layout__free(layout);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	sink = fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct btf_loader_opts opts = { .cacheline_size = 64 };
	struct cu *cu;
	char path[64];
	int fd = fuzz_memfd("fuzz_btf", data, size, path);

	if (!btf_loader__load(path, NULL, &opts, &cu)) {
		print_all(cu, size % 2);
		cu__free(cu);
	}
	close(fd);
	return 0;
}
