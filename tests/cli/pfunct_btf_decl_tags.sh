# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# pfunct prints the BTF decl tags of a function before its prototype and
# those of a parameter before that parameter, as upstream v1.32 does (its
# tests/pfunct-btf-decl-tags.sh): clang's btf_decl_tag attributes, encoded
# by our pahole -J, read back with pfunct -F btf. DWARF input prints none.
# Also the running kernel's BTF (its bpf_kfunc tags), compared with v1.32.
. "$TOP/tests/lib.sh"
command -v clang >/dev/null || skip "no clang"
PFUNCT=$(sibling pfunct)

cd "$TMP" || fail "no temp dir"
cat >t.c <<'SRC'
#define __tag(x) __attribute__((btf_decl_tag(#x)))
__tag(a) __tag(b) __tag(c) void foo(void) {}
__tag(a) __tag(b)          void bar(void) {}
__tag(a)                   void buz(void) {}
void qux(int __tag(param_a) arg) {}
SRC
"$UPSTREAM" pfunct --version >/dev/null 2>&1
[ $? -eq 77 ] && up= || up=1
cat >tags.txt <<'TXT'
a b c void foo(void);
a b void bar(void);
a void buz(void);
void qux(param_a int arg);
TXT
for v in 4 5; do
	clang -g -gdwarf-$v -c t.c -o t$v.o || { no "clang -gdwarf-$v"; continue; }
	"$PAHOLE" -J t$v.o || { no "pahole -J on DWARF $v"; continue; }
	"$PFUNCT" -P -F btf t$v.o | sort >got$v.txt || no "pfunct -F btf exited non-zero"
	cmp -s tags.txt got$v.txt || no "DWARF $v: $(diff tags.txt got$v.txt | head -n 6)"
	"$PFUNCT" -P -F dwarf t$v.o | sort >dwarf$v.txt
	grep -q '^a \|param_a' dwarf$v.txt && no "DWARF $v: tags printed from DWARF: $(head -n 2 dwarf$v.txt)"
	if [ -n "$up" ]; then
		same_as_upstream "DWARF $v" pfunct -P -F btf t$v.o
	else
		echo "upstream v1.32 cannot run here: not compared with it"
	fi
done
if [ -r /sys/kernel/btf/vmlinux ] && [ -n "$up" ] && cat /sys/kernel/btf/vmlinux >rk.btf; then
	SAME_STATUS=0 same_as_upstream "running kernel's BTF" pfunct -P -F btf rk.btf
	echo "running kernel: $(grep -c '^[a-z_]* .*(.*);$' "$TMP/got.txt") functions," \
		"$(grep -c '^bpf_kfunc ' "$TMP/got.txt") tagged bpf_kfunc"
else
	echo "no running kernel's BTF or no upstream v1.32 here: the kernel not compared"
fi
finish "pfunct decl tags" "decl tags of functions and parameters as v1.32 prints them, DWARF 4 and 5"
