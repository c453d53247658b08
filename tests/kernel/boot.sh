# A Linux kernel built with our pahole, booted in QEMU, checking its own BTF
# from inside: KVER 6.1 (Debian 12's linux-source-6.1, the default) or 7.2
# (Debian unstable's linux-source-7.2, fetched with deb_download: its build
# asks for attributes and layout, and its gen-btf.sh runs resolve_btfids on
# our detached file). Sourced by tests/cli/kernel_boot_*.sh and tests/distro/
# after tests/lib.sh (KVER set before); they call kernel_boot gcc|clang
# [dwarf4], or kernel_build_reduced.
#
# The source is unpacked once into $KCACHE/kernel/, and each toolchain has its
# build directory there (O=build-gcc, O=build-clang), configured once: tinyconfig
# plus what booting, BPF and BTF need, and four small test modules as =m. Every
# run removes vmlinux, .tmp_vmlinux* and the .ko files, so that the link steps
# and the BTF steps (PAHOLE= our binary) run again, then:
#   - the build log must have no line from pahole or the BTF steps;
#   - the initramfs holds init.c (static), the .BTF bytes of vmlinux and of
#     each module (objcopy --dump-section on the host), the modules, a copy of
#     test_uuid whose BTF has a member of a type id that does not exist
#     (btfcorrupt.c), and the plan the init follows (see init.c);
#   - qemu-system-x86_64 (TCG) boots it; the host reads the checks off the
#     console: all done, none failed, as many as the plan makes, the kernel
#     having refused the corrupt module for its BTF, and no kernel warning.
# Needs KERNEL_BOOT=1 (make check-kernel); installs what it needs with apt-get.

KVER=${KVER:-6.1}
KSRC=linux-source-$KVER
case $KVER in
6.1)
	KDIR=$KCACHE/kernel
	# Modules, in the order the guest loads them (test_static_keys needs the base).
	KMODULES="lib/test_static_key_base lib/test_static_keys lib/test_uuid lib/test_hexdump lib/test_min_heap"
	# The module whose copy gets a damaged BTF, and a struct only its BTF has.
	KBAD=test_uuid
	KMOD_STRUCT=test_uuid_data
	KCONFIG_M="TEST_UUID TEST_HEXDUMP TEST_MIN_HEAP TEST_STATIC_KEYS"
	KLLVM=14
	# kbuild's line for the vmlinux BTF step.
	KBTF_STEP='\.btf\.vmlinux\.bin\.o' ;;
7.2)
	# test_uuid and test_min_heap became KUnit tests; test_memcat_p has a
	# struct of its own and needs no other module.
	KDIR=$KCACHE/kernel-7.2
	KMODULES="lib/test_static_key_base lib/test_static_keys lib/test_hexdump lib/test_memcat_p"
	KBAD=test_memcat_p
	KMOD_STRUCT=test_struct
	KCONFIG_M="TEST_HEXDUMP TEST_STATIC_KEYS TEST_MEMCAT_P"
	KLLVM=19
	KBTF_STEP='\.tmp_vmlinux1' ;;
*)	fail "no kernel $KVER" ;;
esac
KCONFIG_Y="64BIT PRINTK TTY SERIAL_8250 SERIAL_8250_CONSOLE BLK_DEV_INITRD BINFMT_ELF
	PROC_FS SYSFS BPF BPF_SYSCALL DEBUG_KERNEL DEBUG_INFO_DWARF5 DEBUG_INFO_BTF
	DEBUG_INFO_BTF_MODULES MODULES MODULE_UNLOAD RUNTIME_TESTING_MENU"
KCONFIG_N="DEBUG_INFO_NONE MODULE_ALLOW_BTF_MISMATCH"
KBOOT_TIMEOUT=600

# kboot_install PKG...: installs those of the Debian packages that are missing.
kboot_install() {
	local p missing=
	for p in "$@"; do
		dpkg-query -W -f='${db:Status-Abbrev}' "$p" 2>/dev/null | grep -q '^ii' ||
			missing="$missing $p"
	done
	[ -z "$missing" ] && return 0
	echo "installing$missing"
	export DEBIAN_FRONTEND=noninteractive
	apt-get install -y $missing >"$KDIR/apt.log" 2>&1 ||
		{ apt-get update >>"$KDIR/apt.log" 2>&1 &&
			apt-get install -y $missing >>"$KDIR/apt.log" 2>&1; } ||
		{ tail -n 5 "$KDIR/apt.log"; skip "cannot install$missing"; }
}

# kmake ARGS...: make in the kernel source, into $KOUT, with our pahole.
kmake() {
	make -C "$KDIR/$KSRC" O="$KOUT" PAHOLE="$PAHOLE" $KMAKE_TOOLCHAIN "$@"
}

# kboot_configure: tinyconfig plus our options, once per build directory.
kboot_configure() {
	local want o args=
	want=$(echo "$KMAKE_TOOLCHAIN y: $KCONFIG_Y m: $KCONFIG_M n: $KCONFIG_N" | tr -s ' \t\n' ' ')
	if [ ! -f "$KOUT/.config" ] || [ "$(cat "$KOUT/.boot-config" 2>/dev/null)" != "$want" ]; then
		echo "configuring $KOUT"
		rm -rf "$KOUT"
		mkdir -p "$KOUT" || fail "mkdir $KOUT"
		for o in $KCONFIG_Y; do args="$args -e $o"; done
		for o in $KCONFIG_M; do args="$args -m $o"; done
		for o in $KCONFIG_N; do args="$args -d $o"; done
		{ kmake tinyconfig &&
			"$KDIR/$KSRC/scripts/config" --file "$KOUT/.config" $args &&
			kmake olddefconfig && kmake olddefconfig; } >"$KOUT.config.log" 2>&1 ||
			{ tail -n 20 "$KOUT.config.log"; fail "cannot configure the kernel"; }
		echo "$want" >"$KOUT/.boot-config"
	fi
	for o in $KCONFIG_Y; do
		grep -qx "CONFIG_$o=y" "$KOUT/.config" || fail "the configuration lacks CONFIG_$o=y"
	done
	for o in $KCONFIG_M; do
		grep -qx "CONFIG_$o=m" "$KOUT/.config" || fail "the configuration lacks CONFIG_$o=m"
	done
}

# kboot_check_log LOG NMODS: the build log shows the BTF steps ran, and nothing
# else from them. Prints the lines that make it fail.
kboot_check_log() {
	local log=$1 nmods=$2 noise bad n
	n=$(grep -c "^  BTF     $KBTF_STEP\$" "$log")
	[ "$n" -eq 1 ] || { tail -n 20 "$log"; fail "the log shows $n vmlinux BTF steps, want 1"; }
	n=$(grep -c '^  BTF \[M\] .*\.ko$' "$log")
	[ "$n" -eq "$nmods" ] || { tail -n 20 "$log"; fail "the log shows $n module BTF steps, want $nmods"; }
	# Everything but kbuild's quiet command lines and make's own.
	# (7.x builds resolve_btfids' libbpf with a plain "ln -sf ../fixdep" line.)
	noise=$(sed "s|$KDIR|KDIR|g" "$log" |
		grep -vE '^  [A-Z][A-Z0-9_]*( \[M\])? +[^ ]+ *$|^make(\[[0-9]+\])?: (Entering|Leaving) directory|^make\[[0-9]+\]: Nothing to be done for|^Kernel: arch/x86/boot/bzImage is ready|^(Setup is|System is) [0-9]+ |^CRC [0-9a-f]+$|^ln -sf \.\./fixdep ')
	# Of those, what may come from pahole, resolve_btfids or libbpf. Not
	# compiler diagnostics on a source file (its name may say btf) with
	# their context lines (source, carets; a source line says anything),
	# nor clang's count of them.
	bad=$(echo "$noise" | awk '
		/^[^ :]+\.(c|h|S|lds):[0-9]+(:[0-9]+)?: / { ctx = 2; next }
		ctx > 0 { ctx--; next }
		/^[^ :]+\.(c|h|S): In (function|member function) / { next }
		/^In file included from |^                 from / { next }
		/^[0-9]+ (warning|error)s? generated\.$/ { next }
		/^ *[0-9]* *\| / || /^[ ~^]*$/ { next }
		{ print }' |
		grep -iE 'pahole|btf|resolve_btfids|libbpf|dwarf|DW_|die|encod|warn|error|fail|skip|invalid|unknown|unsupported|cannot|not found')
	if [ -n "$bad" ]; then
		echo "build log lines from the BTF steps:"
		echo "$bad" | head -n 40
		echo "--- tail of $log:"
		tail -n 30 "$log"
		fail "the kernel build with our pahole was not silent"
	fi
	[ -n "$noise" ] && { echo "other build output ($(echo "$noise" | wc -l) lines):"; echo "$noise" | head -n 20; }
	return 0
}

# kboot_unpack: the source, unpacked once (beside the target, then renamed):
# the installed package's, or the tarball inside the package's .deb.
kboot_unpack() {
	local part
	[ -f "$KDIR/$KSRC/Makefile" ] && return 0
	echo "unpacking $KSRC"
	rm -rf "$KDIR/$KSRC"
	part=$(mktemp -d "$KDIR/.part.XXXXXX") || fail "mktemp"
	if [ -f "/usr/src/$KSRC.tar.xz" ]; then
		tar -xf "/usr/src/$KSRC.tar.xz" -C "$part"
	else
		deb_download "$KSRC" || skip "cannot fetch $KSRC"
		dpkg-deb --fsys-tarfile "$KCACHE/$(cd "$KCACHE" && ls "$KSRC"_*.deb | head -n 1)" |
			tar -xO "./usr/src/$KSRC.tar.xz" | tar -xJ -C "$part"
	fi || { rm -rf "$part"; fail "cannot unpack $KSRC"; }
	mv -T "$part/$KSRC" "$KDIR/$KSRC" || fail "mv"
	rm -rf "$part"
}

# kboot_start TOOLCHAIN: the lock, the packages and the source; sets
# KMAKE_TOOLCHAIN.
kboot_start() {
	local tc=$1 pkgs
	[ -n "${QUICK:-}" ] && skip "no kernel build in check-quick"
	[ -n "${KERNEL_BOOT:-}" ] ||
		skip "kernel builds only in make check-kernel and check-distro (KERNEL_BOOT=1)"
	mkdir -p "$KDIR" || fail "mkdir $KDIR"
	# One kernel test at a time (they share the source and dpkg).
	exec 9>"$KDIR/lock"
	flock 9 || fail "cannot lock $KDIR"
	pkgs="qemu-system-x86 cpio bc bison flex libssl-dev libelf-dev xz-utils make gcc libc6-dev"
	# Debian 12 has the 6.1 source as a package; 7.2's comes from unstable.
	[ "$KVER" != 6.1 ] || pkgs="$KSRC $pkgs"
	case $tc in
	gcc)	KMAKE_TOOLCHAIN= ;;
	clang)	KMAKE_TOOLCHAIN="LLVM=1 LLVM_SUFFIX=-$KLLVM"
		pkgs="$pkgs clang-$KLLVM lld-$KLLVM llvm-$KLLVM" ;;
	*)	fail "unknown toolchain $tc" ;;
	esac
	kboot_install $pkgs
	[ -x "$PAHOLE" ] || fail "no $PAHOLE"
	kboot_unpack
}

# kernel_build_reduced: the gcc tinyconfig with CONFIG_DEBUG_INFO_REDUCED
# (types of other files as declarations only), so without the kernel's BTF
# (DEBUG_INFO_BTF needs the full DWARF): vmlinux and the test modules built
# into $KDIR/build-gcc-reduced, which it sets as KOUT.
kernel_build_reduced() {
	local log
	kboot_start gcc
	KOUT=$KDIR/build-gcc-reduced
	KCONFIG_Y="$(echo " $KCONFIG_Y " | tr -s ' \t\n' ' ' |
		sed -e 's/ DEBUG_INFO_BTF / /' -e 's/ DEBUG_INFO_BTF_MODULES / /') DEBUG_INFO_REDUCED"
	kboot_configure
	grep -q '^CONFIG_DEBUG_INFO_BTF=y' "$KOUT/.config" && fail "the reduced configuration has BTF"
	log=$KOUT.build.log
	echo "building vmlinux and modules (reduced DWARF), log in $log"
	kmake -j"$(nproc)" vmlinux modules >"$log" 2>&1 ||
		{ tail -n 40 "$log"; fail "the kernel build failed (log: $log)"; }
}

# kernel_boot TOOLCHAIN [dwarf4]: the whole test for gcc or clang (with
# CONFIG_DEBUG_INFO_DWARF4 instead of DWARF5: make check-distro).
kernel_boot() {
	local tc=$1 variant=${2:-} log stage plan expect rel name ko n t0 t1 t2 cons done_line nok nfail
	kboot_start "$tc"
	t0=$(date +%s)
	KOUT=$KDIR/build-$tc
	if [ "$variant" = dwarf4 ]; then
		KOUT=$KDIR/build-$tc-dwarf4
		KCONFIG_Y=$(echo " $KCONFIG_Y " | tr -s ' \t\n' ' ' |
			sed 's/ DEBUG_INFO_DWARF5 / DEBUG_INFO_DWARF4 /')
	fi
	kboot_configure

	# Relink and re-encode: the BTF steps must run with the pahole of now.
	# (7.x links vmlinux.unstripped, and strips it into vmlinux.)
	rm -f "$KOUT"/vmlinux "$KOUT"/vmlinux.unstripped "$KOUT"/.tmp_vmlinux* "$KOUT"/.btf.vmlinux.bin.o
	find "$KOUT" -name '*.ko' -delete
	log=$KOUT.build.log
	echo "building bzImage and modules ($tc), log in $log"
	kmake -j"$(nproc)" bzImage modules >"$log" 2>&1 ||
		{ tail -n 40 "$log"; fail "the kernel build failed (log: $log)"; }
	t1=$(date +%s)
	n=$(echo $KMODULES | wc -w)
	kboot_check_log "$log" "$n"
	[ "$(grep '^CONFIG_PAHOLE_VERSION=' "$KOUT/.config")" = \
		"CONFIG_PAHOLE_VERSION=$("$KDIR/$KSRC/scripts/pahole-version.sh" "$PAHOLE")" ] ||
		fail "the configuration's PAHOLE_VERSION is not our pahole's"

	# The initramfs.
	stage=$TMP/initramfs
	mkdir -p "$stage/btf" "$stage/modules" "$stage/proc" "$stage/sys" "$stage/dev" || fail "mkdir"
	mknod "$stage/dev/console" c 5 1 2>/dev/null
	gcc -static -O2 -Wall -o "$stage/init" "$TOP/tests/kernel/init.c" || fail "cannot build init"
	gcc -O2 -Wall -o "$TMP/btfcorrupt" "$TOP/tests/kernel/btfcorrupt.c" || fail "cannot build btfcorrupt"
	objcopy --dump-section .BTF="$stage/btf/vmlinux.btf" "$KOUT/vmlinux" "$TMP/junk" &&
		[ -s "$stage/btf/vmlinux.btf" ] || fail "vmlinux has no .BTF"
	# From 7.1 the build asks for the kind layout section: it is there.
	[ "$KVER" = 6.1 ] || [ "$(od -An -tu4 -j4 -N4 "$stage/btf/vmlinux.btf" | tr -d ' ') $(od -An -tu4 -j28 -N4 "$stage/btf/vmlinux.btf" | tr -d ' ')" = "32 80" ] ||
		fail "the vmlinux .BTF has no kind layout section"
	plan=$stage/plan
	: >"$plan"
	# From 6.4 an unreferenced kptr is tagged kptr_untrusted, and a kptr to a
	# struct no kernel BTF has is one of the program's own (4 bytes, so the
	# read at offset 4 is refused); 7.2's module struct has two ints.
	[ "$KVER" = 6.1 ] ||
		printf 'kptr_tag kptr_untrusted\nkptr_any_refusal\nkptr_read_word\n' >>"$plan"
	echo "kptr task_struct ok" >>"$plan"
	echo "kptr boot_test_no_such_struct refused" >>"$plan"
	expect=3
	for rel in $KMODULES; do
		name=$(basename "$rel")
		ko=$KOUT/$rel.ko
		cp "$ko" "$stage/modules/" || fail "no $ko"
		objcopy --dump-section .BTF="$stage/btf/$name.btf" "$ko" "$TMP/junk" &&
			[ -s "$stage/btf/$name.btf" ] || fail "$rel.ko has no .BTF"
		if [ "$name" = "$KBAD" ]; then
			"$TMP/btfcorrupt" "$stage/btf/$name.btf" "$TMP/bad.btf" || fail "btfcorrupt"
			objcopy --update-section .BTF="$TMP/bad.btf" "$ko" "$stage/modules/$name.corrupt.ko" &&
				objcopy --dump-section .BTF="$TMP/bad.back" "$stage/modules/$name.corrupt.ko" "$TMP/junk" &&
				cmp -s "$TMP/bad.btf" "$TMP/bad.back" || fail "cannot put the damaged BTF into $name.ko"
			echo "module $name /modules/$name.corrupt.ko refused" >>"$plan"
			expect=$((expect + 1))
		fi
	done
	for rel in $KMODULES; do
		name=$(basename "$rel")
		echo "module $name /modules/$name.ko ok" >>"$plan"
		expect=$((expect + 2))
	done
	echo "kptr $KMOD_STRUCT ok" >>"$plan"
	expect=$((expect + 3))
	rm -f "$TMP/junk"
	(cd "$stage" && find . -print0 | cpio --null -o -H newc --quiet) >"$TMP/initramfs.cpio" ||
		fail "cpio"

	# Boot (TCG: -enable-kvm hangs on these machines).
	cons=$KOUT.console.log
	echo "booting $KOUT/arch/x86/boot/bzImage, console in $cons"
	timeout "$KBOOT_TIMEOUT" qemu-system-x86_64 -nographic -no-reboot -m 512 \
		-kernel "$KOUT/arch/x86/boot/bzImage" -initrd "$TMP/initramfs.cpio" \
		-append "console=ttyS0 panic=-1" </dev/null >"$TMP/console.raw" 2>&1
	n=$?
	tr -d '\r' <"$TMP/console.raw" >"$cons"
	[ $n -eq 124 ] && { tail -n 30 "$cons"; fail "the guest did not stop within ${KBOOT_TIMEOUT}s"; }
	t2=$(date +%s)
	grep -E 'CHECK (ok|FAILED) |ALL-CHECKS-DONE' "$cons"
	done_line=$(grep -oE 'ALL-CHECKS-DONE [0-9]+ ok [0-9]+ failed' "$cons" | tail -n 1)
	[ -n "$done_line" ] || { tail -n 30 "$cons"; fail "the guest's init did not finish its checks"; }
	set -- $done_line
	nok=$2 nfail=$4
	[ "$nfail" -eq 0 ] || fail "$nfail checks failed in the guest"
	[ "$nok" -eq "$expect" ] || fail "$nok checks done in the guest, want $expect"
	n=$(grep -c "failed to validate module \[$KBAD\] BTF" "$cons")
	[ "$n" -eq 1 ] || fail "the kernel did not say once that $KBAD's damaged BTF failed to validate ($n)"
	grep -E 'failed to validate module' "$cons" | grep -vF "[$KBAD]" &&
		fail "the kernel refused a module's BTF"
	grep -E 'WARNING:|BUG:|Call Trace|Oops' "$cons" && fail "the kernel warned"
	pass "$KVER $tc${variant:+ $variant} kernel: built in $((t1 - t0))s with our pahole ($(($(echo $KMODULES | wc -w) + 1)) BTF steps, silent), booted in $((t2 - t1))s, $nok checks ok"
}
