// SPDX-License-Identifier: GPL-2.0-only
/* The bytes of a BTF as we write them (btf_raw.h). */
#include "btf_raw.h"

#include <byteswap.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#define BTF_RAW_MAGIC 0xeB9F

/* info_sz and elem_sz of each kind, as libbpf 1.8 writes them. */
static const uint8_t kind_sizes[BTF_RAW_NR_KINDS][2] = {
	[BTF_KIND_INT]		= { 4, 0 },
	[BTF_KIND_ARRAY]	= { 12, 0 },	/* struct btf_array */
	[BTF_KIND_STRUCT]	= { 0, 12 },	/* struct btf_member */
	[BTF_KIND_UNION]	= { 0, 12 },
	[BTF_KIND_ENUM]		= { 0, 8 },	/* struct btf_enum */
	[BTF_KIND_FUNC_PROTO]	= { 0, 8 },	/* struct btf_param */
	[BTF_KIND_VAR]		= { 4, 0 },	/* struct btf_var */
	[BTF_KIND_DATASEC]	= { 0, 12 },	/* struct btf_var_secinfo */
	[BTF_KIND_DECL_TAG]	= { 4, 0 },	/* struct btf_decl_tag */
	[BTF_KIND_ENUM64]	= { 0, 12 },	/* struct btf_enum64 */
};

uint32_t btf_raw__rec_size(uint32_t info)
{
	uint32_t kind = BTF_INFO_KIND(info);

	if (kind == BTF_KIND_UNKN || kind >= BTF_RAW_NR_KINDS)
		return 0;
	return sizeof(struct btf_type) + kind_sizes[kind][0] + kind_sizes[kind][1] * BTF_INFO_VLEN(info);
}

/* The fields of a header after magic, version, flags; in host order. */
struct raw_hdr {
	uint32_t hdr_len, type_off, type_len, str_off, str_len;
};

static uint32_t get32(const uint8_t *p, bool swap)
{
	uint32_t v;

	memcpy(&v, p, sizeof(v));
	return swap ? bswap_32(v) : v;
}

static void put32(uint8_t *p, uint32_t v, bool swap)
{
	v = swap ? bswap_32(v) : v;
	memcpy(p, &v, sizeof(v));
}

/* The header libbpf wrote at @raw (@size bytes): 0, or -EINVAL. */
static int read_hdr(const uint8_t *raw, uint32_t size, bool *swap, struct raw_hdr *h)
{
	uint16_t magic;
	int i;

	if (size < BTF_RAW_HDR_LEN)
		return -EINVAL;
	memcpy(&magic, raw, sizeof(magic));
	if (magic != BTF_RAW_MAGIC && magic != bswap_16(BTF_RAW_MAGIC))
		return -EINVAL;
	*swap = magic != BTF_RAW_MAGIC;
	for (i = 0; i < 5; i++)
		(&h->hdr_len)[i] = get32(raw + 4 + 4 * i, *swap);
	if (h->hdr_len < BTF_RAW_HDR_LEN || h->hdr_len > size ||
	    (uint64_t)h->type_off + h->type_len > size - h->hdr_len ||
	    (uint64_t)h->str_off + h->str_len > size - h->hdr_len)
		return -EINVAL;
	return 0;
}

/* The kind layout section: two bytes and a zero flags word, in any byte order. */
static void write_layout(uint8_t *p)
{
	int k;

	for (k = 0; k < BTF_RAW_NR_KINDS; k++, p += 4) {
		p[0] = kind_sizes[k][0];
		p[1] = kind_sizes[k][1];
		p[2] = p[3] = 0;
	}
}

int btf_raw__image(const struct btf *btf, bool layout, void **ret, uint32_t *size)
{
	uint32_t raw_size, hdr_len = layout ? BTF_RAW_HDR_LAYOUT_LEN : BTF_RAW_HDR_LEN;
	uint32_t lay_len = layout ? BTF_RAW_LAYOUT_LEN : 0;
	const uint8_t *raw = btf__raw_data(btf, &raw_size);
	struct raw_hdr h;
	uint8_t *out, *p;
	uint64_t total;
	bool swap;

	if (!raw)
		return errno ? -errno : -ENOMEM;
	if (read_hdr(raw, raw_size, &swap, &h))
		return -EINVAL;
	total = (uint64_t)hdr_len + h.type_len + lay_len + h.str_len;
	if (total > UINT32_MAX)
		return -E2BIG;
	out = malloc(total);
	if (!out)
		return -ENOMEM;
	memcpy(out, raw, 8);		/* magic, version, flags, hdr_len (set below) */
	put32(out + 4, hdr_len, swap);
	put32(out + 8, 0, swap);			/* type_off */
	put32(out + 12, h.type_len, swap);
	put32(out + 16, h.type_len + lay_len, swap);	/* str_off */
	put32(out + 20, h.str_len, swap);
	if (layout) {
		put32(out + 24, h.type_len, swap);	/* layout_off */
		put32(out + 28, lay_len, swap);
	}
	p = out + hdr_len;
	memcpy(p, raw + h.hdr_len + h.type_off, h.type_len);
	p += h.type_len;
	if (layout)
		write_layout(p);
	memcpy(p + lay_len, raw + h.hdr_len + h.str_off, h.str_len);
	*ret = out;
	*size = total;
	return 0;
}
