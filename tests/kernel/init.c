// SPDX-License-Identifier: GPL-2.0-only
/*
 * init: the whole user space of the boot test's guest (tests/kernel/boot.sh).
 *
 * Built static on the host and put into the initramfs as /init, beside the
 * expected BTF bytes the host extracted from the kernel it built (/btf/) and
 * the modules (/modules/). It mounts /proc and /sys, checks that the kernel
 * took exactly the BTF our pahole wrote and accepts it, follows /plan (one
 * step a line), prints one line per check on the console:
 *
 *	CHECK ok NAME [ARG]
 *	CHECK FAILED NAME [ARG]: WHY
 *
 * then "ALL-CHECKS-DONE N ok M failed" and restarts (QEMU -no-reboot exits). The host parses the
 * console; it knows how many checks the plan makes.
 *
 * Steps of /plan:
 *	module NAME FILE ok		finit_module(FILE) succeeds and
 *					/sys/kernel/btf/NAME equals /btf/NAME.btf
 *	module NAME FILE refused	finit_module(FILE) fails (the kernel
 *					refuses a module whose BTF is damaged)
 *	kptr STRUCT ok|refused		a program reads through a kptr to struct
 *					STRUCT kept in a map: the kernel looks
 *					STRUCT up by name in its BTF and the
 *					modules' (see check_kptr)
 *	kptr_tag TAG			the type tag of the kptrs after it
 *					("kptr" in 6.1, "kptr_untrusted" from 6.4)
 *	kptr_any_refusal		a refused kptr read may say anything (the
 *					default wants 6.1's "invalid mem access
 *					'scalar'")
 *	kptr_read_word			the read through a kptr takes the 4 bytes at
 *					offset 4, not 8 at 0 (7.2's module struct
 *					has two ints; the program's own one)
 */
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <linux/bpf.h>
#include <linux/btf.h>

static int n_ok, n_failed;

static void check(int ok, const char *name, const char *arg, const char *fmt, ...)
{
	char why[512] = "";
	va_list ap;

	if (!ok && fmt) {
		va_start(ap, fmt);
		vsnprintf(why, sizeof(why), fmt, ap);
		va_end(ap);
	}
	if (ok)
		n_ok++;
	else
		n_failed++;
	printf("CHECK %s %s%s%s%s%s\n", ok ? "ok" : "FAILED", name, arg ? " " : "", arg ? arg : "",
	       ok ? "" : ": ", ok ? "" : why);
}

/* The whole of PATH (a regular file or a sysfs attribute) in a new buffer. */
static void *slurp(const char *path, size_t *len)
{
	size_t cap = 1 << 20, n = 0;
	char *buf = malloc(cap);
	ssize_t r;
	int fd = open(path, O_RDONLY);

	if (fd < 0 || !buf) {
		free(buf);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	for (;;) {
		if (n == cap) {
			char *bigger = realloc(buf, cap *= 2);

			if (!bigger)
				break;
			buf = bigger;
		}
		r = read(fd, buf + n, cap - n);
		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0) {
			if (r == 0) {
				close(fd);
				*len = n;
				return buf;
			}
			break;
		}
		n += r;
	}
	close(fd);
	free(buf);
	return NULL;
}

/* Compares the running kernel's BTF file SYS with the host's EXPECTED. */
static void check_identical(const char *name, const char *arg, const char *sys,
			    const char *expected)
{
	size_t a_len, b_len, i;
	char *a = slurp(sys, &a_len), *b = slurp(expected, &b_len);

	if (!a || !b) {
		check(0, name, arg, "cannot read %s: %s", a ? expected : sys, strerror(errno));
	} else if (a_len != b_len) {
		check(0, name, arg, "%s has %zu bytes, %s %zu", sys, a_len, expected, b_len);
	} else if (memcmp(a, b, a_len)) {
		for (i = 0; a[i] == b[i]; i++)
			;
		check(0, name, arg, "%s differs from %s at byte %zu", sys, expected, i);
	} else {
		check(1, name, arg, NULL);
	}
	free(a);
	free(b);
}

static long sys_bpf(int cmd, union bpf_attr *attr)
{
	return syscall(__NR_bpf, cmd, attr, sizeof(*attr));
}

/* The last line of a verifier log, for a failure's reason. */
static const char *last_line(char *log)
{
	size_t n = strlen(log);
	char *p;

	while (n && log[n - 1] == '\n')
		log[--n] = 0;
	p = strrchr(log, '\n');
	return p ? p + 1 : log;
}

/* BPF_BTF_LOAD of a blob; returns the fd or -1, errno and LOG (if given) set. */
static int btf_load(const void *data, size_t len, char *log, size_t log_len)
{
	union bpf_attr attr;

	memset(&attr, 0, sizeof(attr));
	attr.btf = (uintptr_t)data;
	attr.btf_size = len;
	if (log) {
		log[0] = 0;
		attr.btf_log_buf = (uintptr_t)log;
		attr.btf_log_size = log_len;
		attr.btf_log_level = 1;
	}
	return sys_bpf(BPF_BTF_LOAD, &attr);
}

static void check_btf_reload(const char *path)
{
	size_t len, log_len = 16 << 20;
	void *data = slurp(path, &len);
	char *log;
	int fd, err;

	if (!data) {
		check(0, "vmlinux-btf-reload", NULL, "cannot read %s", path);
		return;
	}
	fd = btf_load(data, len, NULL, 0);
	if (fd >= 0) {
		check(1, "vmlinux-btf-reload", NULL, NULL);
		close(fd);
	} else {
		err = errno;
		log = malloc(log_len);
		if (log && btf_load(data, len, log, log_len) < 0)
			check(0, "vmlinux-btf-reload", NULL, "BPF_BTF_LOAD: %s; log: %s",
			      strerror(err), last_line(log));
		else
			check(0, "vmlinux-btf-reload", NULL, "BPF_BTF_LOAD: %s", strerror(err));
		free(log);
	}
	free(data);
}

/* A sleepable BPF_PROG_TYPE_SYSCALL program "r0 = 0; exit" (no network in
 * this kernel, so no socket filter). */
static void check_prog_load(void)
{
	struct bpf_insn insns[] = {
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	static char log[65536];
	union bpf_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SYSCALL;
	attr.prog_flags = BPF_F_SLEEPABLE;
	attr.insns = (uintptr_t)insns;
	attr.insn_cnt = sizeof(insns) / sizeof(insns[0]);
	attr.license = (uintptr_t)"GPL";
	attr.log_buf = (uintptr_t)log;
	attr.log_size = sizeof(log);
	attr.log_level = 1;
	fd = sys_bpf(BPF_PROG_LOAD, &attr);
	if (fd >= 0) {
		check(1, "prog-load", "syscall", NULL);
		close(fd);
	} else {
		check(0, "prog-load", "syscall", "%s; log: %s", strerror(errno), last_line(log));
	}
}

/*
 * A small BTF of our own: int, struct TARGET { int x; }, a "kptr" type tag
 * on it, a pointer to that, and struct boot_map_value { struct TARGET
 * __kptr *p; }. Returns its size in BUF.
 */
static char kptr_tag[32] = "kptr";
static int kptr_any_refusal, kptr_read_word;

static size_t kptr_btf(char *buf, const char *target)
{
	struct btf_header *h = (void *)buf;
	uint32_t *t = (uint32_t *)(buf + sizeof(*h));
	char *s;
	uint32_t n = 0, o_int, o_target, o_tag, o_value, o_p, o_x, str_len;
	char strs[256];

	str_len = 1;
	strs[0] = 0;
#define ADD_STR(var, text) (var = str_len, strcpy(strs + str_len, text), str_len += strlen(text) + 1)
	ADD_STR(o_int, "int");
	ADD_STR(o_target, target);
	ADD_STR(o_tag, kptr_tag);
	ADD_STR(o_value, "boot_map_value");
	ADD_STR(o_p, "p");
	ADD_STR(o_x, "x");
	/* [1] int */
	t[n++] = o_int; t[n++] = BTF_KIND_INT << 24; t[n++] = 4; t[n++] = BTF_INT_SIGNED << 24 | 32;
	/* [2] struct TARGET { int x; } */
	t[n++] = o_target; t[n++] = BTF_KIND_STRUCT << 24 | 1; t[n++] = 4;
	t[n++] = o_x; t[n++] = 1; t[n++] = 0;
	/* [3] type_tag kptr_tag -> [2] */
	t[n++] = o_tag; t[n++] = BTF_KIND_TYPE_TAG << 24; t[n++] = 2;
	/* [4] ptr -> [3] */
	t[n++] = 0; t[n++] = BTF_KIND_PTR << 24; t[n++] = 3;
	/* [5] struct boot_map_value { [4] p; } */
	t[n++] = o_value; t[n++] = BTF_KIND_STRUCT << 24 | 1; t[n++] = 8;
	t[n++] = o_p; t[n++] = 4; t[n++] = 0;
	memset(h, 0, sizeof(*h));
	h->magic = BTF_MAGIC;
	h->version = BTF_VERSION;
	h->hdr_len = sizeof(*h);
	h->type_off = 0;
	h->type_len = n * 4;
	h->str_off = h->type_len;
	h->str_len = str_len;
	s = (char *)(t + n);
	memcpy(s, strs, str_len);
	return sizeof(*h) + h->type_len + str_len;
}

/*
 * An array map whose value has a kptr to struct TARGET, and a program that
 * reads the kptr out of the map's value and then reads through it. On 6.1 a
 * kptr whose struct the kernel does not find by name in its BTF (vmlinux's,
 * then the modules') leaves the map without kptr fields, so the program
 * reads through a scalar and the verifier refuses it; otherwise the second
 * read is checked against the kernel's own struct TARGET and allowed.
 */
static void check_kptr(const char *target, int want_ok)
{
	static char buf[1024], log[65536];
	size_t len = kptr_btf(buf, target);
	union bpf_attr attr;
	int btf_fd, map_fd, fd, err;
	const char *name = want_ok ? "kptr" : "kptr-refused";

	btf_fd = btf_load(buf, len, log, sizeof(log));
	if (btf_fd < 0) {
		check(0, name, target, "our own small BTF: %s; log: %s", strerror(errno),
		      last_line(log));
		return;
	}
	memset(&attr, 0, sizeof(attr));
	attr.map_type = BPF_MAP_TYPE_ARRAY;
	attr.key_size = 4;
	attr.value_size = 8;
	attr.max_entries = 1;
	attr.btf_fd = btf_fd;
	attr.btf_key_type_id = 1;
	attr.btf_value_type_id = 5;
	map_fd = sys_bpf(BPF_MAP_CREATE, &attr);
	if (map_fd < 0) {
		check(0, name, target, "map with a kptr to struct %s: %s", target, strerror(errno));
		close(btf_fd);
		return;
	}
	struct bpf_insn insns[] = {
		/* *(u32 *)(r10 - 4) = 0; r2 = r10 - 4 */
		{ .code = BPF_ST | BPF_MEM | BPF_W, .dst_reg = BPF_REG_10, .off = -4, .imm = 0 },
		{ .code = BPF_ALU64 | BPF_MOV | BPF_X, .dst_reg = BPF_REG_2, .src_reg = BPF_REG_10 },
		{ .code = BPF_ALU64 | BPF_ADD | BPF_K, .dst_reg = BPF_REG_2, .imm = -4 },
		/* r1 = map; r0 = bpf_map_lookup_elem(r1, r2) */
		{ .code = BPF_LD | BPF_DW | BPF_IMM, .dst_reg = BPF_REG_1,
		  .src_reg = BPF_PSEUDO_MAP_FD, .imm = map_fd },
		{ 0 },
		{ .code = BPF_JMP | BPF_CALL, .imm = BPF_FUNC_map_lookup_elem },
		/* if (r0) { r1 = r0->p; if (r1) r1 = *(u64 *)r1; } */
		{ .code = BPF_JMP | BPF_JEQ | BPF_K, .dst_reg = BPF_REG_0, .off = 3, .imm = 0 },
		{ .code = BPF_LDX | BPF_MEM | BPF_DW, .dst_reg = BPF_REG_1, .src_reg = BPF_REG_0 },
		{ .code = BPF_JMP | BPF_JEQ | BPF_K, .dst_reg = BPF_REG_1, .off = 1, .imm = 0 },
		{ .code = BPF_LDX | BPF_MEM | (kptr_read_word ? BPF_W : BPF_DW), .dst_reg = BPF_REG_1,
		  .src_reg = BPF_REG_1, .off = kptr_read_word ? 4 : 0 },
		/* return 0 */
		{ .code = BPF_ALU64 | BPF_MOV | BPF_K, .dst_reg = BPF_REG_0, .imm = 0 },
		{ .code = BPF_JMP | BPF_EXIT },
	};
	memset(&attr, 0, sizeof(attr));
	attr.prog_type = BPF_PROG_TYPE_SYSCALL;
	attr.prog_flags = BPF_F_SLEEPABLE;
	attr.insns = (uintptr_t)insns;
	attr.insn_cnt = sizeof(insns) / sizeof(insns[0]);
	attr.license = (uintptr_t)"GPL";
	attr.log_buf = (uintptr_t)log;
	attr.log_size = sizeof(log);
	attr.log_level = 1;
	log[0] = 0;
	fd = sys_bpf(BPF_PROG_LOAD, &attr);
	err = errno;
	if (want_ok)
		check(fd >= 0, name, target, "a program reading through a kptr to struct %s: %s; log: %s",
		      target, strerror(err), last_line(log));
	else
		check(fd < 0 && (kptr_any_refusal || strstr(log, "invalid mem access 'scalar'")), name, target,
		      "a program reading through a kptr to struct %s: %s (want refused "
		      "with invalid mem access 'scalar'); log: %s", target,
		      fd >= 0 ? "loaded" : strerror(err), last_line(log));
	if (fd >= 0)
		close(fd);
	close(map_fd);
	close(btf_fd);
}

static void check_module(const char *name, const char *file, int want_ok)
{
	char sys[256], expected[256];
	int fd = open(file, O_RDONLY | O_CLOEXEC), r, err;

	if (fd < 0) {
		check(0, want_ok ? "module-load" : "module-refused", name, "open %s: %s", file,
		      strerror(errno));
		return;
	}
	r = syscall(__NR_finit_module, fd, "", 0);
	err = errno;
	close(fd);
	if (!want_ok) {
		check(r != 0, "module-refused", name, "finit_module(%s) accepted it", file);
		if (r == 0)
			syscall(__NR_delete_module, name, O_NONBLOCK);
		else
			printf("(finit_module(%s): %s)\n", file, strerror(err));
		return;
	}
	check(r == 0, "module-load", name, "finit_module(%s): %s", file, strerror(err));
	if (r)
		return;
	snprintf(sys, sizeof(sys), "/sys/kernel/btf/%s", name);
	snprintf(expected, sizeof(expected), "/btf/%s.btf", name);
	check_identical("module-btf-identical", name, sys, expected);
}

static void run_plan(const char *path)
{
	char line[512], a[128], b[256], c[32];
	FILE *f = fopen(path, "r");

	if (!f) {
		check(0, "plan", path, "%s", strerror(errno));
		return;
	}
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "module %127s %255s %31s", a, b, c) == 3)
			check_module(a, b, !strcmp(c, "ok"));
		else if (sscanf(line, "kptr_tag %31s", c) == 1)
			strcpy(kptr_tag, c);
		else if (!strcmp(line, "kptr_any_refusal\n"))
			kptr_any_refusal = 1;
		else if (!strcmp(line, "kptr_read_word\n"))
			kptr_read_word = 1;
		else if (sscanf(line, "kptr %127s %31s", a, c) == 2)
			check_kptr(a, !strcmp(c, "ok"));
		else if (line[0] != '#' && line[0] != '\n')
			check(0, "plan", NULL, "cannot read the line %s", line);
	}
	fclose(f);
}

int main(void)
{
	int fd;

	/* The kernel opens /dev/console for init; if it could not, try again. */
	if (fcntl(1, F_GETFD) < 0 && (fd = open("/dev/console", O_RDWR)) >= 0) {
		dup2(fd, 0);
		dup2(fd, 1);
		dup2(fd, 2);
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	mkdir("/proc", 0755);
	mkdir("/sys", 0755);
	if (mount("proc", "/proc", "proc", 0, NULL))
		check(0, "mount", "/proc", "%s", strerror(errno));
	if (mount("sysfs", "/sys", "sysfs", 0, NULL))
		check(0, "mount", "/sys", "%s", strerror(errno));
	printf("BOOT-TEST-INIT started\n");

	check_identical("vmlinux-btf-identical", NULL, "/sys/kernel/btf/vmlinux", "/btf/vmlinux.btf");
	check_btf_reload("/btf/vmlinux.btf");
	check_prog_load();
	run_plan("/plan");

	printf("ALL-CHECKS-DONE %d ok %d failed\n", n_ok, n_failed);
	fflush(stdout);
	sync();
	/*
	 * Without ACPI (tinyconfig) RB_POWER_OFF only halts the CPU and QEMU
	 * would wait for its timeout; a restart ends QEMU (-no-reboot).
	 */
	reboot(RB_AUTOBOOT);
	return 0;
}
