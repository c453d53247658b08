/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_FUNCTIONS_H
#define PAHOLE_DWARF_FUNCTIONS_H
/*
 * The second half of loading a CU's subprograms and variables, internal to
 * the DWARF loader: once the DIE walk has collected them, abstract origins
 * and specifications are followed, parameter locations are checked against
 * the ABI's argument registers, and they become the model's functions and
 * variables. Runs on the thread that loads the CU; touches only that CU.
 */
#include <stdbool.h>
#include <stdint.h>
#include <elfutils/libdw.h>

#include "dwarves.h"

/* Where the ABI passes the first arguments: DW_OP_regN atoms, by slot. */
struct abi_regs {
	int		regs[8];	/* -1: not known */
	uint32_t	nr_regs;	/* argument registers */
	bool		agg_two_regs;	/* an aggregate of two words takes two registers */
	bool		sret_first_reg;	/* a returned aggregate's address takes regs[0] */
	int		fp_regs[8];	/* float and double arguments: DW_OP_regN atoms */
	uint32_t	nr_fp_regs;
};

/* The argument registers of ELF machine @e_machine. */
void abi_regs__init(struct abi_regs *abi, unsigned int e_machine);

/* The type_off of a DIE without DW_AT_type. */
static const uint64_t NO_TYPE = UINT64_MAX;

/* One DW_OP_piece of the first entry of a parameter's location. */
struct loc_piece {
	int		reg;		/* DW_OP_regN atom; LOC_PIECE_EMPTY, LOC_PIECE_OTHER */
	uint32_t	size;		/* bytes */
};

enum {
	LOC_PIECE_EMPTY = -1,		/* nothing before the piece: that part is gone */
	LOC_PIECE_OTHER = -2,		/* computed, in memory, or a constant */
	LOC_MAX_PIECES = 4,
};

/* What a parameter's location says about it on function entry. */
struct param_loc {
	int		reg;		/* the DW_OP_regN atom holding it, or -1 */
	bool		has_loc;	/* DW_AT_location present */
	bool		has_const_value;
	bool		optimized;	/* conclusions of the register walk */
	bool		unexpected_reg;
	/* The first entry as it is, for the signature the code really has. */
	bool		on_stack;	/* DW_OP_fbreg: in the caller's frame */
	bool		many_pieces;	/* more than LOC_MAX_PIECES */
	uint8_t		nr_pieces;	/* 0: not split with DW_OP_piece */
	struct loc_piece pieces[LOC_MAX_PIECES];
};

/* A parameter in the signature the code of a DW_CC_nocall function has. */
enum true_sig {
	TRUE_SIG_KEEP,			/* as declared */
	TRUE_SIG_DROP,			/* not passed at all */
	TRUE_SIG_MEMBER,		/* only one member of the aggregate is passed */
};

/* A formal parameter of a subprogram while its CU loads. */
struct fn_param {
	uint64_t	die_off;
	uint64_t	type_off;	/* NO_TYPE when absent */
	uint64_t	origin_off;	/* DW_AT_abstract_origin, when has_origin */
	uint64_t	byte_size;	/* of its type, once resolved */
	Dwarf_Attribute	location;	/* DW_AT_location, when loc.has_loc */
	const char	*name;		/* borrowed */
	uint32_t	type;		/* core id, once resolved */
	uint32_t	idx;		/* position among the subprogram's parameters */
	bool		has_origin;
	bool		in_memory;	/* too big for the argument registers */
	struct param_loc loc;
	enum true_sig	true_sig;	/* of a DW_CC_nocall function, once analysed */
	const struct member *true_member;	/* TRUE_SIG_MEMBER: borrowed from the CU */
};

/* A subprogram while its CU loads. */
struct fn_info {
	struct function	f;		/* filled as it becomes known */
	uint64_t	die_off, origin_off, spec_off, type_off;
	uint32_t	first_param, nr_params;	/* in cu_functions.params */
	uint32_t	first_annot, nr_annots;	/* in cu_functions.annots */
	bool		has_origin, has_spec;
	bool		is_foreign;	/* of another CU, loaded as an origin only */
};

/* A top-level variable while its CU loads. */
struct var_info {
	struct variable	v;		/* name, type and flags of the DIE itself */
	uint64_t	die_off, spec_off, type_off;
	uint32_t	first_annot, nr_annots;	/* in cu_functions.annots */
	bool		has_spec;
	bool		is_foreign;	/* of another CU, loaded as a specification only */
	bool		is_member;	/* a class's static data member: a specification only */
};

struct off_index;

/* What the DIE walk of one CU collected, and what finishing it needs. */
struct cu_functions {
	struct cu		*cu;		/* borrowed: the CU being loaded */
	const struct abi_regs	*abi;		/* borrowed */
	bool			is_clang;	/* the CU's producer */
	struct fn_param		*params;	/* borrowed; contiguous per subprogram */
	uint32_t		nr_params;
	struct fn_info		*fns;		/* borrowed; nested subprograms first */
	uint32_t		nr_fns;
	struct var_info		*vars;		/* borrowed; in DIE order */
	uint32_t		nr_vars;
	const struct annotation	*annots;	/* borrowed */
	/* The core id of the type DIE at @die_off; 0 (void) when unknown. */
	uint32_t		(*type_id)(void *ctx, uint64_t die_off);
	/* Reads p->location into p->loc: 0, or -errno (reported) to stop the load. */
	int			(*decode_location)(void *ctx, struct fn_param *p);
	void			*ctx;
	uint32_t		nr_unresolved;	/* out: origins not found */
	/* Private to cu_functions__resolve(): die_off indexes of params, fns, vars. */
	struct off_index	*param_map, *fn_map, *var_map;
};

/*
 * Resolves and analyses what @cf describes and appends the results to
 * cf->cu's functions and variables (arena memory for their arrays).
 * 0, -ENOMEM, or decode_location()'s error.
 */
int cu_functions__resolve(struct cu_functions *cf);

#endif
