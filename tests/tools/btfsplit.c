// SPDX-License-Identifier: GPL-2.0-only
/*
 * btfsplit BASE FILE...: parses each FILE (raw BTF, or an ELF file with
 * .BTF) with libbpf as split BTF on BASE, loaded once. Prints one line per
 * file that fails and a summary line; exit status 0 when all parse, 1 when
 * one does not, 2 for usage errors or an unreadable BASE.
 *
 * A kernel build checks the same thing for each module (resolve_btfids -b
 * vmlinux, and the module loader); running it in one process keeps the
 * check of a thousand modules from reloading the base a thousand times.
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>

static int quiet(enum libbpf_print_level level, const char *fmt, va_list ap)
{
	return 0;
}

int main(int argc, char **argv)
{
	unsigned long nr_types = 0;
	int i, failed = 0;
	struct btf *base;

	if (argc < 2) {
		fprintf(stderr, "usage: btfsplit BASE FILE...\n");
		return 2;
	}
	libbpf_set_print(quiet);
	base = btf__parse(argv[1], NULL);
	if (!base) {
		fprintf(stderr, "%s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	for (i = 2; i < argc; i++) {
		struct btf *split = btf__parse_split(argv[i], base);

		if (!split || btf__type_cnt(split) <= btf__type_cnt(base)) {
			printf("%s: %s\n", argv[i], split ? "no types of its own" : strerror(errno));
			failed++;
		} else {
			nr_types += btf__type_cnt(split) - btf__type_cnt(base);
		}
		btf__free(split);
	}
	printf("%d files parsed as split BTF on %s, %d failed, %lu types of their own\n",
	       argc - 2 - failed, argv[1], failed, nr_types);
	btf__free(base);
	return failed ? 1 : 0;
}
