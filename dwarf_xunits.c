// SPDX-License-Identifier: GPL-2.0-only
/*
 * Units beyond the CU being loaded: the unit index of the file and of its
 * dwz supplementary file, finding that file, and what one CU opened of
 * them. See dwarf_xunits.h for where their DIEs are loaded.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <dwarf.h>
#include <gelf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwelf.h>

#include "dwarf_cursor.h"
#include "dwarf_file.h"
#include "dwarf_xunits.h"
#include "elf_symtab.h"
#include "log.h"

/* The units of one .debug_info, by offset. */
struct xunit_index {
	struct xunit	*units;
	uint32_t	nr, cap;
};

/* The supplementary file of "dwz -m". */
struct xunit_alt {
	char			*path;
	int			fd;
	Dwarf			*dwarf;		/* owned */
	struct die_sections	secs;
	struct xunit_index	index;
};

/* A type unit's signature and the key of its type DIE. */
struct xunit_sig {
	uint64_t	signature;
	uint64_t	key;
};

struct dwarf_xunits {
	struct xunit_index	index;		/* of the file itself */
	struct xunit_index	types;		/* of its .debug_types */
	struct xunit_sig	*sigs;		/* its type units, by signature */
	uint32_t		nr_sigs, sigs_cap;
	const struct xunit	**tus;		/* its type units, by number */
	uint32_t		nr_tus;
	struct xunit_alt	*alt;		/* or NULL */
};

/* Where an unpacked debug package keeps its trees (relative to its root). */
#define DEBUG_ROOT "/usr/lib/debug"

/* ---- unit index ------------------------------------------------------------------ */

static int add_sig(struct dwarf_xunits *x, uint64_t signature, uint64_t key)
{
	int err = dw_ensure_cap(&x->sigs, &x->sigs_cap, sizeof(*x->sigs), x->nr_sigs + 1);

	if (!err)
		x->sigs[x->nr_sigs++] = (struct xunit_sig){ signature, key };
	return err;
}

/*
 * A DWARF 5 type unit of .debug_info: its signature, and the unit marked as
 * a type unit (number_type_units() numbers it).
 */
static int add_info_sig(struct dwarf_xunits *x, struct xunit *u)
{
	Dwarf_Half version;
	uint8_t unit_type;
	uint64_t signature;
	Dwarf_Die type_die;

	if (dwarf_cu_info(u->cu_die.cu, &version, &unit_type, NULL, &type_die, &signature, NULL,
			  NULL) || !is_type_unit_type(unit_type))
		return 0;
	u->type_unit = 1;
	return add_sig(x, signature, dwarf_dieoffset(&type_die));
}

static int add_unit(struct xunit_index *ix, uint64_t start, uint64_t end, Dwarf_Die *die)
{
	int err = dw_ensure_cap(&ix->units, &ix->cap, sizeof(*ix->units), ix->nr + 1);

	if (!err)
		ix->units[ix->nr++] = (struct xunit){ .start = start, .end = end, .cu_die = *die };
	return err;
}

/*
 * Lists the units of @dbg's .debug_info (not DWARF 4's .debug_types). Walking
 * them here, on the main thread, also has libdw register each one before
 * any worker looks one up: its unit registry is not locked. A bad header
 * ends the list quietly: the CU listing reports it.
 */
static int index_units(struct dwarf_xunits *x, struct xunit_index *ix, Dwarf *dbg)
{
	Dwarf_Off off = 0, next;
	size_t hsize;
	int err;

	while (dwarf_next_unit(dbg, off, &next, &hsize, NULL, NULL, NULL, NULL, NULL,
			       NULL) == 0 && next > off) {
		Dwarf_Die die;

		if (!dwarf_offdie(dbg, off + hsize, &die))
			break;
		err = add_unit(ix, off, next, &die) ?:
		      (x ? add_info_sig(x, &ix->units[ix->nr - 1]) : 0);
		if (err)
			return err;
		off = next;
	}
	return 0;
}

/* The units of .debug_types, registered with libdw as those of .debug_info are. */
static int index_types(const struct dwarf_file *df, struct dwarf_xunits *x)
{
	Dwarf_Off off = 0, next, type_off;
	uint64_t signature;
	size_t hsize;
	int rc, err;

	while ((rc = dwarf_next_unit(df->dwarf, off, &next, &hsize, NULL, NULL, NULL, NULL,
				     &signature, &type_off)) == 0) {
		Dwarf_Die die;

		if (!dwarf_offdie_types(df->dwarf, off + hsize, &die)) {
			pr_err("%s: type unit at 0x%llx: %s", df->path, (unsigned long long)off,
			       dwarf_errmsg(-1));
			return -EINVAL;
		}
		err = add_unit(&x->types, off, next, &die) ?:
		      add_sig(x, signature, (off + type_off) | XUNIT_KEY_TYPES);
		if (err)
			return err;
		off = next;
	}
	if (rc < 0) {
		pr_err("%s: bad type unit header in .debug_types: %s", df->path,
		       dwarf_errmsg(-1));
		return -EINVAL;
	}
	return 0;
}

static int sig_cmp(const void *a, const void *b)
{
	const struct xunit_sig *x = a, *y = b;

	if (x->signature != y->signature)
		return x->signature < y->signature ? -1 : 1;
	return x->key < y->key ? -1 : x->key > y->key;
}

/* By signature; of two units with one signature, the first in the file counts. */
static void sort_sigs(struct dwarf_xunits *x)
{
	uint32_t i, n = 0;

	if (!x->nr_sigs)
		return;
	qsort(x->sigs, x->nr_sigs, sizeof(*x->sigs), sig_cmp);
	for (i = 0; i < x->nr_sigs; i++)
		if (!n || x->sigs[i].signature != x->sigs[n - 1].signature)
			x->sigs[n++] = x->sigs[i];
	x->nr_sigs = n;
}

static int sig_key_cmp(const void *key, const void *elem)
{
	uint64_t sig = *(const uint64_t *)key, other = ((const struct xunit_sig *)elem)->signature;

	return sig < other ? -1 : sig > other;
}

int dwarf_xunits__signature(const struct dwarf_xunits *x, uint64_t sig, uint64_t *key)
{
	const struct xunit_sig *found = x->nr_sigs ?
		bsearch(&sig, x->sigs, x->nr_sigs, sizeof(*x->sigs), sig_key_cmp) : NULL;

	if (!found)
		return -ENOENT;
	*key = found->key;
	return 0;
}

static void add_type_unit(struct dwarf_xunits *x, struct xunit *u)
{
	x->tus[x->nr_tus++] = u;
	u->type_unit = x->nr_tus;
}

/* Numbers the type units of .debug_types, then those add_info_sig() marked. */
static int number_type_units(struct dwarf_xunits *x)
{
	uint32_t i, n = x->types.nr;

	for (i = 0; i < x->index.nr; i++)
		n += x->index.units[i].type_unit != 0;
	x->tus = calloc(n ?: 1, sizeof(*x->tus));
	if (!x->tus)
		return -ENOMEM;
	for (i = 0; i < x->types.nr; i++)
		add_type_unit(x, &x->types.units[i]);
	for (i = 0; i < x->index.nr; i++)
		if (x->index.units[i].type_unit)
			add_type_unit(x, &x->index.units[i]);
	return 0;
}

uint32_t dwarf_xunits__nr_type_units(const struct dwarf_xunits *x)
{
	return x->nr_tus;
}

const struct xunit *dwarf_xunits__type_unit(const struct dwarf_xunits *x, uint32_t nr)
{
	return x->tus[nr];
}

static const struct xunit *index_find(const struct xunit_index *ix, uint64_t off)
{
	uint32_t lo = 0, hi = ix->nr;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (ix->units[mid].end <= off)
			lo = mid + 1;
		else
			hi = mid;
	}
	if (lo == ix->nr || off < ix->units[lo].start)
		return NULL;
	return &ix->units[lo];
}

const struct xunit *dwarf_xunits__find(const struct dwarf_xunits *x, uint64_t key)
{
	if (key & XUNIT_KEY_TYPES)
		return index_find(&x->types, key & XUNIT_KEY_OFFSET);
	if (!(key & XUNIT_KEY_ALT))
		return index_find(&x->index, key & XUNIT_KEY_OFFSET);
	return x->alt ? index_find(&x->alt->index, key & XUNIT_KEY_OFFSET) : NULL;
}

const struct die_sections *dwarf_xunits__alt_secs(const struct dwarf_xunits *x)
{
	return x->alt ? &x->alt->secs : NULL;
}

Dwarf *dwarf_xunits__alt_dwarf(const struct dwarf_xunits *x)
{
	return x->alt ? x->alt->dwarf : NULL;
}

const char *dwarf_xunits__alt_string(const struct dwarf_xunits *x, uint64_t off)
{
	const struct die_bytes *str;

	if (!x->alt)
		return NULL;
	str = &x->alt->secs.str;
	if (off >= str->size || !memchr(str->data + off, 0, str->size - off))
		return NULL;
	return (const char *)str->data + off;
}

/* ---- the supplementary file ------------------------------------------------------ */

/* What the file says of its supplementary file. */
struct alt_link {
	const char	*name;		/* as written; borrowed from the section */
	const uint8_t	*id;		/* the build-id it must have; borrowed */
	size_t		id_len;
};

/*
 * DWARF 5's .debug_sup (7.3.6): version 5, is_supplementary, the file name
 * (empty in the supplementary file), then the checksum (dwz writes the
 * supplementary file's build-id in both). 1 when found and its
 * is_supplementary is @supp, 0 when not, -EINVAL when malformed.
 */
static int read_debug_sup(Elf *elf, bool supp, struct alt_link *link)
{
	Elf_Data *d = elf_section_data(elf, ".debug_sup");
	const uint8_t *p, *end, *nul;
	struct dwarf_cursor c;
	uint64_t len;

	if (!d || !d->d_buf || d->d_size < 4)
		return d ? -EINVAL : 0;
	p = d->d_buf;
	end = p + d->d_size;
	if ((p[0] | p[1] << 8) != 5 && (p[0] << 8 | p[1]) != 5)
		return -EINVAL;
	if (p[2] != supp)
		return 0;
	nul = memchr(p + 3, 0, (size_t)(end - p - 3));
	if (!nul || (nul == p + 3) != supp)
		return -EINVAL;
	link->name = (const char *)p + 3;
	c = dwarf_cursor(nul + 1, end, false);
	len = dwarf_cursor__uleb_lenient(&c);
	if (c.bad || len > (uint64_t)(c.end - c.p))
		return -EINVAL;
	link->id = c.p;
	link->id_len = len;
	return 1;
}

/* The link of @df to its supplementary file: 1, 0 when none, -EINVAL (reported). */
static int read_alt_link(const struct dwarf_file *df, struct alt_link *link)
{
	const void *id;
	ssize_t n = dwelf_dwarf_gnu_debugaltlink(df->dwarf, &link->name, &id);
	int rc;

	if (n > 0) {
		link->id = id;
		link->id_len = (size_t)n;
		return 1;
	}
	rc = n < 0 ? -EINVAL : read_debug_sup(dwarf_getelf(df->dwarf), false, link);
	if (rc < 0)
		pr_err("%s: malformed %s section", df->path,
		       n < 0 ? ".gnu_debugaltlink" : ".debug_sup");
	return rc;
}

/* The build-id of a supplementary file, or its .debug_sup checksum. */
static ssize_t alt_id(Dwarf *dbg, const void **id)
{
	struct alt_link self = { 0 };
	ssize_t n = dwelf_elf_gnu_build_id(dwarf_getelf(dbg), id);

	if (n > 0 || read_debug_sup(dwarf_getelf(dbg), true, &self) <= 0)
		return n;
	*id = self.id;
	return (ssize_t)self.id_len;
}

/* Opens @path as the supplementary file when it carries the build-id @link names. */
static bool try_alt(const char *path, const struct alt_link *link, struct xunit_alt *alt)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	const void *id = NULL;
	ssize_t n;
	Dwarf *dbg;

	if (fd < 0)
		return false;
	dbg = dwarf_begin(fd, DWARF_C_READ);
	n = dbg ? alt_id(dbg, &id) : -1;
	if (!dbg || (link->id_len && (n != (ssize_t)link->id_len ||
				      memcmp(id, link->id, link->id_len)))) {
		dwarf_end(dbg);
		close(fd);
		return false;
	}
	alt->path = strdup(path);
	alt->fd = fd;
	alt->dwarf = dbg;
	return true;
}

/* A candidate path from up to three parts; false when it would not fit. */
static bool join(char *buf, size_t size, const char *a, const char *b, const char *c)
{
	int n = snprintf(buf, size, "%s%s%s", a, b, c);

	return n >= 0 && (size_t)n < size;
}

/*
 * The root of the unpacked tree @path lies in ("/tmp/x" for
 * "/tmp/x/usr/lib/debug/.build-id/ab/cd.debug") into @buf, or "" when it
 * lies in none.
 */
static void tree_root(const char *path, char *buf, size_t size)
{
	const char *p = strstr(path, DEBUG_ROOT "/");
	size_t n = p ? (size_t)(p - path) : 0;

	if (n >= size)
		n = 0;
	memcpy(buf, path, n);
	buf[n] = 0;
}

/* The link's name as found from @path: relative to its directory, else as is. */
static bool by_name(const char *path, const struct alt_link *link, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	int dir = slash ? (int)(slash - path + 1) : 0;
	int n;

	if (link->name[0] == '/')
		return join(buf, size, link->name, "", "");
	n = snprintf(buf, size, "%.*s%s", dir, path, link->name);
	return n >= 0 && (size_t)n < size;
}

/* ROOT/usr/lib/debug/.build-id/xx/yyyy.debug of the link's build-id. */
static bool by_build_id(const char *root, const struct alt_link *link, char *buf,
			size_t size)
{
	char name[2 * 64 + sizeof("/.debug")];
	size_t i, n = 0;

	if (link->id_len < 2 || link->id_len > 64)
		return false;
	for (i = 0; i < link->id_len; i++) {
		n += (size_t)snprintf(name + n, sizeof(name) - n, "%02x", link->id[i]);
		if (i == 0)
			name[n++] = '/';
	}
	memcpy(name + n, ".debug", sizeof(".debug"));
	return join(buf, size, root, DEBUG_ROOT "/.build-id/", name);
}

/* ROOT/usr/lib/debug/.dwz/NAME of a link naming a file under some .dwz directory. */
static bool by_dwz_dir(const char *root, const struct alt_link *link, char *buf,
		       size_t size)
{
	const char *p = strstr(link->name, ".dwz/"), *q;

	if (!p)
		return false;
	while ((q = strstr(p + 1, ".dwz/")))
		p = q;
	return join(buf, size, root, DEBUG_ROOT "/", p);
}

/* Tries the places of dwarf_xunits.h in turn. */
static bool find_alt(const char *path, const struct alt_link *link, struct xunit_alt *alt)
{
	char root[4096], buf[8192];
	char *real = realpath(path, NULL);
	bool found;

	tree_root(path, root, sizeof(root));
	/* Relative to the file as named (libdw), and as it really is (gdb). */
	found = (by_name(path, link, buf, sizeof(buf)) && try_alt(buf, link, alt)) ||
		(real && link->name[0] != '/' && by_name(real, link, buf, sizeof(buf)) &&
		 try_alt(buf, link, alt));
	free(real);
	if (found)
		return true;
	if (root[0] && link->name[0] == '/' && join(buf, sizeof(buf), root, link->name, "") &&
	    try_alt(buf, link, alt))
		return true;
	if (root[0] && ((by_build_id(root, link, buf, sizeof(buf)) && try_alt(buf, link, alt)) ||
			(by_dwz_dir(root, link, buf, sizeof(buf)) && try_alt(buf, link, alt))))
		return true;
	return (by_build_id("", link, buf, sizeof(buf)) && try_alt(buf, link, alt)) ||
	       (by_dwz_dir("", link, buf, sizeof(buf)) && try_alt(buf, link, alt));
}

static void alt_free(struct xunit_alt *alt)
{
	if (!alt)
		return;
	dwarf_end(alt->dwarf);
	if (alt->fd >= 0)
		close(alt->fd);
	free(alt->index.units);
	free(alt->path);
	free(alt);
}

/* Finds and opens the supplementary file @df names, if it names one. */
static int open_alt(const struct dwarf_file *df, struct dwarf_xunits *x)
{
	struct alt_link link = { 0 };
	struct xunit_alt *alt;
	char hex[2 * 64 + 1] = "";
	const char *bad;
	size_t i;
	int rc = read_alt_link(df, &link);

	if (rc <= 0)
		return rc;
	alt = calloc(1, sizeof(*alt));
	if (!alt)
		return -ENOMEM;
	alt->fd = -1;
	if (!find_alt(df->path, &link, alt)) {
		for (i = 0; i < link.id_len && i < 64; i++)
			snprintf(hex + 2 * i, 3, "%02x", link.id[i]);
		pr_err("%s: dwz alternate debug file %s (build-id %s) not found", df->path,
		       link.name, hex[0] ? hex : "none");
		alt_free(alt);
		return -ENOENT;
	}
	x->alt = alt;
	if (!alt->path)
		return -ENOMEM;
	if (die_sections__init(&alt->secs, dwarf_getelf(alt->dwarf), df->big_endian, &bad)) {
		pr_err("%s: cannot decompress %s: %s", alt->path, bad, elf_errmsg(-1));
		return -EINVAL;
	}
	/* libdw's own readers (names of units, line tables) see it too. */
	dwarf_setalt(df->dwarf, alt->dwarf);
	return index_units(NULL, &alt->index, alt->dwarf);
}

int dwarf_xunits__open(struct dwarf_file *df, struct dwarf_xunits **ret)
{
	struct dwarf_xunits *x = calloc(1, sizeof(*x));
	int err;

	if (!x)
		return -ENOMEM;
	err = index_units(x, &x->index, df->dwarf) ?: index_types(df, x) ?:
	      number_type_units(x) ?: open_alt(df, x);
	if (!err)
		sort_sigs(x);
	if (err) {
		dwarf_xunits__free(x);
		return err;
	}
	*ret = x;
	return 0;
}

/* After libdw let go of the file that refers to the supplementary one. */
void dwarf_xunits__free(struct dwarf_xunits *x)
{
	if (!x)
		return;
	alt_free(x->alt);
	free(x->index.units);
	free(x->types.units);
	free(x->sigs);
	free(x->tus);
	free(x);
}

/* ---- what one CU opened ------------------------------------------------------------- */

/* Adds @key to the set @set: true in *first when it was not there. */
static int set_add(struct int_map *set, uint64_t key, bool *first)
{
	return int_map__add(set, key, 0, first) ? 0 : -ENOMEM;
}

/* The key of the unit @u of the file, of its .debug_types or of the supplementary file. */
static uint64_t unit_key(const struct xunit *u, uint64_t key)
{
	return u->start | (key & (XUNIT_KEY_ALT | XUNIT_KEY_TYPES));
}

/* The sections of the unit of key @key. */
static const struct die_sections *key_secs(const struct xunit_cache *c, uint64_t key)
{
	return key & XUNIT_KEY_ALT ? &c->x->alt->secs : c->secs;
}

/*
 * The reader's unit holding DIE @key, opened once per CU. 0 and *ret;
 * -ENOENT when no unit holds it; -EINVAL with the reason in *why; -ENOMEM.
 */
static int open_unit(struct xunit_cache *c, const struct xunit *xu, uint64_t key,
		     struct die_unit **ret, const char **why)
{
	const uint32_t *opened;
	uint64_t ukey;
	struct die_unit *u;
	int err;

	if (!xu)
		return -ENOENT;
	ukey = unit_key(xu, key);
	opened = int_map__find(&c->opened, ukey);
	if (opened) {
		*ret = c->units[*opened].unit;
		return 0;
	}
	/* Room first: adding to the map below cannot fail then. */
	err = dw_ensure_cap(&c->units, &c->cap, sizeof(*c->units), c->nr + 1) ?:
	      int_map__reserve(&c->opened, c->nr + 1);
	if (err)
		return err;
	u = calloc(1, sizeof(*u));
	if (!u)
		return -ENOMEM;
	err = die_unit__init_cached(u, key_secs(c, key), key & XUNIT_KEY_TYPES, xu->start,
				    xu->cu_die.cu, c->abbrevs);
	if (!err && u->first_die != dwarf_dieoffset((Dwarf_Die *)&xu->cu_die)) {
		u->errmsg = "unit header not where libdw reads it";
		err = -EINVAL;
	}
	if (err) {
		*why = u->errmsg;
		die_unit__release(u);
		free(u);
		return err == -ENOMEM ? err : -EINVAL;
	}
	c->units[c->nr] = (struct xunit_open){ .key = ukey, .xu = xu, .unit = u };
	int_map__add(&c->opened, ukey, c->nr++, NULL);
	*ret = u;
	return 0;
}

/*
 * The DIE of key @key in @xu, its unit. -ENOENT when no unit holds it (@xu
 * NULL); other errors reported.
 */
static int open_die(struct xunit_cache *c, const struct xunit *xu, uint64_t key,
		    struct die *ret)
{
	const char *why = NULL;
	struct die_unit *u;
	int err = open_unit(c, xu, key, &u, &why);

	if (!err && die__at(u, key & XUNIT_KEY_OFFSET, ret)) {
		why = u->errmsg;
		err = -EINVAL;
	}
	return err == -EINVAL ? c->hooks.error(c->hooks.ctx, key, why) : err;
}

int xunit_cache__import(struct xunit_cache *c, uint64_t key)
{
	const struct xunit *xu = dwarf_xunits__find(c->x, key);
	struct die unit_die;
	bool first;
	int err = open_die(c, xu, key, &unit_die);

	if (err)
		return err;
	if (unit_die.tag != DW_TAG_partial_unit && unit_die.tag != DW_TAG_compile_unit)
		return -ENOENT;
	err = set_add(&c->imported, unit_key(xu, key), &first);
	if (err || !first)
		return err;
	return c->hooks.load_children(c->hooks.ctx, &unit_die);
}

/* Whether DIE key @key is the CU's own, or in a unit it imported. */
static bool is_own(const struct xunit_cache *c, uint64_t key)
{
	const struct xunit *xu;

	if (xunit_cache__in_own_unit(c, key))
		return true;
	xu = c->imported.nr ? dwarf_xunits__find(c->x, key) : NULL;
	return xu && int_map__find(&c->imported, unit_key(xu, key));
}

int xunit_cache__load_alone(struct xunit_cache *c, uint64_t key)
{
	struct die die;
	bool first;
	int err;

	if ((key & ~(XUNIT_KEY_ALT | XUNIT_KEY_OFFSET)) || is_own(c, key) ||
	    c->hooks.is_mapped(c->hooks.ctx, key))
		return 0;
	err = set_add(&c->loaded, key, &first);
	if (err || !first)
		return err;
	err = open_die(c, dwarf_xunits__find(c->x, key), key, &die);
	if (err)
		return err == -ENOENT ? 0 : err;
	return c->hooks.load_alone(c->hooks.ctx, &die);
}

int xunit_cache__type_die(struct xunit_cache *c, uint64_t key, struct die *ret)
{
	const struct xunit *xu;

	key &= XUNIT_KEY_TYPES | XUNIT_KEY_OFFSET;
	xu = dwarf_xunits__find(c->x, key);
	return xu && xu->type_unit ? open_die(c, xu, key, ret) : -ENOENT;
}

int xunit_cache__type_units(const struct xunit_cache *c, uint32_t **ret, uint32_t *nr)
{
	uint32_t i, n = 0;

	*ret = NULL;
	*nr = 0;
	for (i = 0; i < c->nr; i++)
		n += c->units[i].xu->type_unit != 0;
	if (!n)
		return 0;
	*ret = malloc(n * sizeof(**ret));
	if (!*ret)
		return -ENOMEM;
	for (i = 0; i < c->nr; i++)
		if (c->units[i].xu->type_unit)
			(*ret)[(*nr)++] = c->units[i].xu->type_unit - 1;
	return 0;
}

void xunit_cache__release(struct xunit_cache *c)
{
	uint32_t i;

	for (i = 0; i < c->nr; i++) {
		die_unit__release(c->units[i].unit);
		free(c->units[i].unit);
	}
	free(c->units);
	int_map__release(&c->opened);
	int_map__release(&c->imported);
	int_map__release(&c->loaded);
	memset(c, 0, sizeof(*c));
}
