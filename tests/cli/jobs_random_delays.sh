# SPDX-License-Identifier: GPL-2.0-only
# tags: offline tsan (no network, no kernel package; threads under ThreadSanitizer)
# Thread timing never reaches the output: with random delays injected before
# each CU is handed over (and a long one on CU 0), 20 runs with different
# seeds, -j2 to -j8 and windows default and 1, give the bytes of -j1.
. "$TOP/tests/lib.sh"
[ -x "$PAHOLE" ] || fail "$PAHOLE is not built"
SEED_ENV=PAHOLE_TEST_CU_DELAY_SEED

# The variable is read: a malformed seed is refused.
env $SEED_ENV=x "$PAHOLE" $REF_FLAGS --btf_encode_detached="$TMP/x.btf" /dev/null 2>"$TMP/err"
rc=$?
[ "$rc" -eq 64 ] || fail "$SEED_ENV=x: exit $rc, want 64: $(cat "$TMP/err")"

runs=0
for cc in gcc clang; do
	command -v "$cc" >/dev/null 2>&1 || continue
	so=$(many_cus "$TMP/many-$cc" 60 "$cc") || fail "cannot build the many-CU object with $cc"
	"$PAHOLE" $REF_FLAGS -j1 --btf_encode_detached="$TMP/ref-$cc.btf" "$so" ||
		fail "$cc: -j1 failed"
	for seed in $(seq 1 20); do
		j=$((seed % 4 + 2))
		w=""
		[ $((seed % 2)) -eq 0 ] && w=--cu_window=1
		rm -f "$TMP/out.btf"
		runs=$((runs + 1))
		if ! env $SEED_ENV="$seed" "$PAHOLE" $REF_FLAGS -j"$j" $w \
				--btf_encode_detached="$TMP/out.btf" "$so" 2>"$TMP/err"; then
			no "FAILED $cc seed $seed -j$j $w: $(cat "$TMP/err")"
		elif ! cmp -s "$TMP/ref-$cc.btf" "$TMP/out.btf"; then
			no "DIFFERENT $cc seed $seed -j$j $w"
		fi
	done
done
[ "$runs" -gt 0 ] || skip "neither gcc nor clang found"
finish "$runs delayed runs against -j1" "$runs delayed runs (seeds 1-20, -j2..-j5, windows default and 1) equal -j1"
