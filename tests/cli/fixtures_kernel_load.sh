# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# The running kernel's BTF verifier must accept what we encode for every
# fixture: it checks what a canonical-text comparison cannot, such as member
# offsets inside the struct size, resolvable references and valid names.
# Denied BPF_BTF_LOAD (no root, seccomp) is a skip, never a pass.
. "$TOP/tests/lib.sh"

[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
[ -x "$BTFLOAD" ] || fail "$BTFLOAD is not built"

mkdir -p "$TMP/fixtures" || fail "cannot create $TMP/fixtures"
cp "$TOP"/tests/fixtures/*.c "$TOP"/tests/fixtures/*.S "$TMP/fixtures/" 2>/dev/null
ls "$TMP"/fixtures/*.c >/dev/null 2>&1 || fail "no fixtures in $TOP/tests/fixtures"

# compiler:DWARF version pairs, all at -O2
VARIANTS="gcc:5 clang:5 gcc:4"

loaded=0 denied=0 empty=0 denied_msg=""
for src in "$TMP"/fixtures/*.c "$TMP"/fixtures/*.S; do
	[ -f "$src" ] || continue
	name=$(basename "$src")
	name=${name%.*}
	for v in $VARIANTS; do
		cc=${v%:*} dv=${v#*:}
		command -v "$cc" >/dev/null 2>&1 || continue
		case="$name $cc dwarf$dv -O2"
		base=$TMP/$name-$cc-dwarf$dv
		if ! compile "$src" "$cc" "$dv" -O2 "$base.o" >"$base.cc.log" 2>&1; then
			echo "FAILED $case: does not compile"
			head -5 "$base.cc.log"
			no
			continue
		fi
		rm -f "$base.btf"
		if ! "$PAHOLE" $REF_FLAGS --btf_encode_detached="$base.btf" "$base.o" \
				>"$base.pahole.log" 2>&1; then
			echo "FAILED $case: pahole failed"
			head -5 "$base.pahole.log"
			no
			continue
		fi
		# a CU without types (clang's assembler output) legitimately gives no file
		if [ ! -e "$base.btf" ]; then
			empty=$((empty + 1))
			continue
		fi
		"$BTFLOAD" "$base.btf" >"$base.load.log" 2>&1
		rc=$?
		case $rc in
		0) loaded=$((loaded + 1)) ;;
		3)
			denied=$((denied + 1))
			denied_msg=$(tail -n 1 "$base.load.log")
			denied_msg=${denied_msg##*: }
			;;
		*)
			echo "FAILED $case: the kernel rejected our BTF (btfload exit $rc)"
			head -40 "$base.load.log"
			no
			;;
		esac
	done
done

# A refused BTF_LOAD is a skip only where nothing failed.
[ "$bad" -gt 0 ] || [ "$loaded" -gt 0 ] || [ "$denied" -eq 0 ] ||
	skip "kernel refused BTF_LOAD: $denied_msg ($denied files)"
[ "$loaded" -gt 0 ] || [ "$denied" -gt 0 ] || no "no BTF was produced to load"
finish "BTF files rejected or not produced" "$loaded BTF files accepted by the kernel ($empty without types, $denied denied)"
