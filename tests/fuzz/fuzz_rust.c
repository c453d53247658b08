// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: the layout printer on the DWARF of an ELF file, as
 * pahole prints it, seeded with rustc's objects (run.sh's seeds_rust). The
 * DWARF harness loads and encodes but never prints; what is Rust's lies
 * mostly on the printing side: fields laid out in rustc's order and printed
 * by offset, enums with data as variant parts, methods inside their struct
 * or enum, their longest names. Each input, written to a memory file, is
 * printed twice, as `pahole --show_private_classes FILE` and as
 * `pahole --show_private_classes -E --hex -r FILE`, then as `pahole -s`,
 * the text going to a sink; and encoded as `pahole -J` does (Rust CUs are
 * encoded unless --lang_exclude=rust). The harness takes any DWARF: an
 * input whose mutations made it C's is still printed, but its corpus holds
 * rustc's objects only, so its coverage is that of Rust's inputs. A crash,
 * a hang, a leak or a sanitizer report is a bug.
 */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_common.h"
#include "btf_encoder.h"
#include "dwarf_loader.h"
#include "elf_symtab.h"
#include "log.h"
#include "pahole_print.h"

static void run_print(char *path)
{
	const struct dwarf_loader_opts lopts = { .jobs = 1 };
	struct print_job_opts popts = {
		.format_path = "dwarf", .separator = '\t', .padding = -1, .padding_ge = -1,
		.show_private_classes = true, .loader = &lopts,
		.fprintf = { .cacheline_size = 64, .show_only_data_members = true },
	};
	char *files[] = { path };

	print_job__run(&popts, files, 1);
	popts.fprintf.expand_types = popts.fprintf.hex = popts.fprintf.rel_offset = true;
	print_job__run(&popts, files, 1);
	popts.fprintf = (struct fprintf_opts){ .cacheline_size = 64 };
	popts.show_private_classes = false;
	popts.formatter = FMT_SIZES;
	print_job__run(&popts, files, 1);
}

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_quiet();
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char path[64];
	int fd = fuzz_memfd("fuzz_rust", data, size, path);

	run_print(path);
	fuzz_encode_path(path);
	close(fd);
	return 0;
}
