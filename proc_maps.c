// SPDX-License-Identifier: GPL-2.0-only
/* /proc/self/maps, read with system calls only (proc_maps.h). */
#include <fcntl.h>
#include <string.h>
#include <unistd.h>

#include "proc_maps.h"

/* Digits of @base (10 or 16, lower case) at *@s; *@s moved past them. */
static uintptr_t parse_digits(const char **s, unsigned int base)
{
	uintptr_t v = 0;

	for (;; (*s)++) {
		char c = **s;

		if (c >= '0' && c <= '9')
			v = v * base + (uintptr_t)(c - '0');
		else if (base == 16 && c >= 'a' && c <= 'f')
			v = v * base + (uintptr_t)(c - 'a' + 10);
		else
			return v;
	}
}

/* The next field of @s: past the spaces, then past the field. */
static const char *skip_field(const char *s)
{
	while (*s == ' ')
		s++;
	while (*s && *s != ' ')
		s++;
	return s;
}

/* @l, a line of the map, into *@m if its mapping holds @addr. */
static bool line_holds(const char *l, uintptr_t addr, struct proc_map *m)
{
	size_t i;

	m->start = parse_digits(&l, 16);
	if (*l++ != '-')
		return false;
	m->end = parse_digits(&l, 16);
	if (addr < m->start || addr >= m->end)
		return false;
	if (*l == ' ')
		l++;
	for (i = 0; i < sizeof(m->perms) - 1 && l[i] && l[i] != ' '; i++)
		m->perms[i] = l[i];
	m->perms[i] = '\0';
	l = skip_field(skip_field(skip_field(l)));	/* perms, offset, device */
	while (*l == ' ')
		l++;
	m->inode = parse_digits(&l, 10);
	m->path = strchr(l, '/');
	return true;
}

bool proc_maps__find(uintptr_t addr, struct proc_maps_buf *buf, struct proc_map *m)
{
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC);
	bool found = false;
	size_t used = 0;
	ssize_t n;

	if (fd < 0)
		return false;
	while (!found && (n = read(fd, buf->chunk, sizeof(buf->chunk))) > 0) {
		ssize_t i;

		for (i = 0; i < n && !found; i++) {
			if (buf->chunk[i] != '\n') {
				if (used < sizeof(buf->line) - 1)
					buf->line[used++] = buf->chunk[i];
				continue;
			}
			buf->line[used] = '\0';
			used = 0;
			found = line_holds(buf->line, addr, m);
		}
	}
	close(fd);
	return found;
}
