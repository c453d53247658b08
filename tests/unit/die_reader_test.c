// SPDX-License-Identifier: GPL-2.0-only
/*
 * Unit tests of the DIE reader on a hand-made DWARF 5 unit: the walk
 * (children, siblings after a walk, through DW_AT_sibling and by skipping),
 * the value forms the loader reads, and every truncation of the unit, which
 * must end in -EINVAL, never a read out of bounds (run under ASan by
 * make check-sanitize).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>

#include "../../die_reader.h"

#include "check.h"

static const uint8_t abbrev[] = {
	1, DW_TAG_compile_unit, DW_CHILDREN_yes,
		DW_AT_name, DW_FORM_string, DW_AT_language, DW_FORM_data1, 0, 0,
	2, DW_TAG_base_type, DW_CHILDREN_no,
		DW_AT_name, DW_FORM_strp, DW_AT_byte_size, DW_FORM_data1,
		DW_AT_encoding, DW_FORM_implicit_const, 5, 0, 0,
	3, DW_TAG_structure_type, DW_CHILDREN_yes,
		DW_AT_name, DW_FORM_string, DW_AT_byte_size, DW_FORM_udata,
		DW_AT_sibling, DW_FORM_ref4, 0, 0,
	4, DW_TAG_member, DW_CHILDREN_no,
		DW_AT_name, DW_FORM_string, DW_AT_type, DW_FORM_ref4,
		DW_AT_data_member_location, DW_FORM_sdata, DW_AT_external, DW_FORM_flag_present,
		0, 0,
	5, DW_TAG_union_type, DW_CHILDREN_yes, DW_AT_name, DW_FORM_indirect, 0, 0,
	0,
};

static const uint8_t str[] = "int";

/* Offsets of the DIEs in info[] below. */
enum { CU_DIE = 12, BASE = 19, STRUCT = 25, MEMBER_A = 34, MEMBER_B = 42, UNION = 51,
       UNION_MEMBER = 55, INFO_SIZE = 65 };

static const uint8_t info[INFO_SIZE] = {
	INFO_SIZE - 4, 0, 0, 0, 5, 0, DW_UT_compile, 8, 0, 0, 0, 0,
	/* 12: no children, despite its abbreviation */
	1, 'c', 'u', 0, DW_LANG_C11, 0,
	/* 18: a null entry outside any list */
	0,
	2, 0, 0, 0, 0, 4,
	3, 's', 0, 0x88, 0x01, UNION, 0, 0, 0,
	4, 'a', 0, BASE, 0, 0, 0, 0,
	4, 'b', 0, BASE, 0, 0, 0, 0x7c,
	0,
	5, DW_FORM_string, 'u', 0,
	4, 'c', 0, BASE, 0, 0, 0, 1,
	0,
	0,
};

struct seen {
	const struct die_unit	*u;
	const char		*name;
	uint64_t		byte_size, encoding, type_off, location;
	bool			external, has_type;
};

static int collect(const struct die_attr *a, void *arg)
{
	struct seen *s = arg;
	bool flag;

	switch (a->name) {
	case DW_AT_name:
		s->name = die_attr__string(s->u, a);
		break;
	case DW_AT_byte_size:
		die_attr__constant(a, &s->byte_size);
		break;
	case DW_AT_encoding:
		die_attr__constant(a, &s->encoding);
		break;
	case DW_AT_type:
		s->has_type = die_attr__ref(s->u, a, &s->type_off);
		break;
	case DW_AT_data_member_location:
		die_attr__constant(a, &s->location);
		break;
	case DW_AT_external:
		s->external = die_attr__flag(a, &flag) && flag;
		break;
	}
	return 0;
}

static struct seen attrs_of(struct die *d)
{
	struct seen s = { .u = d->unit };

	if (die__attrs(d, collect, &s))
		s.name = "(error)";
	return s;
}

static void init_sections(struct die_sections *s, const uint8_t *bytes, size_t size)
{
	memset(s, 0, sizeof(*s));
	s->info = (struct die_bytes){ bytes, size };
	s->abbrev = (struct die_bytes){ abbrev, sizeof(abbrev) };
	s->str = (struct die_bytes){ str, sizeof(str) };
	s->str_terminated = true;
}

static void test_die_reader__walk(void)
{
	struct die_sections secs;
	struct die_unit u;
	struct die cu, d, m;
	struct seen s;

	init_sections(&secs, info, sizeof(info));
	CHECK("unit", die_unit__init(&u, &secs, false, 0, NULL) == 0);
	CHECK("first DIE", u.first_die == CU_DIE && u.version == 5 && u.addr_size == 8);
	CHECK("unit DIE", die__unit_die(&u, &cu) == 0 && cu.tag == DW_TAG_compile_unit);
	/* the unit DIE's children start after its attributes: offset 17 is 0 */
	CHECK("no children", die__child(&cu, &d) == 1);
	CHECK("base at", die__at(&u, BASE, &d) == 0 && d.tag == DW_TAG_base_type);
	s = attrs_of(&d);
	CHECK("strp", s.name && !strcmp(s.name, "int"));
	CHECK("data1, implicit_const", s.byte_size == 4 && s.encoding == 5);
	CHECK("struct at", die__at(&u, STRUCT, &d) == 0 && d.tag == DW_TAG_structure_type);
	s = attrs_of(&d);
	CHECK("string, udata", s.name && !strcmp(s.name, "s") && s.byte_size == 136);
	CHECK("first member", die__child(&d, &m) == 0 && m.off == MEMBER_A);
	s = attrs_of(&m);
	CHECK("ref4, flag_present", s.has_type && s.type_off == BASE && s.external);
	CHECK("second member", die__sibling(&m) == 0 && m.off == MEMBER_B);
	s = attrs_of(&m);
	CHECK("sdata", s.location == (uint64_t)-4);
	CHECK("last member", die__sibling(&m) == 1 && d.end == UNION);
	d.end = 0;	/* as if its children were never walked: DW_AT_sibling */
	CHECK("sibling attribute", die__sibling(&d) == 0 && d.off == UNION);
	s = attrs_of(&d);
	CHECK("indirect", s.name && !strcmp(s.name, "u"));
	CHECK("union member", die__child(&d, &m) == 0 && m.off == UNION_MEMBER);
	s = attrs_of(&m);
	CHECK("udata location", s.location == 1);
	CHECK("skip to the end", die__at(&u, STRUCT, &d) == 0 && die__sibling(&d) == 0 &&
	      die__sibling(&d) == 1);
	CHECK("bad offset", die__at(&u, INFO_SIZE, &d) == -EINVAL && u.errmsg);
	die_unit__release(&u);
}

/* Keeps every attribute but DW_AT_byte_size and the one *@arg names. */
static bool keep_but_byte_size_and(uint32_t name, const void *arg)
{
	return name != DW_AT_byte_size && name != *(const uint32_t *)arg;
}

/*
 * A cache's keep function: die__attrs_kept() visits the kept attributes only,
 * in DIEs of fixed size (base) and of varying size (struct), and leaves the
 * DIE's end right; die__attrs() still visits all.
 */
static void test_die_reader__kept(void)
{
	static const uint32_t external = DW_AT_external;
	struct die_abbrev_cache cache = { .keep = keep_but_byte_size_and, .keep_arg = &external };
	struct die_sections secs;
	struct die_unit u;
	struct die d, m;
	struct seen s;

	init_sections(&secs, info, sizeof(info));
	CHECK("unit", die_unit__init_cached(&u, &secs, false, 0, NULL, &cache) == 0);
	CHECK("base at", die__at(&u, BASE, &d) == 0);
	s = (struct seen){ .u = &u };
	CHECK("kept of fixed size", die__attrs_kept(&d, collect, &s) == 0 && s.name &&
	      !strcmp(s.name, "int") && s.encoding == 5 && !s.byte_size);
	CHECK("its end", die__sibling(&d) == 0 && d.off == STRUCT);
	s = (struct seen){ .u = &u };
	CHECK("kept of varying size", die__attrs_kept(&d, collect, &s) == 0 && s.name &&
	      !strcmp(s.name, "s") && !s.byte_size);
	s = attrs_of(&d);
	CHECK("all", s.byte_size == 136);
	CHECK("member", die__child(&d, &m) == 0 && m.off == MEMBER_A);
	s = (struct seen){ .u = &u };
	CHECK("flag left out", die__attrs_kept(&m, collect, &s) == 0 && s.has_type && !s.external);
	die_unit__release(&u);
	die_abbrev_cache__release(&cache);
}

/*
 * A DIE whose values all have fixed sizes: its kept specs with their
 * offsets (those left out still take their room), its first value, and the
 * abbreviation's word for the table's owner; none of it for a DIE of
 * varying size.
 */
static void test_die_reader__fixed_values(void)
{
	static const uint32_t external = DW_AT_external;
	struct die_abbrev_cache cache = { .keep = keep_but_byte_size_and, .keep_arg = &external };
	struct die_fixed_spec sp;
	struct die_sections secs;
	struct die_unit u;
	struct die d;

	init_sections(&secs, info, sizeof(info));
	CHECK("unit", die_unit__init_cached(&u, &secs, false, 0, NULL, &cache) == 0);
	CHECK("base at", die__at(&u, BASE, &d) == 0);
	CHECK("values after the code", die__fixed_values(&d) == info + BASE + 1);
	CHECK("name", die__fixed_kept(&d, 0, &sp) && sp.name == DW_AT_name &&
	      sp.form == DW_FORM_strp && sp.offset == 0 && sp.size == 4);
	CHECK("encoding after the byte size", die__fixed_kept(&d, 1, &sp) &&
	      sp.name == DW_AT_encoding && sp.form == DW_FORM_implicit_const &&
	      sp.offset == 5 && sp.size == 0);
	CHECK("two kept", !die__fixed_kept(&d, 2, &sp));
	CHECK("owner's word zeroed", *die__abbrev_user(&d) == 0);
	*die__abbrev_user(&d) = 42;
	CHECK("base again", die__at(&u, BASE, &d) == 0 && *die__abbrev_user(&d) == 42);
	CHECK("struct at", die__at(&u, STRUCT, &d) == 0);
	CHECK("varying size", !die__fixed_values(&d) && !die__fixed_kept(&d, 0, &sp));
	CHECK("its own word", *die__abbrev_user(&d) == 0);
	die_unit__release(&u);
	die_abbrev_cache__release(&cache);
}

/*
 * A table whose codes are out of order and define code 2 twice: found by
 * code, the first definition of 2 taken, as with libdw.
 */
static void test_die_reader__unordered_abbrevs(void)
{
	static const uint8_t table[] = {
		2, DW_TAG_base_type, DW_CHILDREN_no, DW_AT_byte_size, DW_FORM_data1, 0, 0,
		1, DW_TAG_compile_unit, DW_CHILDREN_yes, DW_AT_name, DW_FORM_string, 0, 0,
		2, DW_TAG_member, DW_CHILDREN_no, DW_AT_name, DW_FORM_string, 0, 0,
		0,
	};
	static const uint8_t unit[18] = {
		18 - 4, 0, 0, 0, 5, 0, DW_UT_compile, 8, 0, 0, 0, 0,
		1, 'c', 0,
		2, 4,
		0,
	};
	struct die_sections secs;
	struct die_unit u;
	struct die cu, d;
	struct seen s;

	init_sections(&secs, unit, sizeof(unit));
	secs.abbrev = (struct die_bytes){ table, sizeof(table) };
	CHECK("unit", die_unit__init(&u, &secs, false, 0, NULL) == 0);
	CHECK("code 1", die__unit_die(&u, &cu) == 0 && cu.tag == DW_TAG_compile_unit);
	s = attrs_of(&cu);
	CHECK("its name", s.name && !strcmp(s.name, "c"));
	CHECK("code 2, first definition", die__child(&cu, &d) == 0 && d.tag == DW_TAG_base_type);
	s = attrs_of(&d);
	CHECK("its byte size", s.byte_size == 4 && !s.name);
	CHECK("then the end", die__sibling(&d) == 1);
	die_unit__release(&u);
}

/*
 * Codes of two and three bytes (200, 16385) beside one of one byte: found
 * by code, siblings stepped over one by one to the end of the list, which
 * is left in the parent; every shorter unit_length fails the walk, never
 * reads past it.
 */
static void test_die_reader__long_codes(void)
{
	static const uint8_t table[] = {
		1, DW_TAG_compile_unit, DW_CHILDREN_yes, 0, 0,
		0xc8, 0x01, DW_TAG_base_type, DW_CHILDREN_no, DW_AT_byte_size, DW_FORM_data1, 0, 0,
		0x81, 0x80, 0x01, DW_TAG_pointer_type, DW_CHILDREN_no,
			DW_AT_byte_size, DW_FORM_data2, 0, 0,
		0,
	};
	static const uint8_t unit[25] = {
		25 - 4, 0, 0, 0, 5, 0, DW_UT_compile, 8, 0, 0, 0, 0,
		1,
		0xc8, 0x01, 4,
		0x81, 0x80, 0x01, 8, 0,
		0xc8, 0x01, 2,
		0,
	};
	struct die_sections secs;
	struct die_unit u;
	struct die cu, d;
	struct seen s;
	size_t n;
	int rc;

	init_sections(&secs, unit, sizeof(unit));
	secs.abbrev = (struct die_bytes){ table, sizeof(table) };
	CHECK("unit", die_unit__init(&u, &secs, false, 0, NULL) == 0 && u.nr_abbrevs == 3);
	CHECK("code 1", die__unit_die(&u, &cu) == 0 && cu.tag == DW_TAG_compile_unit);
	CHECK("code 200", die__child(&cu, &d) == 0 && d.off == 13 && d.tag == DW_TAG_base_type);
	s = attrs_of(&d);
	CHECK("its size", s.byte_size == 4);
	CHECK("code 16385", die__sibling(&d) == 0 && d.off == 16 &&
	      d.tag == DW_TAG_pointer_type);
	s = attrs_of(&d);
	CHECK("its size", s.byte_size == 8);
	CHECK("code 200 again", die__sibling(&d) == 0 && d.off == 21);
	s = attrs_of(&d);
	CHECK("its size", s.byte_size == 2);
	CHECK("the end", die__sibling(&d) == 1 && cu.end == sizeof(unit));
	die_unit__release(&u);
	for (n = 13; n < sizeof(unit); n++) {
		/* an exact-size copy, so ASan sees any read past the end */
		uint8_t *bytes = malloc(n);

		memcpy(bytes, unit, n);
		bytes[0] = (uint8_t)(n - 4);
		init_sections(&secs, bytes, n);
		secs.abbrev = (struct die_bytes){ table, sizeof(table) };
		rc = die_unit__init(&u, &secs, false, 0, NULL) ?: die__unit_die(&u, &cu) ?:
		     die__child(&cu, &d);
		while (rc == 0)
			rc = die__sibling(&d);
		CHECK("cut short", rc == -EINVAL && u.errmsg);
		die_unit__release(&u);
		free(bytes);
	}
}

/* Walks every DIE below @d, reading every attribute; returns what failed. */
static int walk(struct die *d, unsigned int depth)
{
	struct die child;
	struct seen s;
	int rc;

	s = attrs_of(d);
	if (s.name && !strcmp(s.name, "(error)"))
		return -EINVAL;
	if (depth > 8)
		return 0;
	for (rc = die__child(d, &child); rc == 0; rc = die__sibling(&child))
		if (walk(&child, depth + 1))
			return -EINVAL;
	return rc < 0 ? rc : 0;
}

/* Every shorter unit_length, and every byte of the unit changed: no crash. */
static void test_die_reader__truncated_and_corrupt(void)
{
	struct die_sections secs;
	uint8_t *bytes;
	size_t n, i;

	for (n = 0; n <= sizeof(info); n++) {
		struct die_unit u;
		struct die d;

		/* an exact-size copy, so ASan sees any read past the end */
		bytes = malloc(n ? n : 1);
		memcpy(bytes, info, n);
		if (n >= 4)
			bytes[0] = (uint8_t)(n - 4);
		init_sections(&secs, bytes, n);
		if (die_unit__init(&u, &secs, false, 0, NULL) == 0 && die__unit_die(&u, &d) == 0) {
			walk(&d, 0);
			if (die__at(&u, STRUCT, &d) == 0)
				walk(&d, 0);
		}
		CHECK("full unit reads", n != sizeof(info) || u.nr_abbrevs == 5);
		die_unit__release(&u);
		free(bytes);
	}
	for (i = 4; i < sizeof(info); i++) {
		for (n = 0; n < 256; n += 17) {
			struct die_unit u;
			struct die d;

			bytes = malloc(sizeof(info));
			memcpy(bytes, info, sizeof(info));
			bytes[i] = (uint8_t)n;
			init_sections(&secs, bytes, sizeof(info));
			if (die_unit__init(&u, &secs, false, 0, NULL) == 0 &&
			    die__at(&u, STRUCT, &d) == 0)
				walk(&d, 0);
			die_unit__release(&u);
			free(bytes);
		}
	}
}

int main(void)
{
	test_die_reader__walk();
	test_die_reader__kept();
	test_die_reader__fixed_values();
	test_die_reader__unordered_abbrevs();
	test_die_reader__long_codes();
	test_die_reader__truncated_and_corrupt();
	if (failures) {
		printf("%d failures\n", failures);
		return 1;
	}
	printf("die_reader: all passed\n");
	return 0;
}
