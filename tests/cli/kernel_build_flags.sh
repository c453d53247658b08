# tags: offline (no network, no kernel package)
# Every pahole command line that kernels 5.2 to 7.1 (mainline, stable trees
# and distribution patches) run, on a small "vmlinux" (a linked program)
# and "module" (an object):
# each exits 0 with nothing on stderr and leaves BTF where the kernel looks
# for it (.BTF in the file, or the detached file), and the module's BTF is
# split BTF that libbpf reads on the vmlinux BTF.
. "$TOP/tests/lib.sh"
BPFTOOL=/usr/sbin/bpftool
[ -x "$BPFTOOL" ] || skip "no $BPFTOOL"
command -v gcc >/dev/null || skip "no gcc"
cd "$TMP" || fail "no temp dir"
cat >core.c <<'EOF'
struct list_head { struct list_head *next, *prev; };
struct task { struct list_head tasks; int pid; double load; unsigned long long ns; } init_task;
enum wide { W_BIG = 0x100000001ULL } w;
int main(void) { return init_task.pid; }
EOF
cat >mod.c <<'EOF'
struct list_head { struct list_head *next, *prev; };
struct task { struct list_head tasks; int pid; double load; unsigned long long ns; };
struct mod_state { struct task *owner; struct list_head link; long counter; } mod_state;
EOF
gcc -g core.c -o core && gcc -g -c mod.c -o mod.o || fail "gcc"

F=encode_force,var,float,enum64,decl_tag,type_tag,optimized_func,consistent_func
K=$F,decl_tag_kfuncs
LEGACY125="--skip_encoding_btf_inconsistent_proto --btf_gen_optimized"
# era | vmlinux input | flags (both) | vmlinux-only flags | module-only flags
# A module flags field of "-" means the era encodes no module BTF.
ERAS=$(cat <<EOF
5.2-5.3|vmlinux|||-
5.4-5.10|.tmp_vmlinux.btf|||-
5.11-5.12|.tmp_vmlinux.btf|||
5.13|.tmp_vmlinux.btf||--btf_gen_floats|
5.14-5.15 claim 1.18-1.20|.tmp_vmlinux.btf||--skip_encoding_btf_vars|
5.14-5.15 claim 1.21|.tmp_vmlinux.btf||--skip_encoding_btf_vars --btf_gen_floats|
5.16-5.17|.tmp_vmlinux.btf|--btf_gen_floats||
5.10.y 5.15.y|.tmp_vmlinux.btf|--btf_gen_floats --skip_encoding_btf_enum64 $LEGACY125||
5.18-6.1|.tmp_vmlinux.btf|--btf_gen_floats -j||
6.1.y 6.2-6.3|.tmp_vmlinux.btf|--btf_gen_floats -j --lang_exclude=rust||
6.4-6.9|.tmp_vmlinux.btf|--btf_gen_floats -j --lang_exclude=rust $LEGACY125||
6.10 claim 1.25|.tmp_vmlinux.btf|--btf_gen_floats -j $LEGACY125 --lang_exclude=rust||
6.10|.tmp_vmlinux.btf|-j --btf_features=$F --lang_exclude=rust||
6.11-6.13|.tmp_vmlinux1|-j --btf_features=$K --lang_exclude=rust||
6.11-6.14 external|.tmp_vmlinux1|-j --btf_features=$K --lang_exclude=rust||--btf_features=distilled_base
6.14-6.15|.tmp_vmlinux1|-j16 --btf_features=$K --lang_exclude=rust||
6.16-6.19|.tmp_vmlinux1|-j16 --btf_features=$K --btf_features=attributes --lang_exclude=rust||
6.16-6.19 external|.tmp_vmlinux1|-j16 --btf_features=$K --btf_features=attributes --lang_exclude=rust||--btf_features=distilled_base
Debian 6.12 reproducible|.tmp_vmlinux1|-j --btf_features=+reproducible_build --btf_features=$K --lang_exclude=rust||
SUSE|.tmp_vmlinux1|-j1 --btf_features=$K --lang_exclude=rust||
7.0 claim 1.25|.tmp_vmlinux1|--btf_gen_floats -j16 $LEGACY125 --lang_exclude=rust||
7.0|.tmp_vmlinux1|-j16 --btf_features=$K --btf_features=attributes --lang_exclude=rust||
7.1|.tmp_vmlinux1|-j16 --btf_features=$K --btf_features=attributes --btf_features=layout --lang_exclude=rust||
EOF
)
n=0

# run WHAT CMD...: CMD must exit 0 and print nothing.
run() {
	local what=$1
	shift
	if ! "$@" >out.txt 2>err.txt || [ -s out.txt ] || [ -s err.txt ]; then
		no "$era: $what: exit $?, output: $(cat out.txt err.txt)"
		return 1
	fi
	n=$((n + 1))
}

# has_btf FILE OUT: FILE has a .BTF section, dumped to OUT.
has_btf() {
	objcopy --dump-section .BTF="$2" "$1" junk 2>/dev/null && [ -s "$2" ]
}

while IFS='|' read -r era input both vonly monly; do
	dir=$TMP/$(echo "$era" | tr -c 'a-zA-Z0-9.\n' _)
	mkdir "$dir" && cd "$dir" || fail "mkdir"
	cp ../core "$input" && cp ../mod.o m.ko || fail "cp"
	# vmlinux: in place up to 6.19, detached since 7.0 (gen-btf.sh).
	case $era in
	7.*)	run vmlinux "$PAHOLE" -J $both $vonly --btf_encode_detached="$input.BTF.1" "$input" &&
			objcopy --add-section .BTF="$input.BTF.1" "$input" vmlinux ;;
	*)	run vmlinux env LLVM_OBJCOPY=objcopy "$PAHOLE" -J $both $vonly "$input" &&
			{ [ "$input" = vmlinux ] || cp "$input" vmlinux; } ;;
	esac
	has_btf vmlinux vmlinux.btf || no "$era: vmlinux: no .BTF"
	"$BPFTOOL" btf dump file vmlinux >/dev/null 2>&1 || no "$era: vmlinux: bpftool cannot read it"
	cd "$TMP" || fail "cd"
	[ "$monly" = - ] && continue
	cd "$dir" || fail "cd"
	case $era in
	7.*)	run module "$PAHOLE" -J $both --btf_base ./vmlinux --btf_encode_detached=m.ko.BTF.1 m.ko &&
			cp m.ko.BTF.1 m.btf ;;
	*)	run module env LLVM_OBJCOPY=objcopy "$PAHOLE" -J $both $monly --btf_base vmlinux m.ko &&
			{ has_btf m.ko m.btf || no "$era: module: no .BTF"; } ;;
	esac
	"$BPFTOOL" -B vmlinux.btf btf dump file m.btf >dump.txt 2>&1 ||
		no "$era: module: bpftool cannot read it as split BTF: $(tail -n 1 dump.txt)"
	grep -q "STRUCT 'mod_state'" dump.txt || no "$era: module: no mod_state in its BTF"
	# (struct task may repeat: 5.13-5.15 encode floats in vmlinux only.)
	grep -q "STRUCT 'list_head'" dump.txt && no "$era: module: repeats the base's list_head"
	readelf -SW m.ko | grep -q '\.BTF\.base' && no "$era: module: has .BTF.base"
	cd "$TMP" || fail "cd"
done <<<"$ERAS"

# Spellings other tools use (kernel-usage.md 3.1, 4).
era=spellings
cp core v && cp mod.o m.o || fail "cp"
"$PAHOLE" -JV m.o >/dev/null 2>&1 && readelf -SW m.o | grep -q '\.BTF ' || no "$era: -JV failed"
run "file before options" "$PAHOLE" -J v --btf_encode_detached=v.btf
run "--btf_encode_detached FILE" "$PAHOLE" --btf_encode_detached v2.btf v
cmp -s v.btf v2.btf || no "$era: --btf_encode_detached FILE wrote another BTF"
run "--btf_base=FILE" "$PAHOLE" -J --btf_base=v.btf --btf_encode_detached=m.btf m.o
run "--jobs=2" "$PAHOLE" --jobs=2 -J --btf_encode_detached=v3.btf v
finish "kernel command lines" "$n command lines of $(wc -l <<<"$ERAS") kernel eras and other tools accepted"
