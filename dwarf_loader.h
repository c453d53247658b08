/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_LOADER_H
#define PAHOLE_DWARF_LOADER_H
/*
 * DWARF (libdw) to the model, one CU at a time, handed over in CU order.
 */
#include <stdbool.h>
#include <stdint.h>
#include <gelf.h>
#include <elfutils/libdw.h>

#include "dwarves.h"
#include "phase_stats.h"

enum { DWARF_LOADER_MAX_LANGS = 48 };	/* more than the names */
/*
 * Default reorder window: one CU per loading thread (the workers and the
 * caller), and at least
 * DWARF_LOADER_MIN_WINDOW, so that with few threads a loader seldom waits
 * for the consumer to take a large CU. More CUs in flight than threads
 * would only raise peak memory.
 */
enum { DWARF_LOADER_WINDOW_PER_JOB = 1, DWARF_LOADER_MIN_WINDOW = 8 };

/*
 * Work on a CU that needs the CU alone, run on the thread that loaded it,
 * right after: it may only read @ctx and keep its results in @cu
 * (cu__set_prepared()). A negative return stops the load like bad DWARF
 * (its messages come in CU order too). The context is the hook owner's
 * type (btf_encoder.h): to the loader, an opaque pointer it passes on.
 */
struct cu_prepare_ctx;
typedef int (*dwarf_prepare_fn)(struct cu *cu, const struct cu_prepare_ctx *ctx);

/*
 * Called once per load on the main thread, as soon as the loading threads
 * run and before the first CU reaches the consumer (also when there is
 * none): what the consumer needs that the loading may overlap. Non-zero
 * stops the load and is its result.
 */
typedef int (*dwarf_start_fn)(void *ctx);

struct dwarf_loader_opts {
	uint16_t	lang_exclude[DWARF_LOADER_MAX_LANGS];	/* DW_LANG_* to drop */
	unsigned int	nr_lang_exclude;
	const uint16_t	*langs;		/* --lang: DW_LANG_* to keep, borrowed */
	unsigned int	nr_langs;	/* 0: every language */
	const char	*cu_exclude_prefix; /* -X: drop CUs named so (or unnamed); or NULL */
	const char	*kabi_prefix;	/* --kabi_prefix: names starting so become it; or NULL */
	bool		type_tags;	/* read btf_type_tag annotations of pointers */
	bool		decl_tags;	/* read btf_decl_tag annotations */
	/*
	 * A multi-dimensional array as arrays of arrays, BTF's form (the
	 * inner ones get ids before it, innermost first); else one array
	 * of the dimensions' product.
	 */
	bool		nested_arrays;
	bool		param_locations; /* decode parameter locations (function flags) */
	unsigned int	jobs;		/* loader threads besides the caller's; 0: none */
	unsigned int	cu_window;	/* CUs loaded ahead of the consumer; 0: default */
	unsigned int	test_delay_seed;/* test-only random delays (cu_pool.h) */
	void		(*thread_start)(void); /* or NULL: first thing on each loader thread */
	/*
	 * Test-only: decode every location with libdw too; a difference
	 * stops the load (dwarf_locations.h).
	 */
	bool		check_locations;
	struct phase_stats *stats;	/* --phase_stats sink, main thread only; or NULL */
	/*
	 * Read what only the layout printer needs: alignments, array
	 * dimensions, types defined inside structs and functions, bitfield
	 * storage sizes (struct type and struct member "printing only" fields).
	 */
	bool		for_printing;
	bool		decl_info;	/* also DW_AT_decl_file (reads line tables) */
	/*
	 * Read what only a function lister needs (pfunct): DW_AT_inline, and
	 * each function's body (struct function "printing only" fields).
	 */
	bool		fn_bodies;
	/*
	 * Read what a namespace holds (pdwtags): cu->ns_items, and the
	 * variables declared in namespaces as the CU's.
	 */
	bool		namespaces;
	dwarf_start_fn	start;		/* or NULL */
	void		*start_ctx;
	dwarf_prepare_fn prepare;	/* or NULL */
	const struct cu_prepare_ctx *prepare_ctx; /* borrowed: prepare's @ctx */
};

struct dwarf_file;
struct die_sections;

/*
 * Opens @path for reading its DWARF. On failure prints one line naming the
 * file and returns -errno (-ENOENT, -EINVAL for not ELF or corrupt, -ENODATA
 * for no DWARF). Free with dwarf_file__free(). Main thread only.
 */
int dwarf_file__open(const char *path, struct dwarf_file **ret);
/*
 * Opens the ELF file of @size bytes at @image (an archive member, named
 * @name in messages, "lib.a(m.o)") as dwarf_file__open() opens a file,
 * except that -ENODATA (no DWARF) is not reported. Takes @name and @image
 * (malloc()ed; libdwfl relocates in place) on success and failure alike.
 * Main thread only.
 */
int dwarf_file__open_image(char *name, void *image, size_t size, struct dwarf_file **ret);
void dwarf_file__free(struct dwarf_file *df);
/* The ELF being read: borrowed, valid until dwarf_file__free(). */
Elf *dwarf_file__elf(const struct dwarf_file *df);
/*
 * libdw's handle of the file's DWARF, relocated (an object's .rela.debug_*
 * applied) and decompressed: borrowed, valid until dwarf_file__free().
 * Main thread only.
 */
Dwarf *dwarf_file__dwarf(const struct dwarf_file *df);
/*
 * The file's DWARF sections as libdw reads them (relocated, decompressed),
 * for a caller that walks DIEs with die_reader.h itself (dtagnames):
 * borrowed, read-only, valid until dwarf_file__free().
 */
const struct die_sections *dwarf_file__sections(const struct dwarf_file *df);
const char *dwarf_file__path(const struct dwarf_file *df);
/*
 * An archive member's bytes as stored (not relocated) and their number in
 * *@size, valid until dwarf_file__free(); NULL for a file opened by path.
 */
char *dwarf_file__raw_image(const struct dwarf_file *df, size_t *size);
/* True when the ELF is big endian (affects DWARF 4 bitfield offsets). */
bool dwarf_file__is_big_endian(const struct dwarf_file *df);
/*
 * Whether @path is an ELF file with DWARF (.debug_info, .zdebug_info or a
 * split unit's .debug_info.dwo): the test the tools make before choosing
 * the DWARF loader over BTF: 1, or 0 when it has none or cannot be read,
 * or -ENOMEM (reported) where libelf ran out of memory.
 */
int dwarf_file__path_has_dwarf(const char *path);
/*
 * For a file that says it is ELF (its magic): 0 when its section table and
 * sections lie inside it, else -errno, said in one line naming @path
 * ("truncated or corrupt ELF file: ...", as dwarf_file__open() says). 0 for
 * any other file.
 */
int dwarf_file__check_elf(const char *path);
/*
 * 0 when @path is a file that can be read, else why not: an errno
 * (EISDIR for a directory), for the line that names it.
 */
int dwarf_file__path_error(const char *path);

/*
 * Receives each loaded CU, in CU order, and owns it from then on (free it
 * with cu__free()). A negative return stops the load and is passed back.
 */
typedef int (*dwarf_cu_fn)(struct cu *cu, void *ctx);

/*
 * Loads every CU of @df that @opts does not filter out and hands it to @fn,
 * on the calling thread, strictly in CU order; @opts->jobs worker threads
 * load ahead within the reorder window (the calling thread too, whenever
 * the next CU is not ready). Messages about a CU are
 * written when it is handed over, so they come in CU order too. Returns 0,
 * the first negative value from @fn, or -errno for bad DWARF (already
 * reported, with file, CU and DIE offset; the first bad CU in CU order
 * stops the load). Main thread only.
 */
int dwarf_loader__load(struct dwarf_file *df, const struct dwarf_loader_opts *opts,
		       dwarf_cu_fn fn, void *ctx);

/* DW_LANG_* value of a language name ("c", "rust", "asm", ...), or -ENOENT. */
int dwarf_loader__lang_id(const char *name);

#endif
