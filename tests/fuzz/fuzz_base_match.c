// SPDX-License-Identifier: GPL-2.0-only
/*
 * libFuzzer harness: which types of a module's BTF stand for its base's
 * (btf_base_match.c), the base written with the kind layout section
 * (btf_raw.c) and read back, and the base read by our own code
 * (btf_base_raw.c), which must agree with libbpf where it takes the base.
 * An input is a 4-byte little-endian length, that many bytes of raw base
 * BTF, then raw split BTF; both must parse and
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
#include "btf_base_raw.h"
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

static const char *name_at(const void *btf, uint32_t off)
{
	return btf__name_by_offset(btf, off);
}

/* The records of @btf's ids @from to @to - 1, in a new array. */
static const struct btf_type **records(const struct btf *btf, uint32_t from, uint32_t to)
{
	const struct btf_type **t = malloc((to - from + 1) * sizeof(*t));
	uint32_t id;

	for (id = from; t && id < to; id++)
		t[id - from] = btf__type_by_id(btf, id);
	return t;
}

static void match(const struct btf *base, const struct btf *split)
{
	uint32_t n = btf__type_cnt(split), start = btf__type_cnt(base), id, *repl;
	const struct btf_type **bt = records(base, 0, start), **st = records(split, start, n);
	struct btf_base_match *m;

	repl = malloc(n * sizeof(*repl));
	if (repl && bt && st &&
	    !btf_base_match__new(bt, start, &(struct btf_strs){ .at = name_at, .ctx = base },
				 NULL, 0, &m)) {
		if (btf_base_match__split(m, st, n, &(struct btf_strs){ .at = name_at, .ctx = split },
					  repl) >= 0)
			for (id = 0; id < n; id++)
				if (repl[id] >= n || (repl[id] >= start && repl[repl[id]] != repl[id]) ||
				    (id >= start && repl[id] > id && !btf_is_fwd(btf__type_by_id(split, id)) &&
				     !btf_is_any_enum(btf__type_by_id(split, id))))
					abort();
		btf_base_match__free(m);
	}
	free(repl);
	free(bt);
	free(st);
}

/* Our own reading of the base (btf_base_raw.h), where it takes it, agrees with libbpf's. */
static void raw_reading(const struct btf *base, const uint8_t *data, uint32_t len)
{
	struct btf_base_raw *raw;
	char path[64];
	int fd = fuzz_memfd("fuzz_base_raw", data, len, path);

	if (fd < 0)
		return;
	if (!btf_base_raw__open(path, &raw)) {
		uint32_t n = btf_base_raw__type_cnt(raw), id;

		if (n != btf__type_cnt(base))
			abort();
		for (id = 1; id < n; id++)
			if (memcmp(btf_base_raw__types(raw)[id], btf__type_by_id(base, id),
				   sizeof(struct btf_type)))
				abort();
		btf_base_raw__free(raw);
	}
	close(fd);
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
		raw_reading(base, data + 4, len);
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
