// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: split DWARF with type units (-gsplit-dwarf
 * -fdebug-types-section), two files from one input. Its first four bytes
 * (little endian) give the length of the skeleton object, which follows;
 * the rest is its split file. The two are written to a directory of the
 * harness's own as fuzz.o and fuzz.dwo, the name the seeds' skeletons give
 * in DW_AT_dwo_name (libdw looks there first, beside the skeleton), and
 * the skeleton goes through what pahole does with a file: `pahole -J`
 * (loading, encoding, dedup; the output cannot be written), then the
 * layout printer (`pahole -F dwarf`, the text to a sink). A crash, a hang,
 * a leak or a sanitizer report is a bug; an error return is the expected
 * end for most inputs.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "btf_encoder.h"
#include "dwarf_loader.h"
#include "elf_symtab.h"
#include "log.h"
#include "pahole_print.h"

static char dir[] = "/tmp/fuzz_split.XXXXXX";
static char skeleton_path[64], dwo_path[64];

/* `pahole -F dwarf --show_private_classes -E FILE`: every type's layout, expanded. */
static void run_print(void)
{
	const struct dwarf_loader_opts lopts = { .jobs = 1 };
	const struct print_job_opts popts = {
		.format_path = "dwarf", .separator = '\t', .padding = -1, .padding_ge = -1,
		.show_private_classes = true, .loader = &lopts,
		.fprintf = { .cacheline_size = 64, .expand_types = true,
			     .show_only_data_members = true },
	};
	char *files[] = { skeleton_path };

	print_job__run(&popts, files, 1);
}

static void put_file(const char *path, const uint8_t *data, size_t size)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);

	if (fd < 0)
		abort();
	if (size && write(fd, data, size) != (ssize_t)size)
		abort();
	close(fd);
}

static void remove_dir(void)
{
	unlink(skeleton_path);
	unlink(dwo_path);
	rmdir(dir);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	if (!mkdtemp(dir))
		abort();
	snprintf(skeleton_path, sizeof(skeleton_path), "%s/fuzz.o", dir);
	snprintf(dwo_path, sizeof(dwo_path), "%s/fuzz.dwo", dir);
	atexit(remove_dir);
	fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	size_t split;

	if (size < 4)
		return 0;
	split = (size_t)data[0] | (size_t)data[1] << 8 | (size_t)data[2] << 16 |
		(size_t)data[3] << 24;
	data += 4;
	size -= 4;
	if (split > size)
		split = size;
	put_file(skeleton_path, data, split);
	put_file(dwo_path, data + split, size - split);
	fuzz_encode_path(skeleton_path);
	run_print();
	return 0;
}
