// SPDX-License-Identifier: GPL-2.0-only
/*
 * The abbreviation-driven DIE reader (die_reader.h). A unit's table is read
 * once into an array sorted by code; a DIE is then its code, looked up, and
 * attribute values laid out by the forms the table lists (DWARF 5, 7.5.3
 * and 7.5.6). Walking children leaves each DIE's end behind, so that going
 * to the next sibling after a walk costs nothing; otherwise DW_AT_sibling is
 * followed, or the subtree skipped by form sizes.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>
#include <gelf.h>

#include "die_reader.h"
#include "dwarf_cursor.h"
#include "elf_symtab.h"

/* GNU forms of split DWARF and dwz files, not in every dwarf.h. */
enum {
	FORM_GNU_addr_index = 0x1f01,
	FORM_GNU_str_index = 0x1f02,
	FORM_GNU_ref_alt = 0x1f20,
	FORM_GNU_strp_alt = 0x1f21,
};

struct die_attr_spec {
	uint32_t	name;
	uint16_t	form;
	int8_t		size;		/* of the value when fixed, else -1 */
	bool		kept;		/* visited by die__attrs_kept() */
	uint16_t	offset;		/* of the value, when every value is fixed */
	int64_t		implicit_const;
};

struct die_abbrev {
	uint64_t		code;
	uint32_t		order;		/* in the table, to keep the first of a code */
	uint32_t		tag;
	bool			has_children;
	bool			has_sibling;	/* a DW_AT_sibling spec (fixed form) */
	bool			has_signature;	/* a DW_AT_signature spec: asked of every DIE */
	uint32_t		nr_specs;
	int32_t			fixed_size;	/* of all values, or -1 when it varies */
	struct die_attr_spec	*specs;		/* in the table's allocation, after its abbrevs */
	/* The kept specs: specs itself, or copies of them further on. */
	const struct die_attr_spec *kept;
	uint32_t		nr_kept;
	uint32_t		first_spec, first_kept;	/* while the table is read */
	uint64_t		user;		/* the table owner's (die__abbrev_user()) */
};

/* ---- sections --------------------------------------------------------------- */

/*
 * Whether @data, of a section named .zdebug_*, still holds the legacy GNU
 * form: "ZLIB", the uncompressed size as 8 big-endian bytes, then a zlib
 * stream. Once decompressed its size is the one announced, which the
 * compressed bytes (12 more than a stream) cannot be.
 */
static bool is_gnu_compressed(const Elf_Data *data)
{
	const uint8_t *p = data->d_buf;
	uint64_t size = 0;
	int i;

	if (!p || data->d_size < 12 || memcmp(p, "ZLIB", 4))
		return false;
	for (i = 4; i < 12; i++)
		size = size << 8 | p[i];
	return size != data->d_size;
}

/*
 * Decompresses a section that libdw left compressed (it skips one it cannot
 * decompress, and a libdw that decompresses lazily may not have got to it):
 * SHF_COMPRESSED sections (gcc -gz=zlib) and .zdebug_* ones (-gz=zlib-gnu),
 * in place, as libdw does. One libdw did decompress is left as it is.
 * 0, or -EINVAL when the section cannot be decompressed.
 */
static int decompress_section(Elf_Scn *scn, const GElf_Shdr *sh, const char *name)
{
	Elf_Data *data;

	if (sh->sh_flags & SHF_COMPRESSED)
		return elf_compress(scn, 0, 0) < 0 ? -EINVAL : 0;
	if (strncmp(name, ".zdebug", 7))
		return 0;
	data = elf_getdata(scn, NULL);
	if (data && is_gnu_compressed(data) && elf_compress_gnu(scn, 0, 0) < 0)
		return -EINVAL;
	return 0;
}

static int set_bytes(struct die_bytes *b, Elf_Scn *scn, const GElf_Shdr *sh, const char *name)
{
	Elf_Data *data;

	if (decompress_section(scn, sh, name))
		return -EINVAL;
	data = elf_getdata(scn, NULL);
	if (data && data->d_buf) {
		b->data = data->d_buf;
		b->size = data->d_size;
	}
	return 0;
}

/*
 * Whether @name is @want or its .zdebug_ form, or with @dwo, its split DWARF
 * form (.debug_info.dwo), which is all a .dwo file has.
 */
static bool section_is(const char *name, const char *want, bool dwo)
{
	size_t len = strlen(want);

	if (dwo)
		return !strncmp(name, want, len) && !strcmp(name + len, ".dwo");
	return !strcmp(name, want) ||
	       (name[0] == '.' && name[1] == 'z' && !strcmp(name + 2, want + 1) &&
		!strncmp(want, ".debug_", 7));
}

/* A split DWARF file (.dwo) has .debug_info.dwo and no .debug_info: libdw's test. */
static bool is_dwo_file(Elf *elf)
{
	GElf_Shdr sh;

	return !elf_section_next(elf, NULL, ".debug_info", &sh) &&
	       !elf_section_next(elf, NULL, ".zdebug_info", &sh) &&
	       elf_section_next(elf, NULL, ".debug_info.dwo", &sh);
}

/* The location sections: a second one, or one in a group, makes them ambiguous. */
static int set_loc_bytes(struct die_sections *s, struct die_bytes *b, Elf_Scn *scn,
			 const GElf_Shdr *sh, const char *name)
{
	if (b->data || (sh->sh_flags & SHF_GROUP)) {
		s->locs_ambiguous = true;
		return 0;
	}
	return set_bytes(b, scn, sh, name);
}

int die_sections__init(struct die_sections *s, Elf *elf, bool big_endian,
		       const char **bad_ret)
{
	static const char *const names[] = {
		".debug_info", ".debug_types", ".debug_abbrev", ".debug_str", ".debug_line_str",
		".debug_loc", ".debug_loclists", ".debug_addr",
	};
	struct die_bytes *slots[] = { &s->info, &s->types, &s->abbrev, &s->str, &s->line_str,
				      &s->loc, &s->loclists, &s->addr };
	const size_t first_loc = 5;
	Elf_Scn *scn = NULL;
	size_t shstrndx, i;
	bool dwo;
	int err = 0;

	memset(s, 0, sizeof(*s));
	s->big_endian = big_endian;
	s->elf_addr_size = elf && gelf_getclass(elf) == ELFCLASS32 ? 4 : 8;
	if (!elf || elf_getshdrstrndx(elf, &shstrndx))
		return 0;
	dwo = is_dwo_file(elf);
	while (!err && (scn = elf_nextscn(elf, scn))) {
		const char *name;
		GElf_Shdr sh;

		if (!gelf_getshdr(scn, &sh) || sh.sh_type == SHT_NOBITS ||
		    !(name = elf_strptr(elf, shstrndx, sh.sh_name)))
			continue;
		for (i = 0; !err && i < sizeof(names) / sizeof(names[0]); i++) {
			if (!section_is(name, names[i], dwo))
				continue;
			if (i >= first_loc)
				err = set_loc_bytes(s, slots[i], scn, &sh, name);
			else if (!slots[i]->data)
				err = set_bytes(slots[i], scn, &sh, name);
			if (err)
				*bad_ret = name;
		}
	}
	s->str_terminated = s->str.size && !s->str.data[s->str.size - 1];
	s->line_str_terminated = s->line_str.size && !s->line_str.data[s->line_str.size - 1];
	return err;
}

/* A cursor over the unit's bytes from section offset @off. */
static struct dwarf_cursor unit_cursor(const struct die_unit *u, uint64_t off)
{
	const uint8_t *base = u->sec->data;

	struct dwarf_cursor c = dwarf_cursor(base + (off < u->end ? off : u->end), base + u->end,
					     u->secs->big_endian);

	c.bad = off > u->end;
	return c;
}

static int fail(struct die_unit *u, const char *why)
{
	u->errmsg = why;
	return -EINVAL;
}

/* ---- forms ---------------------------------------------------------------------- */

/* Size of a value of @form with no data to read; -1 when it varies or is unknown. */
static int fixed_form_size(const struct die_unit *u, unsigned int form)
{
	switch (form) {
	case DW_FORM_flag_present: case DW_FORM_implicit_const:
		return 0;
	case DW_FORM_data1: case DW_FORM_ref1: case DW_FORM_flag: case DW_FORM_strx1:
	case DW_FORM_addrx1:
		return 1;
	case DW_FORM_data2: case DW_FORM_ref2: case DW_FORM_strx2: case DW_FORM_addrx2:
		return 2;
	case DW_FORM_strx3: case DW_FORM_addrx3:
		return 3;
	case DW_FORM_data4: case DW_FORM_ref4: case DW_FORM_strx4: case DW_FORM_addrx4:
	case DW_FORM_ref_sup4:
		return 4;
	case DW_FORM_data8: case DW_FORM_ref8: case DW_FORM_ref_sig8: case DW_FORM_ref_sup8:
		return 8;
	case DW_FORM_data16:
		return 16;
	case DW_FORM_addr:
		return u->addr_size;
	case DW_FORM_ref_addr:	/* an address in DWARF 2 (7.5.4), an offset since */
		return u->version < 3 ? u->addr_size : u->off_size;
	case DW_FORM_strp: case DW_FORM_line_strp: case DW_FORM_sec_offset:
	case DW_FORM_strp_sup: case FORM_GNU_ref_alt: case FORM_GNU_strp_alt:
		return u->off_size;
	default:
		return -1;
	}
}

/*
 * Reads one value of @form at the cursor into @a (valp, value, block).
 * False for an unknown form; a short read sets c->bad. Inlined always, as
 * its callers are: out of line, @a goes through memory for every value.
 */
__attribute__((always_inline))
static inline bool read_value(const struct die_unit *u, struct dwarf_cursor *c, unsigned int form, int size,
		       struct die_attr *a)
{

	a->form = form;
	a->valp = c->p;
	if (size >= 0) {
		a->value = size <= 8 ? dwarf_cursor__fixed(c, size) : (dwarf_cursor__skip(c, size), 0);
		return true;
	}
	switch (form) {
	case DW_FORM_udata: case DW_FORM_ref_udata: case DW_FORM_strx: case DW_FORM_addrx:
	case DW_FORM_loclistx: case DW_FORM_rnglistx:
	case FORM_GNU_addr_index: case FORM_GNU_str_index:
		a->value = dwarf_cursor__uleb_lenient(c);
		return true;
	case DW_FORM_sdata:
		a->value = (uint64_t)dwarf_cursor__sleb_lenient(c);
		return true;
	case DW_FORM_string: {
		const uint8_t *nul = memchr(c->p, 0, c->end - c->p);

		if (!nul)
			c->bad = true;
		c->p = nul ? nul + 1 : c->end;
		return true;
	}
	case DW_FORM_block1: a->block_len = dwarf_cursor__fixed(c, 1); break;
	case DW_FORM_block2: a->block_len = dwarf_cursor__fixed(c, 2); break;
	case DW_FORM_block4: a->block_len = dwarf_cursor__fixed(c, 4); break;
	case DW_FORM_block: case DW_FORM_exprloc: a->block_len = dwarf_cursor__uleb_lenient(c); break;
	default:
		return false;
	}
	a->block_off = (uint8_t)(c->p - a->valp);
	dwarf_cursor__skip(c, a->block_len);
	return true;
}

/*
 * Reads the value of spec @sp at the cursor into @a (its name and
 * implicit_const are the caller's), a DW_FORM_indirect resolved first:
 * the walk (find_attrs_end()) and the attribute readers (attrs()) read
 * values of variable size through it alone. 0, or -EINVAL (u->errmsg).
 * Inlined always: both callers run it per attribute, in their loops.
 */
__attribute__((always_inline))
static inline int read_attr(struct die_unit *u, struct dwarf_cursor *c,
			    const struct die_attr_spec *sp, struct die_attr *a)
{
	unsigned int form = sp->form;
	int size = sp->size;

	if (form == DW_FORM_indirect) {
		form = (unsigned int)dwarf_cursor__uleb_lenient(c);
		if (form == DW_FORM_indirect || form == DW_FORM_implicit_const)
			return fail(u, "bad form through DW_FORM_indirect");
		size = fixed_form_size(u, form);
	}
	if (!read_value(u, c, form, size, a))
		return fail(u, "unknown attribute form");
	if (c->bad)
		return fail(u, "attribute value past the end of its unit");
	return 0;
}

/* ---- abbreviations ---------------------------------------------------------------- */

static int cmp_abbrev(const void *x, const void *y)
{
	const struct die_abbrev *a = x, *b = y;

	if (a->code != b->code)
		return a->code < b->code ? -1 : 1;
	return a->order < b->order ? -1 : a->order > b->order;
}

/*
 * A table's specs while it is read: all its abbreviations' in one array,
 * each abbreviation's from its first_spec on (then its kept copies, if
 * any). Once the table is whole they move behind its abbreviations, into
 * the table's one allocation, and the abbreviations point at them.
 */
struct spec_buf {
	struct die_attr_spec	*specs;		/* owned */
	uint32_t		nr, cap;
};

static struct die_attr_spec *spec_buf__add(struct spec_buf *b)
{
	if (b->nr == b->cap) {
		uint32_t n = b->cap ? b->cap * 2 : 1024;
		struct die_attr_spec *p = n > b->cap ? realloc(b->specs, (size_t)n * sizeof(*p)) : NULL;

		if (!p)
			return NULL;
		b->specs = p;
		b->cap = n;
	}
	return &b->specs[b->nr++];
}

/*
 * Reads one abbreviation's attribute specs at the cursor into @b.
 * -EINVAL for a table cut short, -ENOMEM.
 */
static int read_specs(struct die_unit *u, struct dwarf_cursor *c, struct die_abbrev *ab,
		      struct spec_buf *b)
{
	struct die_attr_spec *to;
	int size;

	ab->fixed_size = 0;
	ab->first_spec = b->nr;
	for (;;) {
		uint64_t name = dwarf_cursor__uleb_lenient(c), form = dwarf_cursor__uleb_lenient(c);
		struct die_attr_spec sp = { .name = (uint32_t)name, .form = (uint16_t)form };

		if (form > UINT16_MAX || name > UINT32_MAX)
			return fail(u, "bad attribute or form code in an abbreviation");
		if (sp.form == DW_FORM_implicit_const)
			sp.implicit_const = dwarf_cursor__sleb_lenient(c);
		if (c->bad)
			return fail(u, "abbreviation table cut short");
		if (!sp.name && !sp.form)
			return 0;
		to = spec_buf__add(b);
		if (!to)
			return -ENOMEM;
		size = fixed_form_size(u, sp.form);
		sp.size = (int8_t)size;
		sp.offset = ab->fixed_size >= 0 ? (uint16_t)ab->fixed_size : 0;
		*to = sp;
		ab->nr_specs++;
		ab->fixed_size = size < 0 || ab->fixed_size < 0 ||
				 ab->fixed_size + size > UINT16_MAX ? -1 : ab->fixed_size + size;
		if (sp.name == DW_AT_sibling && size > 0 && sp.form != DW_FORM_ref_addr)
			ab->has_sibling = true;
		ab->has_signature |= sp.name == DW_AT_signature;
	}
}

static int add_abbrev(struct die_unit *u, const struct die_abbrev *ab, uint32_t *cap)
{
	if (u->nr_abbrevs == *cap) {
		uint32_t n = *cap ? *cap * 2 : 64;
		struct die_abbrev *p = realloc(u->abbrevs, (size_t)n * sizeof(*p));

		if (!p)
			return -ENOMEM;
		u->abbrevs = p;
		*cap = n;
	}
	u->abbrevs[u->nr_abbrevs++] = *ab;
	return 0;
}

/*
 * Marks the specs @keep keeps (all without it). When some are left out, the
 * kept ones are copied after the others, so that a DIE of fixed size visits
 * only them; -ENOMEM.
 */
static int keep_specs(struct die_abbrev *ab, struct spec_buf *b,
		      const struct die_abbrev_cache *cache)
{
	uint32_t i, n = 0;

	for (i = ab->first_spec; i < ab->first_spec + ab->nr_specs; i++) {
		b->specs[i].kept = !cache || !cache->keep ||
				   cache->keep(b->specs[i].name, cache->keep_arg);
		n += b->specs[i].kept;
	}
	ab->first_kept = ab->first_spec;
	ab->nr_kept = n;
	if (n == ab->nr_specs)
		return 0;
	ab->first_kept = b->nr;
	for (i = ab->first_spec; i < ab->first_spec + ab->nr_specs; i++) {
		struct die_attr_spec *to;

		if (!b->specs[i].kept)
			continue;
		to = spec_buf__add(b);
		if (!to)
			return -ENOMEM;
		*to = b->specs[i];
	}
	return 0;
}

/* Producers number codes 1, 2, 3 ...: the table is most often in order. */
static bool abbrevs_sorted(const struct die_unit *u)
{
	uint32_t i;

	for (i = 1; i < u->nr_abbrevs; i++)
		if (u->abbrevs[i].code <= u->abbrevs[i - 1].code)
			return false;
	return true;
}

/*
 * Sorts the table by code, keeps the first definition of a code defined
 * twice (corrupt input), then moves the specs of @b behind the
 * abbreviations, in one allocation. -ENOMEM.
 */
static int finish_abbrevs(struct die_unit *u, struct spec_buf *b)
{
	struct die_attr_spec *specs;
	struct die_abbrev *p;
	uint32_t i, n;
	size_t head;

	if (!abbrevs_sorted(u)) {
		qsort(u->abbrevs, u->nr_abbrevs, sizeof(*u->abbrevs), cmp_abbrev);
		for (i = 1, n = 1; i < u->nr_abbrevs; i++)
			if (u->abbrevs[i].code != u->abbrevs[n - 1].code)
				u->abbrevs[n++] = u->abbrevs[i];
		u->nr_abbrevs = n;
	}
	/* The specs are 8-byte aligned after the abbreviations: both hold 64-bit fields. */
	head = (size_t)u->nr_abbrevs * sizeof(*u->abbrevs);
	p = realloc(u->abbrevs, head + (size_t)b->nr * sizeof(*specs));
	if (!p)
		return -ENOMEM;
	u->abbrevs = p;
	specs = (struct die_attr_spec *)((char *)p + head);
	if (b->nr)
		memcpy(specs, b->specs, (size_t)b->nr * sizeof(*specs));
	for (i = 0; i < u->nr_abbrevs; i++) {
		p[i].specs = specs + p[i].first_spec;
		p[i].kept = specs + p[i].first_kept;
	}
	return 0;
}

/*
 * The table at @off: a bad entry ends it there, as a DIE using it (or a
 * later one) is what is in error, if any is.
 */
static int read_abbrevs(struct die_unit *u, uint64_t off, const struct die_abbrev_cache *cache)
{
	const struct die_bytes *sec = &u->secs->abbrev;
	struct dwarf_cursor c = { .p = sec->data + (off < sec->size ? off : sec->size),
			    .end = sec->data + sec->size, .big_endian = u->secs->big_endian };
	struct spec_buf b = { 0 };
	uint32_t cap = 0;
	int err = 0;

	while (c.p < c.end) {
		struct die_abbrev ab = { .code = dwarf_cursor__uleb_lenient(&c), .order = u->nr_abbrevs };
		if (!ab.code || c.bad)
			break;
		ab.tag = (uint32_t)dwarf_cursor__uleb_lenient(&c);
		ab.has_children = dwarf_cursor__u8(&c) == DW_CHILDREN_yes;
		err = read_specs(u, &c, &ab, &b) ?: keep_specs(&ab, &b, cache) ?:
		      add_abbrev(u, &ab, &cap);
		if (err) {
			if (err != -ENOMEM)
				err = 0;	/* the table ends before the bad entry */
			break;
		}
	}
	if (!err && u->nr_abbrevs)
		err = finish_abbrevs(u, &b);
	free(b.specs);
	return err;
}

static const struct die_abbrev *find_abbrev(const struct die_unit *u, uint64_t code)
{
	uint32_t lo = 0, hi = u->nr_abbrevs;

	/* Producers number codes 1, 2, 3 ...: try the direct slot first. */
	if (code - 1 < u->nr_abbrevs && u->abbrevs[code - 1].code == code)
		return &u->abbrevs[code - 1];
	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (u->abbrevs[mid].code < code)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < u->nr_abbrevs && u->abbrevs[lo].code == code ? &u->abbrevs[lo] : NULL;
}

/* ---- units ------------------------------------------------------------------------ */

/* Reads the unit header at u->start (DWARF 5, 7.5.1; DWARF 4, 7.5.1). */
static int read_header(struct die_unit *u, uint64_t *abbrev_off)
{
	struct dwarf_cursor c = { .p = u->sec->data + u->start, .end = u->sec->data + u->sec->size,
			    .big_endian = u->secs->big_endian };
	uint64_t length = dwarf_cursor__fixed(&c, 4);

	u->off_size = 4;
	if (length == 0xffffffff) {
		length = dwarf_cursor__fixed(&c, 8);
		u->off_size = 8;
	}
	if (c.bad || length > (uint64_t)(c.end - c.p))
		return fail(u, "unit header past the end of the section");
	u->end = (uint64_t)(c.p - u->sec->data) + length;
	c.end = c.p + length;
	u->version = (uint16_t)dwarf_cursor__fixed(&c, 2);
	if (u->version < 2 || u->version > 5)
		return fail(u, "unknown unit version");
	if (u->version >= 5) {
		u->unit_type = dwarf_cursor__u8(&c);
		u->addr_size = dwarf_cursor__u8(&c);
		*abbrev_off = dwarf_cursor__fixed(&c, u->off_size);
	} else {
		u->unit_type = u->in_types ? DW_UT_type : DW_UT_compile;
		*abbrev_off = dwarf_cursor__fixed(&c, u->off_size);
		u->addr_size = dwarf_cursor__u8(&c);
	}
	if (is_type_unit_type(u->unit_type))
		dwarf_cursor__skip(&c, 8 + u->off_size);	/* signature, type offset */
	else if (u->unit_type == DW_UT_skeleton || u->unit_type == DW_UT_split_compile)
		dwarf_cursor__skip(&c, 8);			/* unit id */
	if (c.bad)
		return fail(u, "unit header cut short");
	if (u->addr_size != 4 && u->addr_size != 8 && u->addr_size != 2)
		return fail(u, "bad address size in unit header");
	u->first_die = (uint64_t)(c.p - u->sec->data);
	return 0;
}

int die_unit__init(struct die_unit *u, const struct die_sections *s, bool in_types,
		   uint64_t start, Dwarf_CU *cu)
{
	return die_unit__init_cached(u, s, in_types, start, cu, NULL);
}

bool die_unit__uses_form(const struct die_unit *u, unsigned int form)
{
	uint32_t i, j;

	for (i = 0; i < u->nr_abbrevs; i++)
		for (j = 0; j < u->abbrevs[i].nr_specs; j++)
			if (u->abbrevs[i].specs[j].form == form)
				return true;
	return false;
}

void die_unit__release(struct die_unit *u)
{
	if (!u->abbrevs_borrowed)
		free(u->abbrevs);	/* the specs are in the same allocation */
	u->abbrevs = NULL;
	u->nr_abbrevs = 0;
	u->abbrevs_borrowed = false;
}

int die_unit__init_cached(struct die_unit *u, const struct die_sections *s, bool in_types,
			  uint64_t start, Dwarf_CU *cu, struct die_abbrev_cache *cache)
{
	struct die_abbrev_table *t;
	uint64_t abbrev_off = 0;
	uint32_t i;
	int err;

	memset(u, 0, sizeof(*u));
	u->secs = s;
	u->sec = in_types ? &s->types : &s->info;
	u->in_types = in_types;
	u->start = start;
	u->cu = cu;
	if (start >= u->sec->size)
		return fail(u, "unit past the end of the section");
	err = read_header(u, &abbrev_off);
	for (i = 0; !err && cache && i < cache->nr_tables; i++) {
		t = &cache->tables[i];
		if (t->secs == s && t->off == abbrev_off) {
			u->abbrevs = t->abbrevs;
			u->nr_abbrevs = t->nr_abbrevs;
			u->abbrevs_borrowed = true;
			return 0;
		}
	}
	err = err ?: read_abbrevs(u, abbrev_off, cache);
	if (err || !cache || cache->nr_tables == DIE_ABBREV_CACHE_SIZE)
		return err;
	cache->tables[cache->nr_tables++] = (struct die_abbrev_table){
		.secs = s, .off = abbrev_off, .abbrevs = u->abbrevs, .nr_abbrevs = u->nr_abbrevs,
	};
	u->abbrevs_borrowed = true;
	return 0;
}

void die_abbrev_cache__release(struct die_abbrev_cache *cache)
{
	uint32_t i;

	for (i = 0; i < cache->nr_tables; i++)
		free(cache->tables[i].abbrevs);
	cache->nr_tables = 0;
}

/* ---- DIEs ---------------------------------------------------------------------------- */

/*
 * The DIE at @off: 0, 1 for a null entry (its end in ret->off + 1), -EINVAL.
 * Inlined always: it is read for every DIE (14.2M on the vmlinux).
 */
__attribute__((always_inline))
static inline int read_die(struct die_unit *u, uint64_t off, struct die *ret)
{
	uint64_t code, attrs_off;

	/* Most codes are below 128: one byte. */
	if (off < u->end && u->sec->data[off] < 0x80) {
		code = u->sec->data[off];
		attrs_off = off + 1;
	} else {
		struct dwarf_cursor c = unit_cursor(u, off);

		code = dwarf_cursor__uleb_lenient(&c);
		if (c.bad)
			return fail(u, "DIE past the end of its unit");
		attrs_off = (uint64_t)(c.p - u->sec->data);
	}
	ret->unit = u;
	ret->off = off;
	ret->end = 0;
	if (!code) {
		ret->abbrev = NULL;
		ret->has_children = false;
		return 1;
	}
	ret->abbrev = find_abbrev(u, code);
	if (!ret->abbrev)
		return fail(u, "DIE with an unknown abbreviation code");
	ret->tag = ret->abbrev->tag;
	ret->has_children = ret->abbrev->has_children;
	ret->attrs_end = ret->abbrev->fixed_size >= 0 ? attrs_off + ret->abbrev->fixed_size : 0;
	return 0;
}

/* Where @d's attribute values end, reading them when their size varies. */
static int find_attrs_end(struct die *d)
{
	struct die_unit *u = d->unit;
	struct dwarf_cursor c = unit_cursor(u, d->off);
	uint32_t i;

	if (d->attrs_end)
		return d->attrs_end > u->end ? fail(u, "DIE past the end of its unit") : 0;
	dwarf_cursor__uleb_lenient(&c);
	if (c.bad)
		return fail(u, "attribute value past the end of its unit");
	for (i = 0; i < d->abbrev->nr_specs; i++) {
		struct die_attr a;
		int rc = read_attr(u, &c, &d->abbrev->specs[i], &a);

		if (rc)
			return rc;
	}
	d->attrs_end = (uint64_t)(c.p - u->sec->data);
	return 0;
}

int die__at(struct die_unit *u, uint64_t off, struct die *ret)
{
	int rc;

	ret->parent = NULL;
	if (off < u->first_die || off >= u->end)
		return fail(u, "DIE offset outside its unit");
	rc = read_die(u, off, ret);
	return rc > 0 ? fail(u, "null entry where a DIE was expected") : rc;
}

int die__unit_die(struct die_unit *u, struct die *ret)
{
	return die__at(u, u->first_die, ret);
}

int die__child(struct die *parent, struct die *child)
{
	int rc;

	if (!parent->has_children)
		return 1;
	rc = find_attrs_end(parent);
	if (rc)
		return rc;
	child->parent = parent;
	rc = read_die(parent->unit, parent->attrs_end, child);
	if (rc > 0)
		parent->end = parent->attrs_end + 1;
	return rc;
}

/* The DW_AT_sibling of @d, when it has one in a form of fixed size; else 0. */
static uint64_t sibling_attr(struct die *d)
{
	const struct die_abbrev *ab = d->abbrev;
	struct die_unit *u = d->unit;
	struct dwarf_cursor c = unit_cursor(u, d->off);
	uint32_t i;

	dwarf_cursor__uleb_lenient(&c);
	for (i = 0; i < ab->nr_specs; i++) {
		int size = ab->specs[i].size;
		struct die_attr a = { .name = ab->specs[i].name };
		uint64_t target;

		if (size < 0)	/* find_attrs_end() will read the values one by one */
			return 0;
		if (ab->specs[i].name != DW_AT_sibling) {
			dwarf_cursor__skip(&c, size);
			continue;
		}
		read_value(u, &c, ab->specs[i].form, size, &a);
		return !c.bad && die_attr__ref(u, &a, &target) && target > d->off ? target : 0;
	}
	return 0;
}

/*
 * Moves @d past its subtree, reading it DIE by DIE as far as needed, onto
 * what follows: read_die()'s value in *@rc_ret, the subtree's end in
 * *@end_ret. In place, as the next read of @d is of what read_die() wrote.
 */
static int skip_subtree(struct die *d, uint64_t *end_ret, int *rc_ret)
{
	struct die_unit *u = d->unit;
	unsigned int depth = 0;
	uint64_t next;
	int rc;

	for (;;) {
		if (d->end) {
			next = d->end;
		} else if (d->has_children && d->abbrev->has_sibling && (next = sibling_attr(d))) {
			/* the producer's own pointer past the subtree */
		} else {
			rc = find_attrs_end(d);
			if (rc)
				return rc;
			next = d->attrs_end;
			depth += d->has_children;
		}
		/* null entries close a level each */
		while ((rc = read_die(u, next, d)) == 1 && depth) {
			depth--;
			next++;
		}
		if (rc < 0)
			return rc;
		if (!depth) {
			*end_ret = next;
			*rc_ret = rc;
			return 0;
		}
	}
}

/*
 * skip_subtree()'s value, or its error; out of line, so that die__sibling()'s
 * common case stays light.
 */
static __attribute__((noinline)) int sibling_past_subtree(struct die *d, uint64_t *end_ret)
{
	int rc, err = skip_subtree(d, end_ret, &rc);

	return err ?: rc;
}

int die__sibling(struct die *d)
{
	uint64_t end = d->attrs_end;
	int rc;

	/* Most often a DIE without children whose attributes were laid out by read_die(). */
	if (!d->has_children && end && end <= d->unit->end)
		rc = read_die(d->unit, end, d);
	else
		rc = sibling_past_subtree(d, &end);
	if (rc > 0 && d->parent)
		d->parent->end = end + 1;
	return rc;
}

bool die__has_attr(const struct die *d, unsigned int name)
{
	uint32_t i;

	if (name == DW_AT_signature)
		return d->abbrev->has_signature;
	for (i = 0; i < d->abbrev->nr_specs; i++)
		if (d->abbrev->specs[i].name == name)
			return true;
	return false;
}

/*
 * The attributes @specs (@n of them) of a DIE whose values all have fixed
 * sizes, from @p on: one bounds check for all, each value at its offset.
 */
static int attrs_fixed(struct die *d, const uint8_t *p, const struct die_attr_spec *specs,
		       uint32_t n, die_attr_fn fn, void *arg)
{
	struct die_unit *u = d->unit;
	const struct die_abbrev *ab = d->abbrev;
	bool big_endian = u->secs->big_endian;
	uint32_t i;
	int rc;

	if ((size_t)(u->sec->data + u->end - p) < (size_t)ab->fixed_size)
		return fail(u, "attribute value past the end of its unit");
	for (i = 0; i < n; i++) {
		const struct die_attr_spec *sp = &specs[i];
		struct die_attr a = {
			.name = sp->name, .form = sp->form, .valp = p + sp->offset,
			.implicit_const = sp->implicit_const,
		};

		a.value = dwarf_fixed_value(a.valp, sp->size, big_endian);
		rc = fn(&a, arg);
		if (rc)
			return rc;
	}
	d->attrs_end = (uint64_t)(p - u->sec->data) + ab->fixed_size;
	return 0;
}

/* The attributes of @d, or with @kept_only the kept ones, to @fn. */
static int attrs(struct die *d, bool kept_only, die_attr_fn fn, void *arg)
{
	struct die_unit *u = d->unit;
	struct dwarf_cursor c = unit_cursor(u, d->off);
	const struct die_abbrev *ab = d->abbrev;
	uint32_t i;
	int rc;

	dwarf_cursor__uleb_lenient(&c);
	if (c.bad)
		return fail(u, "DIE past the end of its unit");
	if (ab->fixed_size >= 0)
		return kept_only ? attrs_fixed(d, c.p, ab->kept, ab->nr_kept, fn, arg) :
				   attrs_fixed(d, c.p, ab->specs, ab->nr_specs, fn, arg);
	for (i = 0; i < ab->nr_specs; i++) {
		const struct die_attr_spec *sp = &ab->specs[i];
		struct die_attr a = { .name = sp->name, .implicit_const = sp->implicit_const };

		rc = read_attr(u, &c, sp, &a);
		if (rc)
			return rc;
		rc = kept_only && !sp->kept ? 0 : fn(&a, arg);
		if (rc)
			return rc;
	}
	d->attrs_end = (uint64_t)(c.p - u->sec->data);
	return 0;
}

uint64_t *die__abbrev_user(const struct die *d)
{
	/* The table is its owner's, who may write this word of it. */
	return &((struct die_abbrev *)d->abbrev)->user;
}

bool die__fixed_kept(const struct die *d, uint32_t i, struct die_fixed_spec *ret)
{
	const struct die_abbrev *ab = d->abbrev;
	const struct die_attr_spec *sp;

	if (ab->fixed_size < 0 || i >= ab->nr_kept)
		return false;
	sp = &ab->kept[i];
	*ret = (struct die_fixed_spec){ .name = sp->name, .form = sp->form,
					.offset = sp->offset, .size = (uint8_t)sp->size };
	return true;
}

const uint8_t *die__fixed_values(const struct die *d)
{
	const struct die_unit *u = d->unit;
	int32_t size = d->abbrev->fixed_size;

	if (size < 0 || !d->attrs_end || d->attrs_end > u->end || d->attrs_end < (uint64_t)size)
		return NULL;
	return u->sec->data + d->attrs_end - size;
}

struct attr_query {
	unsigned int		name;
	struct die_attr		*ret;
};

static int match_attr(const struct die_attr *a, void *arg)
{
	const struct attr_query *q = arg;

	if (a->name != q->name)
		return 0;
	*q->ret = *a;
	return 1;
}

int die__find_attr(struct die *d, unsigned int name, struct die_attr *ret)
{
	struct attr_query q = { name, ret };

	return die__attrs(d, match_attr, &q);
}

int die__attrs(struct die *d, die_attr_fn fn, void *arg)
{
	return attrs(d, false, fn, arg);
}

int die__attrs_kept(struct die *d, die_attr_fn fn, void *arg)
{
	return attrs(d, true, fn, arg);
}

/* ---- values -------------------------------------------------------------------------- */

bool die_attr__block(const struct die_attr *a, const uint8_t **data, uint64_t *len)
{
	switch (a->form) {
	case DW_FORM_block1: case DW_FORM_block2: case DW_FORM_block4: case DW_FORM_block:
	case DW_FORM_exprloc:
		*data = a->valp + a->block_off;
		*len = a->block_len;
		return true;
	default:
		return false;
	}
}

Dwarf_Attribute die_attr__libdw(const struct die_unit *u, const struct die_attr *a)
{
	return (Dwarf_Attribute){ .code = a->name, .form = a->form,
				  .valp = (unsigned char *)(uintptr_t)a->valp, .cu = u->cu };
}
