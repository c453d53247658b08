/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_DWARVES_EMIT_H
#define PAHOLE_DWARVES_EMIT_H
/*
 * pahole --compile, pfunct -b and --compile: before a struct or union (or
 * a function's prototype) is printed, every type it needs is printed
 * first (forward declarations where a pointer is enough, typedefs, enums,
 * the structs it embeds), each once, as upstream's type emission does;
 * and, unless asked not to, a "typedef _Atomic ..." for each base type
 * named "atomic_...". Main thread only.
 *
 * As upstream's emitter, it changes the CU: a struct, union or enum
 * printed after one of another kind but the same name is renamed NAME__1
 * (the new name is owned by the type_emissions, which must outlive the
 * CU), and a struct a struct needs at an offset its alignment forbids is
 * marked packed in the layout.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dwarves.h"
#include "dwarves_fprintf.h"

/* What a CU's types need for emission; the caller keeps it with the CU. */
struct emit_cu {
	struct cu	*cu;		/* borrowed; a type may get a new name (above) */
	struct layout	*layout;	/* borrowed: the CU's; may mark structs packed */
	struct printer	*printer;	/* borrowed: prints what is emitted */
	uint8_t		*flags;		/* owned by the caller: cu->nr_types bytes, zeroed */
};

struct type_emissions;

/*
 * The names emitted so far, across CUs. NULL on ENOMEM. Free with
 * type_emissions__free() (NULL is fine).
 */
struct type_emissions *type_emissions__new(bool skip_atomic_typedefs);
void type_emissions__free(struct type_emissions *e);

/*
 * pahole --compile: prints the definitions struct or union @id of @ec needs
 * that were not printed yet. *@is_new tells whether @id itself was not
 * printed yet; the caller prints it then, its own way (pahole's options
 * apply to it, not to what it needs), and it counts as printed. 0 or -ENOMEM.
 */
int type_emissions__emit_class(struct type_emissions *e, struct emit_cu *ec, uint32_t id,
			       FILE *fp, bool *is_new);

/*
 * pahole --compile: typedef @id of @ec was printed by the caller (with the
 * unnamed struct it names), so it is not printed again where it is needed.
 * 0 or -ENOMEM.
 */
int type_emissions__printed_typedef(struct type_emissions *e, struct emit_cu *ec, uint32_t id);

/*
 * pfunct -b: the definitions the return type and the parameters of @f (a
 * function of @ec's CU) need that were not printed yet, as upstream's
 * pfunct asks for them: through pointers and qualifiers, a struct, union,
 * enum or typedef with what it needs, a prototype's needs. 0 or -ENOMEM.
 */
int type_emissions__emit_function(struct type_emissions *e, struct emit_cu *ec,
				  const struct function *f, FILE *fp);

#endif
