// SPDX-License-Identifier: GPL-2.0-only
/*
 * failalloc.so: an LD_PRELOAD shim that makes one allocation of the process
 * fail, for tests/faults/sweep.sh.
 *
 *   FAILALLOC_N=N        the Nth allocation (from 1, counted atomically over
 *                        all threads) returns NULL (mmap: MAP_FAILED) with
 *                        errno ENOMEM; unset or 0: none fails, calls are
 *                        only counted
 *   FAILALLOC_MIN=BYTES  count only requests of at least BYTES
 *   FAILALLOC_IN=F[,F..] count only calls made (directly or not) from one of
 *                        these functions, exported ones of any loaded
 *                        object (argp_parse, elf_begin, dwfl_module_getdwarf):
 *                        the stack is walked at each call. With these two,
 *                        a test aims at one place without depending on how
 *                        many allocations come before it.
 *   FAILALLOC_FROM=S[,S] count only calls made directly by an object whose
 *                        path contains one of these (libelf, libdw, libbpf,
 *                        libc.so, or the program's name)
 *   FAILALLOC_BACKTRACE=1  the failing call prints its stack on stderr (for
 *                        finding the caller: addr2line -e PROG OFFSET)
 *   FAILALLOC_REPORT=F   at exit, F gets "calls C\nhit 0|1\n": how many
 *                        allocations were counted, and whether the Nth was
 *
 * Counted: malloc, calloc, realloc, reallocarray, posix_memalign,
 * aligned_alloc, memalign, valloc, pvalloc, strdup, strndup, and mmap of
 * anonymous memory, from any object (our code, libdw, libelf, libbpf, libc
 * itself, which calls malloc through its own PLT). strdup and strndup are
 * made here on malloc, so that they count once, and also where the real
 * allocator is AddressSanitizer's, which intercepts them (a gcc ASan build
 * loads libasan.so after this shim: run with ASAN_OPTIONS containing
 * verify_asan_link_order=0).
 *
 * The real functions come from dlsym(RTLD_NEXT); dlsym itself may call
 * calloc before that is known, which a small static buffer serves (never
 * freed, never counted).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <execinfo.h>
#include <malloc.h>
#include <errno.h>
#include <fcntl.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "shim_report.h"

#define EXPORT __attribute__((visibility("default")))
/* The caller of a public function, for FAILALLOC_FROM. */
#define RET __builtin_return_address(0)

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static void (*real_free)(void *);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);
static void *(*real_mmap)(void *, size_t, int, int, int, off_t);

static unsigned long fail_n;
static size_t min_size;

/* FAILALLOC_IN's functions, as address ranges. */
enum { MAX_IN = 8, MAX_FRAMES = 64 };
static struct { uintptr_t start, end; } in_funcs[MAX_IN];
static unsigned int nr_in;
static int want_in;
static const char *from_list;
/*
 * Set while the shim itself walks the stack (backtrace() allocates once);
 * initial-exec: __tls_get_addr() may allocate.
 */
static __thread int in_shim __attribute__((tls_model("initial-exec")));
static const char *report_path;
static int want_backtrace;
static unsigned long calls;
static int hit;
static int resolving;

/* dlsym's own allocations, before the real calloc is known. */
static _Alignas(max_align_t) char bootstrap[4096];
static size_t bootstrap_used;

static bool is_bootstrap(const void *p)
{
	return (const char *)p >= bootstrap && (const char *)p < bootstrap + sizeof(bootstrap);
}

static void *bootstrap_alloc(size_t size)
{
	size_t at = (bootstrap_used + 15) & ~(size_t)15;

	if (at + size > sizeof(bootstrap))
		return NULL;
	bootstrap_used = at + size;
	return memset(bootstrap + at, 0, size);
}

static unsigned long env_number(const char *name)
{
	const char *s = getenv(name);

	return s ? strtoul(s, NULL, 0) : 0;
}

/* FAILALLOC_IN's names, looked up once the program's objects are loaded. */
static void resolve_in(void)
{
	const char *s = getenv("FAILALLOC_IN");
	char name[128];

	while (s && *s && nr_in < MAX_IN) {
		size_t len = strcspn(s, ",");
		const ElfW(Sym) *sym = NULL;
		Dl_info info;
		void *addr;

		if (len < sizeof(name)) {
			memcpy(name, s, len);
			name[len] = '\0';
			addr = dlsym(RTLD_DEFAULT, name);
			if (addr && dladdr1(addr, &info, (void **)&sym, RTLD_DL_SYMENT) && sym) {
				in_funcs[nr_in].start = (uintptr_t)addr;
				in_funcs[nr_in].end = (uintptr_t)addr + (sym->st_size ? sym->st_size : 1);
				nr_in++;
			}
		}
		s += len + (s[len] == ',');
	}
}

/* Whether the stack holds a frame in one of FAILALLOC_IN's functions. */
static bool called_in(void)
{
	void *frames[MAX_FRAMES];
	int n, i;
	unsigned int j;

	in_shim = 1;
	n = backtrace(frames, MAX_FRAMES);
	in_shim = 0;
	for (i = 0; i < n; i++)
		for (j = 0; j < nr_in; j++)
			if ((uintptr_t)frames[i] > in_funcs[j].start &&
			    (uintptr_t)frames[i] <= in_funcs[j].end)
				return true;
	return false;
}

/* Returns false while dlsym is running (its calls then take the bootstrap buffer). */
static bool resolve(void)
{
	if (__atomic_load_n(&real_free, __ATOMIC_ACQUIRE))
		return true;
	if (resolving)
		return false;
	resolving = 1;
	real_malloc = dlsym(RTLD_NEXT, "malloc");
	real_calloc = dlsym(RTLD_NEXT, "calloc");
	real_realloc = dlsym(RTLD_NEXT, "realloc");
	real_posix_memalign = dlsym(RTLD_NEXT, "posix_memalign");
	real_aligned_alloc = dlsym(RTLD_NEXT, "aligned_alloc");
	real_memalign = dlsym(RTLD_NEXT, "memalign");
	real_mmap = dlsym(RTLD_NEXT, "mmap");
	fail_n = env_number("FAILALLOC_N");
	min_size = env_number("FAILALLOC_MIN");
	report_path = getenv("FAILALLOC_REPORT");
	want_backtrace = getenv("FAILALLOC_BACKTRACE") != NULL;
	want_in = getenv("FAILALLOC_IN") != NULL;
	from_list = getenv("FAILALLOC_FROM");
	__atomic_store_n(&real_free, (void (*)(void *))dlsym(RTLD_NEXT, "free"), __ATOMIC_RELEASE);
	resolving = 0;
	return true;
}

/* Whether @caller's object is one of FAILALLOC_FROM's. */
static bool called_from(const void *caller)
{
	const char *s = from_list;
	Dl_info info;

	if (!dladdr(caller, &info) || !info.dli_fname)
		return false;
	while (*s) {
		size_t len = strcspn(s, ",");

		if (len && memmem(info.dli_fname, strlen(info.dli_fname), s, len))
			return true;
		s += len + (s[len] == ',');
	}
	return false;
}

/* True when this call, made from @caller, is the one to fail (counting it either way). */
static bool should_fail(size_t size, const void *caller)
{
	unsigned long n;

	if (size < min_size || in_shim)
		return false;
	if (from_list && !called_from(caller))
		return false;
	if (want_in) {
		/* The objects are all loaded by the first call that counts. */
		static int looked_up;
		int zero = 0;

		if (__atomic_compare_exchange_n(&looked_up, &zero, 1, false, __ATOMIC_ACQ_REL,
						__ATOMIC_ACQUIRE)) {
			in_shim = 1;
			resolve_in();
			in_shim = 0;
			__atomic_store_n(&looked_up, 2, __ATOMIC_RELEASE);
		}
		while (__atomic_load_n(&looked_up, __ATOMIC_ACQUIRE) != 2)
			;
		if (!called_in())
			return false;
	}
	n = __atomic_add_fetch(&calls, 1, __ATOMIC_RELAXED);
	if (!fail_n || n != fail_n)
		return false;
	__atomic_store_n(&hit, 1, __ATOMIC_RELAXED);
	if (want_backtrace) {
		void *frames[MAX_FRAMES];

		in_shim = 1;
		backtrace_symbols_fd(frames, backtrace(frames, MAX_FRAMES), STDERR_FILENO);
		in_shim = 0;
	}
	return true;
}

EXPORT void *malloc(size_t size)
{
	if (!resolve())
		return bootstrap_alloc(size);
	if (should_fail(size, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_malloc(size);
}

EXPORT void *calloc(size_t n, size_t size)
{
	if (!resolve())
		return bootstrap_alloc(n * size);
	if (should_fail(n * size, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_calloc(n, size);
}

/* realloc() once counted; a bootstrap block moves to the real heap. */
static void *do_realloc(void *p, size_t size)
{
	size_t avail;
	void *q;

	if (!is_bootstrap(p))
		return real_realloc(p, size);
	/* Never more than the buffer holds from p on. */
	avail = (size_t)(bootstrap + sizeof(bootstrap) - (char *)p);
	q = real_malloc(size);
	if (q)
		memcpy(q, p, size < avail ? size : avail);
	return q;
}

EXPORT void *realloc(void *p, size_t size)
{
	if (!resolve())
		return NULL;
	if (should_fail(size, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	return do_realloc(p, size);
}

EXPORT void *reallocarray(void *p, size_t n, size_t size)
{
	if (!resolve() || (size && n > SIZE_MAX / size) || should_fail(n * size, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	return do_realloc(p, n * size);
}

EXPORT void free(void *p)
{
	if (!p || is_bootstrap(p) || !resolve())
		return;
	real_free(p);
}

EXPORT int posix_memalign(void **ret, size_t align, size_t size)
{
	if (!resolve())
		return ENOMEM;
	if (should_fail(size, RET))
		return ENOMEM;
	return real_posix_memalign(ret, align, size);
}

EXPORT void *aligned_alloc(size_t align, size_t size)
{
	if (!resolve())
		return NULL;
	if (should_fail(size, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_aligned_alloc(align, size);
}

EXPORT void *memalign(size_t align, size_t size)
{
	if (!resolve())
		return NULL;
	if (should_fail(size, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_memalign(align, size);
}

EXPORT void *valloc(size_t size)
{
	if (!resolve() || should_fail(size, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_memalign((size_t)sysconf(_SC_PAGESIZE), size);
}

EXPORT void *pvalloc(size_t size)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	if (!resolve() || should_fail(size, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	return real_memalign(page, (size + page - 1) & ~(page - 1));
}

EXPORT char *strdup(const char *s)
{
	size_t len = strlen(s) + 1;
	char *p;

	if (!resolve() || should_fail(len, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	p = real_malloc(len);
	return p ? memcpy(p, s, len) : NULL;
}

EXPORT char *strndup(const char *s, size_t max)
{
	size_t len = strnlen(s, max);
	char *p;

	if (!resolve() || should_fail(len + 1, RET)) {
		errno = ENOMEM;
		return NULL;
	}
	p = real_malloc(len + 1);
	if (!p)
		return NULL;
	memcpy(p, s, len);
	p[len] = '\0';
	return p;
}

EXPORT void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if (!resolve())
		return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
	if ((flags & MAP_ANONYMOUS) && should_fail(len, RET)) {
		errno = ENOMEM;
		return MAP_FAILED;
	}
	return real_mmap(addr, len, prot, flags, fd, off);
}

EXPORT void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	if (!resolve())
		return (void *)syscall(SYS_mmap, addr, len, prot, flags, fd, off);
	if ((flags & MAP_ANONYMOUS) && should_fail(len, RET)) {
		errno = ENOMEM;
		return MAP_FAILED;
	}
	return real_mmap(addr, len, prot, flags, fd, off);
}

/* Runs after the program's own exit handlers (a preloaded object's fini). */
__attribute__((destructor)) static void write_report(void)
{
	shim_report("failalloc", report_path, __atomic_load_n(&calls, __ATOMIC_RELAXED),
		    __atomic_load_n(&hit, __ATOMIC_RELAXED), write, close);
}
