# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pahole -J -V prints upstream v1.32's trace of its encoder on stdout, line
# for line: each type it appends with upstream's pre-dedup id (repeats of
# earlier CUs included), the items of structs, enums and prototypes, the
# functions with their skip notes, VARs and DATASECs, and its notes on the
# file, CUs and variables. The expected traces are upstream's
# (tests/fixtures/verbose_trace/regenerate.sh): for two small CUs, linked
# and relocatable, detached, in place and with -j2; and the SHA-256 of its
# trace of the Debian vmlinux (452 MB), outside check-quick.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
FIX=$TOP/tests/fixtures/verbose_trace
FEATURES=--btf_features=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func,decl_tag_kfuncs
cp "$FIX"/trace_a.c "$FIX"/trace_b.c "$TMP"/ || fail "cannot copy the fixtures"
cd "$TMP" || fail "no temp dir"
gcc -g -gdwarf-5 -O0 -o trace trace_a.c trace_b.c || fail "cannot build trace"
gcc -g -gdwarf-5 -O0 -c trace_a.c trace_b.c && ld -r -o trace.o trace_a.o trace_b.o ||
	fail "cannot build trace.o"
n=0
# check WANT FILE ARGS...: pahole -V ARGS on FILE writes WANT's lines on stdout.
check() {
	local want=$1 file=$2
	shift 2
	n=$((n + 1))
	"$PAHOLE" -V "$@" "$file" >out.txt 2>err.txt || { no "$want [$*]: failed: $(head -n 3 err.txt)"; return; }
	diff "$FIX/$want" out.txt >diff.txt ||
		{ no "$want [$*]: the trace differs (< upstream, > ours):"; head -n 20 diff.txt; }
}
check trace.global_var.txt trace -J "$FEATURES,global_var" --lang_exclude=rust --btf_encode_detached=g.btf
check trace.global_var.txt trace -J -j2 "$FEATURES,global_var" --lang_exclude=rust --btf_encode_detached=g.btf
check trace.o.ref_flags.txt trace.o -J "$FEATURES" --lang_exclude=rust --btf_encode_detached=r.btf
check trace.o.ref_flags.txt trace.o -J -j2 "$FEATURES" --lang_exclude=rust --btf_encode_detached=r.btf
check trace.o.no_enum64.txt trace.o -J -j2 --skip_encoding_btf_enum64 --btf_encode_detached=e.btf
# In place: the same trace, and the same BTF as detached.
mkdir in && cp trace.o in/ || fail "cannot copy trace.o"
(cd in && "$PAHOLE" -V -J -j2 "$FEATURES" --lang_exclude=rust trace.o >../out.txt 2>../err.txt) ||
	no "in place: failed: $(head -n 3 err.txt)"
n=$((n + 1))
diff "$FIX/trace.o.ref_flags.txt" out.txt >diff.txt ||
	{ no "in place: the trace differs (< upstream, > ours):"; head -n 20 diff.txt; }
"$PAHOLE" -J "$FEATURES" --lang_exclude=rust --btf_encode_detached=q.btf trace.o 2>/dev/null ||
	no "without -V: failed"
cmp -s q.btf r.btf || no "-V changes the BTF"
objcopy --dump-section .BTF=in.btf in/trace.o junk 2>/dev/null && cmp -s in.btf r.btf ||
	no "in place: .BTF differs from the detached BTF"
if [ -z "$QUICK" ] && v=$(vmlinux_path); then
	n=$((n + 1))
	sum=$(cd "$(dirname "$v")" && "$PAHOLE" -V -J -j2 "$FEATURES" --lang_exclude=rust \
		--btf_encode_detached="$TMP/v.btf" "$(basename "$v")" 2>/dev/null | sha256sum | cut -d' ' -f1)
	[ "$sum" = "$(cat "$FIX/vmlinux.sha256")" ] || no "vmlinux: the trace's SHA-256 is $sum, upstream's $(cat "$FIX/vmlinux.sha256")"
	cmp -s v.btf "$REF_BTF" || no "vmlinux: -V changes the BTF"
fi
finish "-V trace" "$n traces as upstream's"
