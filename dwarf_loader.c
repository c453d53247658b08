// SPDX-License-Identifier: GPL-2.0-only
/*
 * A DWARF file and its CUs: opening and checking the ELF file, listing the
 * units in DWARF order on the main thread, loading them on the thread pool
 * (cu_pool.c) and handing them over in CU order, giving back the pages of
 * .debug_info that are done with. One CU's DIEs are dwarf_cu.c's.
 */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <dwarf.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>

#include "cu_pool.h"
#include "dwarf_cu.h"
#include "dwarf_file.h"
#include "dwarf_loader.h"
#include "dwarf_xunits.h"
#include "elf_symtab.h"
#include "log.h"
#include "phase_stats.h"

/* ---- file ---------------------------------------------------------------- */

static int no_debuginfo(Dwfl_Module *mod, void **userdata, const char *modname,
			Dwarf_Addr base, const char *file_name, const char *debuglink_file,
			GElf_Word debuglink_crc, char **debuginfo_file_name)
{
	/* Only the named file is read: no separate debug files are looked for. */
	return -1;
}

static const Dwfl_Callbacks offline_callbacks = {
	.find_debuginfo = no_debuginfo,
	.section_address = dwfl_offline_section_address,
};

/*
 * libelf maps the whole file, and says "invalid ELF file" when it cannot:
 * under a tight address-space limit, say that memory ran out instead.
 */
static int check_address_space(const char *path, int fd, off_t size)
{
	void *p;

	if (!size)
		return 0;
	p = mmap(NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
	if (p != MAP_FAILED) {
		munmap(p, size);
		return 0;
	}
	if (errno != ENOMEM)
		return 0;
	pr_err("%s: out of memory: cannot map its %lld bytes", path, (long long)size);
	return -ENOMEM;
}

/*
 * Reports why libelf failed on @path: "corrupt ELF file" and its reason,
 * or, where its allocation failed (errno ENOMEM: the caller cleared errno
 * before the calls), that memory ran out, which libelf says in other
 * words or not at all (gelf_getshdr(): "invalid operand"; elf_begin(): no
 * handle). -EINVAL or -ENOMEM.
 */
static int elf_failed(const char *path)
{
	if (errno == ENOMEM) {
		pr_err("%s: out of memory", path);
		return -ENOMEM;
	}
	pr_err("%s: corrupt ELF file: %s", path, elf_errmsg(-1));
	return -EINVAL;
}

/*
 * Rejects an ELF image of @size bytes (a file, or an archive member) whose
 * section table or sections lie past its end. @path names it in messages.
 * The caller clears errno before making @elf (elf_failed()).
 */
static int check_elf_image(const char *path, Elf *elf, uint64_t size)
{
	size_t shnum, i;
	GElf_Ehdr ehdr;

	if (!elf && errno == ENOMEM)
		return elf_failed(path);
	if (!elf || elf_kind(elf) != ELF_K_ELF) {
		pr_err("%s: not an ELF file", path);
		return -EINVAL;
	}
	if (!gelf_getehdr(elf, &ehdr) || elf_getshdrnum(elf, &shnum) < 0)
		return elf_failed(path);
	if (ehdr.e_shoff > size ||
	    (uint64_t)(shnum > ehdr.e_shnum ? shnum : ehdr.e_shnum) * ehdr.e_shentsize >
	    size - ehdr.e_shoff) {
		pr_err("%s: truncated or corrupt ELF file: the section table ends past the end of the file",
		       path);
		return -EINVAL;
	}
	for (i = 1; i < shnum; i++) {
		GElf_Shdr shdr;

		if (!gelf_getshdr(elf_getscn(elf, i), &shdr))
			return elf_failed(path);
		if (shdr.sh_type != SHT_NOBITS &&
		    (shdr.sh_offset > size || shdr.sh_size > size - shdr.sh_offset)) {
			pr_err("%s: truncated or corrupt ELF file: section %zu ends past the end of the file",
			       path, i);
			return -EINVAL;
		}
	}
	return 0;
}

/* check_elf_image() of the file at @path, which must be a regular file. */
static int check_elf(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	Elf *elf = NULL;
	int err = -EINVAL;

	if (fd < 0) {
		err = -errno;
		pr_err("%s: %s", path, strerror(errno));
		return err;
	}
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode))
		pr_err("%s: not a regular file", path);
	else if (!(err = check_address_space(path, fd, st.st_size))) {
		/*
		 * Read, not mapped: a file cut meanwhile gives short reads, not
		 * SIGBUS; its size is taken again once libelf has read it.
		 */
		errno = 0;
		elf = elf_begin(fd, ELF_C_READ, NULL);
		if (fstat(fd, &st) == 0)
			err = check_elf_image(path, elf, st.st_size);
	}
	elf_end(elf);
	close(fd);
	return err;
}

/*
 * Number of non-empty sections called @name (or its .zdebug form); those in
 * a section group (SHF_GROUP) are counted in *@grouped too.
 */
static unsigned int count_sections(Elf *elf, const char *name, unsigned int *grouped)
{
	char zname[32];
	const char *names[] = { name, zname };
	unsigned int n = 0;
	size_t i;

	snprintf(zname, sizeof(zname), ".z%s", name + 1);
	for (i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		Elf_Scn *scn = NULL;
		GElf_Shdr shdr;

		while ((scn = elf_section_next(elf, scn, names[i], &shdr))) {
			if (shdr.sh_type == SHT_NOBITS || !shdr.sh_size)
				continue;
			n++;
			*grouped += !!(shdr.sh_flags & SHF_GROUP);
		}
	}
	return n;
}

/* Whether @elf has DIEs: .debug_info, or in a split DWARF file .debug_info.dwo. */
static bool has_info(Elf *elf)
{
	unsigned int grouped = 0;

	return count_sections(elf, ".debug_info", &grouped) ||
	       count_sections(elf, ".debug_info.dwo", &grouped);
}

/*
 * A relocatable object compiled with type units (gcc -fdebug-types-section)
 * has each type unit in a .debug_types (DWARF 4) or .debug_info (DWARF 5)
 * section of its own, in a COMDAT group that the linker merges. libdw
 * reads no grouped section, and only the first of a name, so the types of
 * these units cannot be found: refuse, rather than write BTF with holes.
 * -EOPNOTSUPP (reported), or 0.
 */
static int check_type_unit_sections(const char *path, Elf *elf)
{
	static const char *const names[] = { ".debug_info", ".debug_types" };
	unsigned int i, grouped = 0;

	for (i = 0; i < 2; i++) {
		if (count_sections(elf, names[i], &grouped) > 1 || grouped) {
			pr_err("%s: type units in %s sections of an unlinked object are not supported; link it first",
			       path, names[i]);
			return -EOPNOTSUPP;
		}
	}
	return 0;
}

/* A new libdwfl session (df->dwfl) with the file (or df->image) reported; NULL on failure. */
static Dwfl_Module *report_file(struct dwarf_file *df)
{
	Dwfl_Module *mod;

	df->dwfl = dwfl_begin(&offline_callbacks);
	if (!df->dwfl)
		return NULL;
	mod = df->image ? dwfl_report_offline_memory(df->dwfl, df->path, df->path, df->image,
						     df->image_size) :
			  dwfl_report_offline(df->dwfl, df->path, df->path, -1);
	return mod && dwfl_report_end(df->dwfl, NULL, NULL) == 0 ? mod : NULL;
}

/*
 * Reports the file (or df->image) to libdwfl and finds its DWARF. -ENODATA
 * for no DWARF is reported only when @report_nodata.
 */
static int open_dwarf(struct dwarf_file *df, bool report_nodata)
{
	const char *path = df->path, *bad;
	bool dwarf_nomem;
	Dwfl_Module *mod;
	Dwarf_Addr bias;
	GElf_Ehdr ehdr;
	int err = -EINVAL, dwfl_err;

	/* libdwfl's reason for an allocation that failed may be libebl's "XXX missing". */
	errno = 0;
	mod = report_file(df);
	if (!mod)
		goto err_dwfl;
	/*
	 * The DWARF first: dwfl_module_getelf() relocates an ET_REL file and
	 * ignores what goes wrong there (elfutils 0.188: an allocation of
	 * libebl or of the relocation), after which the DWARF it gives has
	 * the section offsets unrelocated (names of other DIEs), where
	 * dwfl_module_getdwarf() fails.
	 */
	df->dwarf = dwfl_module_getdwarf(mod, &bias);
	dwarf_nomem = !df->dwarf && errno == ENOMEM;
	df->elf = dwfl_module_getelf(mod, &bias);
	if (!df->elf)
		goto err_dwfl;
	/*
	 * Some it relocates only the other way round (an object file whose
	 * .symtab is compressed): the file reported again, the ELF handle
	 * asked first.
	 */
	if (!df->dwarf && !dwarf_nomem && has_info(df->elf)) {
		dwfl_end(df->dwfl);
		df->elf = NULL;
		mod = report_file(df);
		df->elf = mod ? dwfl_module_getelf(mod, &bias) : NULL;
		if (!df->elf)
			goto err_dwfl;
		df->dwarf = dwfl_module_getdwarf(mod, &bias);
		dwarf_nomem = !df->dwarf && errno == ENOMEM;
	}
	/* libdw out of memory, or a .debug_info it cannot read: not "no DWARF". */
	if (!df->dwarf && (dwarf_nomem || has_info(df->elf)) && (dwfl_err = dwfl_errno())) {
		pr_err("%s: cannot read DWARF: %s", path,
		       dwarf_nomem ? "out of memory" : dwfl_errmsg(dwfl_err));
		return dwarf_nomem ? -ENOMEM : -EINVAL;
	}
	if (!df->dwarf || !has_info(df->elf)) {
		if (report_nodata)
			pr_err("%s: no DWARF debug information", path);
		return -ENODATA;
	}
	if (!gelf_getehdr(df->elf, &ehdr))
		goto err_dwfl;
	err = check_type_unit_sections(path, df->elf);
	if (err)
		return err;
	df->big_endian = ehdr.e_ident[EI_DATA] == ELFDATA2MSB;
	if (die_sections__init(&df->secs, dwarf_getelf(df->dwarf), df->big_endian, &bad)) {
		pr_err("%s: cannot decompress %s: %s", path, bad, elf_errmsg(-1));
		return -EINVAL;
	}
	abi_regs__init(&df->abi, ehdr.e_machine);
	return dwarf_xunits__open(df, &df->xunits);
err_dwfl:
	if (errno == ENOMEM) {
		pr_err("%s: out of memory", path);
		return -ENOMEM;
	}
	pr_err("%s: cannot read ELF or DWARF: %s", path, dwfl_errmsg(-1));
	return err;
}

static struct dwarf_file *dwarf_file_new(const char *path)
{
	struct dwarf_file *df = calloc(1, sizeof(*df));

	if (!df)
		return NULL;
	df->libdw_lock = malloc(sizeof(*df->libdw_lock));
	if (!df->libdw_lock) {
		free(df);
		return NULL;
	}
	pthread_mutex_init(df->libdw_lock, NULL);
	df->path = path;
	return df;
}

int dwarf_file__open(const char *path, struct dwarf_file **ret)
{
	struct dwarf_file *df;
	int err;

	elf_version(EV_CURRENT);
	err = check_elf(path);
	if (err)
		return err;
	df = dwarf_file_new(path);
	if (!df) {
		pr_err("%s: out of memory", path);
		return -ENOMEM;
	}
	err = open_dwarf(df, true);
	if (err) {
		dwarf_file__free(df);
		return err;
	}
	*ret = df;
	return 0;
}

int dwarf_file__open_image(char *name, void *image, size_t size, struct dwarf_file **ret)
{
	struct dwarf_file *df;
	Elf *elf;
	int err;

	elf_version(EV_CURRENT);
	errno = 0;
	elf = elf_memory(image, size);
	err = check_elf_image(name, elf, size);
	elf_end(elf);
	if (err)
		goto err_free;
	err = -ENOMEM;
	df = dwarf_file_new(name);
	if (!df)
		goto err_free;
	df->owned_path = name;
	df->image = image;
	df->image_size = size;
	/* libdwfl relocates the image in place: keep the bytes as stored. */
	df->raw = malloc(size ? size : 1);
	if (df->raw)
		memcpy(df->raw, image, size);
	err = df->raw ? open_dwarf(df, false) : -ENOMEM;
	if (err) {
		dwarf_file__free(df);
		return err;
	}
	*ret = df;
	return 0;
err_free:
	free(name);
	free(image);
	return err;
}

void dwarf_file__free(struct dwarf_file *df)
{
	if (!df)
		return;
	dwfl_end(df->dwfl);
	dwarf_xunits__free(df->xunits);
	pthread_mutex_destroy(df->libdw_lock);
	free(df->libdw_lock);
	free(df->image);
	free(df->raw);
	free(df->owned_path);
	free(df);
}

Elf *dwarf_file__elf(const struct dwarf_file *df)
{
	return df->elf;
}

Dwarf *dwarf_file__dwarf(const struct dwarf_file *df)
{
	return df->dwarf;
}

const struct die_sections *dwarf_file__sections(const struct dwarf_file *df)
{
	return &df->secs;
}

const char *dwarf_file__path(const struct dwarf_file *df)
{
	return df->path;
}

char *dwarf_file__raw_image(const struct dwarf_file *df, size_t *size)
{
	*size = df->image_size;
	return df->raw;
}

bool dwarf_file__is_big_endian(const struct dwarf_file *df)
{
	return df->big_endian;
}

int dwarf_file__check_elf(const char *path)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	char magic[SELFMAG];
	bool elf;

	if (fd < 0)
		return 0;
	elf = read(fd, magic, SELFMAG) == SELFMAG && !memcmp(magic, ELFMAG, SELFMAG);
	close(fd);
	elf_version(EV_CURRENT);
	return elf ? check_elf(path) : 0;
}

int dwarf_file__path_error(const char *path)
{
	struct stat st;

	if (stat(path, &st) || access(path, R_OK))
		return errno;
	return S_ISDIR(st.st_mode) ? EISDIR : 0;
}

int dwarf_file__path_has_dwarf(const char *path)
{
	static const char *const names[] = { ".debug_info", ".zdebug_info", ".debug_info.dwo" };
	int fd = open(path, O_RDONLY | O_CLOEXEC), found = 0;
	GElf_Shdr shdr;
	size_t i;
	Elf *elf;

	if (fd < 0)
		return 0;
	elf_version(EV_CURRENT);
	/* Out of memory is no answer: "no DWARF" would try BTF and say that is missing. */
	errno = 0;
	elf = elf_begin(fd, ELF_C_READ, NULL);	/* as check_elf(): no SIGBUS */
	for (i = 0; elf && elf_kind(elf) == ELF_K_ELF && !found &&
		    i < sizeof(names) / sizeof(names[0]); i++)
		found = !!elf_section_next(elf, NULL, names[i], &shdr);
	if (!found && errno == ENOMEM)
		found = elf_failed(path);
	elf_end(elf);
	close(fd);
	return found;
}

/* ---- CUs ------------------------------------------------------------------------ */

/* Whether --lang_exclude drops @lang, or --lang does not keep it. */
static bool lang_excluded(const struct dwarf_loader_opts *opts, uint16_t lang)
{
	unsigned int i;

	for (i = 0; i < opts->nr_lang_exclude; i++)
		if (opts->lang_exclude[i] == lang)
			return true;
	for (i = 0; i < opts->nr_langs; i++)
		if (opts->langs[i] == lang)
			return false;
	return opts->nr_langs > 0;
}

/* Whether -X drops the CU named @name (NULL: unnamed, dropped too). */
static bool name_excluded(const struct dwarf_loader_opts *opts, const char *name)
{
	const char *prefix = opts->cu_exclude_prefix;

	return prefix && (!name || !strncmp(name, prefix, strlen(prefix)));
}

/* dwarf_cu_env.excluded: whether the options (@ctx) leave out a CU. */
static bool unit_excluded(const void *ctx, uint16_t lang, const char *name)
{
	return lang_excluded(ctx, lang) || name_excluded(ctx, name);
}

/* One CU to load: found by the main thread, loaded by any thread. */
struct unit {
	Dwarf_Die	die;
	const struct die_sections *split; /* a skeleton's split unit: its .dwo's sections */
	uint64_t	start;		/* .debug_info offset of its DIEs (a skeleton's) */
	bool		is_type_units;	/* the DWARF 4 type units, as one CU */
	uint16_t	lang;		/* the type units'; a CU's is read from its DIE */
	int		err;
	struct cu	*cu;		/* the result; NULL on error */
	struct log_buf	log;		/* its messages, written in CU order */
	struct dwarf_load_counts counts;
	double		load_secs;
	double		prepare_secs;	/* of it, in opts->prepare */
};

/* The whole load: read-only while the pool runs, but for each unit's own slot. */
struct load_job {
	const struct dwarf_file		*df;
	const struct dwarf_loader_opts	*opts;
	struct unit			*units;
	uint32_t			nr_units, units_cap;
	bool				*tu_reached;	/* by type unit number */
	Dwarf_Die			*type_units;	/* unit DIEs of the unreached ones */
	uint32_t			nr_type_units, type_units_cap;
	struct split_file		**splits;	/* the .dwo files of skeleton units */
	uint32_t			nr_splits, splits_cap;
	dwarf_cu_fn			fn;
	void				*ctx;
	/* .debug_info as mapped from the file, when its pages may be dropped. */
	const unsigned char		*info;
	uint64_t			info_size;
	uint64_t			info_dropped;	/* offset up to which pages went */
	bool				started;	/* opts->start was called */
	double				start_secs;	/* spent in it */
	uint64_t			nr_locations;		/* main thread: so far */
	uint64_t			nr_location_fallbacks;
	struct die_map_spares		maps;		/* the loaders' DIE maps */
	struct dwarf_cu_env		env;		/* what each CU's load is given */
};

/*
 * Consumed units' pages go in batches this large: one madvise() per unit
 * would interrupt the other CPUs to flush their TLBs two thousand times.
 */
#define DROP_BATCH (8u << 20)

/*
 * Type units, of .debug_types or (DWARF 5) of .debug_info: the CUs that
 * refer to them load what they reach of them, as if they were their own
 * (dwarf_xunits.h). Those that no CU reached are loaded after the last CU,
 * in one CU of their own, so that their types are not lost. (Loaded in that
 * CU first, as upstream pahole does, they would all be loaded twice;
 * loaded as CUs of their own, each would load all it reaches again.)
 */
static void mark_type_units(struct load_job *j, const struct unit *u)
{
	uint32_t i;

	for (i = 0; i < u->counts.nr_type_units; i++)
		j->tu_reached[u->counts.type_units[i]] = true;
}

/* The unit DIEs of the type units no CU reached, in j->type_units. */
static int collect_unreached_type_units(struct load_job *j)
{
	const struct dwarf_xunits *x = j->df->xunits;
	uint32_t i, n = dwarf_xunits__nr_type_units(x);
	int err;

	for (i = 0; i < n; i++) {
		if (j->tu_reached[i])
			continue;
		err = dw_ensure_cap(&j->type_units, &j->type_units_cap,
				    sizeof(*j->type_units), j->nr_type_units + 1);
		if (err)
			return err;
		j->type_units[j->nr_type_units++] = dwarf_xunits__type_unit(x, i)->cu_die;
	}
	return 0;
}

/*
 * A unit libdw could not give a DIE for (unknown version or unit type), or
 * a skeleton whose split unit (.dwo) is not where its DW_AT_dwo_name says:
 * reported, -EINVAL. Else 0.
 */
static int check_unit(const struct load_job *j, uint32_t index, uint8_t unit_type,
		      Dwarf_Die *cu_die, Dwarf_Die *sub_die)
{
	Dwarf_Attribute attr;
	const char *dwo;

	if (!cu_die->cu) {
		pr_err("%s: DWARF unit %u: unknown unit version or type 0x%x", j->df->path,
		       index, unit_type);
		return -EINVAL;
	}
	if (unit_type != DW_UT_skeleton || sub_die->cu)
		return 0;
	dwo = dwarf_formstring(dwarf_attr(cu_die, DW_AT_dwo_name, &attr) ?:
			       dwarf_attr(cu_die, DW_AT_GNU_dwo_name, &attr));
	pr_err("%s: split DWARF file %s not found", j->df->path, dwo ? dwo : "(unnamed)");
	return -EINVAL;
}

/* A .dwo file libdw opened for skeleton units, with its sections as we read them. */
struct split_file {
	Dwarf			*dwarf;		/* libdw's: the skeleton's Dwarf owns it */
	struct die_sections	secs;
};

static void free_splits(struct load_job *j)
{
	uint32_t i;

	for (i = 0; i < j->nr_splits; i++)
		free(j->splits[i]);
	free(j->splits);
}

/* The sections of the .dwo file of @dwarf, read once for all its units. */
static int split_sections(struct load_job *j, Dwarf *dwarf, const struct die_sections **ret)
{
	struct split_file *sf;
	const char *bad;
	uint32_t i;
	int err;

	for (i = 0; i < j->nr_splits; i++) {
		if (j->splits[i]->dwarf == dwarf) {
			*ret = &j->splits[i]->secs;
			return 0;
		}
	}
	err = dw_ensure_cap(&j->splits, &j->splits_cap, sizeof(*j->splits), j->nr_splits + 1);
	sf = err ? NULL : calloc(1, sizeof(*sf));
	if (!sf)
		return -ENOMEM;
	sf->dwarf = dwarf;
	j->splits[j->nr_splits++] = sf;
	if (die_sections__init(&sf->secs, dwarf_getelf(dwarf), j->df->big_endian, &bad)) {
		pr_err("%s: split DWARF: cannot decompress %s: %s", j->df->path, bad,
		       elf_errmsg(-1));
		return -EINVAL;
	}
	*ret = &sf->secs;
	return 0;
}

/*
 * A skeleton unit stands for its split unit, which libdw found in the .dwo
 * file DW_AT_dwo_name names (check_unit() made sure): the CU is that unit's
 * DIEs, read from that file; addresses stay the skeleton's, through libdw.
 */
static int add_split_unit(struct load_job *j, Dwarf_Die *skeleton, Dwarf_Die *split)
{
	const struct die_sections *secs;
	int err = split_sections(j, dwarf_cu_getdwarf(split->cu), &secs);

	if (!err)
		err = dw_ensure_cap(&j->units, &j->units_cap, sizeof(*j->units), j->nr_units + 1);
	if (err)
		return err;
	j->units[j->nr_units++] = (struct unit){
		.die = *split, .split = secs, .start = dwarf_dieoffset(skeleton),
	};
	return 0;
}

/*
 * Lists the CUs to load, in DWARF order. Walking every unit header here, on
 * the main thread, also makes libdw register every CU before any worker
 * starts: its CU tree is not locked.
 */
static int collect_units(struct load_job *j)
{
	Dwarf_CU *unit = NULL, *next;
	uint8_t unit_type;
	Dwarf_Die cu_die, sub_die;
	uint32_t index = 0;
	int rc, err;

	while ((rc = dwarf_get_units(j->df->dwarf, unit, &next, NULL, &unit_type,
				     &cu_die, &sub_die)) == 0) {
		unit = next;
		err = check_unit(j, index++, unit_type, &cu_die, &sub_die);
		if (err)
			return err;
		/* Partial units are loaded by the CUs that import them (dwarf_xunits.h). */
		if (unit_type == DW_UT_partial)
			continue;
		if (unit_type == DW_UT_skeleton) {
			err = add_split_unit(j, &cu_die, &sub_die);
			if (err)
				return err;
			continue;
		}
		/* Loaded by the CUs that refer to them (see mark_type_units()). */
		if (is_type_unit_type(unit_type))
			continue;
		err = dw_ensure_cap(&j->units, &j->units_cap, sizeof(*j->units),
				    j->nr_units + 1);
		if (err)
			return err;
		j->units[j->nr_units++] = (struct unit){
			.die = cu_die, .start = dwarf_dieoffset(&cu_die),
		};
	}
	if (rc < 0) {
		/* libdw sets no error code for some truncated headers */
		rc = dwarf_errno();
		pr_err("%s: bad DWARF unit header: %s", j->df->path,
		       rc ? dwarf_errmsg(rc) : "truncated or corrupt .debug_info");
		return -EINVAL;
	}
	return 0;
}

/*
 * Gives back the whole pages of .debug_info between offsets @from and @to:
 * clean pages of a private file mapping, so a later read, if any, faults
 * the same bytes in again. This keeps the mapped input out of peak RSS.
 */
static void drop_info(const struct load_job *j, uint64_t from, uint64_t to)
{
	uint64_t page = (uint64_t)sysconf(_SC_PAGESIZE);
	uintptr_t base = (uintptr_t)j->info;

	from = (base + from + page - 1) / page * page;
	to = (base + to) / page * page;
	if (to > from)
		madvise((void *)(uintptr_t)from, to - from, MADV_DONTNEED);
}

/*
 * Finds .debug_info in the file mapping when its pages can be given back to
 * the kernel once their CUs are done: the file is mapped, not relocated in
 * memory (ET_REL is), and the section is stored uncompressed.
 */
static void find_droppable_info(struct load_job *j)
{
	Elf *elf = j->df->elf;
	size_t file_size;
	const char *file = elf_rawfile(elf, &file_size);
	Elf_Data *data;
	GElf_Ehdr ehdr;
	GElf_Shdr sh;
	Elf_Scn *scn;

	if (!file || !gelf_getehdr(elf, &ehdr) || ehdr.e_type == ET_REL ||
	    !(scn = elf_section_next(elf, NULL, ".debug_info", &sh)))
		return;
	data = sh.sh_flags & SHF_COMPRESSED ? NULL : elf_getdata(scn, NULL);
	if (data && (const char *)data->d_buf >= file &&
	    (const char *)data->d_buf + data->d_size <= file + file_size) {
		j->info = data->d_buf;
		j->info_size = data->d_size;
		/*
		 * Listing the units faulted in pages around every unit
		 * header: let the loads fault in what they read.
		 */
		drop_info(j, 0, j->info_size);
	}
}

/*
 * Unit @id is consumed: its DIEs (and those of skipped units before it) go
 * once a batch of them is complete, and at the last unit.
 */
static void drop_consumed(struct load_job *j, uint32_t id)
{
	uint64_t end = id + 1 < j->nr_units ? j->units[id + 1].start : j->info_size;

	if (!j->info || end <= j->info_dropped ||
	    (end - j->info_dropped < DROP_BATCH && id + 1 < j->nr_units))
		return;
	drop_info(j, j->info_dropped, end);
	j->info_dropped = end;
}

static void job_load(void *ctx, uint32_t id)
{
	struct load_job *j = ctx;
	struct unit *u = &j->units[id];
	double start = phase_stats__now();

	log__capture(&u->log);
	if (u->is_type_units)
		u->err = dwarf_cu__load(&j->env, NULL, j->type_units, j->nr_type_units,
					u->lang, id, &u->cu, &u->counts);
	else
		u->err = dwarf_cu__load(&j->env, u->split, &u->die, 1, DWARF_CU_OWN_LANG, id,
					&u->cu, &u->counts);
	if (!u->err && u->cu && j->opts->prepare) {
		double read = phase_stats__now();

		u->err = j->opts->prepare(u->cu, j->opts->prepare_ctx);
		u->prepare_secs = phase_stats__now() - read;
		if (u->err) {
			cu__free(u->cu);
			u->cu = NULL;
		}
	}
	log__capture(NULL);
	u->load_secs = phase_stats__now() - start;
}

/* Main thread: a consumed unit's share of --phase_stats and of the totals. */
static void count_unit(struct load_job *j, const struct unit *u)
{
	struct phase_stats *s = j->opts->stats;

	j->nr_locations += u->counts.nr_locations;
	j->nr_location_fallbacks += u->counts.nr_location_fallbacks;
	if (!s)
		return;
	s->nr_cus++;
	s->nr_dies += u->counts.nr_dies;
	s->load_secs += u->load_secs;
	s->prepare_secs += u->prepare_secs;
}

static int job_consume(void *ctx, uint32_t id)
{
	struct load_job *j = ctx;
	struct unit *u = &j->units[id];
	double start = phase_stats__now();
	int err;

	if (u->counts.is_excluded) {	/* no CU, no message */
		log_buf__release(&u->log);
		drop_consumed(j, id);
		return 0;
	}
	log_buf__flush(&u->log);
	count_unit(j, u);
	mark_type_units(j, u);
	free(u->counts.type_units);
	u->counts.type_units = NULL;
	if (u->err)
		return u->err;
	err = j->fn(u->cu, j->ctx);
	if (j->opts->stats)
		phase_stats__end(j->opts->stats, PHASE_ENCODING, start);
	/* Names borrowed from inline strings are read until fn() returns. */
	drop_consumed(j, id);
	return err;
}

/* Main thread: the loaders run; the caller's start hook, if any, once. */
static int job_started(void *ctx)
{
	struct load_job *j = ctx;
	double start = phase_stats__now();
	int err;

	j->started = true;
	if (!j->opts->start)
		return 0;
	err = j->opts->start(j->opts->start_ctx);
	/* Not loading: the main thread's loading time leaves it out. */
	j->start_secs = phase_stats__now() - start;
	return err;
}

static void job_discard(void *ctx, uint32_t id)
{
	struct load_job *j = ctx;

	log_buf__release(&j->units[id].log);
	free(j->units[id].counts.type_units);
	cu__free(j->units[id].cu);
}

/* After the last CU, on the main thread: the type units no CU reached, as one more CU. */
static int load_unreached_type_units(struct load_job *j)
{
	Dwarf_Attribute attr;
	Dwarf_Word lang = 0;
	uint32_t id = j->nr_units;
	int err = collect_unreached_type_units(j);

	if (err || !j->nr_type_units)
		return err;
	if (dwarf_attr(&j->type_units[0], DW_AT_language, &attr))
		dwarf_formudata(&attr, &lang);
	err = dw_ensure_cap(&j->units, &j->units_cap, sizeof(*j->units), j->nr_units + 1);
	if (err)
		return err;
	j->units[id] = (struct unit){ .is_type_units = true, .lang = (uint16_t)lang,
				      .start = j->info_size };
	j->nr_units++;
	job_load(j, id);
	/* Consumed, it is fn()'s even when fn() fails: as the pool, nothing to discard. */
	return job_consume(j, id);
}

static unsigned int default_window(unsigned int threads)
{
	unsigned int w = DWARF_LOADER_WINDOW_PER_JOB * threads;

	return w > DWARF_LOADER_MIN_WINDOW ? w : DWARF_LOADER_MIN_WINDOW;
}

/*
 * A loader thread costs a small module about 0.4 ms of CPU to start and end
 * (its heap included), more than loading its DWARF alone: one starts for
 * each this many bytes of DIEs, up to -j. A file with split units (.dwo)
 * is not measured so: -j as given.
 */
enum { WORKER_MIN_DIES = 4u << 20 };
/* Test-only: "1" starts every worker -j asks for, so that small fixtures use threads. */
static const char ALL_WORKERS_ENV[] = "PAHOLE_TEST_ALL_WORKERS";

static unsigned int nr_workers(const struct load_job *j, unsigned int jobs)
{
	uint64_t dies = j->df->secs.info.size + j->df->secs.types.size;
	const char *all = getenv(ALL_WORKERS_ENV);

	if (j->nr_splits || (all && !strcmp(all, "1")) || dies / WORKER_MIN_DIES >= jobs)
		return jobs;
	return (unsigned int)(dies / WORKER_MIN_DIES);
}

int dwarf_loader__load(struct dwarf_file *df, const struct dwarf_loader_opts *opts,
		       dwarf_cu_fn fn, void *ctx)
{
	static const struct cu_pool_ops ops = {
		.load = job_load, .consume = job_consume, .discard = job_discard,
		.started = job_started,
	};
	struct load_job j = { .df = df, .opts = opts, .fn = fn, .ctx = ctx };
	unsigned int threads = opts->jobs + 1;
	struct cu_pool_opts pool = {
		.nr_workers = opts->jobs,
		.nr_cpus = opts->jobs ? cu_pool__usable_cpus() : 0,
		.window = opts->cu_window ? opts->cu_window : default_window(threads),
		.delay_seed = opts->test_delay_seed,
		.thread_start = opts->thread_start,
	};
	struct phase_stats *s = opts->stats;
	double start = phase_stats__now(), encoding = s ? s->wall[PHASE_ENCODING] : 0;
	int err;

	die_map_spares__init(&j.maps);
	j.env = (struct dwarf_cu_env){ .df = df, .opts = opts, .spares = &j.maps,
				       .excluded = unit_excluded, .excluded_ctx = opts };
	j.tu_reached = calloc(dwarf_xunits__nr_type_units(df->xunits) ?: 1, sizeof(*j.tu_reached));
	err = j.tu_reached ? collect_units(&j) : -ENOMEM;
	find_droppable_info(&j);
	pool.nr_workers = nr_workers(&j, opts->jobs);
	if (!err)
		err = cu_pool__run(j.nr_units, &pool, &ops, &j);
	if (!err && !j.started)		/* no unit to load */
		err = job_started(&j);
	if (!err)
		err = load_unreached_type_units(&j);
	if (s) {
		/* The main thread's time in the pool, less fn()'s and start's. */
		phase_stats__end(s, PHASE_LOADING, start);
		s->wall[PHASE_LOADING] -= s->wall[PHASE_ENCODING] - encoding + j.start_secs;
		s->nr_threads = pool.nr_workers + 1;
	}
	if (opts->check_locations && !err)
		pr_warn("%s: locations checked: %llu, left to libdw: %llu", df->path,
			(unsigned long long)j.nr_locations,
			(unsigned long long)j.nr_location_fallbacks);
	free(j.units);
	free(j.tu_reached);
	free(j.type_units);
	free_splits(&j);
	die_map_spares__release(&j.maps);
	return err;
}

/*
 * The language names upstream pahole v1.32 takes (its lang__str2int()):
 * one name for each DW_LANG_* code from DW_LANG_C89 to DW_LANG_BLISS that
 * it knows, plus "asm", matched without regard to case. No other spelling
 * ("c_plus_plus", "c17", ...) is taken.
 */
static const struct {
	const char	*name;
	uint16_t	id;
} languages[] = {
	{ "ada83", DW_LANG_Ada83 },		{ "ada95", DW_LANG_Ada95 },
	{ "bliss", DW_LANG_BLISS },		{ "c11", DW_LANG_C11 },
	{ "c89", DW_LANG_C89 },			{ "c99", DW_LANG_C99 },
	{ "c", DW_LANG_C },			{ "cobol74", DW_LANG_Cobol74 },
	{ "cobol85", DW_LANG_Cobol85 },		{ "c++03", DW_LANG_C_plus_plus_03 },
	{ "c++11", DW_LANG_C_plus_plus_11 },	{ "c++14", DW_LANG_C_plus_plus_14 },
	{ "c++", DW_LANG_C_plus_plus },		{ "d", DW_LANG_D },
	{ "dylan", DW_LANG_Dylan },		{ "fortran03", DW_LANG_Fortran03 },
	{ "fortran08", DW_LANG_Fortran08 },	{ "fortran77", DW_LANG_Fortran77 },
	{ "fortran90", DW_LANG_Fortran90 },	{ "fortran95", DW_LANG_Fortran95 },
	{ "go", DW_LANG_Go },			{ "haskell", DW_LANG_Haskell },
	{ "java", DW_LANG_Java },		{ "julia", DW_LANG_Julia },
	{ "modula2", DW_LANG_Modula2 },		{ "modula3", DW_LANG_Modula3 },
	{ "objc", DW_LANG_ObjC },		{ "objc++", DW_LANG_ObjC_plus_plus },
	{ "ocaml", DW_LANG_OCaml },		{ "opencl", DW_LANG_OpenCL },
	{ "pascal83", DW_LANG_Pascal83 },	{ "pli", DW_LANG_PLI },
	{ "python", DW_LANG_Python },		{ "renderscript", DW_LANG_RenderScript },
	{ "rust", DW_LANG_Rust },		{ "swift", DW_LANG_Swift },
	{ "upc", DW_LANG_UPC },			{ "asm", DW_LANG_Mips_Assembler },
};

int dwarf_loader__lang_id(const char *name)
{
	size_t i;

	for (i = 0; i < sizeof(languages) / sizeof(languages[0]); i++)
		if (!strcasecmp(languages[i].name, name))
			return languages[i].id;
	return -ENOENT;
}
