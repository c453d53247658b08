/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_TOOL_LOAD_H
#define PAHOLE_TOOL_LOAD_H
/*
 * A file's CUs in the order of -F's formats, for the programs that print
 * CUs (pahole's print job, pfunct, pdwtags, pglobal): the formats tried in
 * turn (default DWARF, then BTF), DWARF as an ar archive's members or an
 * ELF file's units, BTF split over a base; each CU handed to the caller's
 * callback in file and CU order. The callers differ in the fields below.
 * Main thread only.
 */
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>

#include "btf_loader.h"
#include "dwarf_loader.h"

/* What handle_cu returns to stop loading: not an error (tool_load__files() gives 0). */
enum { TOOL_LOAD_STOP = -ECANCELED };

struct tool_load {
	const char		*format_path;	/* -F, or NULL: default_formats */
	const char		*default_formats; /* NULL: "dwarf,btf" */
	struct dwarf_loader_opts dwarf;		/* for_printing etc. set by the tool */
	struct btf_loader_opts	btf;
	const struct btf	*base;		/* borrowed, may be NULL: BTF split over it */
	dwarf_cu_fn		handle_cu;	/* receives each CU and owns it */
	void			*ctx;		/* handle_cu's */
	/*
	 * Which DWARF files stay open until tool_load__release() (the names
	 * of the CUs a tool keeps point into their file): every one with
	 * keep_files, else those while loading which handle_cu changed
	 * *kept_cus (the tool's count of CUs kept; NULL: none).
	 */
	bool			keep_files;
	const uint32_t		*kept_cus;	/* borrowed from the tool */
	/* -F's names as spelled (pahole), else in any case */
	bool			match_case;
	bool			is_btf;		/* while handle_cu runs: the CU is BTF's */
	struct dwarf_file	**files;	/* owned: the files kept */
	uint32_t		nr_files, files_cap;
};

/*
 * Loads @path in the first of the formats that it has. Returns 0, what
 * handle_cu returned (negative: loading stopped), -ENODATA when no format
 * applies (not reported), or another -errno (reported, but -ENOMEM).
 */
int tool_load__file(struct tool_load *l, const char *path);

/* Says that @path has none of the formats: "PATH: no FORMATS debugging information". */
void tool_load__report_none(const char *path, const char *format_path);

/* A name of -F's list. */
enum tool_format { TOOL_FORMAT_DWARF, TOOL_FORMAT_BTF, TOOL_FORMAT_OTHER };

/*
 * The one reader of -F's list, a name at a time: the next name of *@list
 * (up to a comma; "dwarf" and "btf" in any case unless @match_case) as
 * *@format, its bytes at *@name, *@len of them; *@list moves past it and
 * its comma. False at the end of the list.
 */
bool tool_load__next_format(const char **list, bool match_case, enum tool_format *format,
			    const char **name, size_t *len);

/* Whether the formats tried name one that no loader reads ("ctf", "foo"). */
bool tool_load__names_unknown(const struct tool_load *l);

/* Loads @path as BTF only: tool_load__file()'s returns, -ENODATA when it has none. */
int tool_load__btf(struct tool_load *l, const char *path);

/*
 * Loads @files (@nr of them) in turn with tool_load__file(). Returns 0
 * (also when handle_cu returned TOOL_LOAD_STOP), or 1 after one line naming
 * the file that failed (not readable, none of the formats:
 * tool_load__report_none()'s line, bad input) or when handle_cu failed (other codes are reported by
 * handle_cu; an -ENOMEM nobody reported gets "FILE: out of memory" here).
 */
int tool_load__files(struct tool_load *l, char *const *files, int nr);

/*
 * The running kernel's BTF, where a program given no file reads it: the
 * file $PAHOLE_VMLINUX_BTF_FILENAME names, else /sys/kernel/btf/vmlinux;
 * NULL when it cannot be read or @format_path (-F, may be NULL) leaves BTF
 * out.
 */
const char *tool_load__kernel_btf(const char *format_path);

/* Closes the files kept. */
void tool_load__release(struct tool_load *l);

#endif
