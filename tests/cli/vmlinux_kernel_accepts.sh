# The running kernel's BTF verifier accepts our vmlinux BTF.
. "$TOP/tests/lib.sh"
[ -n "$QUICK" ] && skip "real kernel not run in check-quick"
v=$(vmlinux_path) || skip "cannot fetch $VMLINUX_PKG"
"$PAHOLE" $REF_FLAGS -j1 --btf_encode_detached="$TMP/vmlinux.btf" "$v" ||
	fail "encoding failed"
"$BTFLOAD" "$TMP/vmlinux.btf"
case $? in
0) pass "kernel accepted" ;;
3) skip "kernel does not permit BTF_LOAD here" ;;
*) fail "kernel rejected the BTF" ;;
esac
