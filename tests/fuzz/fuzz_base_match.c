// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: which types of a module's BTF stand for its base's
 * (btf_base_match.c), and the base written with the kind layout section
 * (btf_raw.c) and read back. An input is a 4-byte little-endian length,
 * that many bytes of raw base BTF, then raw split BTF; both must parse and
 * pass btf_check__refs(), as --btf_base and the encoder's own output do.
 * What the matcher says must hold together: a type stands for itself, a
 * base type, or a split type that stands for itself. libbpf's own dedup,
 * which btf_split_dedup.c runs next, is left out: libbpf 1.1 crashes on
 * split BTF that the encoder never makes (names at odd string offsets).
 * A crash, a hang, a leak or a sanitizer report is a bug.
 */
#include "fuzz_common.h"

#include <string.h>
#include <bpf/btf.h>

#include "btf_base_match.h"
#include "btf_check.h"
#include "btf_raw.h"

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	fuzz_quiet();
	return 0;
}

/* The base's image with the layout section reads back with the same types. */
static void layout_round_trip(const struct btf *base)
{
	struct btf *back;
	uint32_t size;
	void *raw;

	if (btf_raw__image(base, true, &raw, &size))
		return;
	back = btf__new(raw, size);
	if (back && (btf__type_cnt(back) != btf__type_cnt(base) ||
		     memcmp(btf__type_by_id(back, btf__type_cnt(back) - 1),
			    btf__type_by_id(base, btf__type_cnt(base) - 1), 4)))
		abort();
	btf__free(back);
	free(raw);
}

static void match(const struct btf *base, const struct btf *split)
{
	uint32_t n = btf__type_cnt(split), start = btf__type_cnt(base), id, *repl;
	struct btf_base_match *m;

	repl = malloc(n * sizeof(*repl));
	if (repl && !btf_base_match__new(base, &m)) {
		if (btf_base_match__split(m, split, repl) >= 0)
			for (id = 0; id < n; id++)
				if (repl[id] >= n || (repl[id] >= start && repl[repl[id]] != repl[id]) ||
				    (id >= start && repl[id] > id && !btf_is_fwd(btf__type_by_id(split, id)) &&
				     !btf_is_any_enum(btf__type_by_id(split, id))))
					abort();
		btf_base_match__free(m);
	}
	free(repl);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct btf *base, *split;
	char why[128], path[64];
	uint32_t len;
	int fd;

	if (size < 4)
		return 0;
	memcpy(&len, data, 4);
	if (len > size - 4)
		return 0;
	base = btf__new(data + 4, len);
	if (!base)
		return 0;
	if (!btf_check__refs(base, why, sizeof(why))) {
		layout_round_trip(base);
		fd = fuzz_memfd("fuzz_base_match", data + 4 + len, size - 4 - len, path);
		split = btf__parse_raw_split(path, base);
		if (split && !btf_check__refs(split, why, sizeof(why)))
			match(base, split);
		btf__free(split);
		close(fd);
	}
	btf__free(base);
	return 0;
}
