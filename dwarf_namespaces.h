/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What C++ namespaces hold, for printing (dwarf_loader_opts.namespaces):
 * cu->ns_items. Part of the per-CU loader (dwarf_cu.c).
 */
#ifndef DWARF_NAMESPACES_H
#define DWARF_NAMESPACES_H

struct cu_loader;
struct die;

/* A DW_TAG_namespace DIE: its children loaded, what it holds recorded. */
int dwarf_namespaces__load(struct cu_loader *l, struct die *die);
/* After the CU's functions and variables are resolved: cu->ns_items. */
int dwarf_namespaces__resolve(struct cu_loader *l);
void dwarf_namespaces__release(struct cu_loader *l);

#endif
