#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# BTF's VARs are the variables of pglobal -v -F btf and of pdwtags -F btf,
# as upstream v1.32 reads them (run live; skips where it cannot run): on
# programs compiled with gcc and clang, DWARF 4 and 5, -O0 and -O2, given
# BTF with their global variables, and on the running kernel's BTF.
. "$TOP/tests/lib.sh"
PGLOBAL=$(sibling pglobal)
PDWTAGS=$(sibling pdwtags)

[ -x "$PGLOBAL" ] && [ -x "$PDWTAGS" ] || fail "pglobal or pdwtags is not built"
"$UPSTREAM" pglobal --version >/dev/null 2>&1
[ $? -ne 77 ] || skip "upstream v1.32 cannot be run here"

cat >"$TMP/vars.c" <<'EOT'
struct point { int x, y; };
struct point g_point = { 1, 2 };
int g_array[4];
const char *const g_names[2] = { "a", "b" };
static long s_count = 3;
unsigned char g_flag;
int main(void) { return g_point.x + g_array[1] + (int)s_count + g_flag + g_names[0][0]; }
EOT

# one_build CC DWARF_VERSION OPT NAME
one_build() {
	local exe=$TMP/vars-$4
	"$1" -g -gdwarf-"$2" "$3" -o "$exe" "$TMP/vars.c" || fail "cannot compile with $1"
	"$PAHOLE" -J --btf_features=default,global_var "$exe" ||
		fail "$(basename "$exe"): pahole -J failed"
	grep -q "g_point" <("$PGLOBAL" -v -F btf "$exe") ||
		no "$(basename "$exe"): pglobal -v -F btf does not list g_point"
	same_as_upstream "$(basename "$exe") pglobal -v" pglobal -v -F btf "$exe"
	same_as_upstream "$(basename "$exe") pdwtags" pdwtags -F btf "$exe"
}
for_each_build one_build
n=$BUILDS
if [ -r /sys/kernel/btf/vmlinux ]; then
	same_as_upstream "running kernel pglobal -v" pglobal -v -F btf /sys/kernel/btf/vmlinux
	n=$((n + 1))
fi
finish "BTF variables of $n files" "$n files' BTF variables as upstream v1.32 lists them"
