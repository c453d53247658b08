/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARVES_FPRINTF_H
#define PAHOLE_DWARVES_FPRINTF_H
/*
 * The struct layout printer: the text of upstream pahole v1.32 for
 * structs, unions, enums and typedefs, with offsets, sizes, holes,
 * padding and cacheline markers. Main thread only.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dwarves.h"
#include "dwarves_layout.h"

struct fprintf_opts {
	uint32_t	cacheline_size;
	bool		expand_types;		/* -E */
	bool		expand_pointers;	/* -p */
	bool		rel_offset;		/* -r */
	bool		hex;			/* --hex */
	bool		quiet;			/* -q: no comments, no summary */
	bool		flat_arrays;
	bool		suppress_aligned_attribute;
	bool		suppress_force_paddings;
	bool		suppress_packed;
	bool		show_only_data_members;	/* -M */
	bool		show_decl_info;		/* -I */
	bool		classes_as_structs;
	bool		show_first_biggest;	/* -l */
	bool		no_parm_names;		/* pfunct's: "const T", no space after */
};

/* How one top-level type is printed. */
struct print_top {
	const char	*prefix;	/* "typedef" for an unnamed struct named by a typedef */
	const char	*suffix;	/* that typedef's name */
	bool		no_semicolon;	/* --contains_enumerator, -R -S steps */
	int		indent;		/* tabs before each line (pdwtags' namespaces) */
	int		name_spacing;	/* member names' column; 0: the kind's default */
};

struct printer;

/*
 * A printer for the types of @cu, using @layout (both borrowed, must
 * outlive it). NULL on ENOMEM. Free with printer__free().
 */
struct printer *printer__new(const struct cu *cu, struct layout *layout,
			     const struct fprintf_opts *opts);
void printer__free(struct printer *p);

/*
 * Prints type @id (struct, union, enum or typedef) as a declaration, with
 * its summary, ending with ';' unless @top says otherwise; no newline.
 * Returns the number of characters printed.
 */
size_t printer__print_type(struct printer *p, uint32_t id, const struct print_top *top,
			   FILE *fp);

/*
 * A variable of type @type named @name as upstream's tag__fprintf prints
 * one with its default settings: "TYPE<pad> NAME" in the member columns
 * (an unnamed struct's body inline); nothing when @name is NULL. No ';'.
 * Returns the number of characters printed.
 */
size_t printer__variable_fprintf(struct printer *p, uint32_t type, const char *name, FILE *fp);

/*
 * Whether a name @p built could not be allocated (a prototype's, through
 * fmemopen()): it then reads "<ERROR: out of memory>", and what was
 * printed or compared with it since is wrong; the caller must fail.
 */
bool printer__out_of_memory(const struct printer *p);

/*
 * Whether qualified names ("const T") end without upstream's trailing space,
 * as in pfunct's prototypes without parameter names; returns the previous
 * setting.
 */
bool printer__set_no_parm_names(struct printer *p, bool on);

/* The cacheline size the printer uses. */
uint32_t printer__cacheline_size(const struct printer *p);

/*
 * The printable name of type @id ("struct foo", "const char  *", "u32")
 * into @bf of @len bytes (truncated as needed). Returns @bf.
 */
const char *printer__type_name(struct printer *p, uint32_t id, char *bf, size_t len);

/*
 * Function @f's prototype as upstream's codiff shows it, "RET ()(PARAMS)",
 * into @bf of @len bytes (truncated as needed). Returns @bf.
 */
const char *printer__function_proto(struct printer *p, const struct function *f, char *bf,
				    size_t len);

/*
 * A function's "(PARAMS)" as in its prototype: "(void)" without any,
 * ", ...)" after varargs; with @indent, each parameter after the first on
 * a line of its own, @indent tabs in. Each of @annots (may be NULL) whose
 * component_idx is a parameter's position goes before that parameter,
 * followed by a space. Returns the characters printed.
 */
size_t printer__params_indent_fprintf(struct printer *p, const struct parameter *params,
				      uint32_t nr, bool has_varargs, int indent,
				      const struct annotation *annots, uint32_t nr_annots,
				      FILE *fp);

#endif
