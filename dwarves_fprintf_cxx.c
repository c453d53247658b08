// SPDX-License-Identifier: GPL-2.0-only
/*
 * What C++ adds to the layout text, as upstream pahole v1.32 prints it:
 * reference and pointer to member names, base classes (the header's list
 * and the "<ancestor>" lines), access labels, member functions and the
 * vtable summary. Where upstream is wrong (rvalue references, the sizes of
 * pointers to members) this prints the correct thing in upstream's style;
 * tests/cxx_known_differences.txt lists those places.
 */
#include <dwarf.h>
#include <string.h>

#include "dwarves_fprintf_int.h"

static const struct type_cxx *cxx_of(const struct type *t)
{
	return (t->kind == TK_STRUCT || t->kind == TK_UNION) ? t->cxx : NULL;
}

/* "T &", "T &&", "T CLASS::*" (a member function's T is its prototype). */
const char *printer_cxx__ref_name(struct printer *p, const struct type *t, char *bf, size_t len)
{
	const struct type *c;
	char suffix[512];

	switch (t->encoding) {
	case CXX_REF_LVALUE:
		return printer__ptr_name(p, t, "&", bf, len);
	case CXX_REF_RVALUE:
		return printer__ptr_name(p, t, "&&", bf, len);
	case CXX_REF_PTR_TO_MEMBER:
		c = type_of(p, t->containing_type);
		snprintf(suffix, sizeof(suffix), "%s::*", c->name ? c->name : "");
		return printer__ptr_name(p, t, suffix, bf, len);
	default:
		/* Other types BTF has not: no name, as upstream. */
		snprintf(bf, len, "%s", "");
		return bf;
	}
}

uint8_t printer_cxx__member_bits(const struct type *t, uint32_t idx)
{
	const struct type_cxx *c = cxx_of(t);

	return c && c->member_bits && idx < t->nr_entries ? c->member_bits[idx] : 0;
}

bool printer_cxx__has_bases(const struct type *t)
{
	uint32_t i;

	for (i = 0; i < t->nr_entries; i++)
		if (printer_cxx__member_bits(t, i) & MEMBER_CXX_INHERITANCE)
			return true;
	return false;
}

static const char *access_name(uint8_t access)
{
	switch (access) {
	case DW_ACCESS_public:		return "public";
	case DW_ACCESS_protected:	return "protected";
	case DW_ACCESS_private:		return "private";
	default:			return NULL;
	}
}

size_t printer_cxx__bases_fprintf(struct printer *p, const struct type *t, FILE *fp)
{
	size_t printed = 0;
	bool first = true;
	uint32_t i;

	for (i = 0; i < t->nr_entries; i++) {
		uint8_t bits = printer_cxx__member_bits(t, i);
		const char *access = access_name(bits & MEMBER_CXX_ACCESS);
		const struct type *base;

		if (!(bits & MEMBER_CXX_INHERITANCE))
			continue;
		printed += fprintf(fp, first ? " :" : ",");
		first = false;
		if (bits & MEMBER_CXX_VIRTUAL)
			printed += fprintf(fp, " virtual");
		if (access)
			printed += fprintf(fp, " %s", access);
		base = type_of(p, t->members[i].type);
		printed += fprintf(fp, " %s", base->name ? base->name : "(null)");
	}
	return printed;
}

size_t printer_cxx__access_fprintf(uint8_t access, uint8_t *current, int indent, FILE *fp)
{
	const char *name = access_name(access);

	if (!name || access == *current)
		return 0;
	*current = access;
	return fprintf(fp, "%.*s%s:\n\n", clamp_indent(indent < 0 ? 0 : indent), tabs, name);
}

size_t printer_cxx__method_proto_fprintf(struct printer *p, const struct method *m, FILE *fp)
{
	char bf[512];
	size_t printed = fprintf(fp, "%s %s", printer__type_name(p, m->ret_type, bf, sizeof(bf)),
				 m->name ? m->name : "");

	return printed + printer__params_fprintf(p, m->params, m->nr_params, m->has_varargs, fp);
}

/* "[virtual ]RET NAME(PARAMS)[ = 0];" and an empty line. */
static size_t method_fprintf(struct printer *p, const struct method *m, int indent, FILE *fp)
{
	size_t printed = fprintf(fp, "%.*s", clamp_indent(indent), tabs);

	if (m->virtuality != DW_VIRTUALITY_none)
		printed += fprintf(fp, "virtual ");
	printed += printer_cxx__method_proto_fprintf(p, m, fp);
	if (m->virtuality == DW_VIRTUALITY_pure_virtual)
		printed += fprintf(fp, " = 0");
	return printed + fprintf(fp, ";\n\n");
}

size_t printer_cxx__methods_fprintf(struct printer *p, const struct type *t, uint32_t idx,
				    uint8_t *access, int indent, FILE *fp)
{
	const struct type_cxx *c = cxx_of(t);
	size_t printed = 0;
	uint32_t i;

	for (i = 0; c && i < c->nr_methods; i++) {
		const struct method *m = &c->methods[i];

		if (m->before != idx)
			continue;
		/* Labels come with the functions even where they are not shown, as upstream. */
		printed += printer_cxx__access_fprintf(m->access, access, indent - 1, fp);
		if (!p->opts.show_only_data_members)
			printed += method_fprintf(p, m, indent, fp);
	}
	return printed;
}

bool printer_cxx__has_method_after(const struct type *t, uint32_t idx)
{
	const struct type_cxx *c = cxx_of(t);
	uint32_t i;

	for (i = 0; c && i < c->nr_methods; i++)
		if (c->methods[i].before > idx)
			return true;
	for (i = 0; c && i < c->nr_static_members; i++)
		if (c->static_members[i].before > idx)
			return true;
	return false;
}

static size_t static_fprintf(struct printer *p, const struct static_member *sm,
			     const struct pconf *conf, FILE *fp)
{
	bool hex = p->opts.hex;
	size_t printed = fprintf(fp, "%.*s", clamp_indent(conf->indent), tabs);
	int spacing;

	printed += fprintf(fp, "static ");
	printed += printer__type_fprintf(p, sm->type, sm->name, conf, fp);
	if (sm->has_const_value && sm->const_value)
		printed += fprintf(fp, " = %llu", (unsigned long long)sm->const_value);
	printed += fprintf(fp, ";");
	if (!conf->suppress_offset_comment) {
		spacing = conf->type_spacing + conf->name_spacing - (int)printed +
			  clamp_indent(conf->indent);
		printed += fprintf(fp, hex ? "%*s/* %#5x %#5x */" : "%*s/* %5u %5u */",
				   spacing > 0 ? spacing : 0, " ", 0, 0);
	}
	return printed + fprintf(fp, "\n");
}

size_t printer_cxx__statics_fprintf(struct printer *p, const struct type *t, uint32_t idx,
				    uint8_t *access, const struct pconf *conf, FILE *fp)
{
	const struct type_cxx *c = cxx_of(t);
	size_t printed = 0;
	uint32_t i;

	for (i = 0; c && i < c->nr_static_members; i++) {
		const struct static_member *sm = &c->static_members[i];

		if (sm->before != idx)
			continue;
		printed += printer_cxx__access_fprintf(sm->access, access, conf->indent - 1, fp);
		printed += static_fprintf(p, sm, conf, fp);
	}
	return printed;
}

size_t printer_cxx__vtable_fprintf(struct printer *p, const struct type *t, int indent,
				   FILE *fp)
{
	const struct type_cxx *c = cxx_of(t);
	uint32_t i, nr = 0;
	size_t printed;

	for (i = 0; c && i < c->nr_methods; i++)
		nr += c->methods[i].vtable_index >= 0;
	if (!nr)
		return 0;
	indent = clamp_indent(indent);
	printed = fprintf(fp, "%.*s/* vtable has %u entries: {\n", indent, tabs, nr);
	for (i = 0; i < c->nr_methods; i++) {
		const struct method *m = &c->methods[i];

		if (m->vtable_index < 0)
			continue;
		printed += fprintf(fp, "%.*s   [%d] = %s(%s), \n", indent, tabs, m->vtable_index,
				   m->name ? m->name : "(null)",
				   m->linkage_name ? m->linkage_name : "(null)");
	}
	return printed + fprintf(fp, "%.*s} */", indent, tabs);
}
