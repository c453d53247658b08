# A Linux 7.2 kernel (Debian unstable's linux-source-7.2) and four test
# modules built with gcc and our pahole (PAHOLE=) through the kernel's own
# gen-btf.sh and resolve_btfids, with the flags of its Makefile.btf
# (attributes, layout), boot in QEMU; inside, the kernel's BTF of vmlinux
# (with its kind layout section) and of each module equals the .BTF bytes
# of the files, loads, and resolves a kernel struct, a program loads, and a
# module whose BTF was damaged is refused (tests/kernel/boot.sh, init.c).
# Only in make check-kernel (KERNEL_BOOT=1).
. "$TOP/tests/lib.sh"
KVER=7.2
. "$TOP/tests/kernel/boot.sh"
kernel_boot gcc
