#!/usr/bin/env bash
# make demo: encode the Debian cloud vmlinux with the flags a kernel build
# passes and print a short summary.
TOP=$(cd "$(dirname "$0")/.." && pwd)
KCACHE=${PAHOLE_TEST_CACHE:-/var/cache/pahole-tests}
. "$TOP/tests/lib.sh"
echo "Fetching $VMLINUX_PKG into $KCACHE (once)..."
v=$(vmlinux_path) || { echo "demo: cannot fetch $VMLINUX_PKG" >&2; exit 1; }
out=$TMP/vmlinux.btf
echo "Encoding $(basename "$v") ($(( $(stat -c %s "$v") / 1048576 )) MiB) with -j..."
start=$(date +%s%N)
"$TOP/build/pahole" $REF_FLAGS -j --btf_encode_detached="$out" "$v" || exit 1
ms=$(( ($(date +%s%N) - start) / 1000000 ))
bpftool btf dump file "$out" | awk -v ms="$ms" '
	/^\[/ { types++; kinds[$2]++ }
	END {
		printf "types:     %d\n", types
		printf "functions: %d\n", kinds["FUNC"]
		printf "structs:   %d, unions: %d, enums: %d, typedefs: %d\n",
			kinds["STRUCT"], kinds["UNION"], kinds["ENUM"] + kinds["ENUM64"], kinds["TYPEDEF"]
		printf "time:      %.2f s\n", ms / 1000
	}'
echo "size:      $(stat -c %s "$out") bytes of BTF"
