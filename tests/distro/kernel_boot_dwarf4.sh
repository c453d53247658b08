#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# The kernel of make check-kernel (tests/kernel/boot.sh: tinyconfig with BPF,
# BTF and test modules) with CONFIG_DEBUG_INFO_DWARF4 instead of DWARF 5,
# built with gcc and our pahole (PAHOLE=), boots in QEMU and passes the
# checks of tests/kernel/init.c inside: its BTF and the modules' load, equal
# to what we wrote, and a damaged module's is refused.
. "$TOP/tests/lib.sh"
. "$TOP/tests/kernel/boot.sh"
kernel_boot gcc dwarf4
