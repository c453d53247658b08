/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_TOOL_LOAD_H
#define PAHOLE_TOOL_LOAD_H
/*
 * The files of a small tool's command line (pdwtags, pglobal) to CUs: the
 * formats of -F tried in turn (default DWARF, then BTF), ar archives as
 * their members, each CU handed to the tool's callback in file and CU
 * order. Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>

#include "btf_loader.h"
#include "dwarf_loader.h"

struct tool_load {
	const char		*format_path;	/* -F, or NULL: "dwarf,btf" */
	struct dwarf_loader_opts dwarf;		/* copied per file; for_printing etc. set by the tool */
	struct btf_loader_opts	btf;
	dwarf_cu_fn		handle_cu;	/* receives each CU and owns it */
	void			*ctx;		/* handle_cu's */
	/*
	 * Keep each DWARF file open until tool_load__release(): the tool
	 * keeps CUs, whose names point into their file.
	 */
	bool			keep_files;
	bool			is_btf;		/* while handle_cu runs: the CU is BTF's */
	struct dwarf_file	**files;	/* owned, with keep_files */
	uint32_t		nr_files, files_cap;
};

/*
 * Loads @files (@nr of them) in turn, each CU to @l->handle_cu. Returns 0,
 * or 1 after one line naming the file that failed (not readable, no
 * debugging information of the formats asked, bad input) or when
 * handle_cu failed (-ENOMEM is reported here, other codes by handle_cu).
 */
int tool_load__files(struct tool_load *l, char *const *files, int nr);

/* Closes the files kept. */
void tool_load__release(struct tool_load *l);

#endif
