// SPDX-License-Identifier: GPL-2.0-only
/*
 * ELF symbols and sections: a name-sorted view of .symtab, the function
 * groups the BTF encoder selects FUNCs from, and the section table the
 * variables are placed with.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "elf_symtab.h"
#include "log.h"

struct elf_symtab {
	struct elf_sym		*syms;		/* owned, name order */
	uint32_t		nr_syms;
	struct elf_func_group	*groups;	/* owned, name order */
	uint64_t		*group_keys;	/* owned: name_key() of each group's name */
	uint32_t		nr_groups;
	struct elf_func_sym	*func_syms;	/* owned, backs groups[].syms */
	char			*group_names;	/* owned, backs groups[].name */
	struct elf_section	*sections;	/* owned */
	uint32_t		nr_sections;
	char			*section_names;	/* owned, backs sections[].name */
};

/*
 * The first eight bytes of @name, zero-padded, most significant first:
 * keys compare as strcmp() compares the names, unless they are equal.
 * Sorting a kernel's symbols then reads few names.
 */
static uint64_t name_key(const char *name)
{
	uint64_t key = 0;
	int i;

	for (i = 0; i < 8 && name[i]; i++)
		key |= (uint64_t)(unsigned char)name[i] << (56 - 8 * i);
	return key;
}

static int cmp_names(uint64_t key_a, const char *a, uint64_t key_b, const char *b)
{
	if (key_a != key_b)
		return key_a < key_b ? -1 : 1;
	return strcmp(a, b);
}

static int cmp_sym(const void *a, const void *b)
{
	const struct elf_sym *x = a, *y = b;
	int c = cmp_names(x->name_key, x->name, y->name_key, y->name);

	if (c)
		return c;
	return x->addr < y->addr ? -1 : x->addr > y->addr;
}

Elf_Scn *elf_section_next(Elf *elf, Elf_Scn *scn, const char *name, GElf_Shdr *ret)
{
	size_t shstrndx;

	if (elf_getshdrstrndx(elf, &shstrndx))
		return NULL;
	while ((scn = elf_nextscn(elf, scn))) {
		const char *s;

		if (gelf_getshdr(scn, ret) && (s = elf_strptr(elf, shstrndx, ret->sh_name)) &&
		    !strcmp(s, name))
			return scn;
	}
	return NULL;
}

Elf_Data *elf_section_data(Elf *elf, const char *name)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr sh;

	while ((scn = elf_section_next(elf, scn, name, &sh)) && sh.sh_type == SHT_NOBITS)
		;
	return scn ? elf_getdata(scn, NULL) : NULL;
}

static Elf_Scn *find_symtab(Elf *elf, GElf_Shdr *shdr)
{
	Elf_Scn *scn = NULL;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, shdr) && shdr->sh_type == SHT_SYMTAB)
			return scn;
	return NULL;
}

/*
 * Decompresses @scn in place when it is SHF_COMPRESSED, as libdwfl does
 * with the symbol tables it reads, and gives its header as it is then.
 * 0, or -EINVAL when it cannot be read or decompressed.
 */
static int decompress_section(Elf_Scn *scn, GElf_Shdr *shdr)
{
	if (!scn || !gelf_getshdr(scn, shdr))
		return -EINVAL;
	if (!(shdr->sh_flags & SHF_COMPRESSED))
		return 0;
	if (elf_compress(scn, 0, 0) < 0 || !gelf_getshdr(scn, shdr))
		return -EINVAL;
	return 0;
}

/* The extended section indexes, when the file has more than 65279 sections. */
static Elf_Data *find_xindex(Elf *elf, size_t symtab_idx)
{
	Elf_Scn *scn = NULL;
	GElf_Shdr shdr;

	while ((scn = elf_nextscn(elf, scn)))
		if (gelf_getshdr(scn, &shdr) && shdr.sh_type == SHT_SYMTAB_SHNDX &&
		    shdr.sh_link == symtab_idx)
			return decompress_section(scn, &shdr) ? NULL : elf_getdata(scn, NULL);
	return NULL;
}

/*
 * Reads every named symbol, in .symtab order; the caller sorts. Function
 * groups are built from this order first, because it decides which
 * symbol of a group counts as the first.
 */
static int read_syms(struct elf_symtab *st, Elf *elf, Elf_Scn *scn, GElf_Shdr *shdr)
{
	Elf_Data *data, *xdata;
	GElf_Shdr strtab;
	size_t i, n;

	if (decompress_section(scn, shdr) ||
	    decompress_section(elf_getscn(elf, shdr->sh_link), &strtab))
		return -EINVAL;
	data = elf_getdata(scn, NULL);
	if (!data || !shdr->sh_entsize)
		return -EINVAL;
	xdata = find_xindex(elf, elf_ndxscn(scn));
	n = shdr->sh_size / shdr->sh_entsize;
	st->syms = calloc(n ? n : 1, sizeof(*st->syms));
	if (!st->syms)
		return -ENOMEM;
	for (i = 1; i < n; i++) {
		GElf_Word xndx = 0;
		GElf_Sym sym;
		const char *name;

		if (!gelf_getsymshndx(data, xdata, i, &sym, &xndx))
			return -EINVAL;
		name = elf_strptr(elf, shdr->sh_link, sym.st_name);
		if (!name || !*name)
			continue;
		st->syms[st->nr_syms++] = (struct elf_sym){
			.name = name, .name_key = name_key(name), .addr = sym.st_value,
			.size = sym.st_size,
			.shndx = sym.st_shndx == SHN_XINDEX ? xndx : sym.st_shndx,
			.type = GELF_ST_TYPE(sym.st_info),
		};
	}
	return 0;
}

/* ---- function groups ---------------------------------------------------------- */

struct func_entry {
	const char	*cut;		/* in st->group_names */
	const char	*name;		/* the whole name: cut, or after it in st->group_names */
	uint64_t	key;		/* name_key(cut) */
	uint32_t	order;		/* position in .symtab order */
	uint64_t	addr;
	bool		is_clone;
};

static bool suffix_has(const char *suffix, const char *what)
{
	return suffix && strstr(suffix, what);
}

/*
 * GCC's ".cold" (split-off unlikely code) and ".part" (partial inlining)
 * symbols are pieces of a function, not entry points: they form no group.
 */
static bool is_function_piece(const char *name)
{
	const char *suffix = strchr(name, '.');

	return suffix_has(suffix, ".cold") || suffix_has(suffix, ".part");
}

static int cmp_func_entry(const void *a, const void *b)
{
	const struct func_entry *x = a, *y = b;
	int c = cmp_names(x->key, x->cut, y->key, y->cut);

	if (c)
		return c;
	return x->order < y->order ? -1 : x->order > y->order;
}

/*
 * Symbols at more than one address make a group ambiguous. Address 0
 * counts only once a non-zero address was seen, as upstream pahole.
 */
static bool group_is_ambiguous(const struct elf_func_group *g)
{
	uint64_t addr = 0;
	uint32_t i;

	for (i = 0; i < g->nr_syms; i++) {
		if (addr && addr != g->syms[i].addr)
			return true;
		addr = g->syms[i].addr;
	}
	return false;
}

/*
 * Copies the cut names of the function symbols into one buffer, each
 * followed by the whole name when that has a suffix.
 */
static int collect_funcs(struct elf_symtab *st, struct func_entry **ret, uint32_t *nr_ret)
{
	struct func_entry *entries = calloc(st->nr_syms + 1, sizeof(*entries));
	size_t total = 1, used = 0;
	uint32_t i, n = 0;

	if (!entries)
		return -ENOMEM;
	for (i = 0; i < st->nr_syms; i++)
		if (st->syms[i].type == STT_FUNC)
			total += strcspn(st->syms[i].name, ".") + 1 +
				 (strchr(st->syms[i].name, '.') ? strlen(st->syms[i].name) + 1 : 0);
	st->group_names = malloc(total);
	if (!st->group_names) {
		free(entries);
		return -ENOMEM;
	}
	for (i = 0; i < st->nr_syms; i++) {
		const char *name = st->syms[i].name;
		size_t len = strcspn(name, ".");

		if (st->syms[i].type != STT_FUNC || is_function_piece(name))
			continue;
		memcpy(st->group_names + used, name, len);
		st->group_names[used + len] = '\0';
		entries[n++] = (struct func_entry){
			.cut = st->group_names + used, .key = name_key(st->group_names + used),
			.name = st->group_names + used,
			.order = i, .addr = st->syms[i].addr,
			.is_clone = suffix_has(name + len, ".constprop") ||
				    suffix_has(name + len, ".isra"),
		};
		used += len + 1;
		if (name[len]) {
			entries[n - 1].name = strcpy(st->group_names + used, name);
			used += strlen(name) + 1;
		}
	}
	*ret = entries;
	*nr_ret = n;
	return 0;
}

static int build_func_groups(struct elf_symtab *st)
{
	struct func_entry *entries;
	uint32_t i, n;
	int err = collect_funcs(st, &entries, &n);

	if (err)
		return err;
	if (n)
		qsort(entries, n, sizeof(*entries), cmp_func_entry);
	st->func_syms = calloc(n + 1, sizeof(*st->func_syms));
	st->groups = calloc(n + 1, sizeof(*st->groups));
	st->group_keys = calloc(n + 1, sizeof(*st->group_keys));
	if (!st->func_syms || !st->groups || !st->group_keys) {
		free(entries);
		return -ENOMEM;
	}
	for (i = 0; i < n; i++) {
		struct elf_func_group *g = st->nr_groups ? &st->groups[st->nr_groups - 1] : NULL;

		st->func_syms[i] = (struct elf_func_sym){ .name = entries[i].name,
							  .addr = entries[i].addr,
							  .is_clone = entries[i].is_clone };
		if (!g || strcmp(g->name, entries[i].cut)) {
			st->group_keys[st->nr_groups] = entries[i].key;
			g = &st->groups[st->nr_groups++];
			g->name = entries[i].cut;
			g->syms = &st->func_syms[i];
		}
		g->nr_syms++;
	}
	for (i = 0; i < st->nr_groups; i++)
		st->groups[i].is_ambiguous = group_is_ambiguous(&st->groups[i]);
	free(entries);
	return 0;
}

/* ---- sections ------------------------------------------------------------------- */

static int read_sections(struct elf_symtab *st, Elf *elf)
{
	size_t shnum, shstrndx, total = 0, used = 0, i;
	const char *name;
	GElf_Shdr shdr;

	if (elf_getshdrnum(elf, &shnum) < 0 || elf_getshdrstrndx(elf, &shstrndx) < 0)
		return -EINVAL;
	for (i = 0; i < shnum; i++) {
		if (!gelf_getshdr(elf_getscn(elf, i), &shdr))
			return -EINVAL;
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		total += (name ? strlen(name) : 0) + 1;
	}
	st->sections = calloc(shnum + 1, sizeof(*st->sections));
	st->section_names = malloc(total + 1);
	if (!st->sections || !st->section_names)
		return -ENOMEM;
	for (i = 0; i < shnum; i++) {
		size_t len;

		gelf_getshdr(elf_getscn(elf, i), &shdr);
		name = elf_strptr(elf, shstrndx, shdr.sh_name);
		len = name ? strlen(name) : 0;
		memcpy(st->section_names + used, name ? name : "", len + 1);
		st->sections[i] = (struct elf_section){
			.name = st->section_names + used, .addr = shdr.sh_addr,
			.size = shdr.sh_size, .type = shdr.sh_type,
		};
		used += len + 1;
	}
	st->nr_sections = shnum;
	return 0;
}

/* ---- the table ---------------------------------------------------------------------- */

int elf_symtab__new(Elf *elf, struct elf_symtab **ret)
{
	struct elf_symtab *st;
	GElf_Shdr shdr;
	Elf_Scn *scn = find_symtab(elf, &shdr);
	int err;

	if (!scn)
		return -ENOENT;
	st = calloc(1, sizeof(*st));
	if (!st)
		return -ENOMEM;
	err = read_syms(st, elf, scn, &shdr) ?: build_func_groups(st) ?: read_sections(st, elf);
	if (err) {
		elf_symtab__free(st);
		return err;
	}
	if (st->nr_syms)
		qsort(st->syms, st->nr_syms, sizeof(*st->syms), cmp_sym);
	*ret = st;
	return 0;
}

void elf_symtab__free(struct elf_symtab *st)
{
	if (!st)
		return;
	free(st->syms);
	free(st->groups);
	free(st->group_keys);
	free(st->func_syms);
	free(st->group_names);
	free(st->sections);
	free(st->section_names);
	free(st);
}

uint32_t elf_symtab__count(const struct elf_symtab *st)
{
	return st->nr_syms;
}

const struct elf_sym *elf_symtab__sym(const struct elf_symtab *st, uint32_t idx)
{
	return idx < st->nr_syms ? &st->syms[idx] : NULL;
}

static uint32_t lower_bound(const struct elf_symtab *st, const char *name)
{
	uint32_t lo = 0, hi = st->nr_syms;

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;

		if (strcmp(st->syms[mid].name, name) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct elf_sym *elf_symtab__find(const struct elf_symtab *st, const char *name)
{
	uint32_t i = lower_bound(st, name);

	return i < st->nr_syms && !strcmp(st->syms[i].name, name) ? &st->syms[i] : NULL;
}

bool elf_symtab__has_object(const struct elf_symtab *st, const char *name, uint32_t shndx)
{
	uint32_t i;

	for (i = lower_bound(st, name); i < st->nr_syms && !strcmp(st->syms[i].name, name); i++)
		if (st->syms[i].type == STT_OBJECT && st->syms[i].shndx == shndx)
			return true;
	return false;
}

uint32_t elf_symtab__nr_func_groups(const struct elf_symtab *st)
{
	return st->nr_groups;
}

const struct elf_func_group *elf_symtab__find_func(const struct elf_symtab *st,
						   const char *name)
{
	uint32_t lo = 0, hi = st->nr_groups;
	uint64_t key = name_key(name);

	while (lo < hi) {
		uint32_t mid = lo + (hi - lo) / 2;
		int c = cmp_names(st->group_keys[mid], st->groups[mid].name, key, name);

		if (!c)
			return &st->groups[mid];
		if (c < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return NULL;
}

uint32_t elf_symtab__nr_sections(const struct elf_symtab *st)
{
	return st->nr_sections;
}

const struct elf_section *elf_symtab__section(const struct elf_symtab *st, uint32_t idx)
{
	return idx < st->nr_sections ? &st->sections[idx] : NULL;
}

/* ---- kfuncs ------------------------------------------------------------------------ */

/*
 * The kernel's BTF_SET8_START() emits a symbol __BTF_ID__set8__<set> at a
 * header { u32 cnt; u32 flags; } followed by { u32 id; u32 flags; } pairs,
 * one per BTF_ID_FLAGS(func, <name>), each under a symbol
 * __BTF_ID__func__<name>__<n>. (include/linux/btf_ids.h)
 */
static const char BTF_IDS_SECTION[] = ".BTF_ids";
static const char SET8_PREFIX[] = "__BTF_ID__set8__";
static const char FUNC_PREFIX[] = "__BTF_ID__func__";
enum { BTF_SET8_KFUNCS = 1 << 0 };

struct kfunc_scan {
	Elf		*elf;
	Elf_Data	*syms;
	size_t		nr_syms, strtab, ids_shndx;
	const uint32_t	*ids;		/* .BTF_ids as words, in host order */
	size_t		ids_size;	/* bytes */
	uint64_t	ids_addr;	/* sh_addr as written */
	uint64_t	(*ranges)[2];	/* kfunc sets: [start, end) */
	size_t		nr_ranges;
};

/* Finds .symtab and .BTF_ids; 1 when either is missing, 0, or -errno. */
static int kfunc_scan_sections(struct kfunc_scan *ks)
{
	size_t shstrndx;
	GElf_Shdr shdr;
	Elf_Data *data;
	Elf_Scn *scn;

	if (elf_getshdrstrndx(ks->elf, &shstrndx) < 0)
		return -EINVAL;
	scn = find_symtab(ks->elf, &shdr);
	if (scn && shdr.sh_entsize) {
		if (decompress_section(scn, &shdr) ||
		    decompress_section(elf_getscn(ks->elf, shdr.sh_link), &(GElf_Shdr){ 0 }))
			return -EINVAL;
		ks->syms = elf_getdata(scn, NULL);
		ks->nr_syms = shdr.sh_size / shdr.sh_entsize;
		ks->strtab = shdr.sh_link;
	}
	scn = elf_section_next(ks->elf, NULL, BTF_IDS_SECTION, &shdr);
	if (scn) {
		/* Words in the file's byte order: convert them. */
		data = elf_getdata_rawchunk(ks->elf, shdr.sh_offset, shdr.sh_size, ELF_T_WORD);
		if (!data)
			return -EINVAL;
		ks->ids = data->d_buf;
		ks->ids_size = data->d_size;
		ks->ids_addr = shdr.sh_addr;
		ks->ids_shndx = elf_ndxscn(scn);
	}
	return ks->syms && ks->ids ? 0 : 1;
}

/* Symbol @i if it lies in .BTF_ids: its name and value; NULL otherwise. */
static const char *kfunc_sym(const struct kfunc_scan *ks, size_t i, GElf_Sym *sym)
{
	if (!gelf_getsym(ks->syms, i, sym) || sym->st_shndx != ks->ids_shndx)
		return NULL;
	return elf_strptr(ks->elf, ks->strtab, sym->st_name);
}

/* The word at @addr's offset in .BTF_ids, or -1 when outside. */
static int64_t ids_word(const struct kfunc_scan *ks, uint64_t addr)
{
	uint64_t off = addr - ks->ids_addr;

	if (addr < ks->ids_addr || off + 4 > ks->ids_size || off % 4)
		return -1;
	return ks->ids[off / 4];
}

static int kfunc_collect_sets(struct kfunc_scan *ks)
{
	GElf_Sym sym;
	size_t i;

	ks->ranges = calloc(ks->nr_syms + 1, sizeof(*ks->ranges));
	if (!ks->ranges)
		return -ENOMEM;
	for (i = 0; i < ks->nr_syms; i++) {
		const char *name = kfunc_sym(ks, i, &sym);
		int64_t flags;

		if (!name || strncmp(name, SET8_PREFIX, sizeof(SET8_PREFIX) - 1))
			continue;
		flags = ids_word(ks, sym.st_value + 4);
		if (flags < 0) {
			pr_warn("kfunc set symbol '%s' lies outside %s", name, BTF_IDS_SECTION);
			continue;
		}
		if (!(flags & BTF_SET8_KFUNCS))
			continue;
		ks->ranges[ks->nr_ranges][0] = sym.st_value;
		ks->ranges[ks->nr_ranges++][1] = sym.st_value + sym.st_size;
	}
	return 0;
}

/*
 * "__BTF_ID__func__<name>__<n>" to <name> in @buf; false when @sym is not
 * one, or is malformed.
 */
static bool kfunc_name(const char *sym, char *buf, size_t size)
{
	const char *p = sym + sizeof(FUNC_PREFIX) - 1, *end;

	if (strncmp(sym, FUNC_PREFIX, sizeof(FUNC_PREFIX) - 1) || !strstr(p, "__"))
		return false;
	end = strrchr(p, '_');
	if (!end || end == p || end[-1] != '_' || (size_t)(end - 1 - p) >= size)
		return false;
	memcpy(buf, p, end - 1 - p);
	buf[end - 1 - p] = '\0';
	return true;
}

static int kfunc_mark(struct elf_symtab *st, const struct kfunc_scan *ks)
{
	char name[512];
	GElf_Sym sym;
	size_t i, r;

	for (i = 0; i < ks->nr_syms; i++) {
		const char *sname = kfunc_sym(ks, i, &sym);
		struct elf_func_group *g;
		int64_t flags;

		if (!sname || !kfunc_name(sname, name, sizeof(name)))
			continue;
		for (r = 0; r < ks->nr_ranges; r++)
			if (ks->ranges[r][0] <= sym.st_value && sym.st_value < ks->ranges[r][1])
				break;
		if (r == ks->nr_ranges)
			continue;
		flags = ids_word(ks, sym.st_value + 4);
		if (flags < 0)
			return -ERANGE;
		g = (struct elf_func_group *)elf_symtab__find_func(st, name);
		if (g) {
			g->is_kfunc = true;
			g->kfunc_flags = flags;
		}
	}
	return 0;
}

/* The kfunc sets of @elf (NULL when libelf could not read it), for @path. */
static int read_kfuncs(struct elf_symtab *st, const char *path, Elf *elf)
{
	struct kfunc_scan ks = { .elf = elf };
	int err = ks.elf ? kfunc_scan_sections(&ks) : -EINVAL;

	if (!err)
		err = kfunc_collect_sets(&ks) ?: kfunc_mark(st, &ks);
	if (err == -EINVAL)
		pr_err("%s: cannot read the kfunc sets: %s", path, elf_errmsg(-1));
	else if (err == -ERANGE)
		pr_err("%s: a kfunc of a %s set lies outside the section", path, BTF_IDS_SECTION);
	else if (err < 0)
		pr_err("%s: cannot read the kfunc sets: %s", path, strerror(-err));
	free(ks.ranges);
	return err > 0 ? 0 : err;
}

int elf_symtab__read_kfuncs(struct elf_symtab *st, const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC), err;
	Elf *elf;

	if (fd < 0) {
		err = -errno;
		pr_err("%s: %s", path, strerror(errno));
		return err;
	}
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	err = read_kfuncs(st, path, elf);
	elf_end(elf);
	close(fd);
	return err;
}

int elf_symtab__read_kfuncs_image(struct elf_symtab *st, const char *path, char *image,
				  size_t size)
{
	Elf *elf = elf_memory(image, size);
	int err = read_kfuncs(st, path, elf);

	elf_end(elf);
	return err;
}
