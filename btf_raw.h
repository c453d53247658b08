/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_RAW_H
#define PAHOLE_BTF_RAW_H
/*
 * The bytes of a BTF as we write them, whatever libbpf we are linked with.
 *
 * libbpf up to 1.7 writes a 24-byte header; 1.8 a 32-byte one whose last
 * two words place a kind layout section (zero when there is none). We
 * write the 24-byte header, or, with the kind layout section (the
 * `layout` feature, kernel 7.1 on), the 32-byte one:
 *
 *   header (32) | types | kind layout (4 bytes a kind) | strings
 *
 * as upstream v1.32 on libbpf 1.8 writes them. The layout says, for each
 * kind libbpf 1.8 knows (BTF_KIND_UNKN to BTF_KIND_ENUM64), how many bytes
 * follow a type of that kind's struct btf_type (info_sz) and how many each
 * of its vlen elements takes (elem_sz), so that a reader can skip kinds it
 * does not know. Flags are zero.
 *
 * Any thread; no shared state.
 */
#include <stdbool.h>
#include <stdint.h>
#include <bpf/btf.h>

/* Header sizes and the kind layout section's size. */
enum {
	BTF_RAW_HDR_LEN		= 24,
	BTF_RAW_HDR_LAYOUT_LEN	= 32,
	BTF_RAW_NR_KINDS	= 20,	/* BTF_KIND_UNKN .. BTF_KIND_ENUM64 */
	BTF_RAW_LAYOUT_LEN	= 4 * BTF_RAW_NR_KINDS,
};

/*
 * The bytes of @btf in the endianness btf__set_endianness() gave it, with
 * the kind layout section when @layout: a new buffer in *@ret (freed by
 * the caller) and its size in *@size. 0, or -errno (*@ret untouched).
 */
int btf_raw__image(const struct btf *btf, bool layout, void **ret, uint32_t *size);

/*
 * The bytes of the record whose info word is @info, @vlen elements
 * included: 0 for a kind not known here (BTF_KIND_UNKN among them).
 */
uint32_t btf_raw__rec_size(uint32_t info);

#endif
