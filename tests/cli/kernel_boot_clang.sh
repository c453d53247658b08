# The kernel of kernel_boot_gcc built a second time, in its own build
# directory, with clang, lld and LLVM's binutils 14 (make LLVM=1
# LLVM_SUFFIX=-14) and our pahole: lld leaves an empty allocated .BTF in
# .tmp_vmlinux.btf, which pahole must fill without a word; the same checks
# run in the guest (tests/kernel/boot.sh, init.c). Only in make check-kernel
# (KERNEL_BOOT=1).
. "$TOP/tests/lib.sh"
. "$TOP/tests/kernel/boot.sh"
kernel_boot clang
