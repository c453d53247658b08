#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# codiff on two kernels' BTF: upstream's BTF of the Debian 6.1 kernel
# (tests/reference/v1.32) against the .BTF of Debian's 6.12 kernel (fetched
# once into $KCACHE/codiff, only its BTF kept). It must finish without error
# in under a minute and report struct task_struct changed (it grew between
# the two), in the default, -s -V and -t texts; each kernel against itself
# prints nothing.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
CODIFF=$(sibling codiff)
[ -x "$CODIFF" ] || fail "no $CODIFF"
OLD=$REF_BTF
[ -f "$OLD" ] || skip "no $OLD"
K612_PKG=linux-image-6.12.107+deb12-cloud-amd64-dbg
K612_REL=usr/lib/debug/boot/vmlinux-6.12.107+deb12-cloud-amd64

# k612_btf: the .BTF section of the 6.12 vmlinux, extracted into $KCACHE
# once (beside the target, then renamed); the package and the vmlinux are
# not kept. Prints its path.
k612_btf() {
	local f=$KCACHE/codiff/vmlinux-6.12.107+deb12-cloud-amd64.btf part
	if [ ! -f "$f" ]; then
		mkdir -p "$KCACHE/codiff" || return 1
		(cd "$KCACHE" && ls ${K612_PKG}_*.deb >/dev/null 2>&1 ||
			apt-get download "$K612_PKG" >/dev/null 2>&1) || return 1
		part=$(mktemp -d "$KCACHE/codiff/.part.XXXXXX") || return 1
		dpkg-deb --fsys-tarfile "$KCACHE"/${K612_PKG}_*.deb |
			tar -x -C "$part" "./$K612_REL" &&
			objcopy --dump-section .BTF="$part/btf" "$part/$K612_REL" "$part/copy" &&
			mv -f "$part/btf" "$f"
		rm -rf "$part"
		[ -f "$f" ] || return 1
		rm -f "$KCACHE"/${K612_PKG}_*.deb
	fi
	echo "$f"
}

NEW=$(k612_btf) || skip "cannot fetch $K612_PKG"
for args in "" "-s -V" "-t"; do
	start=$(date +%s)
	# shellcheck disable=SC2086 # word-split on purpose
	timeout 120 "$CODIFF" $args "$OLD" "$NEW" >"$TMP/out.txt" 2>"$TMP/err.txt"
	rc=$? secs=$(($(date +%s) - start))
	[ $rc -eq 0 ] || no "codiff $args: exit $rc: $(head -n 1 "$TMP/err.txt")"
	[ -s "$TMP/err.txt" ] && no "codiff $args: stderr: $(head -n 1 "$TMP/err.txt")"
	[ $secs -lt 60 ] || no "codiff $args: took ${secs}s"
	[ "$(head -n 1 "$TMP/out.txt")" = "$OLD:" ] || no "codiff $args: no header"
	case $args in
	-t) want='^struct task_struct: size' ;;
	*) want='^  struct task_struct +\| +\+[0-9]+$' ;;
	esac
	grep -qE "$want" "$TMP/out.txt" ||
		no "codiff $args: no task_struct line ($want)"
	echo "codiff $args: $(wc -l <"$TMP/out.txt") lines in ${secs}s"
done
grep -qE '^ [0-9]+ structs changed$' "$TMP/out.txt" && no "-t printed a count"
for f in "$OLD" "$NEW"; do
	"$CODIFF" -V "$f" "$f" >"$TMP/out.txt" 2>&1 || no "$f against itself: exit $?"
	[ -s "$TMP/out.txt" ] && no "$f against itself: $(head -n 1 "$TMP/out.txt")"
done
finish "codiff of the two kernels' BTF" "6.1 against 6.12 BTF: task_struct changed, under a minute; each against itself: nothing"
