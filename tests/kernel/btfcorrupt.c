// SPDX-License-Identifier: GPL-2.0-only
/*
 * btfcorrupt IN OUT: copies a raw BTF blob (a module's split BTF too: it is
 * read without its base) and sets the type of the first member of the first
 * struct or union to an id that no BTF has (0x7fffffff). The boot test puts
 * the result back into a copy of a module, which the kernel must refuse.
 * Prints the index of the changed type, counted from the blob's first type
 * (names are not looked up: a split BTF's point into its base's strings).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <linux/btf.h>

static int die(const char *path, const char *why)
{
	fprintf(stderr, "btfcorrupt: %s: %s\n", path, why);
	return 1;
}

/* Bytes after struct btf_type for a type of KIND with VLEN entries, or -1. */
static long extra_size(unsigned int kind, unsigned int vlen)
{
	switch (kind) {
	case BTF_KIND_INT: case BTF_KIND_VAR: case BTF_KIND_DECL_TAG:
		return 4;
	case BTF_KIND_PTR: case BTF_KIND_FWD: case BTF_KIND_TYPEDEF: case BTF_KIND_VOLATILE:
	case BTF_KIND_CONST: case BTF_KIND_RESTRICT: case BTF_KIND_FUNC: case BTF_KIND_FLOAT:
	case BTF_KIND_TYPE_TAG:
		return 0;
	case BTF_KIND_ARRAY:
		return sizeof(struct btf_array);
	case BTF_KIND_STRUCT: case BTF_KIND_UNION:
		return (long)vlen * sizeof(struct btf_member);
	case BTF_KIND_ENUM:
		return (long)vlen * sizeof(struct btf_enum);
	case BTF_KIND_FUNC_PROTO:
		return (long)vlen * sizeof(struct btf_param);
	case BTF_KIND_DATASEC:
		return (long)vlen * sizeof(struct btf_var_secinfo);
	case BTF_KIND_ENUM64:
		return (long)vlen * 12;
	}
	return -1;
}

int main(int argc, char **argv)
{
	static unsigned char buf[64 << 20];
	struct btf_header h;
	struct btf_type t;
	struct btf_member m;
	size_t len, off, end, idx = 0;
	long extra;
	FILE *f;

	if (argc != 3) {
		fputs("usage: btfcorrupt IN OUT\n", stderr);
		return 2;
	}
	f = fopen(argv[1], "rb");
	if (!f)
		return die(argv[1], "cannot open");
	len = fread(buf, 1, sizeof(buf), f);
	fclose(f);
	if (len < sizeof(h))
		return die(argv[1], "too short");
	memcpy(&h, buf, sizeof(h));
	if (h.magic != BTF_MAGIC || h.hdr_len < sizeof(h) ||
	    (size_t)h.hdr_len + h.type_off + h.type_len > len ||
	    (size_t)h.hdr_len + h.str_off + h.str_len > len)
		return die(argv[1], "not a BTF blob");
	off = h.hdr_len + h.type_off;
	end = off + h.type_len;
	while (off + sizeof(t) <= end) {
		memcpy(&t, buf + off, sizeof(t));
		idx++;
		extra = extra_size(BTF_INFO_KIND(t.info), BTF_INFO_VLEN(t.info));
		if (extra < 0)
			return die(argv[1], "unknown kind");
		if ((BTF_INFO_KIND(t.info) == BTF_KIND_STRUCT ||
		     BTF_INFO_KIND(t.info) == BTF_KIND_UNION) && BTF_INFO_VLEN(t.info) > 0) {
			memcpy(&m, buf + off + sizeof(t), sizeof(m));
			m.type = 0x7fffffff;
			memcpy(buf + off + sizeof(t), &m, sizeof(m));
			f = fopen(argv[2], "wb");
			if (!f || fwrite(buf, 1, len, f) != len || fclose(f))
				return die(argv[2], "cannot write");
			printf("type %zu of the blob (a %s): its first member's type set to 0x7fffffff\n",
			       idx, BTF_INFO_KIND(t.info) == BTF_KIND_STRUCT ? "struct" : "union");
			return 0;
		}
		off += sizeof(t) + extra;
	}
	return die(argv[1], "no struct with members");
}
