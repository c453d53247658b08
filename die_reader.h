/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DIE_READER_H
#define PAHOLE_DIE_READER_H
/*
 * A DIE reader driven by the unit's abbreviation table, straight from the
 * bytes of .debug_info (or .debug_types): the DWARF loader's walk of a CU,
 * without libdw's per-DIE abbreviation lookups, locks and repeated
 * skipping. Every read is bounds-checked: corrupt input gives -EINVAL and
 * a reason, never a read outside the sections.
 *
 * The sections are shared and read-only; a struct die_unit and its DIEs
 * belong to the one thread that loads the CU.
 */
#include <stdbool.h>
#include <stdint.h>
#include <string.h>
#include <dwarf.h>
#include <elfutils/libdw.h>

/* One section's bytes: borrowed from libelf (as libdw reads them). */
struct die_bytes {
	const uint8_t	*data;
	uint64_t	size;
};

/*
 * The sections the reader reads, and those of locations (dwarf_locations.c);
 * read-only once set up.
 */
struct die_sections {
	struct die_bytes	info, types, abbrev, str, line_str;
	struct die_bytes	loc, loclists, addr;
	bool			big_endian;
	bool			str_terminated;		/* .debug_str ends with a NUL */
	bool			line_str_terminated;	/* so does .debug_line_str */
	/*
	 * A location section appears twice or in a section group: which one
	 * libdw reads is not known, so locations are left to libdw.
	 */
	bool			locs_ambiguous;
	uint8_t			elf_addr_size;		/* 4 for ELFCLASS32, else 8 */
};

/*
 * Finds the sections in @elf, the ELF handle libdw reads (dwarf_getelf()):
 * their data are then relocated (ET_REL) and decompressed as libdw left
 * them; a compressed one (SHF_COMPRESSED or .zdebug_*) that libdw left as
 * it was is decompressed here, in place. Missing sections are empty.
 * Returns 0, or -EINVAL with the name of a section that cannot be
 * decompressed in *@bad_ret (valid as long as @elf). Main thread, after
 * libdw has opened the file and before any worker starts.
 */
int die_sections__init(struct die_sections *s, Elf *elf, bool big_endian,
		       const char **bad_ret);

struct die_abbrev;

/* Whether a DW_UT_* unit type is a type unit's (skeleton and split ones alike). */
static inline bool is_type_unit_type(unsigned int unit_type)
{
	return unit_type == DW_UT_type || unit_type == DW_UT_split_type;
}

/* One unit (CU or type unit): its header and abbreviation table. */
struct die_unit {
	const struct die_sections *secs;	/* borrowed */
	const struct die_bytes	*sec;		/* secs->info or secs->types */
	Dwarf_CU		*cu;		/* libdw's, for its form readers; borrowed */
	uint64_t		start;		/* section offset of the unit header */
	uint64_t		end;		/* past its last byte */
	uint64_t		first_die;	/* section offset of the unit DIE */
	uint16_t		version;
	uint8_t			unit_type;	/* DW_UT_*; DW_UT_type for .debug_types */
	uint8_t			addr_size, off_size;
	bool			in_types;	/* in .debug_types (DWARF 4) */
	struct die_abbrev	*abbrevs;	/* owned, or borrowed from a cache; by code */
	uint32_t		nr_abbrevs;
	bool			abbrevs_borrowed;
	const char		*errmsg;	/* the last error's reason (static text) */
};

/*
 * Reads the header of the unit at section offset @start (of .debug_types
 * when @in_types) and its abbreviation table. @cu is libdw's handle of the
 * same unit, kept for the caller (may be NULL). 0, or -EINVAL with the
 * reason in u->errmsg, or -ENOMEM. Release with die_unit__release(), also
 * after a failure.
 */
int die_unit__init(struct die_unit *u, const struct die_sections *s, bool in_types,
		   uint64_t start, Dwarf_CU *cu);
void die_unit__release(struct die_unit *u);
/* Whether an abbreviation of @u's table has an attribute of form @form. */
bool die_unit__uses_form(const struct die_unit *u, unsigned int form);

/*
 * Abbreviation tables kept for the units opened after the one that read
 * them: type units share their CU's table, and a CU opens each type unit it
 * reaches. One owner thread; zeroed is empty; a unit that borrowed a table
 * must be released before the cache.
 */
enum { DIE_ABBREV_CACHE_SIZE = 64 };
/* Whether die__attrs_kept() visits attributes called @name. */
typedef bool (*die_attr_keep_fn)(uint32_t name, const void *arg);
struct die_abbrev_cache {
	/* Set before the first unit: the tables' kept attributes (NULL: all). */
	die_attr_keep_fn	keep;
	const void		*keep_arg;
	struct die_abbrev_table {
		const struct die_sections *secs;
		uint64_t		off;
		struct die_abbrev	*abbrevs;
		uint32_t		nr_abbrevs;
	}			tables[DIE_ABBREV_CACHE_SIZE];
	uint32_t		nr_tables;
};

/*
 * As die_unit__init(), with the abbreviation table borrowed from @cache
 * when it has it, and kept there when it has room (@cache may be NULL).
 */
int die_unit__init_cached(struct die_unit *u, const struct die_sections *s, bool in_types,
			  uint64_t start, Dwarf_CU *cu, struct die_abbrev_cache *cache);
void die_abbrev_cache__release(struct die_abbrev_cache *cache);

/* A DIE being read; on the stack of the walk. */
struct die {
	struct die_unit		*unit;		/* borrowed */
	struct die		*parent;	/* set by die__child(), else NULL */
	const struct die_abbrev	*abbrev;	/* borrowed from the unit */
	uint64_t		off;		/* section offset */
	uint64_t		attrs_end;	/* past its attribute values; 0 until known */
	uint64_t		end;		/* past its children; 0 until known */
	uint32_t		tag;
	bool			has_children;
};

/* The DIE at section offset @off of @u. 0, or -EINVAL (u->errmsg). */
int die__at(struct die_unit *u, uint64_t off, struct die *ret);

/* The unit DIE of @u. 0, or -EINVAL (u->errmsg). */
int die__unit_die(struct die_unit *u, struct die *ret);

/* The first child of @parent: 0 and *child, 1 when none, -EINVAL (errmsg). */
int die__child(struct die *parent, struct die *child);

/*
 * Moves @d to its next sibling: 0, 1 when it was the last, -EINVAL (errmsg;
 * @d is then left anywhere in its subtree).
 */
int die__sibling(struct die *d);

/* Whether @d has an attribute called @name. */
bool die__has_attr(const struct die *d, unsigned int name);

/* One attribute value as read; what is decoded depends on the form. */
struct die_attr {
	unsigned int	name;		/* DW_AT_* */
	unsigned int	form;		/* DW_FORM_*, after DW_FORM_indirect */
	const uint8_t	*valp;		/* the value's bytes in the section */
	uint64_t	value;		/* constants, flags, addresses, offsets, indexes */
	int64_t		implicit_const;	/* DW_FORM_implicit_const */
	uint64_t	block_len;	/* blocks and exprloc: at valp + block_off */
	uint8_t		block_off;
};

/* Called for each attribute of a DIE; nonzero stops the walk with that value. */
typedef int (*die_attr_fn)(const struct die_attr *a, void *arg);

/*
 * Reads every attribute of @d in order, calling @fn for each. Returns 0, fn's
 * nonzero value, or -EINVAL (unit->errmsg) on a bad form or a value past the
 * unit's end.
 */
int die__attrs(struct die *d, die_attr_fn fn, void *arg);
/*
 * As die__attrs(), for the attributes the unit's abbreviation cache keeps
 * only (every one when the table was read without a cache or keep function).
 */
int die__attrs_kept(struct die *d, die_attr_fn fn, void *arg);
/* @d's attribute called @name into *@ret: 1, 0 when it has none, or die__attrs()'s error. */
int die__find_attr(struct die *d, unsigned int name, struct die_attr *ret);

/*
 * For readers that decode a few attributes of common DIEs themselves, the
 * values of a DIE whose abbreviation gives every value a fixed size are
 * at fixed offsets. Each abbreviation has a word for the table's owner to
 * note how it reads such DIEs: 0 when the table is read, then as the owner
 * sets it (one thread owns a table).
 */
uint64_t *die__abbrev_user(const struct die *d);

/* One attribute spec of a fixed-size abbreviation: its value at @offset. */
struct die_fixed_spec {
	uint32_t	name;		/* DW_AT_* */
	uint16_t	form;		/* DW_FORM_*; never DW_FORM_indirect */
	uint16_t	offset;		/* from the first value */
	uint8_t		size;		/* 0 for implicit_const and flag_present */
};

/*
 * Kept spec @i of @d's abbreviation (see die__attrs_kept()), when its values
 * all have fixed sizes: true and *@ret, false past the last or otherwise.
 */
bool die__fixed_kept(const struct die *d, uint32_t i, struct die_fixed_spec *ret);

/*
 * The first attribute value of @d when its abbreviation gives every value
 * a fixed size and they all lie in its unit, else NULL.
 */
const uint8_t *die__fixed_values(const struct die *d);

/*
 * Value readers in the manner of libdw's dwarf_form*() for the forms they
 * decode. die_attr__constant(): data1/2/4/8 and udata zero-extended, sdata
 * and implicit_const with their sign; false for other forms.
 * die_attr__flag(): flag and flag_present. die_attr__string(): string, strp
 * and line_strp; NULL for other forms or an offset past the section.
 * die_attr__ref(): the section offset of a reference inside the unit
 * (ref1/2/4/8/udata); false for other forms or a target outside the unit.
 * die_attr__block(): block forms and exprloc.
 */
bool die_attr__block(const struct die_attr *a, const uint8_t **data, uint64_t *len);

/* Inline: the loader calls them for nearly every attribute it reads. */
static inline bool die_attr__constant(const struct die_attr *a, uint64_t *ret)
{
	switch (a->form) {
	case DW_FORM_data1: case DW_FORM_data2: case DW_FORM_data4: case DW_FORM_data8:
	case DW_FORM_udata: case DW_FORM_sdata:
		*ret = a->value;
		return true;
	case DW_FORM_implicit_const:
		*ret = (uint64_t)a->implicit_const;
		return true;
	default:
		return false;
	}
}

static inline bool die_attr__flag(const struct die_attr *a, bool *ret)
{
	if (a->form == DW_FORM_flag_present)
		*ret = true;
	else if (a->form == DW_FORM_flag)
		*ret = a->value != 0;
	else
		return false;
	return true;
}

/* The string at @off of @sec: NULL past its end, or when not terminated in it. */
static inline const char *die_string_at(const struct die_bytes *sec, bool terminated, uint64_t off)
{
	const char *s;

	if (off >= sec->size)
		return NULL;
	s = (const char *)sec->data + off;
	if (!terminated && !memchr(s, 0, sec->size - off))
		return NULL;
	return s;
}

static inline const char *die_attr__string(const struct die_unit *u, const struct die_attr *a)
{
	const struct die_sections *s = u->secs;

	switch (a->form) {
	case DW_FORM_string:
		return (const char *)a->valp;
	case DW_FORM_strp:
		return die_string_at(&s->str, s->str_terminated, a->value);
	case DW_FORM_line_strp:
		return die_string_at(&s->line_str, s->line_str_terminated, a->value);
	default:
		return NULL;
	}
}

/* The section offset of a unit-relative reference @value: false outside @u's DIEs. */
static inline bool die_unit__ref(const struct die_unit *u, uint64_t value, uint64_t *ret)
{
	if (value >= u->end - u->start || u->start + value < u->first_die)
		return false;
	*ret = u->start + value;
	return true;
}

static inline bool die_attr__ref(const struct die_unit *u, const struct die_attr *a, uint64_t *ret)
{
	switch (a->form) {
	case DW_FORM_ref1: case DW_FORM_ref2: case DW_FORM_ref4: case DW_FORM_ref8:
	case DW_FORM_ref_udata:
		return die_unit__ref(u, a->value, ret);
	default:
		return false;
	}
}

/* @a as libdw's attribute, for its readers of what this one leaves to it. */
Dwarf_Attribute die_attr__libdw(const struct die_unit *u, const struct die_attr *a);

#endif
