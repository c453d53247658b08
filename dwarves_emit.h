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
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "dwarves.h"
#include "dwarves_fprintf.h"

/* What a CU's types need for emission; the caller keeps it with the CU. */
struct emit_cu {
	const struct cu	*cu;		/* borrowed */
	struct printer	*printer;	/* borrowed: the CU's printer */
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
 * Default mode: the definitions struct or union @id of @ec needs that were
 * not printed yet, then @id itself when it was not printed yet, then an
 * empty line. 0 or -ENOMEM.
 */
int type_emissions__emit_class(struct type_emissions *e, struct emit_cu *ec, uint32_t id,
			       FILE *fp);

/*
 * pfunct -b: the definitions the return type and the parameters of @f (a
 * function of @ec's CU) need that were not printed yet, as upstream's
 * pfunct asks for them: through pointers and qualifiers, a struct, union,
 * enum or typedef with what it needs, a prototype's needs. 0 or -ENOMEM.
 */
int type_emissions__emit_function(struct type_emissions *e, struct emit_cu *ec,
				  const struct function *f, FILE *fp);

#endif
