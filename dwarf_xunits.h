/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARF_XUNITS_H
#define PAHOLE_DWARF_XUNITS_H
/*
 * Units beyond the CU being loaded: the partial units of dwz
 * (DW_TAG_partial_unit, pulled in by DW_TAG_imported_unit), in the file
 * itself or in the supplementary file of "dwz -m" (.gnu_debugaltlink, or
 * DWARF 5's .debug_sup), and the other CUs that DW_FORM_ref_addr points
 * into (gcc and clang LTO). Internal to the DWARF loader.
 *
 * Where their DIEs are loaded: into every CU that reaches them, on the
 * thread that loads that CU, and nowhere else. An imported unit is loaded
 * whole at the DW_TAG_imported_unit, as if its DIEs were the CU's own
 * there: the CU then holds what it held before dwz, and what it makes of
 * it (types, functions, variables) is that CU's, as before. A DIE of
 * another CU that a reference reaches is loaded alone, after the CU's
 * walk (with whatever it refers to in turn), for resolution only: its
 * types join the CU like type units' do, its subprograms and variables
 * serve as origins and specifications and are not the CU's own functions
 * or variables (their own CU has them).
 *
 * Type units (DWARF 4's .debug_types and DWARF 5's DW_UT_type units) are
 * indexed here too, by offset and by signature, and opened like the others:
 * once per CU that reaches them.
 *
 * Nothing is cached across CUs: a CU's result depends on the file alone,
 * never on which thread loaded which CU first, so the output is the same
 * at every -j. A partial unit imported by N CUs is read N times, which is
 * what reading the file before dwz cost. What a CU opens is cached for
 * that CU only (struct xunit_cache).
 *
 * The files, the unit indexes and libdw's unit registries are set up on
 * the main thread when the file is opened, and only read afterwards.
 */
#include <stdbool.h>
#include <stdint.h>
#include <elfutils/libdw.h>

#include "die_reader.h"
#include "dwarves_hash.h"

struct dwarf_file;

/*
 * A key bit of a DIE of the supplementary file, beside its offset in that
 * file's .debug_info. Offsets below it; the bits above are the loader's.
 */
static const uint64_t XUNIT_KEY_ALT = 1ull << 61;
static const uint64_t XUNIT_KEY_OFFSET = (1ull << 61) - 1;
/* A key bit of a DIE of DWARF 4's .debug_types, beside its offset there. */
static const uint64_t XUNIT_KEY_TYPES = 1ull << 62;

/* One unit of a .debug_info. */
struct xunit {
	uint64_t	start;		/* section offset of the header */
	uint64_t	end;		/* past its last byte */
	Dwarf_Die	cu_die;		/* libdw's unit DIE */
	uint32_t	type_unit;	/* a type unit's number + 1 (see below), or 0 */
};

struct dwarf_xunits;

/*
 * Indexes the units of @df's .debug_info and, when the file names a
 * supplementary file, finds and opens it: the path it names (relative to
 * @df's directory when relative, as named and as its real path; inside the
 * unpacked tree @df lies in when absolute), then
 * /usr/lib/debug/.build-id/xx/yyyy.debug and /usr/lib/debug/.dwz/NAME,
 * within that tree first; a candidate must carry the build-id the link
 * names. 0, or -errno after one line naming the file (-ENOENT: not found).
 * Main thread, after libdw has opened @df.
 */
int dwarf_xunits__open(struct dwarf_file *df, struct dwarf_xunits **ret);
void dwarf_xunits__free(struct dwarf_xunits *x);

/* The unit holding the DIE of key @key (XUNIT_KEY_ALT for the alt file), or NULL. */
const struct xunit *dwarf_xunits__find(const struct dwarf_xunits *x, uint64_t key);

/*
 * The type unit of signature @sig (DW_FORM_ref_sig8, DW_AT_signature): 0
 * and the key of its type DIE in *key, or -ENOENT when the file has none.
 */
int dwarf_xunits__signature(const struct dwarf_xunits *x, uint64_t sig, uint64_t *key);

/*
 * The file's type units are numbered from 0: those of .debug_types in
 * section order, then those of .debug_info.
 */
uint32_t dwarf_xunits__nr_type_units(const struct dwarf_xunits *x);
const struct xunit *dwarf_xunits__type_unit(const struct dwarf_xunits *x, uint32_t nr);

/* The sections and libdw handle of the supplementary file; NULL when none. */
const struct die_sections *dwarf_xunits__alt_secs(const struct dwarf_xunits *x);
Dwarf *dwarf_xunits__alt_dwarf(const struct dwarf_xunits *x);

/* A string of the supplementary file's .debug_str (DW_FORM_GNU_strp_alt, strp_sup). */
const char *dwarf_xunits__alt_string(const struct dwarf_xunits *x, uint64_t off);

/* A unit a CU opened, by key (unit start | XUNIT_KEY_ALT or XUNIT_KEY_TYPES). */
struct xunit_open {
	uint64_t		key;
	const struct xunit	*xu;		/* borrowed from the index */
	struct die_unit		*unit;		/* owned */
};

/* What the CU loader does with the DIEs of other units (dwarf_cu.c). */
struct xunit_hooks {
	/* Loads the children of an imported unit's DIE as the CU's top-level DIEs. */
	int	(*load_children)(void *ctx, struct die *unit_die);
	/* Loads one DIE of another CU alone, for resolution only. */
	int	(*load_alone)(void *ctx, struct die *die);
	/* Whether DIE key @key is already one of the CU's types. */
	bool	(*is_mapped)(void *ctx, uint64_t key);
	/* Reports a bad unit or DIE (@why may be NULL); returns -EINVAL. */
	int	(*error)(void *ctx, uint64_t key, const char *why);
	void	*ctx;
};

/*
 * What one CU reached beyond itself: the units it opened, which it
 * imported and which DIEs it loaded alone. The CU's alone, on its thread.
 */
struct xunit_cache {
	const struct dwarf_xunits	*x;	/* borrowed */
	const struct die_sections	*secs;	/* of the file itself; borrowed */
	struct die_abbrev_cache		*abbrevs; /* borrowed; may be NULL */
	struct xunit_hooks		hooks;
	uint64_t			own_start, own_end; /* the CU's own DIEs */
	struct xunit_open		*units;
	uint32_t			nr, cap;
	struct int_map			opened;	/* unit key -> index in units */
	struct int_map			imported; /* unit keys (values unused) */
	struct int_map			loaded;   /* DIE keys loaded alone (values unused) */
};

/*
 * DW_TAG_imported_unit: the unit whose unit DIE has key @key is loaded
 * through hooks.load_children, unless the CU imported it already (maybe
 * through another partial unit). 0, -ENOENT when @key is no unit's DIE
 * (not reported), or the error of the reader (reported) or of the hook.
 */
int xunit_cache__import(struct xunit_cache *c, uint64_t key);

/* Whether DIE key @key lies in the CU's own unit (not in one it imported). */
static inline bool xunit_cache__in_own_unit(const struct xunit_cache *c, uint64_t key)
{
	return !(key & XUNIT_KEY_ALT) && key >= c->own_start && key < c->own_end;
}

/*
 * A DIE that the CU refers to: when it lies in another CU (not one the CU
 * imported) and was not loaded yet, it is loaded through hooks.load_alone.
 * Keys with bits above XUNIT_KEY_ALT set and keys that no unit holds are
 * left alone (their references stay unresolved). 0 or -errno (reported).
 */
int xunit_cache__load_alone(struct xunit_cache *c, uint64_t key);

/*
 * The DIE of key @key (XUNIT_KEY_TYPES for .debug_types) in a type unit of
 * the file: 0 and *ret, -ENOENT when no type unit holds it (not reported),
 * or -errno (reported).
 */
int xunit_cache__type_die(struct xunit_cache *c, uint64_t key, struct die *ret);

/*
 * The numbers of the type units the CU opened, in *ret (owned by the
 * caller; NULL when none), their count in *nr. 0 or -ENOMEM.
 */
int xunit_cache__type_units(const struct xunit_cache *c, uint32_t **ret, uint32_t *nr);

void xunit_cache__release(struct xunit_cache *c);

#endif
