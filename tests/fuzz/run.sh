#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# run.sh SECONDS HARNESS...: runs each libFuzzer harness (build-fuzz/fuzz_NAME)
# for SECONDS, niced, on a corpus kept in build-fuzz/corpus/NAME and seeded
# from seeds_NAME below (if any) and tests/fuzz/regressions/NAME. A crashing
# input is written to build-fuzz/artifacts/; the run then fails. Keep such an
# input, once fixed, in tests/fuzz/regressions/NAME/ (make check replays it).
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
export TOP
. "$TOP/tests/lib.sh"
trap - EXIT; rm -rf "$TMP"
secs=${1:?usage: run.sh SECONDS HARNESS...}
shift
out=$TOP/build-fuzz
PAHOLE=${PAHOLE:-$TOP/build/pahole}

# DWARF harness seeds: the fixture objects, and the shapes of the valid
# bad-input cases (DWARF 2 and 3, compressed, 32-bit, big-endian, type units
# unlinked and linked).
seeds_dwarf() {
	local dir=$1 src=$TOP/tests/fixtures/struct_union.c
	fixture_objects "$dir" >/dev/null || return 1
	gcc -c -g -gdwarf-2 -o "$dir/dwarf2.o" "$src" &&
	gcc -c -g -gdwarf-3 -o "$dir/dwarf3.o" "$src" &&
	gcc -c -g -gz -o "$dir/gz.o" "$src" &&
	gcc -c -g -gdwarf-4 -fdebug-types-section -o "$dir/types.o" "$src" || return 1
	# Linked type units, which the loader reads (unlinked ones are refused).
	gcc -shared -nostdlib -fPIC -g -gdwarf-4 -fdebug-types-section -o "$dir/types4.so" \
		"$src" &&
	gcc -shared -nostdlib -fPIC -g -gdwarf-5 -fdebug-types-section -o "$dir/types5.so" \
		"$src" || return 1
	gcc -m32 -c -g -o "$dir/m32.o" "$src" 2>/dev/null
	clang --target=s390x-linux-gnu -c -g -o "$dir/s390x.o" "$src" 2>/dev/null
	rm -f "$dir"/*.log
}

# BTF harness seeds: our BTF of every fixture object, raw and as a .BTF section.
seeds_btf() {
	local dir=$1 o
	fixture_objects "$dir/obj" >/dev/null || return 1
	for o in "$dir"/obj/*.o; do
		"$PAHOLE" -J --btf_features=default --btf_encode_detached="$dir/$(basename "$o").btf" \
			"$o" 2>/dev/null
		cp "$o" "$dir/$(basename "$o").elf" && "$PAHOLE" -J "$dir/$(basename "$o").elf" \
			2>/dev/null
	done
	rm -rf "$dir/obj"
}

# Option harness seeds: command lines, one argument a line.
seeds_options() {
	local dir=$1 i=0 line
	mkdir -p "$dir" || return 1
	while IFS= read -r line; do
		i=$((i + 1))
		printf '%s\n' $line >"$dir/cmd$i"
	done <<EOC
$REF_FLAGS -j --btf_encode_detached=out.btf vmlinux
$OLD_FLAGS --btf_encode_detached=out.btf vmlinux
-J --btf_base vmlinux --btf_features=+distilled_base,global_var module.ko
-j8 --cu_window=3 --phase_stats -J --skip_encoding_btf_vars --btf_gen_floats x.o
-C task_struct,list_head -E --hex -c 32 --sizes -F dwarf,btf vmlinux
--sort -F btf --contains list_head -y pre -x ex --count 3 --skip 1 x.btf
--btf_features_strict=var,float --supported_btf_features --version -V
-R -S -P -H 2 -B 1 -z 8 --padding_ge 4 --with_flexible_array -I -d --lang_exclude=rust,c++
EOC
}

rc=0
for h in "$@"; do
	name=$(basename "$h")
	name=${name#fuzz_}
	corpus=$out/corpus/$name
	seeds=$out/seeds/$name
	mkdir -p "$corpus" "$out/artifacts" || exit 1
	dirs=("$corpus")
	if declare -F "seeds_$name" >/dev/null; then
		rm -rf "$seeds"
		"seeds_$name" "$seeds" || { echo "cannot build the $name seeds"; exit 1; }
		dirs+=("$seeds")
	fi
	[ -d "$TOP/tests/fuzz/regressions/$name" ] && dirs+=("$TOP/tests/fuzz/regressions/$name")
	echo "== $name: ${secs}s"
	log=$out/$name.log
	if nice -n 10 timeout $((secs + 300)) "$h" -max_total_time="$secs" -timeout=10 \
		-rss_limit_mb=2048 -print_final_stats=1 \
		-artifact_prefix="$out/artifacts/$name-" "${dirs[@]}" >"$log" 2>&1; then
		grep -E 'INITED|DONE|stat::' "$log"
	else
		tail -n 60 "$log"
		echo "== $name: FAILED (whole log in $log)"
		rc=1
	fi
done
exit $rc
