/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The types fuzz_prettify.c prints records of (it builds their BTF from
 * these declarations), and that run.sh's seeds_prettify writes records of:
 * a header with ranges, records told apart by an enum, arrays, nested
 * structs and unions, bitfields, a pointer, a flexible array.
 */
#include <stdint.h>

enum rec_kind { REC_POINT = 1, REC_NAME = 2, REC_FLAGS = 3, REC_OTHER = 9 };
enum color { RED, GREEN = 5, BLUE };
struct file_section { uint64_t offset; uint64_t size; };
struct file_header {
	uint64_t magic;
	uint32_t version;
	int32_t delta;
	struct file_section data;
	struct file_section strs;
	char tag[8];
	uint16_t ids[3];
	unsigned char flags;
	signed char sc;
};
struct rec_header { uint32_t type; uint16_t misc; uint16_t size; };
struct rec_point { struct rec_header header; int x, y; short coords[3]; enum color color; };
struct rec_name { struct rec_header header; char name[12]; uint32_t len; };
struct rec_flags {
	struct rec_header header;
	unsigned int a:3, b:5, c:24;
	int s:4;
	unsigned long long big:40;
	void *ptr;
	struct { int inner; short deep[2]; } nested;
	union { int i; float f; } u;
	union { int ui; unsigned char bytes[4]; };
	double db;
	_Bool ok;
	char tail[];
};
struct entry { char name[8]; int32_t v; int grid[2][3]; };
