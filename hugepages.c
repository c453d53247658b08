// SPDX-License-Identifier: GPL-2.0-only
/*
 * glibc's heaps on transparent huge pages (see hugepages.h).
 *
 * Under a hypervisor a TLB miss walks two page tables and a page fault
 * costs several microseconds; pahole's data are hash tables and arrays
 * read at random over tens of MB (DIE maps, type records, libbpf's BTF and
 * its string and dedup tables). On huge pages, measured here (medians, the
 * same binary with glibc.malloc.hugetlb=0 and without): tcp_bbr.ko on the
 * vmlinux's BTF 98 -> 70 ms of CPU time, on the ELF vmlinux 129 -> 79 ms,
 * the second start included; 102 modules about a third less; the vmlinux
 * 3-12% less, page faults 16,000 -> 6,300; peak memory 0.3-3 MB more.
 * glibc reads its tunables only when the program starts, so the program
 * starts again.
 */
#define _GNU_SOURCE
#include <gnu/libc-version.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <unistd.h>

#include "hugepages.h"

#define THP_MODE_PATH	"/sys/kernel/mm/transparent_hugepage/enabled"
#define TUNABLE		"glibc.malloc.hugetlb"

/* glibc.malloc.hugetlb came with glibc 2.35. */
static bool libc_knows_tunable(const char *version)
{
	unsigned int major, minor;

	if (!version || sscanf(version, "%u.%u", &major, &minor) != 2)
		return false;
	return major > 2 || (major == 2 && minor >= 35);
}

bool hugepages__wanted(const char *thp_mode, const char *libc_version, const char *tunables,
		       const char *preload)
{
	/* Mode "always" gives them unasked; "never", never. */
	if (!thp_mode || !strstr(thp_mode, "[madvise]"))
		return false;
	if (!libc_knows_tunable(libc_version))
		return false;
	/* Set by the user, or by the run before the exec. */
	if (tunables && strstr(tunables, TUNABLE))
		return false;
	/* valgrind would not follow the exec: the run would go unchecked. */
	if (preload && strstr(preload, "vgpreload"))
		return false;
	return true;
}

static bool read_thp_mode(char *buf, size_t size)
{
	FILE *f = fopen(THP_MODE_PATH, "r");
	bool ok;

	if (!f)
		return false;
	ok = fgets(buf, (int)size, f) != NULL;
	fclose(f);
	return ok;
}

void hugepages__reexec(char *argv[])
{
	const char *old = getenv("GLIBC_TUNABLES");
	char mode[128], *saved, *tunables;
	int n;

	/* Set-user-ID: glibc drops tunables, and the program would start again and again. */
	if (getauxval(AT_SECURE) || !read_thp_mode(mode, sizeof(mode)) ||
	    !hugepages__wanted(mode, gnu_get_libc_version(), old, getenv("LD_PRELOAD")))
		return;
	saved = old ? strdup(old) : NULL;
	if (old && !saved)
		return;
	n = saved && *saved ? asprintf(&tunables, "%s:%s=1", saved, TUNABLE) :
			      asprintf(&tunables, "%s=1", TUNABLE);
	if (n < 0) {
		free(saved);
		return;
	}
	if (!setenv("GLIBC_TUNABLES", tunables, 1))
		execv("/proc/self/exe", argv);
	/* Still here: no exec. */
	if (saved)
		setenv("GLIBC_TUNABLES", saved, 1);
	else
		unsetenv("GLIBC_TUNABLES");
	free(tunables);
	free(saved);
}
