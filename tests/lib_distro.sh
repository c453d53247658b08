# Helpers of tests/distro/*.sh (make check-distro), sourced after tests/lib.sh:
# the Debian kernel's debug files as distributions that run dwz ship them,
# made once into $KCACHE (beside the kernel package, never in the tree).

KREL=6.1.0-57-cloud-amd64
DEBUG_MODULES=usr/lib/debug/lib/modules/$KREL/kernel

# dwz_vmlinux: the vmlinux after dwz alone (-L none -l none: no limits; about
# 7 minutes and 2 GB), made once as $KCACHE/dwz/vmlinux; prints its path.
dwz_vmlinux() {
	local out=$KCACHE/dwz/vmlinux v part
	if [ ! -f "$out" ]; then
		v=$(vmlinux_path) || return 1
		mkdir -p "$KCACHE/dwz" || return 1
		part=$(mktemp "$KCACHE/dwz/.vmlinux.XXXXXX") || return 1
		echo "dwz on a copy of $v (about 7 minutes, 2 GB), once" >&2
		cp "$v" "$part" && dwz -L none -l none "$part" >&2 && mv -f "$part" "$out"
		rm -f "$part"
		[ -f "$out" ] || return 1
	fi
	echo "$out"
}

# dwz_multi_tree: the vmlinux laid out as a distribution's debug package
# installs it, after dwz -m: the DIEs it shares with a second kernel image
# (a copy of it, named vmlinux-$KREL-2) moved into one supplementary file,
# ROOT/usr/lib/debug/.dwz/linux-image-$KREL.debug, that each image's
# .gnu_debugaltlink names by that absolute path; and the nine reference
# modules beside them, as they are: dwz takes only executables and shared
# objects ("is not a shared library" for a .ko, ET_REL). Made once under
# $KCACHE/dwz-m; prints ROOT.
dwz_multi_tree() {
	local root=$KCACHE/dwz-m part rel m v
	if [ ! -f "$root/done" ]; then
		v=$(vmlinux_path) || return 1
		rm -rf "$root"
		part=$(mktemp -d "$KCACHE/.dwz-m.XXXXXX") || return 1
		mkdir -p "$part/usr/lib/debug/boot" "$part/usr/lib/debug/.dwz" || return 1
		cp "$v" "$part/$VMLINUX_REL" && cp "$v" "$part/$VMLINUX_REL-2" || return 1
		for m in $REF_MODULES; do
			rel=$DEBUG_MODULES/$m.ko
			mkdir -p "$part/$(dirname "$rel")" && cp "$(module_path "$m")" "$part/$rel" ||
				return 1
		done
		echo "dwz -m over two kernel images (a few minutes, 4 GB), once" >&2
		(cd "$part" && dwz -L none -l none -m "usr/lib/debug/.dwz/linux-image-$KREL.debug" \
			-M "/usr/lib/debug/.dwz/linux-image-$KREL.debug" "$VMLINUX_REL" \
			"$VMLINUX_REL-2") >&2 && touch "$part/done" && mv -T "$part" "$root"
		rm -rf "$part"
		[ -f "$root/done" ] || return 1
	fi
	echo "$root"
}
