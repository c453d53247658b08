// SPDX-License-Identifier: GPL-2.0-only
/*
 * The struct layout printer. Column widths, empty lines and the odd spacing
 * follow upstream pahole v1.32 byte for byte (see the layout spec); the
 * comments below say which rule each piece implements.
 *
 * Every print function returns the number of characters it printed: a
 * member's offset comment is placed by counting what was printed for it.
 */
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <dwarf.h>

#include "dwarves_fprintf_int.h"

static size_t type_fprintf(struct printer *p, uint32_t id, const char *name,
			   const struct pconf *conf, FILE *fp);
static size_t class_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp);
static size_t union_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp);
static size_t tag_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp);
static size_t enum_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp);
static const char *tag_name(struct printer *p, uint32_t id, char *bf, size_t len);

struct printer *printer__new(const struct cu *cu, struct layout *layout,
			     const struct fprintf_opts *opts)
{
	struct printer *p = calloc(1, sizeof(*p));

	if (!p)
		return NULL;
	p->expanding = calloc(cu->nr_types ? cu->nr_types : 1, sizeof(*p->expanding));
	if (!p->expanding) {
		free(p);
		return NULL;
	}
	p->cu = cu;
	p->layout = layout;
	p->opts = *opts;
	p->name_steps = UINT_MAX;
	return p;
}

void printer__free(struct printer *p)
{
	if (!p)
		return;
	free(p->expanding);
	free(p);
}

bool printer__out_of_memory(const struct printer *p)
{
	return p->out_of_memory;
}

static bool is_aggregate_kind(uint8_t kind)
{
	return kind == TK_STRUCT || kind == TK_UNION || kind == TK_ENUM;
}

static uint32_t skip_type_tags(const struct printer *p, uint32_t id)
{
	unsigned int hops;

	for (hops = 0; id && hops < MAX_DEPTH; hops++) {
		const struct type *t = type_of(p, id);

		if (t->kind != TK_TYPE_TAG)
			break;
		id = t->type;
	}
	return id;
}

/* ---- type names ------------------------------------------------------------ */

static size_t ftype_fprintf(struct printer *p, const struct type *ft, const char *name,
			    bool inlined, bool is_pointer, int type_spacing, bool is_prototype,
			    FILE *fp);

static const char *keyword_of(const struct printer *p, const struct type *t)
{
	switch (t->kind) {
	case TK_ENUM:
		return "enum ";
	case TK_STRUCT:
		if (p->opts.classes_as_structs)
			return "struct ";
		return t->is_class || p->cu->language == DW_LANG_C_plus_plus ? "class " : "struct ";
	case TK_UNION:
		return "union ";
	default:
		return "";
	}
}

/* "POINTEE *": a const pointer pointed to prints as "POINTEE * const *". */
const char *printer__ptr_name(struct printer *p, const struct type *t, const char *suffix,
			      char *bf, size_t len)
{
	const struct type *target;
	const char *const_pointer = "";
	uint32_t id = t->type;
	char tmp[1024];

	if (!id) {
		snprintf(bf, len, "void %s", suffix);
		return bf;
	}
	target = type_of(p, id);
	if (target->kind == TK_CONST && target->type &&
	    type_of(p, target->type)->kind == TK_POINTER) {
		const_pointer = "const ";
		id = target->type;
	}
	snprintf(bf, len, "%s %s%s", tag_name(p, id, tmp, sizeof(tmp)), const_pointer, suffix);
	return bf;
}

/*
 * "const T ", "volatile T ", "T restrict ": note the trailing space, which
 * upstream leaves out where pfunct prints no parameter names.
 */
static const char *qualified_name(struct printer *p, const struct type *t, char *bf, size_t len)
{
	const char *prefix = "", *suffix = "";
	char tmp[128];

	switch (t->kind) {
	case TK_VOLATILE: prefix = "volatile "; break;
	case TK_CONST:	  prefix = "const "; break;
	case TK_RESTRICT: suffix = " restrict"; break;
	case TK_ATOMIC:	  prefix = "_Atomic "; break;
	default: break;
	}
	snprintf(bf, len, "%s%s%s%s", prefix, tag_name(p, t->type, tmp, sizeof(tmp)), suffix,
		 p->opts.no_parm_names ? "" : " ");
	return bf;
}

bool printer__set_no_parm_names(struct printer *p, bool on)
{
	bool was = p->opts.no_parm_names;

	p->opts.no_parm_names = on;
	return was;
}

static const char *proto_name(struct printer *p, const struct type *t, char *bf, size_t len)
{
	FILE *fp = fmemopen(bf, len, "w");

	if (!fp) {
		snprintf(bf, len, "<ERROR: out of memory>");
		p->out_of_memory = true;
		return bf;
	}
	ftype_fprintf(p, t, NULL, false, false, 0, true, fp);
	fclose(fp);
	return bf;
}

static const char *tag_name(struct printer *p, uint32_t id, char *bf, size_t len)
{
	const struct type *t = type_of(p, id);

	if (!id) {
		snprintf(bf, len, "void");
		return bf;
	}
	if (p->depth >= MAX_DEPTH) {
		snprintf(bf, len, "<ERROR: type loop>");
		return bf;
	}
	if (!p->name_steps) {
		snprintf(bf, len, "<ERROR: type name too long>");
		return bf;
	}
	p->name_steps--;
	p->depth++;
	switch (t->kind) {
	case TK_BASE:
		snprintf(bf, len, "%s", t->name ? t->name : "nameless base type!");
		break;
	case TK_POINTER:
		printer__ptr_name(p, t, "*", bf, len);
		break;
	case TK_UNSUPPORTED:
		printer_cxx__ref_name(p, t, bf, len);
		break;
	case TK_CONST:
	case TK_VOLATILE:
	case TK_RESTRICT:
	case TK_ATOMIC:
		qualified_name(p, t, bf, len);
		break;
	case TK_ARRAY:
	case TK_TYPE_TAG:
		tag_name(p, t->type, bf, len);
		break;
	case TK_FUNC_PROTO:
		proto_name(p, t, bf, len);
		break;
	default:
		snprintf(bf, len, "%s%s", keyword_of(p, t), t->name ? t->name : "");
		break;
	}
	p->depth--;
	return bf;
}

/* A name built on its own, outside a printout: its steps are bounded. */
static unsigned int name_start(struct printer *p)
{
	unsigned int saved = p->name_steps;

	if (!p->depth)
		p->name_steps = MAX_NAME_STEPS;
	return saved;
}

const char *printer__type_name(struct printer *p, uint32_t id, char *bf, size_t len)
{
	unsigned int saved = name_start(p);

	tag_name(p, id, bf, len);
	p->name_steps = saved;
	return bf;
}

const char *printer__function_proto(struct printer *p, const struct function *f, char *bf,
				    size_t len)
{
	const struct type proto = {
		.kind = TK_FUNC_PROTO, .type = f->ret_type, .nr_entries = f->nr_params,
		.params = f->params, .has_varargs = f->has_varargs,
	};

	unsigned int saved = name_start(p);

	proto_name(p, &proto, bf, len);
	p->name_steps = saved;
	return bf;
}

/* ---- function prototypes ---------------------------------------------------- */

static size_t param_fprintf(struct printer *p, const struct parameter *param, FILE *fp)
{
	const struct type *t = type_of(p, param->type);
	const char *name = param->name;
	char sbf[128];

	if (t->kind == TK_POINTER && t->type) {
		const struct type *pt = type_of(p, t->type);

		if (pt->kind == TK_FUNC_PROTO)
			return ftype_fprintf(p, pt, name, false, true, 0, true, fp);
	} else if (t->kind == TK_FUNC_PROTO) {
		return ftype_fprintf(p, t, name, true, false, 0, false, fp);
	}
	return fprintf(fp, "%s%s%s", tag_name(p, param->type, sbf, sizeof(sbf)),
		       name ? " " : "", name ? name : "");
}

size_t printer__params_fprintf(struct printer *p, const struct parameter *params, uint32_t nr,
			       bool has_varargs, FILE *fp)
{
	return printer__params_indent_fprintf(p, params, nr, has_varargs, 0, NULL, 0, fp);
}

size_t printer__params_indent_fprintf(struct printer *p, const struct parameter *params,
				      uint32_t nr, bool has_varargs, int indent,
				      const struct annotation *annots, uint32_t nr_annots,
				      FILE *fp)
{
	size_t printed = fprintf(fp, "(");
	uint32_t i, j;

	for (i = 0; i < nr; i++) {
		if (i && !indent)
			printed += fprintf(fp, ", ");
		else if (i)
			printed += fprintf(fp, ",\n%.*s", clamp_indent(indent), tabs);
		for (j = 0; j < nr_annots; j++)
			if (annots[j].component_idx == (int32_t)i)
				printed += fprintf(fp, "%s ", annots[j].value);
		printed += param_fprintf(p, &params[i], fp);
	}
	if (!nr)
		printed += fprintf(fp, "void)");
	else if (has_varargs)
		printed += fprintf(fp, ", ...)");
	else
		printed += fprintf(fp, ")");
	return printed;
}

/* "RET (*NAME)(PARAMS)", RET padded to @type_spacing. */
static size_t ftype_fprintf(struct printer *p, const struct type *ft, const char *name,
			    bool inlined, bool is_pointer, int type_spacing, bool is_prototype,
			    FILE *fp)
{
	char sbf[128];
	size_t printed;

	if (p->depth >= MAX_DEPTH)
		return fprintf(fp, "<ERROR: type loop>");
	if (!p->name_steps)
		return fprintf(fp, "<ERROR: type name too long>");
	p->depth++;
	printed = fprintf(fp, "%s%-*s %s%s%s%s", inlined ? "inline " : "", type_spacing,
			  tag_name(p, ft->type, sbf, sizeof(sbf)), is_prototype ? "(" : "",
			  is_pointer ? "*" : "", name ? name : "", is_prototype ? ")" : "");
	printed += printer__params_fprintf(p, ft->params, ft->nr_entries, ft->has_varargs, fp);
	p->depth--;
	return printed;
}

/* ---- arrays ------------------------------------------------------------------ */

/* "[]" only for the last member of a struct that is not also its first. */
static size_t dim_fprintf(uint64_t count, const struct pconf *conf, FILE *fp)
{
	bool single_member = conf->last_member && conf->first_member;

	if (count || !conf->last_member || single_member || conf->union_member)
		return fprintf(fp, "[%" PRIu64 "]", count);
	return fprintf(fp, "[]");
}

static size_t array_fprintf(struct printer *p, uint32_t id, const char *name,
			    const struct pconf *conf, FILE *fp)
{
	const struct type *at = type_of(p, id);
	uint32_t elem = at->type, i;
	uint64_t flat = 0;
	size_t printed;

	/* gcc's const arrays of unknown size: the element's const is dropped. */
	if (at->nr_dims >= 1 && at->dims[0] == 0 && type_of(p, elem)->kind == TK_CONST)
		elem = type_of(p, elem)->type;
	printed = type_fprintf(p, elem, name, conf, fp);
	for (i = 0; i < at->nr_dims; i++) {
		if (p->opts.flat_arrays || at->is_vector) {
			if (at->dims[i] == 0 && i == 0)
				break;
			flat = flat ? flat * at->dims[i] : at->dims[i];
		} else {
			printed += dim_fprintf(at->dims[i], conf, fp);
		}
	}
	if (at->is_vector) {
		uint32_t et = at->type;

		while (et && type_of(p, et)->kind == TK_TYPEDEF)
			et = type_of(p, et)->type;
		printed += fprintf(fp, " __attribute__ ((__vector_size__ (%" PRIu64 ")))",
				   (flat ? flat : 1) * cu__type_byte_size(p->cu, et));
	} else if (p->opts.flat_arrays) {
		printed += dim_fprintf(flat, conf, fp);
	}
	return printed;
}

/* ---- member types -------------------------------------------------------------- */

/* -p: peels pointers off a member's type; the name gets one '*' each. */
static uint32_t peel_pointers(struct printer *p, uint32_t id, const char **name,
			      char *namebf, size_t len, unsigned int *nr)
{
	const struct type *t = type_of(p, id);
	size_t name_len;

	*nr = 0;
	while (t->kind == TK_POINTER && t->type && *nr < MAX_DEPTH) {
		id = t->type;
		t = type_of(p, id);
		++*nr;
	}
	name_len = *name ? strlen(*name) : 0;
	if (*nr && name_len + *nr < len) {
		memset(namebf, '*', *nr);
		memcpy(namebf + *nr, *name ? *name : "", name_len + 1);
		*name = namebf;
	}
	return id;
}

/* -E: "/ * typedef a -> b * / " before the resolved type. */
static uint32_t expand_typedefs(struct printer *p, uint32_t id, size_t *printed, FILE *fp)
{
	bool first = true;
	unsigned int hops = 0;

	while (id && type_of(p, id)->kind == TK_TYPEDEF && hops++ < MAX_DEPTH) {
		const char *name = type_of(p, id)->name;

		*printed += fprintf(fp, first ? "/* typedef %s" : " -> %s", name ? name : "");
		first = false;
		id = type_of(p, id)->type;
	}
	if (!first)
		*printed += fprintf(fp, " */ ");
	return id;
}

/* A struct, union or enum member type: named, or with its body inline. */
static size_t aggregate_fprintf(struct printer *p, uint32_t id, const char *name, bool expand,
				struct pconf *tconf, FILE *fp)
{
	const struct type *t = type_of(p, id);
	const char *n = name ? name : "";

	switch (t->kind) {
	case TK_STRUCT:
		if (t->name && !expand)
			return fprintf(fp, "%s %-*s %s",
				       t->is_class && !p->opts.classes_as_structs ? "class" : "struct",
				       tconf->type_spacing - 7, t->name, n);
		tconf->type_spacing -= 8;
		return class_fprintf(p, id, tconf, fp);
	case TK_UNION:
		if (t->name && !expand)
			return fprintf(fp, "union %-*s %s", tconf->type_spacing - 6, t->name, n);
		tconf->type_spacing -= 8;
		return union_fprintf(p, id, tconf, fp);
	default:
		if (t->name && !expand)
			return fprintf(fp, "enum %-*s %s", tconf->type_spacing - 5, t->name, n);
		return enum_fprintf(p, id, tconf, fp);
	}
}

/* Sets what an inline body of a struct, union or enum inherits. */
static void inline_conf(struct pconf *tconf, const char *name, bool suppress_offset_comment)
{
	tconf->prefix = NULL;
	tconf->suffix = name;
	tconf->emit_stats = false;
	tconf->suppress_offset_comment = suppress_offset_comment;
}

/*
 * A member's type and name: "TYPE<pad to T> NAME", a function pointer, an
 * array, or an inline body. Qualifiers const and _Atomic print first and
 * shrink the type column; volatile and restrict are part of the name.
 */
static size_t type_fprintf_body(struct printer *p, uint32_t id, const char *name, bool expand,
				bool suppress_offset_comment, struct pconf *tconf, FILE *fp)
{
	char tbf[128], namebfptr[258];
	size_t printed = 0;
	unsigned int hops;

	for (hops = 0; hops < MAX_DEPTH; hops++) {
		const struct type *t = type_of(p, id);
		uint32_t pid;

		switch (id ? t->kind : TK_VOID) {
		case TK_POINTER:
			pid = skip_type_tags(p, t->type);
			if (pid && type_of(p, pid)->kind == TK_FUNC_PROTO)
				return printed + ftype_fprintf(p, type_of(p, pid), name, false, true,
							       tconf->type_spacing, true, fp);
			if (pid && is_aggregate_kind(type_of(p, pid)->kind) &&
			    !type_of(p, pid)->name && name != namebfptr) {
				snprintf(namebfptr, sizeof(namebfptr), "* %.*s",
					 (int)sizeof(namebfptr) - 3, name ? name : "");
				tconf->rel_offset = true;
				name = namebfptr;
				id = pid;
				tconf->type_spacing -= 8;
				inline_conf(tconf, name, suppress_offset_comment);
				continue;
			}
			break;
		case TK_FUNC_PROTO:
			return printed + ftype_fprintf(p, t, name, false, false,
						       tconf->type_spacing, true, fp);
		case TK_ATOMIC:
		case TK_CONST: {
			int n = fprintf(fp, "%s ", t->kind == TK_CONST ? "const" : "_Atomic");

			tconf->type_spacing -= n;
			printed += n;
			if (!t->type)
				break;
			/* Upstream does not reset the body's settings here: kept. */
			id = t->type;
			continue;
		}
		case TK_ARRAY:
			return printed + array_fprintf(p, id, name, tconf, fp);
		case TK_STRUCT:
		case TK_UNION:
		case TK_ENUM:
			return printed + aggregate_fprintf(p, id, name, expand, tconf, fp);
		case TK_TYPE_TAG:
			if (!t->type)
				break;
			id = t->type;
			continue;
		default:
			break;
		}
		break;
	}
	return printed + fprintf(fp, "%-*s %s", tconf->type_spacing,
				 tag_name(p, id, tbf, sizeof(tbf)), name ? name : "(null)");
}

size_t printer__type_fprintf(struct printer *p, uint32_t id, const char *name,
			     const struct pconf *conf, FILE *fp)
{
	return type_fprintf(p, id, name, conf, fp);
}

static size_t type_fprintf(struct printer *p, uint32_t id, const char *name,
			   const struct pconf *conf, FILE *fp)
{
	bool expand = conf->expand_types, suppress = conf->suppress_offset_comment;
	uint32_t expanded = 0;
	struct pconf tconf;
	char namebf[256];
	size_t printed = 0;

	if (p->depth >= MAX_DEPTH)
		return fprintf(fp, "<ERROR: type nesting too deep>");
	if (!p->budget)
		return fprintf(fp, "<ERROR: type too large to print>");
	p->budget--;
	p->depth++;
	if (p->opts.expand_pointers) {
		unsigned int nr;

		id = peel_pointers(p, id, &name, namebf, sizeof(namebf), &nr);
		expand = nr > 0;
		suppress = suppress || nr > 0;
		/* A type being expanded is not expanded again: loops end. */
		if (p->expanding[id])
			expand = false;
		p->expanding[id]++;
		expanded = id;
	}
	if (expand)
		id = expand_typedefs(p, id, &printed, fp);
	tconf = *conf;
	if (id && is_aggregate_kind(type_of(p, id)->kind))
		inline_conf(&tconf, name, suppress);
	printed += type_fprintf_body(p, id, name, expand, suppress, &tconf, fp);
	if (p->opts.expand_pointers)
		p->expanding[expanded]--;
	p->depth--;
	return printed;
}

/* ---- member lines --------------------------------------------------------------- */

static uint32_t cacheline_size(const struct printer *p)
{
	return p->opts.cacheline_size ? p->opts.cacheline_size : 64;
}

uint32_t printer__cacheline_size(const struct printer *p)
{
	return cacheline_size(p);
}

/* A marker before the first member starting in a cacheline not reported yet. */
static size_t cacheline_boundary(const struct printer *p, const struct pconf *conf,
				 uint32_t offset, FILE *fp)
{
	uint32_t cl = cacheline_size(p), line = offset / cl, pos = offset % cl;
	size_t printed;

	if (line <= *conf->cachelinep)
		return 0;
	if (!pos)
		printed = fprintf(fp, "/* --- cacheline %u boundary (%u bytes) --- */\n",
				  line, offset - pos);
	else
		printed = fprintf(fp, "/* --- cacheline %u boundary (%u bytes) was %u byte%s ago --- */\n",
				  line, offset - pos, pos, pos > 1 ? "s" : "");
	printed += fprintf(fp, "%.*s", clamp_indent(conf->indent), tabs);
	*conf->cachelinep = line;
	return printed;
}

/* "/ *   OFFSET  SIZE * /", or with a bitfield "/ *   OFFSET:BIT SIZE * /". */
static size_t offset_comment(const struct printer *p, int pad, uint32_t offset,
			     const struct member_layout *ml, FILE *fp)
{
	bool hex = p->opts.hex;
	int size_spacing = 5;
	size_t printed;

	printed = fprintf(fp, hex ? "%*s/* %#5x" : "%*s/* %5u", pad, " ", offset);
	if (ml->bitfield_size) {
		printed += fprintf(fp, hex ? ":%#2x" : ":%2u", ml->bitfield_offset);
		size_spacing -= 3;
	}
	return printed + fprintf(fp, hex ? " %#*x */" : " %*u */", size_spacing, ml->byte_size);
}

static bool class_is_packed(struct printer *p, uint32_t id)
{
	struct class_layout *cl = layout__class(p->layout, id);

	return cl && cl->is_packed;
}

static size_t member_fprintf(struct printer *p, uint32_t cid, uint32_t idx, bool union_member,
			     const struct pconf *conf, FILE *fp)
{
	const struct member *m = &type_of(p, cid)->members[idx];
	const struct member_layout *ml = &layout__class(p->layout, cid)->members[idx];
	const struct type *t = type_of(p, m->type);
	bool aggregate = m->type && is_aggregate_kind(t->kind);
	bool ancestor = printer_cxx__member_bits(type_of(p, cid), idx) & MEMBER_CXX_INHERITANCE;
	const char *name = ancestor ? "<ancestor>" : m->name;
	struct pconf sconf = *conf;
	uint32_t offset = ml->byte_offset;
	size_t printed = 0, printed_cacheline = 0;
	int align_printed = 0;

	if (!sconf.rel_offset) {
		offset += sconf.base_offset;
		if (!union_member)
			sconf.base_offset = offset;
	}
	if (!p->opts.quiet)
		printed_cacheline = cacheline_boundary(p, conf, offset, fp);
	/* A base class is a comment: it has no name to use. */
	if (ancestor)
		printed += fprintf(fp, "/* ");
	if (aggregate) {
		/* The name goes after the attributes a body may end with. */
		printed += type_fprintf(p, m->type, NULL, &sconf, fp);
		if (name) {
			if (!t->name || (sconf.expand_types && !p->opts.expand_pointers))
				printed += fprintf(fp, " ");
			printed += fprintf(fp, "%s", name);
		}
	} else {
		printed += type_fprintf(p, m->type, name, &sconf, fp);
	}
	if (ml->bitfield_size)
		printed += fprintf(fp, ":%u", ml->bitfield_size);
	if (!p->opts.suppress_aligned_attribute && m->alignment) {
		align_printed = fprintf(fp, " __attribute__((__aligned__(%u)))", m->alignment);
		printed += align_printed;
	}
	fputc(';', fp);
	printed++;
	if (sconf.suppress_offset_comment)
		return printed + printed_cacheline + (ancestor ? fprintf(fp, " */") : 0);
	if (aggregate && !t->name) {
		/* Inline body: the pad counts the name and attributes only. */
		int slen = align_printed + (m->name ? (int)strlen(m->name) : -1);

		if (t->kind == TK_STRUCT && class_is_packed(p, m->type) && !p->opts.suppress_packed)
			slen += sizeof("__attribute__((__packed__))");
		printed += offset_comment(p, sconf.type_spacing + sconf.name_spacing - slen - 3,
					  offset, ml, fp);
	} else {
		int spacing = sconf.type_spacing + sconf.name_spacing - (int)printed;

		if (ancestor) {
			printed += fprintf(fp, " */");
			spacing -= 3;
		}
		printed += offset_comment(p, spacing > 0 ? spacing : 0, offset, ml, fp);
	}
	return printed + printed_cacheline;
}

/* ---- unions and enums -------------------------------------------------------------- */

/* Each member restarts cacheline tracking from where the union started. */
static size_t union_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp)
{
	const struct type *t = type_of(p, id);
	int indent = clamp_indent(conf->indent);
	uint32_t cacheline = 0, initial, i;
	struct pconf uconf = *conf;
	size_t printed = 0;

	if (conf->prefix)
		printed += fprintf(fp, "%s ", conf->prefix);
	printed += fprintf(fp, "union%s%s {\n", t->name ? " " : "", t->name ? t->name : "");
	uconf.indent = indent + 1;
	layout__infer_union_packed(p->layout, id);
	if (!layout__class(p->layout, id))
		return printed;
	if (!uconf.cachelinep)
		uconf.cachelinep = &cacheline;
	initial = *uconf.cachelinep;
	for (i = 0; i < t->nr_entries; i++) {
		uconf.union_member = true;
		printed += fprintf(fp, "%.*s", clamp_indent(uconf.indent), tabs);
		printed += member_fprintf(p, id, i, true, &uconf, fp);
		fputc('\n', fp);
		printed++;
		*uconf.cachelinep = initial;
	}
	return printed + fprintf(fp, "%.*s}%s%s", indent, tabs, conf->suffix ? " " : "",
				 conf->suffix ? conf->suffix : "");
}

/* The longest name of the enumerators and of the enum's functions (Rust). */
static int max_enumerator_len(const struct type *t)
{
	int max = 0;
	uint32_t i;

	for (i = 0; i < t->nr_entries; i++) {
		const char *n = t->enumerators[i].name;
		int len = n ? (int)strlen(n) : 0;

		if (len > max)
			max = len;
	}
	for (i = 0; t->cxx && i < t->cxx->nr_methods; i++) {
		const char *n = t->cxx->methods[i].name;
		int len = n ? (int)strlen(n) : 0;

		if (len > max)
			max = len;
	}
	return max;
}

/* The enum's functions before enumerator @idx: "RET NAME(PARAMS),", as upstream v1.32. */
static size_t enum_methods_fprintf(struct printer *p, const struct type *t, uint32_t idx,
				   int indent, FILE *fp)
{
	size_t printed = 0;
	uint32_t i;

	for (i = 0; t->cxx && i < t->cxx->nr_methods; i++) {
		const struct method *m = &t->cxx->methods[i];

		if (m->before != idx)
			continue;
		printed += fprintf(fp, "%.*s\t", indent, tabs);
		printed += printer_cxx__method_proto_fprintf(p, m, fp);
		printed += fprintf(fp, ",\n");
	}
	return printed;
}

/* Enumerators aligned on the longest name; not 4 bytes wide means "packed". */
static size_t enum_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp)
{
	const struct type *t = type_of(p, id);
	int indent = clamp_indent(conf->indent), width = max_enumerator_len(t);
	size_t printed = fprintf(fp, "enum%s%s", t->name ? " " : "", t->name ? t->name : "");
	uint32_t i;

	/* Without enumerators, as a forward declaration in BTF: just the name. */
	if (!t->nr_entries)
		return printed;
	printed += fprintf(fp, " {\n");
	for (i = 0; i < t->nr_entries; i++) {
		const struct enumerator *e = &t->enumerators[i];

		printed += enum_methods_fprintf(p, t, i, indent, fp);
		printed += fprintf(fp, "%.*s\t%-*s = ", indent, tabs, width, e->name ? e->name : "");
		if (p->opts.hex)
			printed += fprintf(fp, "%#" PRIx64, e->value);
		else if (t->is_signed_enum)
			printed += fprintf(fp, "%" PRId64, (int64_t)e->value);
		else
			printed += fprintf(fp, "%" PRIu64, e->value);
		printed += fprintf(fp, ",\n");
	}
	printed += enum_methods_fprintf(p, t, t->nr_entries, indent, fp);
	printed += fprintf(fp, "%.*s}", indent, tabs);
	if (t->byte_size != 4)
		printed += fprintf(fp, " __attribute__((__packed__))");
	if (conf->suffix)
		printed += fprintf(fp, " %s", conf->suffix);
	return printed;
}

/* ---- structs --------------------------------------------------------------------- */

/* What the members' own struct types contribute to the summary. */
struct member_types_holes {
	uint16_t	nr_paddings, nr_with_bit_paddings, nr_with_holes, nr_with_bit_holes;
	uint16_t	total_nr_holes, total_nr_bit_holes, nr_flex_end, nr_flex_middle;
	uint32_t	sum_paddings, sum_bit_paddings;
};

/* Running state while the members of one struct are printed. */
struct class_walk {
	struct pconf			cconf;
	const struct member_layout	*last;
	size_t				last_size;
	uint8_t				newline;	/* an empty line is pending */
	uint8_t				access;		/* C++: the last access label */
	uint16_t			nr_forced, nr_forced_holes;
	uint32_t			sum_forced_holes;
	uint32_t			sum_bytes, sum_bits, sum_holes, sum_bit_holes;
	struct member_types_holes	mt;
};

static size_t pending_newline(struct class_walk *w, FILE *fp)
{
	if (w->newline++)
		return 0;
	fputc('\n', fp);
	return 1;
}

static const char *plural(int n)
{
	return n != 1 ? "s" : "";
}

/* "XXX last struct has ...": for members whose type is directly a struct. */
static size_t member_type_holes(struct printer *p, uint32_t tid, struct class_walk *w, FILE *fp)
{
	struct class_layout *cl = layout__class(p->layout, tid);
	bool flex, embedded, first = true;
	uint16_t padding;
	uint8_t bit_padding, nr_holes, nr_bit_holes;
	size_t printed;

	if (!cl)
		return 0;
	layout__infer_packed(p->layout, tid);
	padding = cl->padding;
	bit_padding = cl->bit_padding;
	nr_holes = cl->nr_holes;
	nr_bit_holes = cl->nr_bit_holes;
	flex = layout__has_flexible_array(p->cu, tid);
	embedded = layout__has_embedded_flexible_array(p->cu, tid);
	if (!flex && !embedded && !padding && !bit_padding && !nr_holes && !nr_bit_holes)
		return 0;
	printed = pending_newline(w, fp);
	printed += fprintf(fp, "\n%.*s/* XXX last struct has", clamp_indent(w->cconf.indent), tabs);
	if (flex) {
		w->mt.nr_flex_end++;
		printed += fprintf(fp, " a flexible array");
		first = false;
	}
	if (embedded) {
		w->mt.nr_flex_middle++;
		printed += fprintf(fp, "%s embedded flexible array(s)", first ? "" : ",");
		first = false;
	}
	if (padding) {
		w->mt.nr_paddings++;
		w->mt.sum_paddings += padding;
		printed += fprintf(fp, "%s %d byte%s of padding", first ? "" : ",", padding,
				   plural(padding));
		first = false;
	}
	if (bit_padding) {
		w->mt.nr_with_bit_paddings++;
		w->mt.sum_bit_paddings += bit_padding;
		printed += fprintf(fp, "%s %d bit%s of padding", first ? "" : ",", bit_padding,
				   plural(bit_padding));
		first = false;
	}
	if (nr_holes) {
		w->mt.nr_with_holes++;
		w->mt.total_nr_holes += nr_holes;
		printed += fprintf(fp, "%s %d hole%s", first ? "" : ",", nr_holes, plural(nr_holes));
		first = false;
	}
	if (nr_bit_holes) {
		w->mt.nr_with_bit_holes++;
		w->mt.total_nr_bit_holes += nr_bit_holes;
		printed += fprintf(fp, "%s %d bit hole%s", first ? "" : ",", nr_bit_holes,
				   plural(nr_bit_holes));
	}
	return printed + fprintf(fp, " */");
}

/* Synthesized ":N" lines and "Bitfield combined" notes before member @ml. */
static size_t bitfield_notes(struct printer *p, uint32_t mtype, const struct member_layout *ml,
			     struct class_walk *w, FILE *fp)
{
	const struct member_layout *last = w->last;
	int indent = clamp_indent(w->cconf.indent);
	size_t printed = 0;

	if (last->bit_hole != 0 && ml->bitfield_size) {
		uint8_t width = last->bit_hole;

		/* Not an explicit "unsigned :N": the compiler moved to the next unit. */
		if (last->byte_offset != ml->byte_offset) {
			printed += fprintf(fp, "\n%.*s/* Force alignment to the next boundary: */\n",
					   indent, tabs);
			width = 0;
		}
		printed += fprintf(fp, "%.*s", indent, tabs);
		printed += type_fprintf(p, mtype, "", &w->cconf, fp);
		printed += fprintf(fp, ":%u;\n", width);
	}
	if (ml->byte_offset < last->byte_offset ||
	    (ml->byte_offset == last->byte_offset && !last->bitfield_size && ml->bitfield_size)) {
		if (!p->opts.quiet) {
			printed += pending_newline(w, fp);
			printed += fprintf(fp, "%.*s/* Bitfield combined with previous fields */\n",
					   indent, tabs);
		}
	} else {
		int64_t diff = (int64_t)ml->byte_offset - (int64_t)last->byte_offset;

		if (diff > 0 && (size_t)diff < w->last_size && !p->opts.quiet) {
			printed += pending_newline(w, fp);
			printed += fprintf(fp, "%.*s/* Bitfield combined with next fields */\n",
					   indent, tabs);
		}
	}
	return printed;
}

static bool is_last_tag(const struct type *t, uint32_t idx)
{
	uint32_t i;

	if (idx + 1 != t->nr_entries)
		return false;
	for (i = 0; i < t->nr_nested; i++)
		if (t->nested[i].before == t->nr_entries)
			return false;
	return !printer_cxx__has_method_after(t, idx);
}

/* Comments after a member: last struct, bit hole, byte hole. */
static size_t member_trailer(struct printer *p, uint32_t mtype, const struct member_layout *ml,
			     struct class_walk *w, FILE *fp)
{
	int indent = clamp_indent(w->cconf.indent);
	size_t printed = 0;

	if (p->opts.quiet)
		return 0;
	if (mtype && type_of(p, mtype)->kind == TK_STRUCT)
		printed += member_type_holes(p, mtype, w, fp);
	if (ml->bit_hole != 0) {
		printed += pending_newline(w, fp);
		printed += fprintf(fp, "\n%.*s/* XXX %d bit%s hole, try to pack */", indent, tabs,
				   ml->bit_hole, plural(ml->bit_hole));
		w->sum_bit_holes += ml->bit_hole;
	}
	if (ml->hole > 0) {
		printed += pending_newline(w, fp);
		printed += fprintf(fp, "\n%.*s/* XXX %d byte%s hole, try to pack */", indent, tabs,
				   ml->hole, plural(ml->hole));
		w->sum_holes += ml->hole;
	}
	return printed;
}

static size_t class_member(struct printer *p, uint32_t id, uint32_t idx,
			   const struct class_layout *cl, struct class_walk *w, FILE *fp)
{
	const struct type *t = type_of(p, id);
	const struct member *m = &t->members[idx];
	const struct member_layout *ml = &cl->members[idx];
	uint8_t bits = printer_cxx__member_bits(t, idx);
	bool ancestor = bits & MEMBER_CXX_INHERITANCE;
	size_t printed;

	printed = printer_cxx__access_fprintf(bits & MEMBER_CXX_ACCESS, &w->access,
					      w->cconf.indent - 1, fp);
	if (!p->opts.suppress_aligned_attribute && m->alignment) {
		int32_t hole = w->last ? w->last->hole : cl->pre_hole;

		if (hole) {
			w->nr_forced_holes++;
			w->sum_forced_holes += hole;
		}
		w->nr_forced++;
	}
	/* Zero sized arrays are used as markers: no notes after them. */
	if (w->last && w->last_size && !ancestor)
		printed += bitfield_notes(p, m->type, ml, w, fp);
	if (w->newline) {
		fputc('\n', fp);
		printed++;
		w->newline = 0;
	}
	w->cconf.last_member = is_last_tag(t, idx);
	w->cconf.first_member = !w->last;
	printed += fprintf(fp, "%.*s", clamp_indent(w->cconf.indent), tabs);
	printed += member_fprintf(p, id, idx, false, &w->cconf, fp);
	printed += member_trailer(p, m->type, ml, w, fp);
	fputc('\n', fp);
	printed++;
	/* As upstream, base classes count in neither the sums nor the last member. */
	if (ancestor)
		return printed;
	if (ml->bitfield_size)
		w->sum_bits += ml->bitfield_size;
	else
		w->sum_bytes += ml->byte_size;
	if (!w->last || !w->last_size || w->last->byte_offset != ml->byte_offset ||
	    (!w->last->bitfield_size && ml->bitfield_size))
		w->last_size = ml->byte_size;
	w->last = ml;
	return printed;
}

/* A type defined inside the struct (clang), printed where its DIE is. */
static size_t nested_fprintf(struct printer *p, uint32_t tid, struct class_walk *w, FILE *fp)
{
	struct pconf nconf = w->cconf;
	size_t printed;

	if (p->opts.show_only_data_members)
		return 0;
	nconf.prefix = nconf.suffix = NULL;
	printed = tag_fprintf(p, tid, &nconf, fp);
	return printed + fprintf(fp, "\n\n");
}

static size_t nested_before(struct printer *p, const struct type *t, uint32_t idx,
			    struct class_walk *w, FILE *fp)
{
	size_t printed = 0;
	uint32_t i;

	for (i = 0; i < t->nr_nested; i++)
		if (t->nested[i].before == idx)
			printed += nested_fprintf(p, t->nested[i].type, w, fp);
	printed += printer_cxx__statics_fprintf(p, t, idx, &w->access, &w->cconf, fp);
	return printed + printer_cxx__methods_fprintf(p, t, idx, &w->access, w->cconf.indent, fp);
}

static bool is_power_of_2(uint64_t n)
{
	return n && !(n & (n - 1));
}

/*
 * DWARF only: tail padding the struct's recorded alignment does not explain
 * is shown as unnamed bitfields of the last member's type.
 */
static size_t force_padding(struct printer *p, const struct type *t,
			    const struct class_layout *cl, uint32_t last_type,
			    struct class_walk *w, FILE *fp)
{
	int indent = clamp_indent(w->cconf.indent);
	uint64_t size, added;
	size_t printed;

	if (!cl->padding || t->alignment || p->cu->alignments_guessed ||
	    p->opts.suppress_force_paddings || !w->last)
		return 0;
	size = cu__type_byte_size(p->cu, last_type);
	if (!is_power_of_2(size) || cl->padding <= (int32_t)p->cu->addr_size)
		return 0;
	printed = fprintf(fp, "\n%.*s/* Force padding: */\n", indent, tabs);
	for (added = 0; added < (uint64_t)cl->padding; added += size) {
		printed += fprintf(fp, "%.*s", indent, tabs);
		printed += type_fprintf(p, last_type, "", &w->cconf, fp);
		printed += fprintf(fp, ":%u;\n", (unsigned int)(size * 8));
	}
	return printed;
}

static size_t member_types_line(const struct member_types_holes *mt, int indent, FILE *fp)
{
	const char *sep = "";
	size_t printed;

	if (!mt->nr_with_holes && !mt->nr_with_bit_holes && !mt->nr_with_bit_paddings)
		return 0;
	printed = fprintf(fp, "%.*s/* member types with ", indent, tabs);
	if (mt->nr_with_holes) {
		printed += fprintf(fp, "holes: %u, total: %u", mt->nr_with_holes,
				   mt->total_nr_holes);
		sep = ", ";
	}
	if (mt->nr_with_bit_holes) {
		printed += fprintf(fp, "%sbit holes: %u, total: %u", sep, mt->nr_with_bit_holes,
				   mt->total_nr_bit_holes);
		sep = ", ";
	}
	if (mt->nr_with_bit_paddings)
		printed += fprintf(fp, "%sbit paddings: %u, total: %u bit%s", sep,
				   mt->nr_with_bit_paddings, mt->sum_bit_paddings,
				   mt->sum_bit_paddings > 1 ? "s" : "");
	return printed + fprintf(fp, " */\n");
}

static size_t holes_lines(const struct class_layout *cl, const struct class_walk *w,
			  int indent, FILE *fp)
{
	size_t printed = 0;

	if (!w->sum_holes && !w->sum_bit_holes)
		return 0;
	if (w->sum_bytes) {
		printed += fprintf(fp, "%.*s/* sum members: %u", indent, tabs, w->sum_bytes);
		if (w->sum_holes)
			printed += fprintf(fp, ", holes: %d, sum holes: %u", cl->nr_holes,
					   w->sum_holes);
		printed += fprintf(fp, " */\n");
	}
	if (w->sum_bits) {
		printed += fprintf(fp, "%.*s/* sum bitfield members: %u bits", indent, tabs,
				   w->sum_bits);
		if (w->sum_bit_holes)
			printed += fprintf(fp, ", bit holes: %d, sum bit holes: %u bits",
					   cl->nr_bit_holes, w->sum_bit_holes);
		else
			printed += fprintf(fp, " (%u bytes)", w->sum_bits / 8);
		printed += fprintf(fp, " */\n");
	}
	return printed;
}

/* Size of a member for "first biggest": base types, pointers, enums, nested structs. */
static const struct member *first_biggest(struct printer *p, uint32_t id, unsigned int depth);

/*
 * The layout of member M, found through the struct or union whose member it
 * is (for "first biggest", M may be a member of a type nested at any depth).
 */
static const struct member_layout *member_layout_of(struct printer *p, const struct member *m)
{
	const struct class_layout *cl;
	const struct type *owner;
	uint32_t oid;

	for (oid = 1; oid < p->cu->nr_types; oid++) {
		owner = type_of(p, oid);
		if ((owner->kind == TK_STRUCT || owner->kind == TK_UNION) &&
		    m >= owner->members && m < owner->members + owner->nr_entries) {
			cl = layout__class(p->layout, oid);
			return cl ? &cl->members[m - owner->members] : NULL;
		}
	}
	return NULL;
}

static uint64_t biggest_size(struct printer *p, uint32_t tid, const struct member **inner,
			     unsigned int depth)
{
	unsigned int hops;

	for (hops = 0; tid && hops < MAX_DEPTH; hops++) {
		const struct type *t = type_of(p, tid);

		switch (t->kind) {
		case TK_BASE:
			return t->byte_size;
		case TK_POINTER:
			return p->cu->addr_size;
		case TK_ENUM:
			return t->byte_size;
		case TK_STRUCT:
		case TK_UNION: {
			const struct member_layout *ml;

			/* The inner member may be one of a type nested deeper still. */
			*inner = t->nr_entries && depth < MAX_DEPTH ?
				 first_biggest(p, tid, depth + 1) : NULL;
			ml = *inner ? member_layout_of(p, *inner) : NULL;
			return ml ? ml->byte_size : 0;
		}
		case TK_ARRAY: case TK_CONST: case TK_TYPEDEF: case TK_VOLATILE:
		case TK_ATOMIC: case TK_RESTRICT: case TK_TYPE_TAG:
			tid = t->type;
			continue;
		default:
			return 0;
		}
	}
	return 0;
}

static const struct member *first_biggest(struct printer *p, uint32_t id, unsigned int depth)
{
	const struct type *t = type_of(p, id);
	const struct member *result = NULL;
	uint64_t result_size = 0, power2;
	uint32_t i;

	for (i = 0; i < t->nr_entries; i++) {
		const struct member *inner = NULL;
		uint64_t size = biggest_size(p, t->members[i].type, &inner, depth);

		if (size > p->cu->addr_size)
			return &t->members[i];
		for (power2 = p->cu->addr_size; power2 > result_size; power2 /= 2) {
			if (size < power2)
				continue;
			if (power2 == p->cu->addr_size)
				return inner ? inner : &t->members[i];
			result_size = power2;
			result = inner ? inner : &t->members[i];
		}
	}
	return result;
}

static size_t first_biggest_line(struct printer *p, uint32_t id, int indent, FILE *fp)
{
	const struct member *m = first_biggest(p, id, 0);
	const struct member_layout *ml = m ? member_layout_of(p, m) : NULL;

	if (!ml)
		return 0;
	return fprintf(fp, "%.*s/* first biggest size base type member: %s %u %u */\n",
		       indent, tabs, m->name ? m->name : "(null)", ml->byte_offset, ml->byte_size);
}

/* The summary block (spec section 6), lines in their fixed order. */
static size_t summary(struct printer *p, uint32_t id, const struct class_layout *cl,
		      const struct class_walk *w, FILE *fp)
{
	const struct type *t = type_of(p, id);
	int indent = clamp_indent(w->cconf.indent);
	uint32_t cls = cacheline_size(p), last_cl;
	uint64_t size;
	int64_t diff;
	size_t printed;

	/* Upstream counts an empty class as taking no room, not even a cacheline. */
	size = layout__is_empty_class(p->cu, id) ? 0 : t->byte_size;
	printed = fprintf(fp, "\n%.*s/* size: %d, cachelines: %zd, members: %u", indent, tabs,
			  (int)t->byte_size, (size_t)((size + cls - 1) / cls), t->nr_entries);
	if (t->cxx && t->cxx->nr_static_members)
		printed += fprintf(fp, ", static members: %u", t->cxx->nr_static_members);
	printed += fprintf(fp, " */\n");
	printed += holes_lines(cl, w, indent, fp);
	if (cl->padding > 0)
		printed += fprintf(fp, "%.*s/* padding: %u */\n", indent, tabs, cl->padding);
	printed += member_types_line(&w->mt, indent, fp);
	if (w->mt.nr_paddings)
		printed += fprintf(fp, "%.*s/* paddings: %u, sum paddings: %u */\n", indent, tabs,
				   w->mt.nr_paddings, w->mt.sum_paddings);
	if (cl->bit_padding > 0)
		printed += fprintf(fp, "%.*s/* bit_padding: %u bits */\n", indent, tabs,
				   cl->bit_padding);
	if (!p->opts.suppress_aligned_attribute && w->nr_forced) {
		printed += fprintf(fp, "%.*s/* forced alignments: %u", indent, tabs, w->nr_forced);
		if (w->nr_forced_holes)
			printed += fprintf(fp, ", forced holes: %u, sum forced holes: %u",
					   w->nr_forced_holes, w->sum_forced_holes);
		printed += fprintf(fp, " */\n");
	}
	if (w->mt.nr_flex_end || w->mt.nr_flex_middle) {
		printed += fprintf(fp, "%.*s/* flexible array members:", indent, tabs);
		if (w->mt.nr_flex_end)
			printed += fprintf(fp, " end: %u%s", w->mt.nr_flex_end,
					   w->mt.nr_flex_middle ? "," : "");
		if (w->mt.nr_flex_middle)
			printed += fprintf(fp, " middle: %u", w->mt.nr_flex_middle);
		printed += fprintf(fp, " */\n");
	}
	last_cl = (w->cconf.base_offset + t->byte_size) % cls;
	if (last_cl)
		printed += fprintf(fp, "%.*s/* last cacheline: %u bytes */\n", indent, tabs, last_cl);
	if (p->opts.show_first_biggest && t->nr_entries)
		printed += first_biggest_line(p, id, indent, fp);
	diff = (int64_t)t->byte_size * 8 - ((int64_t)w->sum_bytes * 8 + w->sum_bits +
		(int64_t)w->sum_holes * 8 + w->sum_bit_holes + (int64_t)cl->padding * 8 +
		cl->bit_padding);
	/*
	 * Not with C++ bases: upstream leaves them out of the sums, and a base's
	 * tail padding may hold members, a virtual base lies elsewhere.
	 */
	if (diff && t->nr_entries && !printer_cxx__has_bases(t))
		printed += fprintf(fp, "\n%.*s/* BRAIN FART ALERT! %d bytes != %u (member bytes) + %u (member bits) + %u (byte holes) + %u (bit holes), diff = %d bits */\n",
				   indent, tabs, (int)t->byte_size, w->sum_bytes, w->sum_bits,
				   w->sum_holes, w->sum_bit_holes, (int)diff);
	return printed;
}

static size_t pre_holes(const struct printer *p, const struct class_layout *cl,
			struct class_walk *w, FILE *fp)
{
	int indent = clamp_indent(w->cconf.indent);
	size_t printed = 0;

	if (p->opts.quiet)
		return 0;
	if (cl->pre_bit_hole > 0) {
		printed += pending_newline(w, fp);
		printed += fprintf(fp, "%.*s/* XXX %d bit%s hole, try to pack */\n", indent, tabs,
				   cl->pre_bit_hole, plural(cl->pre_bit_hole));
		w->sum_bit_holes += cl->pre_bit_hole;
	}
	if (cl->pre_hole > 0) {
		printed += pending_newline(w, fp);
		printed += fprintf(fp, "%.*s/* XXX %d byte%s hole, try to pack */\n", indent, tabs,
				   cl->pre_hole, plural(cl->pre_hole));
		w->sum_holes += cl->pre_hole;
	}
	return printed;
}

static size_t class_closing(struct printer *p, uint32_t id, const struct class_layout *cl,
			    const struct pconf *conf, int indent, FILE *fp)
{
	const struct type *t = type_of(p, id);
	size_t printed = fprintf(fp, "%.*s}", indent, tabs);

	if (cl->is_packed && !p->opts.suppress_packed)
		printed += fprintf(fp, " __attribute__((__packed__))");
	if (conf->suffix)
		printed += fprintf(fp, " %s", conf->suffix);
	/* A struct guessed packed shows only that, not its alignment. */
	if (!p->opts.suppress_aligned_attribute && t->alignment && !cl->is_packed)
		printed += fprintf(fp, " __attribute__((__aligned__(%u)))", t->alignment);
	return printed;
}

static size_t class_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp)
{
	const struct type *t = type_of(p, id);
	struct class_layout *cl = layout__class(p->layout, id);
	struct class_walk w = { .cconf = *conf };
	int indent = clamp_indent(conf->indent);
	uint32_t cacheline = 0, i;
	size_t printed;

	printed = fprintf(fp, "%s%s%s%s%s", conf->prefix ? conf->prefix : "",
			  conf->prefix ? " " : "",
			  t->is_class && !p->opts.classes_as_structs ? "class" : "struct",
			  t->name ? " " : "", t->name ? t->name : "");
	printed += printer_cxx__bases_fprintf(p, t, fp);
	if (!cl)
		return printed + fprintf(fp, " {\n%.*s}", indent, tabs);
	if (!w.cconf.cachelinep)
		w.cconf.cachelinep = &cacheline;
	w.cconf.indent = indent + 1;
	w.cconf.no_semicolon = false;
	layout__infer_packed(p->layout, id);
	printed += fprintf(fp, " {\n");
	printed += pre_holes(p, cl, &w, fp);
	for (i = 0; i < t->nr_entries; i++) {
		printed += nested_before(p, t, i, &w, fp);
		printed += class_member(p, id, i, cl, &w, fp);
	}
	printed += nested_before(p, t, t->nr_entries, &w, fp);
	if (t->nr_entries)
		printed += force_padding(p, t, cl, t->members[t->nr_entries - 1].type, &w, fp);
	if (!p->opts.show_only_data_members)
		printed += printer_cxx__vtable_fprintf(p, t, w.cconf.indent, fp);
	if (w.cconf.emit_stats)
		printed += summary(p, id, cl, &w, fp);
	return printed + class_closing(p, id, cl, &w.cconf, indent, fp);
}

/* ---- typedefs and top-level declarations ---------------------------------------- */

static size_t typedef_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp)
{
	const struct type *td = type_of(p, id);
	const char *name = td->name ? td->name : "";
	size_t printed = fprintf(fp, "typedef ");
	struct pconf tconf = *conf;
	uint32_t target = td->type;
	unsigned int hops = 0;
	const struct type *t;
	char bf[512];

	while (target && type_of(p, target)->kind == TK_ATOMIC && hops++ < MAX_DEPTH) {
		printed += fprintf(fp, "_Atomic ");
		target = type_of(p, target)->type;
	}
	if (!target)
		return printed + fprintf(fp, "void %s", name);
	t = type_of(p, target);
	switch (t->kind) {
	case TK_ARRAY:
		return printed + array_fprintf(p, target, name, conf, fp);
	case TK_POINTER:
		if (t->type && type_of(p, t->type)->kind == TK_FUNC_PROTO)
			return printed + ftype_fprintf(p, type_of(p, t->type), name, false, true,
						       0, true, fp);
		break;
	case TK_FUNC_PROTO:
		return printed + ftype_fprintf(p, t, name, false, false, 0, true, fp);
	case TK_STRUCT:
		if (t->name)
			return printed + fprintf(fp, "struct %s %s", t->name, name);
		tconf.suffix = name;
		tconf.type_spacing -= 8;
		return printed + class_fprintf(p, target, &tconf, fp);
	case TK_UNION:
		return printed + type_fprintf(p, target, name, conf, fp);
	case TK_ENUM:
		if (t->name)
			return printed + fprintf(fp, "enum %s %s", t->name, name);
		tconf.suffix = name;
		return printed + enum_fprintf(p, target, &tconf, fp);
	default:
		break;
	}
	return printed + fprintf(fp, "%s %s", tag_name(p, target, bf, sizeof(bf)), name);
}

static size_t decl_info(const struct printer *p, const struct type *t, int indent, FILE *fp)
{
	size_t printed;

	printed = fprintf(fp, "%.*s/* Used at: %s */\n", indent, tabs,
			  p->cu->name ? p->cu->name : "(null)");
	/* BTF has no DIE offsets: upstream prints 0 there. */
	return printed + fprintf(fp, "%.*s/* <%" PRIx64 "> %s:%u */\n", indent, tabs,
				 p->cu->from_btf ? 0 : t->src_off,
				 t->decl_file ? t->decl_file : "(null)", t->decl_line);
}

/* The DWARF tag's name, upstream's spelling, of a kind the layout text does not print. */
static const char *kind_tag_name(const struct type *t)
{
	switch (t->kind) {
	case TK_VOID:		return "unspecified_type";
	case TK_BASE:		return "base_type";
	case TK_POINTER:	return "pointer_type";
	case TK_CONST:		return "const_type";
	case TK_VOLATILE:	return "volatile_type";
	case TK_RESTRICT:	return "restrict_type";
	case TK_ATOMIC:		return "atomic_type";
	case TK_TYPE_TAG:	return "LLVM_annotation";
	case TK_UNSUPPORTED:
		switch (t->unsupported_tag) {
		case DW_TAG_reference_type:		return "reference_type";
		case DW_TAG_rvalue_reference_type:	return "rvalue_reference_type";
		case DW_TAG_ptr_to_member_type:		return "ptr_to_member_type";
		case DW_TAG_string_type:		return "string_type";
		case DW_TAG_set_type:			return "set_type";
		case DW_TAG_subrange_type:		return "subrange_type";
		default:				break;
		}
		break;
	default:
		break;
	}
	return "(null)";
}

static size_t tag_fprintf(struct printer *p, uint32_t id, const struct pconf *conf, FILE *fp)
{
	const struct type *t = type_of(p, id);
	int indent = clamp_indent(conf->indent);
	size_t printed = 0;

	if (p->depth >= MAX_DEPTH)
		return fprintf(fp, "<ERROR: type nesting too deep>");
	p->depth++;
	if (conf->expand_types)
		p->expanding[id]++;
	if (p->opts.show_decl_info)
		printed += decl_info(p, t, indent, fp);
	printed += fprintf(fp, "%.*s", indent, tabs);
	switch (t->kind) {
	case TK_ARRAY:		printed += array_fprintf(p, id, "array", conf, fp); break;
	case TK_ENUM:		printed += enum_fprintf(p, id, conf, fp); break;
	case TK_TYPEDEF:	printed += typedef_fprintf(p, id, conf, fp); break;
	case TK_STRUCT:		printed += class_fprintf(p, id, conf, fp); break;
	case TK_UNION:		printed += union_fprintf(p, id, conf, fp); break;
	case TK_FUNC_PROTO:
		printed += ftype_fprintf(p, t, NULL, false, false, 0, true, fp);
		break;
	default:
		printed += fprintf(fp, "/* tag__fprintf: %s tag not supported! */",
				   kind_tag_name(t));
		break;
	}
	if (!conf->no_semicolon) {
		fputc(';', fp);
		printed++;
	}
	if (conf->expand_types)
		p->expanding[id]--;
	p->depth--;
	return printed;
}

size_t printer__print_type(struct printer *p, uint32_t id, const struct print_top *top,
			   FILE *fp)
{
	const struct type *t = type_of(p, id);
	struct pconf conf = {
		.prefix = top->prefix,
		.suffix = top->suffix,
		.type_spacing = 26,
		.name_spacing = top->name_spacing ? top->name_spacing :
				p->opts.expand_types ? 55 : t->kind == TK_UNION ? 21 : 23,
		.rel_offset = p->opts.rel_offset,
		.emit_stats = !p->opts.quiet,
		.suppress_offset_comment = p->opts.quiet,
		.no_semicolon = top->no_semicolon,
		.expand_types = p->opts.expand_types,
		.indent = top->indent,
	};

	p->budget = MAX_TYPES_PRINTED;
	p->name_steps = MAX_PRINTOUT_NAME_STEPS;
	return tag_fprintf(p, id, &conf, fp);
}

size_t printer__variable_fprintf(struct printer *p, uint32_t type, const char *name, FILE *fp)
{
	struct pconf conf = {
		.type_spacing = 26,
		.name_spacing = 23,
		.emit_stats = true,
	};

	if (!name)
		return 0;
	p->budget = MAX_TYPES_PRINTED;
	p->name_steps = MAX_PRINTOUT_NAME_STEPS;
	return type_fprintf(p, type, name, &conf, fp);
}
