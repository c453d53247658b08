// SPDX-License-Identifier: GPL-2.0-only
/*
 * btfmutate: copy a raw BTF file, changing exactly one detail.
 *
 * The canonical-text self-test needs BTF that differs from a known
 * original in one member offset or one enumerator value, to prove that
 * btfcanon notices such a change and attributes it to the right line.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <bpf/btf.h>
#include <bpf/libbpf.h>

static int canon_fail(const char *path, const char *reason)
{
	fprintf(stderr, "btfmutate: %s: %s\n", path, reason);
	return 1;
}

/*
 * The edits write straight into the types of the parsed BTF; for a BTF
 * read from a raw file those live inside the buffer btf__raw_data()
 * returns, so the change is carried to the output.
 */
static int canon_mutate_member(struct btf *btf)
{
	__u32 id, cnt = btf__type_cnt(btf);
	struct btf_type *t;
	struct btf_member *m;
	__u16 vlen;

	for (id = 1; id < cnt; id++) {
		t = (struct btf_type *)btf__type_by_id(btf, id);
		vlen = btf_vlen(t);
		if (!btf_is_struct(t) || vlen < 2)
			continue;
		if (btf_member_bitfield_size(t, vlen - 1))
			continue;
		m = btf_members(t) + vlen - 1;
		/* Not a bitfield, so the whole word is the bit offset. */
		m->offset += 8;
		return 0;
	}
	return -1;
}

static int canon_mutate_enum(struct btf *btf)
{
	__u32 id, cnt = btf__type_cnt(btf);
	struct btf_type *t;

	for (id = 1; id < cnt; id++) {
		t = (struct btf_type *)btf__type_by_id(btf, id);
		if (!btf_is_enum(t) || !btf_vlen(t))
			continue;
		btf_enum(t)->val += 1;
		return 0;
	}
	return -1;
}

static int canon_mutate(struct btf *btf, const char *what)
{
	if (!strcmp(what, "none"))
		return 0;
	if (!strcmp(what, "member"))
		return canon_mutate_member(btf);
	if (!strcmp(what, "enum"))
		return canon_mutate_enum(btf);
	return -2;
}

static int canon_write(const char *path, const void *data, __u32 size)
{
	FILE *f = fopen(path, "wb");
	int err;

	if (!f)
		return canon_fail(path, strerror(errno));
	err = fwrite(data, 1, size, f) != size;
	if (fclose(f))
		err = 1;
	if (err)
		return canon_fail(path, "write failed");
	return 0;
}

int main(int argc, char **argv)
{
	const void *data;
	struct btf *btf;
	__u32 size;
	int err;

	if (argc != 4) {
		fputs("usage: btfmutate FILE OUT none|member|enum\n", stderr);
		return 1;
	}
	libbpf_set_print(NULL);
	btf = btf__parse(argv[1], NULL);
	if (!btf)
		return canon_fail(argv[1], strerror(errno));
	err = canon_mutate(btf, argv[3]);
	if (err == -2)
		return canon_fail(argv[3], "unknown mutation");
	if (err)
		return canon_fail(argv[1], "no suitable type to change");
	data = btf__raw_data(btf, &size);
	if (!data)
		return canon_fail(argv[1], "cannot serialise BTF");
	err = canon_write(argv[2], data, size);
	btf__free(btf);
	return err;
}
