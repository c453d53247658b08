// SPDX-License-Identifier: GPL-2.0-only
/*
 * btfload FILE [BASE]: ask the running kernel's BTF verifier whether it
 * accepts FILE (raw BTF or an ELF with .BTF).
 *
 * The kernel checks far more than libbpf's parser does (member offsets
 * inside the struct size, valid names, resolvable references, no loops,
 * sane bitfields), so a successful BPF_BTF_LOAD is an independent check of
 * an encoder's output.
 *
 * Exit status:
 *   0  the kernel accepted the BTF
 *   1  the kernel rejected it (its verifier log is printed), or FILE or BASE
 *      could not be parsed
 *   2  usage error
 *   3  loading is not permitted or not possible here (no CAP_BPF, seccomp,
 *      no bpf() syscall); callers report this as a skip
 */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <bpf/bpf.h>
#include <bpf/btf.h>
#include <bpf/libbpf.h>
#include <linux/btf.h>

enum {
	EXIT_ACCEPTED = 0,
	EXIT_REJECTED = 1,
	EXIT_USAGE = 2,
	EXIT_NOT_PERMITTED = 3,
};

/* Big enough for the log of a whole vmlinux; the kernel caps it anyway. */
static const __u32 LOG_BUF_SIZE = 16u << 20;

static enum btf_endianness host_endianness(void)
{
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
	return BTF_LITTLE_ENDIAN;
#else
	return BTF_BIG_ENDIAN;
#endif
}

/*
 * A split BTF cannot be given to BPF_BTF_LOAD: the kernel only resolves a
 * base for module BTF it loads itself. Base and split are laid out so that
 * split type ids continue after the base's last id and split string offsets
 * continue after the base's string section, so appending the split's types
 * and strings to the base's gives one standalone BTF with identical ids and
 * offsets. That is what gets loaded.
 *
 * Returns a malloc()ed buffer with its size in *size_ret, or NULL.
 */
static void *btf_merge_raw(struct btf *base, struct btf *split, __u32 *size_ret)
{
	const struct btf_header *bh, *sh;
	struct btf_header *h;
	const char *braw, *sraw;
	__u32 bsize, ssize, size;
	char *out, *p;

	/* both halves must be in host byte order to be concatenated */
	btf__set_endianness(base, host_endianness());
	btf__set_endianness(split, host_endianness());
	braw = btf__raw_data(base, &bsize);
	sraw = btf__raw_data(split, &ssize);
	if (!braw || !sraw)
		return NULL;
	bh = (const struct btf_header *)braw;
	sh = (const struct btf_header *)sraw;

	size = sizeof(*h) + bh->type_len + sh->type_len + bh->str_len + sh->str_len;
	out = calloc(1, size);
	if (!out)
		return NULL;
	h = (struct btf_header *)out;
	h->magic = BTF_MAGIC;
	h->version = BTF_VERSION;
	h->hdr_len = sizeof(*h);
	h->type_off = 0;
	h->type_len = bh->type_len + sh->type_len;
	h->str_off = h->type_len;
	h->str_len = bh->str_len + sh->str_len;

	p = out + sizeof(*h);
	memcpy(p, braw + bh->hdr_len + bh->type_off, bh->type_len);
	p += bh->type_len;
	memcpy(p, sraw + sh->hdr_len + sh->type_off, sh->type_len);
	p += sh->type_len;
	memcpy(p, braw + bh->hdr_len + bh->str_off, bh->str_len);
	p += bh->str_len;
	memcpy(p, sraw + sh->hdr_len + sh->str_off, sh->str_len);

	*size_ret = size;
	return out;
}

/* libbpf has its own error codes above errno's range for malformed input */
static const char *errstr(int err)
{
	static char buf[128];

	libbpf_strerror(err, buf, sizeof(buf));
	return buf;
}

static int is_not_permitted(int err)
{
	err = err < 0 ? -err : err;
	return err == EPERM || err == EACCES || err == ENOSYS || err == EOPNOTSUPP;
}

/*
 * Load again through the raw syscall wrapper, this time with a log buffer,
 * so that the verifier's reason can be shown. libbpf's own retry would only
 * reach its print callback, which is silenced here.
 *
 * Returns 1 if the kernel accepted the BTF this time, else 0.
 */
static int print_verifier_log(struct btf *btf, const char *path)
{
	const void *raw;
	char *log;
	__u32 size;
	int fd, accepted = 0;

	btf__set_endianness(btf, host_endianness());
	raw = btf__raw_data(btf, &size);
	log = calloc(1, LOG_BUF_SIZE);
	if (!raw || !log) {
		fprintf(stderr, "btfload: %s: out of memory for the verifier log\n", path);
		free(log);
		return 0;
	}
	LIBBPF_OPTS(bpf_btf_load_opts, opts,
		.log_buf = log,
		.log_size = LOG_BUF_SIZE,
		.log_level = 1,
	);
	fd = bpf_btf_load(raw, size, &opts);
	if (fd >= 0) {
		/* the first failure was transient; the BTF itself is fine */
		printf("btfload: %s: accepted when retried with a log\n", path);
		close(fd);
		accepted = 1;
	} else {
		printf("%s", log);
		if (log[0] && log[strlen(log) - 1] != '\n')
			printf("\n");
	}
	free(log);
	return accepted;
}

static int silent_print(enum libbpf_print_level level, const char *fmt, va_list args)
{
	return 0;
}

int main(int argc, char **argv)
{
	const char *path, *base_path = NULL;
	struct btf *base = NULL, *btf = NULL, *merged = NULL, *load;
	void *raw = NULL;
	__u32 raw_size;
	int ret = EXIT_REJECTED, err;

	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: btfload FILE [BASE]\n");
		return EXIT_USAGE;
	}
	path = argv[1];
	if (argc == 3)
		base_path = argv[2];

	/* parse failures get one line from us, not libbpf's multi-line chatter */
	libbpf_set_print(silent_print);

	if (base_path) {
		base = btf__parse(base_path, NULL);
		if (!base) {
			err = -errno;
			fprintf(stderr, "btfload: %s: cannot parse base BTF: %s\n", base_path,
				errstr(err));
			goto out;
		}
		btf = btf__parse_split(path, base);
	} else {
		btf = btf__parse(path, NULL);
	}
	if (!btf) {
		err = -errno;
		fprintf(stderr, "btfload: %s: cannot parse BTF: %s\n", path, errstr(err));
		goto out;
	}

	load = btf;
	if (base) {
		raw = btf_merge_raw(base, btf, &raw_size);
		errno = ENOMEM;
		merged = raw ? btf__new(raw, raw_size) : NULL;
		if (!merged) {
			err = -errno;
			fprintf(stderr, "btfload: %s: cannot combine with base %s: %s\n", path,
				base_path, errstr(err));
			goto out;
		}
		load = merged;
	}

	err = btf__load_into_kernel(load);
	if (!err) {
		printf("btfload: %s: accepted (%u types)\n", path, btf__type_cnt(load) - 1);
		ret = EXIT_ACCEPTED;
		goto out;
	}
	if (is_not_permitted(err)) {
		printf("btfload: %s: BTF_LOAD not permitted here: %s\n", path, errstr(err));
		ret = EXIT_NOT_PERMITTED;
		goto out;
	}
	printf("btfload: %s: rejected by the kernel: %s\n", path, errstr(err));
	ret = print_verifier_log(load, path) ? EXIT_ACCEPTED : EXIT_REJECTED;
out:
	/* the kernel object goes away with the fd when btf__free() closes it */
	btf__free(merged);
	free(raw);
	btf__free(btf);
	btf__free(base);
	return ret;
}
