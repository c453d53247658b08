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

#include "dwarf_loader_opts.h"
#include "dwarves.h"

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
 * on the calling thread, strictly in CU order; up to @opts->jobs worker
 * threads (one for each 4 MB of DIEs) load ahead within the reorder window
 * (the calling thread too, whenever the next CU is not ready). Messages
 * about a CU are written when it is handed over, so they come in CU order
 * too. Returns 0, the first negative value from @fn, or -errno for bad
 * DWARF (already reported, with file, CU and DIE offset; the first bad CU
 * in CU order stops the load). Main thread only.
 */
int dwarf_loader__load(struct dwarf_file *df, const struct dwarf_loader_opts *opts,
		       dwarf_cu_fn fn, void *ctx);

/* DW_LANG_* value of a language name ("c", "rust", "asm", ...), or -ENOENT. */
int dwarf_loader__lang_id(const char *name);

#endif
