/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARVES_FPRINTF_INT_H
#define PAHOLE_DWARVES_FPRINTF_INT_H
/*
 * The printer's state, shared by dwarves_fprintf.c (the layout text) and
 * dwarves_fprintf_cxx.c (what C++ adds to it); not for other modules.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dwarves_fprintf.h"

static const char tabs[] = "\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t\t";
enum { MAX_INDENT = sizeof(tabs) - 1, MAX_DEPTH = 128 };
/*
 * Types printed in one top-level printout, inline bodies included: crafted
 * BTF can nest anonymous types that use each other twice, whose printout
 * doubles with each level. Real ones stay far below.
 */
enum { MAX_TYPES_PRINTED = 100000 };
/*
 * Steps (type names and prototypes entered) of one name built on its own
 * (printer__type_name(), printer__function_proto()): prototypes whose
 * parameters are pointers to prototypes make names of exponential cost.
 */
enum { MAX_NAME_STEPS = 20000 };
/* The same bound for all the names of one printout (printer__print_type()). */
enum { MAX_PRINTOUT_NAME_STEPS = 1000000 };

struct printer {
	const struct cu		*cu;		/* borrowed */
	struct layout		*layout;	/* borrowed */
	struct fprintf_opts	opts;
	uint16_t		*expanding;	/* by type id: -p expansions in progress */
	unsigned int		depth;		/* nesting of type printing, bounded */
	unsigned int		budget;		/* types this printout may still print */
	unsigned int		name_steps;	/* steps the names being built may still take */
	bool			out_of_memory;	/* a name could not be built (fmemopen) */
};

/* The state upstream passes down as "conf": copied, changed, passed on. */
struct pconf {
	const char	*prefix;
	const char	*suffix;
	int		indent;
	int		type_spacing;	/* T: the type column */
	int		name_spacing;	/* N: T + N is the comment column */
	uint32_t	base_offset;	/* of the type being printed, for absolute offsets */
	uint32_t	*cachelinep;	/* last cacheline reported, shared by one printout */
	bool		rel_offset;
	bool		emit_stats;
	bool		suppress_offset_comment;
	bool		union_member;
	bool		first_member;
	bool		last_member;
	bool		no_semicolon;
	bool		expand_types;
};

static inline const struct type *type_of(const struct printer *p, uint32_t id)
{
	return layout__type(p->layout, id < p->cu->nr_types ? id : 0);
}

static inline int clamp_indent(int indent)
{
	return indent > MAX_INDENT ? MAX_INDENT : indent;
}

/* "TARGET SUFFIX" for a pointer-like type @t: "int *", "const struct a  &". */
const char *printer__ptr_name(struct printer *p, const struct type *t, const char *suffix,
			      char *bf, size_t len);
/* A member's "TYPE<pad> NAME", as in a member line (@conf: the struct's). */
size_t printer__type_fprintf(struct printer *p, uint32_t id, const char *name,
			     const struct pconf *conf, FILE *fp);
/* "(PARAMS)": "(void)" without any, ", ...)" after varargs. */
size_t printer__params_fprintf(struct printer *p, const struct parameter *params, uint32_t nr,
			       bool has_varargs, FILE *fp);

/* ---- dwarves_fprintf_cxx.c --------------------------------------------------------- */

/* The name of a C++ reference or pointer to member (TK_UNSUPPORTED) into @bf. */
const char *printer_cxx__ref_name(struct printer *p, const struct type *t, char *bf, size_t len);
/* The member bits (enum member_cxx_bits) of member @idx of struct @t. */
uint8_t printer_cxx__member_bits(const struct type *t, uint32_t idx);
/* True when struct @t has base classes. */
bool printer_cxx__has_bases(const struct type *t);
/* " : [virtual] [ACCESS] BASE, ..." after the name of a struct with bases. */
size_t printer_cxx__bases_fprintf(struct printer *p, const struct type *t, FILE *fp);
/*
 * "ACCESS:" and an empty line when @access (DW_ACCESS_*, 0: none given) is
 * given and differs from *@current, which it becomes.
 */
size_t printer_cxx__access_fprintf(uint8_t access, uint8_t *current, int indent, FILE *fp);
/* "RET NAME(PARAMS)" of a member function (or a Rust enum's function). */
size_t printer_cxx__method_proto_fprintf(struct printer *p, const struct method *m, FILE *fp);
/* The member functions of @t declared before member @idx, each with its label. */
size_t printer_cxx__methods_fprintf(struct printer *p, const struct type *t, uint32_t idx,
				    uint8_t *access, int indent, FILE *fp);
/*
 * The static data members of @t declared before member @idx: "static TYPE
 * NAME[ = VALUE];" and an offset comment of 0 0, each with its label.
 */
size_t printer_cxx__statics_fprintf(struct printer *p, const struct type *t, uint32_t idx,
				    uint8_t *access, const struct pconf *conf, FILE *fp);
/* True when a member function or static member of @t comes after member @idx. */
bool printer_cxx__has_method_after(const struct type *t, uint32_t idx);
/* "/ * vtable has N entries: {...} * /" of a class with virtual functions, or nothing. */
size_t printer_cxx__vtable_fprintf(struct printer *p, const struct type *t, int indent,
				   FILE *fp);

#endif
