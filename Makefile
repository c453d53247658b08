# SPDX-License-Identifier: GPL-2.0-only
# pahole: DWARF to BTF converter and struct layout printer.

PKGS      := libdw libelf libbpf zlib
CC        ?= cc
# Link-time optimisation lets the compiler inline across modules (the DIE
# reader's attribute callbacks, the model's small helpers): about 4% fewer
# instructions on xfs.ko, 10% less time on the vmlinux. The sanitizer builds
# set CFLAGS of their own, without it.
CFLAGS    ?= -O3 -g -flto=auto
WARN      := -std=gnu11 -Wall -Wextra -Wno-unused-parameter -Wmissing-prototypes -Wshadow
ifdef CI
WARN      += -Werror
endif
# GCC on x86 clears a large struct inline with rep stos, which costs about
# three times glibc's memset at the sizes the DWARF loader clears per DIE
# (struct die_attrs, struct type): it calls memset for them instead.
TUNE      := $(shell $(CC) -mmemset-strategy=libcall:-1:noalign -x c -c /dev/null \
		-o /dev/null 2>/dev/null && echo -mmemset-strategy=libcall:-1:noalign)
PKG_CFLAGS := $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
PKG_LIBS   := $(shell pkg-config --libs $(PKGS) 2>/dev/null)
LIBS      := $(PKG_LIBS) -lpthread
PREFIX    ?= /usr/local
DESTDIR   ?=
BUILD     ?= build

# Every module but the programs' mains; each program links all of them.
LIB_SRCS := dwarves.c dwarf_loader.c dwarf_archive.c dwarf_cu.c dwarf_cu_walk.c dwarf_cu_attrs.c dwarf_cu_types.c dwarf_cu_funcs.c dwarf_xunits.c \
	dwarf_locations.c die_reader.c dwarf_fn_body.c dwarf_namespaces.c pfunct_print.c pfunct_emit.c \
	dwarf_functions.c cu_pool.c btf_encoder.c btf_encoder_funcs.c btf_trace.c btf_split_dedup.c btf_base_match.c btf_split_own.c btf_base_raw.c btf_rec.c btf_sized.c btf_repeats.c btf_equiv.c btf_names.c \
	btf_check.c elf_symtab.c log.c btf_elf.c btf_raw.c out_file.c btf_loader.c dwarves_layout.c \
	dwarves_fprintf.c dwarves_fprintf_cxx.c dwarves_emit.c reorganize.c pahole_print.c pahole_prettify.c phase_stats.c \
	codiff_diff.c tuning.c running_kernel.c dwarves_version.c cli.c dwarves_hash.c \
	input_format.c dtag_tree.c dtag_dwarf.c dtag_btf.c elf_scn_copy.c \
	pdwtags_print.c pglobal_print.c tool_load.c input_fault.c proc_maps.c num_parse.c
LIB_OBJS := $(LIB_SRCS:%.c=$(BUILD)/%.o)
PROGS := pahole pfunct codiff pdwtags pglobal prefcnt dtagnames scncopy
# Shell scripts over the programs, installed beside them.
SCRIPTS := btfdiff fullcircle
MAINS := $(PROGS:%=%.c)
SRCS := $(MAINS) $(LIB_SRCS)
OBJS := $(SRCS:%.c=$(BUILD)/%.o)
TOOLS := $(BUILD)/btfcanon $(BUILD)/btfmutate $(BUILD)/btfload $(BUILD)/dwarves_test \
	 $(BUILD)/cu_pool_test $(BUILD)/btf_repeats_test $(BUILD)/btf_equiv_test $(BUILD)/tuning_test $(BUILD)/die_reader_test $(BUILD)/btf_names_test \
	 $(BUILD)/dwarves_layout_test $(BUILD)/dwarves_hash_test $(BUILD)/elf_symtab_test $(BUILD)/dwarf_locations_test $(BUILD)/dwarf_cursor_test \
	 $(BUILD)/dwarfmutate $(BUILD)/elfcmp $(BUILD)/btfsplit $(BUILD)/sectmutate \
	 $(BUILD)/failalloc.so $(BUILD)/failio.so $(BUILD)/truncmap.so $(BUILD)/bench_floor

DEB_DEPS := build-essential pkg-config libdw-dev libelf-dev libbpf-dev zlib1g-dev \
	    gcc clang dwarves bpftool time dpkg-dev gcc-multilib libclang-rt-14-dev dwz lld \
	    clang-19 linux-perf strace rustc

# libFuzzer harnesses tests/fuzz/fuzz_NAME.c, linked with every module but pahole.c.
FUZZ_BUILD    := build-fuzz
FUZZ_SECONDS  ?= 60
FUZZ_CFLAGS   := -O1 -g -fno-omit-frame-pointer -fsanitize=address,undefined \
		 -fno-sanitize-recover=all
FUZZ_HARNESSES := $(patsubst tests/fuzz/%.c,$(FUZZ_BUILD)/%,$(wildcard tests/fuzz/fuzz_*.c))
FUZZ_OBJS     := $(patsubst %.c,$(FUZZ_BUILD)/%.o,$(LIB_SRCS))

.PHONY: FORCE all deps demo check check-quick check-offline check-package check-kernel check-distro check-sanitize check-faults fuzz fuzz-merge install uninstall clean tools

all: $(PROGS:%=$(BUILD)/%) tools

tools: $(TOOLS)

$(PROGS:%=$(BUILD)/%): $(BUILD)/%: $(BUILD)/%.o $(LIB_OBJS)
	$(CC) $(TUNE) $(CFLAGS) $(LDFLAGS) -o $@ $^ $(LIBS)

# -I$(BUILD): the headers the build writes (devel_version.h), whatever CFLAGS says.
$(BUILD)/%.o: %.c $(wildcard *.h) | $(BUILD)
	$(CC) $(WARN) $(TUNE) $(CFLAGS) -I$(BUILD) $(PKG_CFLAGS) -c -o $@ $<

# --devel_version's commit, as git describe spells it ("COUNT-gSHA": the
# commits of the history, the commit); rewritten only when it changes.
$(BUILD)/dwarves_version.o: $(BUILD)/devel_version.h
$(BUILD)/devel_version.h: FORCE | $(BUILD)
	@sha=$$(git rev-parse --short=12 HEAD 2>/dev/null) && \
	 n=$$(git rev-list --count HEAD 2>/dev/null) && desc=$$n-g$$sha || desc=; \
	 line="#define DEVEL_DESCRIBE \"$$desc\""; \
	 [ "$$(cat $@ 2>/dev/null)" = "$$line" ] || echo "$$line" >$@

FORCE:

$(BUILD)/%_test: tests/unit/%_test.c tests/unit/check.h $(BUILD)/%.o | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) $(PKG_CFLAGS) -o $@ $(filter-out %.h,$^) $(LIBS)

$(BUILD)/btf_repeats_test: $(BUILD)/dwarves.o $(BUILD)/dwarves_hash.o $(BUILD)/btf_names.o $(BUILD)/btf_equiv.o $(BUILD)/cu_pool.o
$(BUILD)/btf_equiv_test: $(BUILD)/dwarves.o
$(BUILD)/tuning_test: $(BUILD)/cu_pool.o $(BUILD)/proc_maps.o
$(BUILD)/dwarves_layout_test: $(BUILD)/dwarves.o
$(BUILD)/dwarves_hash_test: $(BUILD)/dwarves.o
$(BUILD)/btf_names_test: $(BUILD)/dwarves_hash.o $(BUILD)/dwarves.o
$(BUILD)/elf_symtab_test: $(BUILD)/log.o
$(BUILD)/die_reader_test: $(BUILD)/elf_symtab.o $(BUILD)/log.o

# The cursor is a header only.
$(BUILD)/dwarf_cursor_test: tests/unit/dwarf_cursor_test.c tests/unit/check.h dwarf_cursor.h | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) -o $@ $<

# Includes dwarf_locations.c to reach its static decoders; links the rest.
$(BUILD)/dwarf_locations_test: tests/unit/dwarf_locations_test.c tests/unit/check.h \
		dwarf_locations.c $(filter-out $(BUILD)/dwarf_locations.o,$(LIB_OBJS))
	$(CC) $(WARN) $(CFLAGS) $(PKG_CFLAGS) -I. -o $@ $< \
		$(filter-out $(BUILD)/dwarf_locations.o,$(LIB_OBJS)) $(LIBS)

# bench/floor's floors, with the library's reader, loader and writer.
$(BUILD)/bench_floor: bench/floor.c $(LIB_OBJS)
	$(CC) $(WARN) $(CFLAGS) $(PKG_CFLAGS) -I. -o $@ $< $(LIB_OBJS) $(LIBS)

$(BUILD)/%: tests/tools/%.c $(wildcard tests/tools/*.h) | $(BUILD)
	$(CC) $(WARN) $(CFLAGS) $(PKG_CFLAGS) -o $@ $< $(LIBS)

# LD_PRELOAD shims for tests/faults: never sanitized themselves (they sit
# in front of the sanitizer's allocator), whatever CFLAGS says.
$(BUILD)/%.so: tests/tools/%.c tests/tools/shim_report.h | $(BUILD)
	$(CC) $(WARN) -O2 -g -fPIC -shared -o $@ $< -ldl

$(BUILD):
	mkdir -p $(BUILD)

# Installs only what is missing: with everything in place, no root and no
# network are needed.
deps:
	@missing=$$(dpkg-query -W -f='$${db:Status-Abbrev} $${Package}\n' $(DEB_DEPS) 2>&1 | \
		awk '$$1 == "ii" { ok[$$2] = 1 } END { n = split("$(DEB_DEPS)", p, " "); \
		for (i = 1; i <= n; i++) if (!ok[p[i]]) printf "%s ", p[i] }'); \
	if [ -z "$$missing" ]; then echo "deps: all installed"; else \
		echo "deps: installing $$missing"; apt-get update && \
		DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; fi

# The build runs in a make of its own: this one asked pkg-config for the
# libraries' flags before deps had installed them.
demo: deps
	$(MAKE) all
	tests/demo.sh

check: all
	tests/run

check-quick: all
	QUICK=1 tests/run

# The tests tagged offline: no network, no kernel package
# (what a package build runs; debian/rules).
check-offline: all
	QUICK=1 TAGS=offline tests/run

# Builds the Debian package (dpkg-buildpackage, its offline tests
# included), installs it into a dpkg root of its own (the system's pahole
# untouched), compares its files with make install's and runs the
# installed pahole on the demo kernel (tests/package.sh).
check-package:
	tests/package.sh

# All 1,121 modules of the Debian kernel in place, not only make check's sample;
# then a kernel built with our pahole, with gcc and with clang/lld, boots in
# QEMU and checks its BTF from inside (tests/kernel/).
check-kernel: all
	KERNEL_ALL=1 KERNEL_BOOT=1 tests/run inplace_kernel_modules kernel_boot

# Distribution debug files: the vmlinux after dwz and dwz -m (made once into
# the test cache), reduced DWARF and DWARF 4 kernels built with our pahole
# (the second boots in QEMU), BTF of old kernels' flag sets (tests/distro/).
check-distro: all
	KERNEL_BOOT=1 TEST_DIR=distro tests/run

check-sanitize: all
	$(MAKE) BUILD=build-asan CFLAGS="-O1 -g -fsanitize=address,undefined -fno-omit-frame-pointer -fno-sanitize-recover=all" all
	QUICK=1 PAHOLE_BUILD=build-asan tests/run
	$(MAKE) BUILD=build-tsan CFLAGS="-O1 -g -fsanitize=thread -fno-omit-frame-pointer" all
	TSAN_OPTIONS="halt_on_error=1 exitcode=66" QUICK=1 PAHOLE_BUILD=build-tsan TAGS=tsan tests/run

# Every allocation, then every write of the output, failing once in turn
# (tests/faults/sweep.sh): one summary line per case. PAHOLE_BUILD=build-asan
# sweeps a sanitizer build (the shims come from build).
check-faults: all
	rc=0; tests/faults/sweep.sh alloc || rc=1; tests/faults/sweep.sh io || rc=1; exit $$rc

$(FUZZ_BUILD)/%.o: %.c $(wildcard *.h)
	@mkdir -p $(FUZZ_BUILD)
	clang $(WARN) $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link $(PKG_CFLAGS) -c -o $@ $<

$(FUZZ_BUILD)/fuzz_%: tests/fuzz/fuzz_%.c $(FUZZ_OBJS)
	clang $(WARN) $(FUZZ_CFLAGS) -fsanitize=fuzzer $(PKG_CFLAGS) -I. -o $@ $< \
		$(filter %.o,$^) $(LIBS)

# The option harness compiles pahole.c in.
$(FUZZ_BUILD)/fuzz_options: pahole.c

.SECONDARY: $(FUZZ_OBJS)

# Runs each harness FUZZ_SECONDS (niced) from tests/fuzz/corpus; fuzz-merge
# minimises what the runs grew back into it. See tests/fuzz/run.sh.
fuzz: all $(FUZZ_HARNESSES)
	tests/fuzz/run.sh $(FUZZ_SECONDS) $(FUZZ_HARNESSES)

fuzz-merge: all $(FUZZ_HARNESSES)
	tests/fuzz/run.sh --merge $(FUZZ_HARNESSES)

# Each program and script with its manual page.
install: $(PROGS:%=$(BUILD)/%)
	for p in $(PROGS); do \
		install -D -m 0755 $(BUILD)/$$p $(DESTDIR)$(PREFIX)/bin/$$p || exit 1; \
	done
	for p in $(SCRIPTS); do \
		install -D -m 0755 $$p $(DESTDIR)$(PREFIX)/bin/$$p || exit 1; \
	done
	for p in $(PROGS) $(SCRIPTS); do \
		install -D -m 0644 man/$$p.1 $(DESTDIR)$(PREFIX)/share/man/man1/$$p.1 || exit 1; \
	done

# Removes what install installed (same PREFIX and DESTDIR), and nothing else.
uninstall:
	for p in $(PROGS) $(SCRIPTS); do \
		rm -f $(DESTDIR)$(PREFIX)/bin/$$p $(DESTDIR)$(PREFIX)/share/man/man1/$$p.1 || exit 1; \
	done

clean:
	rm -rf build build-asan build-tsan $(FUZZ_BUILD)
