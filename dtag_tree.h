/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DTAG_TREE_H
#define PAHOLE_DTAG_TREE_H
/*
 * dtagnames' picture of one unit: the tags upstream pahole's loader makes
 * of it, each in the list upstream keeps it in, for printing in upstream's
 * order. A unit has one list of its own; a node has two: a struct's,
 * union's, enum's or namespace's members and nested tags (LIST_MEMBERS),
 * a function's or subroutine type's parameters (LIST_MEMBERS too), and a
 * function's or lexical block's body (LIST_BODY). Upstream prints a list
 * from its newest entry back to its oldest, and each tag after the tags of
 * its lists, its members first: dtag_tree__print() does the same.
 *
 * An embedded object (zeroed is empty), used by one thread.
 */
#include <stdint.h>
#include <stdio.h>

enum dtag_list { DTAG_LIST_MEMBERS, DTAG_LIST_BODY, DTAG_NR_LISTS };

/* The unit's own list, as an owner of lists. */
#define DTAG_UNIT UINT32_MAX

struct dtag_node {
	uint32_t	tag;			/* DW_TAG_* */
	uint32_t	prev;			/* the older node of its list + 1; 0: none */
	uint32_t	last[DTAG_NR_LISTS];	/* newest node of each list + 1; 0: empty */
};

struct dtag_tree {
	struct dtag_node	*nodes;		/* owned */
	uint32_t		nr, cap;
	uint32_t		unit_last;	/* newest node of the unit's list + 1 */
};

/* A new node of tag @tag, in no list yet: its index in *@ret. 0 or -ENOMEM. */
int dtag_tree__new_node(struct dtag_tree *t, uint32_t tag, uint32_t *ret);
/* Appends node @node to list @list of node @owner (DTAG_UNIT: the unit's list). */
void dtag_tree__append(struct dtag_tree *t, uint32_t owner, enum dtag_list list,
		       uint32_t node);
/*
 * Prints the tags' names, one a line, in upstream's order. 0, or -EIO when
 * @fp reports an error.
 */
int dtag_tree__print(const struct dtag_tree *t, FILE *fp);
/* Empties @t, keeping its memory for the next unit. */
void dtag_tree__reset(struct dtag_tree *t);
void dtag_tree__release(struct dtag_tree *t);

/* The name upstream prints for DW_TAG_* @tag ("structure_type"), "INVALID" if none. */
const char *dtag__name(uint32_t tag);

#endif
