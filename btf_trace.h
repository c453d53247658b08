/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_TRACE_H
#define PAHOLE_BTF_TRACE_H
/*
 * pahole -J -V: upstream's trace of its encoder on stdout, a line for each
 * type it appends before dedup ("[4] STRUCT inner size=8"), the items of
 * structs, enums and prototypes below it, and its notes on files, CUs,
 * functions and variables, in upstream's order and words.
 *
 * Upstream appends every type of every CU; this encoder appends a type
 * only when no earlier CU had it (btf_repeats.h). So the trace counts ids
 * of its own, those upstream's encoder gives: "virtual ids", which number
 * every type of every CU in CU order, then the functions and the DATASECs.
 * A CU's core id k is virtual id off + k, as upstream's type_id_off + k,
 * except that an _Atomic T (which upstream cannot encode) takes no id and
 * stands for T. The encoder makes a trace only with -V: without one,
 * nothing here runs. Main (collector) thread only, in CU order, so the
 * trace does not depend on -j.
 */
#include <stdbool.h>
#include <stdint.h>

#include "dwarves.h"
#include "elf_symtab.h"

struct btf_trace_opts {
	bool	enum64;		/* enumerator values as ENUM64 allows (else 32 bits) */
	bool	decl_tags;	/* DECL_TAGs are encoded */
};

struct btf_trace;
struct btf_recs;

/*
 * A trace whose first virtual id is @first_id (1, or the base's type
 * count for split BTF); NULL when out of memory. Free with btf_trace__free().
 */
struct btf_trace *btf_trace__new(const struct btf_trace_opts *opts, uint32_t first_id);
void btf_trace__free(struct btf_trace *t);

/*
 * The notes upstream prints when its encoder starts, at the first CU it
 * encodes: whether @symtab's file @path has a .data..percpu section, and
 * the file's name. Once per trace; later calls print nothing.
 */
void btf_trace__start(struct btf_trace *t, const char *path, const struct elf_symtab *symtab);

/*
 * The lines of @cu's types, from its records @rs (btf_encoder.c's), the
 * "int" upstream appends for arrays when no CU had one yet, and the decl
 * tags of its structs, unions and typedefs. Gives the CU's core ids their
 * virtual ids (btf_trace__ids()). 0 or -ENOMEM.
 */
int btf_trace__cu(struct btf_trace *t, const struct cu *cu, struct btf_recs *rs);

/* The virtual ids of the last CU given to btf_trace__cu(), by core id (0: void). */
const uint32_t *btf_trace__ids(const struct btf_trace *t);

/* A function of the CU with no ELF symbol of its name. */
void btf_trace__no_symbol(const struct btf_trace *t, const char *name);

/* Before the CU's variables are looked at (when variables are encoded). */
void btf_trace__vars_search(const struct btf_trace *t, const struct cu *cu);

/*
 * A VAR of the last CU: @v at offset @offset of its section, with its
 * decl tags. Returns its virtual id, for its DATASEC entry.
 */
uint32_t btf_trace__var(struct btf_trace *t, const struct cu *cu, const struct variable *v,
			uint64_t offset, uint32_t linkage);

/*
 * A function: the FUNC_PROTO (@vret and @vtypes are virtual ids, @names
 * the parameters' names, "" for none), then the FUNC @name. Returns the
 * FUNC's virtual id.
 */
uint32_t btf_trace__func(struct btf_trace *t, const char *name, uint32_t vret, uint32_t nr_params,
			 const char *const *names, const uint32_t *vtypes);

/* A DECL_TAG @value of virtual id @vtarget. */
void btf_trace__decl_tag(struct btf_trace *t, const char *value, uint32_t vtarget,
			 int component_idx);

/*
 * @n types upstream appends without a line (kfunc decl tags, the TYPE_TAG
 * and PTR of an arena pointer). Returns the virtual id of the last.
 */
uint32_t btf_trace__unlogged(struct btf_trace *t, uint32_t n);

/* A DATASEC @name of @size bytes with @vlen entries; each then btf_trace__datasec_var(). */
void btf_trace__datasec(struct btf_trace *t, const char *name, uint32_t size, uint32_t vlen);
void btf_trace__datasec_var(const struct btf_trace *t, uint32_t vtype, uint32_t offset,
			    uint32_t size);

#endif
