/* SPDX-License-Identifier: GPL-2.0-only */
#ifndef PAHOLE_BTF_LOADER_H
#define PAHOLE_BTF_LOADER_H
/*
 * BTF (a raw file, the .BTF section of an ELF file, split BTF over a base)
 * to the model: one CU holding every type, with BTF type ids as core ids.
 */
#include <stdint.h>
#include <bpf/btf.h>

#include "dwarves.h"

struct btf_loader_opts {
	uint32_t	cacheline_size;	/* for guessing alignments from offsets */
};

/*
 * Loads @path, split over @base (borrowed, may be NULL). The CU is named
 * @path and owns copies of every name. Returns 0 and the CU in *ret, or
 * -errno after printing one line naming the file (-ENODATA: no BTF in it,
 * -EINVAL: malformed BTF). Main thread only (libbpf's logging).
 */
int btf_loader__load(const char *path, const struct btf *base,
		     const struct btf_loader_opts *opts, struct cu **ret);

/*
 * The base BTF named by --btf_base (every job opens it here): parsed by
 * libbpf and checked (btf_check.h) for references out of range. @path
 * NULL gives NULL. Returns 0 and the BTF in *ret (free with btf__free()),
 * or -errno after one line naming @path with libbpf's reason. Main thread
 * only (libbpf's logging).
 */
int btf_loader__open_base(const char *path, struct btf **ret);
/*
 * Whether @path holds BTF that libbpf reads: 0, -ENODATA when it holds none
 * (not said), -EINVAL when libbpf refuses it (said, with libbpf's reason),
 * -ENOMEM.
 */
int btf_loader__probe(const char *path);

#endif
