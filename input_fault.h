/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_INPUT_FAULT_H
#define PAHOLE_INPUT_FAULT_H
/*
 * An input file cut short while it is read.
 *
 * libelf and libdw map the files they read. When another process truncates
 * one meanwhile, reading a page past its new end raises SIGBUS, wherever
 * that read happens (our loaders, libdw, libelf, libbpf). The handler this
 * installs removes the temporary output (out_file.h), says on one line
 * which file changed (the mapping holding the faulting address, from
 * /proc/self/maps) and ends the program with exit status 1. Any other
 * SIGBUS ends the program as it would have.
 *
 * Installed once, by each program's start, before any thread exists.
 */
void input_fault__install(void);

#endif
