/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_ENCODER_FUNCS_H
#define PAHOLE_BTF_ENCODER_FUNCS_H
/*
 * Function selection for the BTF encoder: every CU's candidate functions
 * are saved as they come (CU order), and after the last CU the states of
 * each ELF function group are compared and at most one FUNC is emitted per
 * group, in name order. Collector (main) thread only, like the encoder.
 */
#include <stdbool.h>
#include <stdint.h>
#include <bpf/btf.h>

#include "dwarves.h"
#include "elf_symtab.h"

struct btf_trace;

struct func_table_opts {
	bool	consistent_func;	/* skip groups with inconsistent prototypes */
	bool	decl_tags;		/* DECL_TAGs at all (kfunc tags need it too) */
	bool	tag_kfuncs;		/* bpf_kfunc / bpf_fastcall tags on kfuncs */
	bool	true_signature;		/* clang's changed signatures as the code has them */
	bool	attributes;		/* with tag_kfuncs: arena kfuncs' pointers in
					 * address_space(1) */
	struct btf_trace *trace;	/* borrowed: the -V trace, or NULL */
};

struct func_table;

/* A new, empty table, or NULL (out of memory). Free with func_table__free(). */
struct func_table *func_table__new(const struct func_table_opts *opts);
void func_table__free(struct func_table *ft);

/*
 * Fills @groups_ret[i] with the symbol group of @symtab that function i of
 * @cu would be saved under, or NULL. Only reads: any thread.
 */
void func_table__find_groups(const struct cu *cu, const struct elf_symtab *symtab,
			     const struct elf_func_group **groups_ret);

/*
 * Saves the functions of @cu that @symtab (borrowed; must outlive @ft)
 * backs with a symbol: @groups from func_table__find_groups(), or NULL to
 * look them up now. @ids maps @cu's core ids to BTF ids of @btf, @vids
 * (with a trace, else NULL) to its virtual ids (btf_trace.h).
 * Parameter names and decl tag values go into @btf's strings now, as
 * upstream pahole does. 0 or -ENOMEM.
 */
int func_table__save_cu(struct func_table *ft, struct btf *btf, const struct cu *cu,
			const uint32_t *ids, const uint32_t *vids,
			const struct elf_symtab *symtab,
			const struct elf_func_group *const *groups);

/*
 * Decides, for each function group in name order, whether and how it is
 * encoded, and appends FUNC_PROTO, FUNC and DECL_TAGs to @btf. 0 or -errno
 * (reported with @path).
 */
int func_table__emit(struct func_table *ft, struct btf *btf, const char *path);

#endif
