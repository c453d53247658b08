// SPDX-License-Identifier: GPL-2.0-only
/* The running kernel's vmlinux, found by build-id (see running_kernel.h). */
#define _GNU_SOURCE
#include <elf.h>
#include <elfutils/libdwelf.h>
#include <fcntl.h>
#include <gelf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "running_kernel.h"

#define NOTES_PATH	"/sys/kernel/notes"

static size_t align4(size_t n)
{
	return (n + 3) & ~(size_t)3;
}

size_t running_kernel__note_build_id(const uint8_t *notes, size_t size,
				     uint8_t id[RUNNING_KERNEL_MAX_ID])
{
	size_t off = 0;

	while (size - off >= sizeof(Elf64_Nhdr)) {
		Elf64_Nhdr nh;
		size_t name, desc;

		memcpy(&nh, notes + off, sizeof(nh));
		name = off + sizeof(nh);
		if (nh.n_namesz > size - name)
			return 0;
		desc = name + align4(nh.n_namesz);
		if (desc > size || nh.n_descsz > size - desc)
			return 0;
		if (nh.n_type == NT_GNU_BUILD_ID && nh.n_namesz == 4 &&
		    !memcmp(notes + name, "GNU", 4) && nh.n_descsz &&
		    nh.n_descsz <= RUNNING_KERNEL_MAX_ID) {
			memcpy(id, notes + desc, nh.n_descsz);
			return nh.n_descsz;
		}
		off = desc + align4(nh.n_descsz);
	}
	return 0;
}

static size_t running_build_id(uint8_t id[RUNNING_KERNEL_MAX_ID])
{
	uint8_t notes[4096];
	int fd = open(NOTES_PATH, O_RDONLY | O_CLOEXEC);
	ssize_t n;

	if (fd < 0)
		return 0;
	n = read(fd, notes, sizeof(notes));
	close(fd);
	return n > 0 ? running_kernel__note_build_id(notes, (size_t)n, id) : 0;
}

static bool file_has_build_id(const char *path, const uint8_t *id, size_t len)
{
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	const void *file_id;
	bool same = false;
	Elf *elf;

	if (fd < 0)
		return false;
	elf = elf_begin(fd, ELF_C_READ_MMAP, NULL);
	if (elf) {
		ssize_t n = dwelf_elf_gnu_build_id(elf, &file_id);

		same = n == (ssize_t)len && !memcmp(file_id, id, len);
		elf_end(elf);
	}
	close(fd);
	return same;
}

/* The @i-th place to look, in @buf; false past the last. */
static bool candidate(unsigned int i, const char *release, const uint8_t *id, size_t len,
		      char *buf, size_t size)
{
	static const char *const places[] = {
		"vmlinux", "/boot/vmlinux", "/boot/vmlinux-%s", "/usr/lib/debug/boot/vmlinux-%s",
		"/lib/modules/%s/build/vmlinux", "/usr/lib/debug/lib/modules/%s/vmlinux",
		"/usr/lib/debug/boot/vmlinux-%s.debug",
	};
	const char *home = getenv("HOME");
	int n = 0;
	size_t k;

	if (i < sizeof(places) / sizeof(places[0]))
		return snprintf(buf, size, places[i], release) < (int)size;
	if (i > sizeof(places) / sizeof(places[0]) || !home)
		return false;
	n = snprintf(buf, size, "%s/.cache/debuginfod_client/", home);
	for (k = 0; k < len && n > 0 && (size_t)n < size; k++)
		n += snprintf(buf + n, size - (size_t)n, "%02x", id[k]);
	return n > 0 && (size_t)n < size &&
	       snprintf(buf + n, size - (size_t)n, "/debuginfo") < (int)(size - (size_t)n);
}

char *running_kernel__find_vmlinux(void)
{
	uint8_t id[RUNNING_KERNEL_MAX_ID];
	size_t len = running_build_id(id);
	struct utsname uts;
	char path[4096];
	unsigned int i;

	if (!len || uname(&uts) || elf_version(EV_CURRENT) == EV_NONE)
		return NULL;
	for (i = 0; candidate(i, uts.release, id, len, path, sizeof(path)); i++)
		if (file_has_build_id(path, id, len))
			return strdup(path);
	return NULL;
}
