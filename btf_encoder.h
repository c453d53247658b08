/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_ENCODER_H
#define PAHOLE_BTF_ENCODER_H
/*
 * The model to one libbpf BTF, CU after CU in CU order, then dedup and
 * output. Every function here but btf_encoder__prepare_cu() is for the
 * collector (main) thread only: libbpf's struct btf is not thread-safe.
 */
#include <stdbool.h>
#include <bpf/btf.h>

#include "btf_encoder_funcs.h"
#include "dwarves.h"
#include "elf_symtab.h"
#include "phase_stats.h"

struct btf_elf_copy;
struct btf_split_own;

struct btf_encoder_opts {
	const char	*in_path;	/* borrowed; for messages, and the target of -J */
	const char	*out_path;	/* borrowed; the raw BTF file to write, or NULL
					 * to write .BTF into the ELF file in_path */
	bool		gen_floats;	/* FLOAT kind, else floats become INT */
	bool		enum64;		/* ENUM64 for enums wider than 4 bytes */
	bool		percpu_vars;	/* VARs of .data..percpu ("var") */
	bool		global_vars;	/* VARs of every section ("global_var") */
	bool		encode_force;	/* skip bad variables instead of failing */
	bool		decl_tags;	/* DECL_TAGs */
	bool		consistent_func; /* skip functions with inconsistent prototypes */
	bool		tag_kfuncs;	/* bpf_kfunc decl tags on kfuncs (needs decl_tags) */
	bool		true_signature;	/* signatures as clang's changed code has them */
	bool		attributes;	/* arena kfuncs' pointers in address_space(1) */
	bool		layout;		/* base BTF: the kind layout section (btf_raw.h) */
	bool		distilled_base;	/* in_path also gets .BTF.base (btf_elf.h) */
	bool		exact_repeats;	/* no FWD tolerance (btf_repeats.h) */
	bool		trace;		/* -V: upstream's trace on stdout (btf_trace.h) */
	struct btf_elf_copy *copy;	/* in place: in_path's copy ahead (btf_elf.h), or NULL */
	/*
	 * Split BTF on a base read by our own code (btf_split_own.h): the types
	 * are built without a base, and deduplicated by @own; where it declines,
	 * libbpf reads the base at @base_path and the split BTF takes its path.
	 */
	struct btf_split_own *own;
	const char	*base_path;
	struct phase_stats *stats;	/* --phase_stats sink, or NULL */
};

struct btf_encoder;
struct cu_prepare_ctx;

/*
 * Returns 0 and a new encoder in *ret, or -errno. @opts is copied; @base
 * (borrowed, may be NULL) makes the output split BTF; @big_endian is the
 * byte order of the output. Free with btf_encoder__free().
 */
int btf_encoder__new(const struct btf_encoder_opts *opts, const struct btf *base,
		     bool big_endian, struct btf_encoder **ret);
void btf_encoder__free(struct btf_encoder *e);

/*
 * Before loading the next input file @path (borrowed, for the -V trace; no
 * loader running): the context for the load's btf_encoder__prepare_cu()
 * hook, owned by the encoder. Its CUs see no symbols until
 * btf_encoder__add_file().
 */
const struct cu_prepare_ctx *btf_encoder__start_file(struct btf_encoder *e, const char *path);

/*
 * The file's symbols, read while its CUs load: its CUs' functions are
 * looked up in @symtab, which the encoder owns from now on (also on
 * failure), and which the loading threads see from now on. The first
 * file's sections place every variable. 0 or -ENOMEM.
 */
int btf_encoder__add_file(struct btf_encoder *e, struct elf_symtab *symtab);

/*
 * The part of encoding @cu that depends on @cu, the options and the
 * file's symbols alone (@ctx, from btf_encoder__start_file()): its checks,
 * the records of its types and, once the symbols are there, its functions'
 * symbol groups, kept with @cu (cu__set_prepared()) for
 * btf_encoder__add_cu(). Writes nothing shared: any thread, as the
 * loader's dwarf_loader_opts.prepare hook. 0 or -errno, reported with the
 * file, CU and DIE offset.
 */
int btf_encoder__prepare_cu(struct cu *cu, const struct cu_prepare_ctx *ctx);

/*
 * Appends the types of @cu (borrowed, only during the call) and their decl
 * tags, from its prepared records or, without them, from records made
 * now, saves its candidate functions for btf_encoder__finish() and
 * appends its selected variables. 0 or -errno, reported with the file, CU
 * and DIE offset.
 */
int btf_encoder__add_cu(struct btf_encoder *e, const struct cu *cu);

/*
 * Appends the selected functions (name order) and the DATASECs (section
 * order), deduplicates and writes the raw output file, or the .BTF section
 * of the input ELF file (btf_elf.h), through a temporary file and a rename,
 * so a failure never leaves a partial file. Writes nothing and returns 0
 * when no type was added. -errno on failure (reported), or
 * BTF_ENCODER_AGAIN before anything is written: FWD tolerance did not hold
 * (btf_repeats.h), the files are to be encoded again by an encoder with
 * exact_repeats.
 */
enum { BTF_ENCODER_AGAIN = 1 };
int btf_encoder__finish(struct btf_encoder *e);

/* Number of types after btf_encoder__finish() (split part only). */
unsigned int btf_encoder__nr_types(const struct btf_encoder *e);

#endif
