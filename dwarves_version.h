/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARVES_VERSION_H
#define PAHOLE_DWARVES_VERSION_H
/*
 * The version of the dwarves package the programs answer to (upstream's
 * numbering: kernel builds choose their flags by it), and --devel_version,
 * which each program's argp takes as a child.
 */
#include <argp.h>

#define DWARVES_VERSION "v1.32"
#define DWARVES_NUMERIC_VERSION "132"

/* --devel_version: prints the version with the build's git commit and exits 0. */
extern const struct argp dwarves_version_argp;

#endif
