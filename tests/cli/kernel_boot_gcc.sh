# A Linux 6.1 kernel and four test modules built with gcc and our pahole
# (PAHOLE=) boot in QEMU; inside, the kernel's BTF of vmlinux and of each
# module equals the .BTF bytes we wrote, loads, and resolves a kernel struct,
# a program loads, and a module whose BTF was damaged is refused
# (tests/kernel/boot.sh, init.c). The build log has nothing from the BTF
# steps. Only in make check-kernel (KERNEL_BOOT=1).
. "$TOP/tests/lib.sh"
. "$TOP/tests/kernel/boot.sh"
kernel_boot gcc
