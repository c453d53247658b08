/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_RUNNING_KERNEL_H
#define PAHOLE_RUNNING_KERNEL_H
/*
 * The vmlinux of the running kernel: the first of upstream's places (./vmlinux,
 * /boot/vmlinux, /boot/vmlinux-RELEASE, /usr/lib/debug/boot/vmlinux-RELEASE,
 * /lib/modules/RELEASE/build/vmlinux, /usr/lib/debug/lib/modules/RELEASE/vmlinux,
 * /usr/lib/debug/boot/vmlinux-RELEASE.debug, then debuginfod's cache under
 * $HOME) whose GNU build-id is the one in /sys/kernel/notes. Any thread.
 */
#include <stddef.h>
#include <stdint.h>

enum { RUNNING_KERNEL_MAX_ID = 64 };

/*
 * The GNU build-id among the ELF notes @notes (@size bytes, as
 * /sys/kernel/notes holds them): its length, or 0 when there is none.
 */
size_t running_kernel__note_build_id(const uint8_t *notes, size_t size,
				     uint8_t id[RUNNING_KERNEL_MAX_ID]);

/* The path (malloc'ed), or NULL: no build-id to match, or no such file. */
char *running_kernel__find_vmlinux(void);

#endif
