/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_KEEPER_H
#define PAHOLE_KEEPER_H

/*
 * A file that we replace by renaming a new one over it is freed when the
 * last process that has it open or mapped lets go of it, and that process
 * waits for the file system: ext4 mounted with -o discard and without a
 * journal discards the blocks before close() returns, 0.2 s for a 590 MB
 * vmlinux, at our exit. A keeper is a child process that holds @fd (an
 * open file of ours) from now on and lets go of it only once this process
 * has ended, so the freeing comes after our exit instead of in it.
 *
 * The keeper holds nothing else: no other descriptor (a pipe that reads
 * our output sees its end when we end), not the working directory, not
 * our temporary output file (out_file.h: a signal only ends it). It is
 * not waited for: when we end, it ends. Call it before starting threads.
 * Returns 0, or -errno where there is no keeper (the file is then freed
 * as it would be without one).
 */
int keeper__start(int fd);

#endif
