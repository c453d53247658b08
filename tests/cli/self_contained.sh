# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# The repository stands alone: no script of the tests, the benchmark, the
# Makefile or CI reads a folder beside the checkout (a sibling folder or any
# "$TOP/.." path), and every test that compares with upstream v1.32 runs it
# through the project's own tests/tools/upstream.
. "$TOP/tests/lib.sh"
cd "$TOP" || fail "no checkout"
# The checkout's files (a copy without git, as a package build's: all files).
list=$(git ls-files 2>/dev/null) || list=$(find . -type f ! -path './build*' | sed 's|^\./||')
files=$(echo "$list" | grep -E '^(tests/(cli|distro|faults|kernel|tools|fixtures)/|tests/[^/]*$|bench/|Makefile$|\.ci/)' |
	grep -v -E '\.(o|btf|gz|xz|txt|tsv)$')
[ -n "$files" ] || fail "no files found"
# The folder's name, spelt so that this file does not name it.
sib=shar
sib=${sib}ed
n=0
for f in $files; do
	[ -f "$f" ] || continue
	grep -I -q . "$f" || continue   # binary
	n=$((n + 1))
	grep -n -E "\\.\\./$sib|\\\$\\{?${sib^^}|TOP/\\.\\.[/\"]" "$f" | grep -v -e '^[0-9]*:#' -e '^[0-9]*:\s*#' |
		sed "s|^|$f:|" >>"$TMP/hits"
done
[ -s "$TMP/hits" ] && fail "reads outside the repository: $(head -n 3 "$TMP/hits")"
pass "$n files read nothing beside the checkout"
