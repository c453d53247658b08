# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --running_kernel_vmlinux prints the first of upstream's places whose GNU
# build-id is the running kernel's (/sys/kernel/notes): here ./vmlinux, an
# object given the kernel's notes; elsewhere, with no such file, one line
# on stderr and exit 1 (or the path a debuginfo package put in place). Both
# as upstream v1.32 finds them.
. "$TOP/tests/lib.sh"
[ -r /sys/kernel/notes ] || skip "no /sys/kernel/notes here"
command -v gcc >/dev/null || skip "no gcc"

cd "$TMP" || fail "no temp dir"
mkdir match other || fail "mkdir"
echo 'int x;' >x.c && gcc -c x.c -o x.o || fail "gcc"
cat /sys/kernel/notes >notes.bin
objcopy --add-section .note.gnu.build-id=notes.bin x.o match/vmlinux || fail "objcopy"
(cd match && "$PAHOLE" --running_kernel_vmlinux >../m.out 2>../m.err) ||
	no "with ./vmlinux of the kernel's build-id: exit $?, $(cat m.err)"
[ "$(cat m.out)" = vmlinux ] || no "with ./vmlinux: printed '$(cat m.out)'"
(cd other && "$PAHOLE" --running_kernel_vmlinux >../o.out 2>../o.err)
rc=$?
if [ $rc -ne 0 ]; then
	[ $rc -eq 1 ] && [ "$(wc -l <o.err)" -eq 1 ] && [ ! -s o.out ] ||
		no "not found: exit $rc, stdout '$(cat o.out)', stderr $(cat o.err)"
fi
if "$UPSTREAM" pahole --version >/dev/null 2>&1; then
	cd "$TMP/match" || fail "no folder match"
	same_as_upstream "with ./vmlinux" pahole --running_kernel_vmlinux
	cd "$TMP/other" || fail "no folder other"
	same_as_upstream "elsewhere" pahole --running_kernel_vmlinux
	cd "$TMP" || fail "no temp dir"
else
	echo "upstream v1.32 cannot run here: not compared with it"
fi
finish "--running_kernel_vmlinux" "./vmlinux of the running build-id found; elsewhere: exit $rc $(cat o.out o.err)"
