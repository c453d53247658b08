/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Hand-written DWARF 4 whose type references are deep or cyclic, which no
 * compiler emits. Assemble with -DCASE=N (no -g):
 *   1  a chain of DEPTH pointer types, each to the next, ending at int
 *   2  DEPTH structs, each nested in the one before (a deep DIE tree)
 *   3  a cycle of qualifiers: const -> volatile -> const
 *   4  a typedef of itself, used by a DWARF 4 bitfield member (whose
 *      storage size comes from its type) and by an array of itself
 *   5  a chain of DEPTH typedefs, each to the next, under a bitfield
 */
#ifndef DEPTH
#define DEPTH 100000
#endif
#define DW_TAG_array_type	0x01
#define DW_TAG_member		0x0d
#define DW_TAG_pointer_type	0x0f
#define DW_TAG_compile_unit	0x11
#define DW_TAG_structure_type	0x13
#define DW_TAG_typedef		0x16
#define DW_TAG_subrange_type	0x21
#define DW_TAG_base_type	0x24
#define DW_TAG_const_type	0x26
#define DW_TAG_volatile_type	0x35
#define DW_AT_byte_size		0x0b
#define DW_AT_bit_offset	0x0c
#define DW_AT_bit_size		0x0d
#define DW_AT_language		0x13
#define DW_AT_name		0x03
#define DW_AT_upper_bound	0x2f
#define DW_AT_data_member_location 0x38
#define DW_AT_encoding		0x3e
#define DW_AT_type		0x49
#define DW_FORM_data1		0x0b
#define DW_FORM_ref4		0x13
#define DW_FORM_string		0x08

/* abbreviation codes */
#define A_CU		1
#define A_PTR		2
#define A_INT		3
#define A_STRUCT	4
#define A_CONST		5
#define A_VOLATILE	6
#define A_TYPEDEF	7
#define A_BITFIELD	8
#define A_ARRAY		9
#define A_SUBRANGE	10
#define A_LEAF_STRUCT	11

	.section .debug_abbrev,"",@progbits
.Labbrev:
	.uleb128 A_CU, DW_TAG_compile_unit
	.byte 1
	.uleb128 DW_AT_language, DW_FORM_data1, 0, 0
	.uleb128 A_PTR, DW_TAG_pointer_type
	.byte 0
	.uleb128 DW_AT_byte_size, DW_FORM_data1, DW_AT_type, DW_FORM_ref4, 0, 0
	.uleb128 A_INT, DW_TAG_base_type
	.byte 0
	.uleb128 DW_AT_name, DW_FORM_string, DW_AT_byte_size, DW_FORM_data1
	.uleb128 DW_AT_encoding, DW_FORM_data1, 0, 0
	.uleb128 A_STRUCT, DW_TAG_structure_type
	.byte 1
	.uleb128 DW_AT_byte_size, DW_FORM_data1, 0, 0
	.uleb128 A_CONST, DW_TAG_const_type
	.byte 0
	.uleb128 DW_AT_type, DW_FORM_ref4, 0, 0
	.uleb128 A_VOLATILE, DW_TAG_volatile_type
	.byte 0
	.uleb128 DW_AT_type, DW_FORM_ref4, 0, 0
	.uleb128 A_TYPEDEF, DW_TAG_typedef
	.byte 0
	.uleb128 DW_AT_name, DW_FORM_string, DW_AT_type, DW_FORM_ref4, 0, 0
	.uleb128 A_BITFIELD, DW_TAG_member
	.byte 0
	.uleb128 DW_AT_name, DW_FORM_string, DW_AT_type, DW_FORM_ref4
	.uleb128 DW_AT_bit_size, DW_FORM_data1, DW_AT_bit_offset, DW_FORM_data1
	.uleb128 DW_AT_data_member_location, DW_FORM_data1, 0, 0
	.uleb128 A_ARRAY, DW_TAG_array_type
	.byte 1
	.uleb128 DW_AT_type, DW_FORM_ref4, 0, 0
	.uleb128 A_SUBRANGE, DW_TAG_subrange_type
	.byte 0
	.uleb128 DW_AT_upper_bound, DW_FORM_data1, 0, 0
	.uleb128 A_LEAF_STRUCT, DW_TAG_structure_type
	.byte 1
	.uleb128 DW_AT_name, DW_FORM_string, DW_AT_byte_size, DW_FORM_data1, 0, 0
	.byte 0

	.section .debug_info,"",@progbits
.Lcu:
	.4byte .Lcu_end - .Lcu_version
.Lcu_version:
	.2byte 4
	.4byte .Labbrev
	.byte 8
	.uleb128 A_CU
	.byte 0x0c			/* DW_LANG_C99 */
#define REF(label) .4byte label - .Lcu

#if CASE == 1
	.rept DEPTH
	.uleb128 A_PTR
	.byte 8
	.4byte . + 4 - .Lcu		/* the next DIE */
	.endr
.Lint:
	.uleb128 A_INT
	.asciz "int"
	.byte 4, 5			/* DW_ATE_signed */
#elif CASE == 2
	.rept DEPTH
	.uleb128 A_STRUCT
	.byte 4
	.endr
	.rept DEPTH
	.byte 0
	.endr
#elif CASE == 3
.Lconst:
	.uleb128 A_CONST
	REF(.Lvolatile)
.Lvolatile:
	.uleb128 A_VOLATILE
	REF(.Lconst)
	.uleb128 A_PTR
	.byte 8
	REF(.Lconst)
#elif CASE == 4
.Lself:
	.uleb128 A_TYPEDEF
	.asciz "self"
	REF(.Lself)
.Larray:
	.uleb128 A_ARRAY
	REF(.Larray)
	.uleb128 A_SUBRANGE
	.byte 3
	.byte 0
	.uleb128 A_LEAF_STRUCT
	.asciz "holder"
	.byte 4
	.uleb128 A_BITFIELD
	.asciz "bits"
	REF(.Lself)
	.byte 3, 5, 0
	.uleb128 A_BITFIELD
	.asciz "arr"
	REF(.Larray)
	.byte 3, 5, 0
	.byte 0
#elif CASE == 5
	.uleb128 A_LEAF_STRUCT
	.asciz "holder"
	.byte 4
	.uleb128 A_BITFIELD
	.asciz "bits"
	REF(.Lchain)
	.byte 3, 5, 0
	.byte 0
.Lchain:
	.rept DEPTH
	.uleb128 A_TYPEDEF
	.asciz "t"
	.4byte . + 4 - .Lcu
	.endr
	.uleb128 A_INT
	.asciz "int"
	.byte 4, 5
#endif
	.byte 0
.Lcu_end:
	.section .note.GNU-stack,"",@progbits
