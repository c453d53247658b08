# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# A file big enough has its unchanged start copied on a thread of its own
# while it is encoded (btf_elf__start_copy()): the result is the same as
# without, for .BTF added, replaced by the same, grown and shrunk, before
# the symbol table or last. Checked as inplace_fixture does: .BTF is the
# detached output, every other part of the file as it was (elfcmp); -VV
# says how much was copied ahead, and a small file copies nothing ahead.
. "$TOP/tests/lib.sh"
command -v llvm-objcopy >/dev/null || skip "no llvm-objcopy"
cd "$TMP" || fail "no temp dir"
small_exe small.exe || fail "gcc"
pad_object small.exe big.exe $((24 << 20)) /dev/urandom || fail "objcopy .pad"
"$PAHOLE" -J --btf_encode_detached=want.btf small.exe || fail "detached"
ahead=0
# run NAME ORIG: pahole -J -VV on NAME, made from ORIG; counts copies ahead.
run() {
	"$PAHOLE" -J -VV "$1" 2>"$1.log" || { no "$1: pahole -J failed: $(tail -n 2 "$1.log")"; return; }
	grep -q 'bytes were copied ahead' "$1.log" && ahead=$((ahead + 1))
	inplace_check "$1" "$2" want.btf || no
}
cp small.exe small.add && run small.add small.exe
[ $ahead -eq 0 ] || no "a small file was copied ahead"
cp big.exe big.add && run big.add big.exe
cp big.add big.again && run big.again big.add
cmp -s big.add big.again || no "a second run changed the file"
head -c 4 /dev/zero >tiny && head -c 65536 /dev/zero >large
big=2
for tool in objcopy llvm-objcopy; do
	for size in tiny large; do
		g=big.$tool.$size
		$tool --add-section .BTF=$size big.exe "$g" || fail "$tool"
		cp "$g" "$g.orig" && run "$g" "$g.orig"
		big=$((big + 1))
	done
done
[ $ahead -eq $big ] || no "$ahead of $big big files were copied ahead"
finish "copied ahead" "$ahead big files copied ahead, each as written without; a small one not"
