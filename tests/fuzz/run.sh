#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# run.sh SECONDS HARNESS...: runs each libFuzzer harness (build-fuzz/fuzz_NAME)
# for SECONDS, niced, resuming from the committed corpus tests/fuzz/corpus/NAME;
# new inputs go to build-fuzz/corpus/NAME. The seeds of seeds_NAME below (if
# any, built afresh into build-fuzz/seeds/NAME) and tests/fuzz/regressions/NAME
# are read too. A crashing input is written to build-fuzz/artifacts/; the run
# then fails. Keep such an input, once fixed, in tests/fuzz/regressions/NAME/
# (make check replays it).
#
# run.sh --merge HARNESS... (make fuzz-merge): minimises the committed corpus,
# the seeds and what the runs grew in build-fuzz/corpus/NAME (its inputs under
# 8 kB) into a fresh tests/fuzz/corpus/NAME (libFuzzer -merge=1: the fewest,
# smallest inputs that keep every feature), for committing. Keep
# tests/fuzz/corpus under 10 MB.
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
export TOP
. "$TOP/tests/lib.sh"
trap - EXIT; rm -rf "$TMP"
merge=0
if [ "${1:-}" = --merge ]; then
	merge=1 secs=0
else
	secs=${1:?usage: run.sh SECONDS HARNESS... or run.sh --merge HARNESS...}
fi
shift
out=$TOP/build-fuzz
PAHOLE=${PAHOLE:-$TOP/build/pahole}

# DWARF harness seeds: the fixture objects, and the shapes of the valid
# bad-input cases (DWARF 2 and 3, compressed, 32-bit, big-endian, type units
# unlinked and linked), the crafted type chains and cycles, then the newer
# input kinds (seeds_dwarf_kinds).
seeds_dwarf() {
	local dir=$1 src=$TOP/tests/fixtures/struct_union.c c
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
	# The deep and cyclic type references of tests/fuzz/crafted, kept short.
	for c in 1 2 3 4 5; do
		gcc -c -DCASE=$c -DDEPTH=40 -o "$dir/type_bounds$c.o" \
			"$TOP/tests/fuzz/crafted/type_bounds.S" || return 1
	done
	seeds_dwarf_kinds "$dir"
}

# dwz in one file (C and C++; a file of "dwz -m" is kept too, though its
# supplementary file cannot be found from an input, and the supplementary
# file itself), legacy .zdebug sections (gcc and objcopy), ar archives
# (members with and without DWARF; a thin one) and split DWARF (.dwo files
# of gcc and clang, a .dwp, and a skeleton object).
seeds_dwarf_kinds() {
	local dir=$1 w=$1/work fx=$TOP/tests/fixtures
	mkdir -p "$w" || return 1
	(
		cd "$w" || exit 1
		if command -v dwz >/dev/null; then
			gcc -g -O1 -o prog "$fx"/dwz/dwz_*.c &&
			cp prog "$dir/dwz.exe" && dwz "$dir/dwz.exe" &&
			cp prog m1 && cp prog m2 && dwz -m alt.debug m1 m2 &&
			cp m1 "$dir/dwz_m.exe" && cp alt.debug "$dir/dwz_alt.debug" &&
			g++ -g -O1 -o progpp "$fx"/dwz/dwzpp_*.cc &&
			cp progpp "$dir/dwzpp.exe" && dwz "$dir/dwzpp.exe" || exit 1
		fi
		gcc -c -g -gz=zlib-gnu -o "$dir/zdebug.o" "$fx/bitfields.c" &&
		gcc -g -O1 -o "$dir/zdebug.exe" "$fx"/dwz/dwz_*.c &&
		objcopy --compress-debug-sections=zlib-gnu "$dir/zdebug.exe" || exit 1
		gcc -c -g -O1 -o a.o "$fx/struct_union.c" &&
		clang -c -g -gdwarf-5 -o b.o "$fx/enums.c" &&
		gcc -c -o nodwarf.o "$fx/arrays.c" &&
		ar rcs "$dir/lib.a" a.o nodwarf.o b.o &&
		ar rcsT "$dir/thin.a" a.o || exit 1
		gcc -c -g -gsplit-dwarf -o gs.o "$fx/pointers_qualifiers.c" &&
		gcc -c -g -gdwarf-4 -gsplit-dwarf -o gs4.o "$fx/bitfields.c" &&
		clang -c -g -gsplit-dwarf -o cs.o "$fx/enums.c" &&
		cp gs.dwo "$dir/gcc.dwo" && cp gs4.dwo "$dir/gcc4.dwo" && cp cs.dwo "$dir/clang.dwo" &&
		cp gs.o "$dir/skeleton.o" || exit 1
		if command -v dwp >/dev/null; then
			dwp -o "$dir/gcc.dwp" gs.dwo gs4.dwo || exit 1
		fi
	) || { echo "cannot build the new input kinds"; return 1; }
	rm -rf "$w"
}

# Split DWARF harness seeds: a skeleton object and its .dwo, each built as
# fuzz.o in a directory of its own (DW_AT_dwo_name fuzz.dwo), with type units
# (-fdebug-types-section; gcc's and g++'s, a section group each in the .dwo,
# are refused as unlinked type units are; clang++'s DWARF 4 are read) and
# without, at -O0 and -O2; an input is the skeleton's length (four bytes,
# little endian), the skeleton, the .dwo (fuzz_split.c).
seeds_split() {
	local dir=$1 w=$1/work fx=$TOP/tests/fixtures i=0 cc v src opt len
	mkdir -p "$w" || return 1
	while read -r cc v src opt; do
		i=$((i + 1))
		rm -f "$w"/fuzz.* &&
		(cd "$w" && $cc -c -g -gdwarf-$v $opt -gsplit-dwarf -o fuzz.o "$fx/$src") &&
		[ -f "$w/fuzz.dwo" ] || { echo "seeds_split: $cc -gdwarf-$v $opt $src failed"; return 1; }
		len=$(stat -c %s "$w/fuzz.o")
		{ printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((len & 255)) \
			$((len >> 8 & 255)) $((len >> 16 & 255)) $((len >> 24 & 255)))"
		  cat "$w/fuzz.o" "$w/fuzz.dwo"; } >"$dir/split$i" || return 1
	done <<EOS
gcc 4 struct_union.c -fdebug-types-section
gcc 5 struct_union.c -fdebug-types-section
gcc 4 bitfields.c -fdebug-types-section
gcc 5 enums.c -fdebug-types-section
gcc 4 funcs_vars_datasec.c -O2 -fdebug-types-section
gcc 5 pointers_qualifiers.c -O2
g++ 4 cxx_layouts.cc -fdebug-types-section
g++ 5 cxx_layouts.cc -fdebug-types-section
clang++ 4 cxx_layouts.cc -fdebug-types-section
clang++ 5 cxx_layouts.cc -fdebug-types-section
clang 4 arrays.c -O2
clang 5 struct_union.c -fdebug-types-section
EOS
	rm -rf "$w"
}

# Rust harness seeds: rustc's objects only. The committed fixtures (an older
# rustc's), tests/fixtures/rust/shapes.rs and a crate of trait objects,
# closures, generics, niche-filled and nested enums, 128-bit integers and
# std's collections, each at -O0 and -O2, DWARF 4 and 5 (fuzz_rust.c).
seeds_rust() {
	local dir=$1 fx=$TOP/tests/fixtures/rust src o v
	mkdir -p "$dir/work" || return 1
	cp "$fx"/*.o "$dir"/ || return 1
	cat >"$dir/work/kinds.rs" <<'EOF'
#![allow(dead_code)]
use std::collections::HashMap;
pub trait Area { fn area(&self) -> f64; }
pub struct Square(pub f64);
impl Area for Square { fn area(&self) -> f64 { self.0 * self.0 } }
pub enum Tree<T> { Leaf(T), Node(Box<Tree<T>>, Box<Tree<T>>), Empty }
pub enum Niche { A(&'static str), B }
#[repr(u8)]
pub enum Small { X = 1, Y = 200 }
pub struct Wide { pub a: u128, pub b: i128, pub c: u8 }
pub struct Holder {
    pub shapes: Vec<Box<dyn Area>>,
    pub names: HashMap<String, u32>,
    pub tree: Tree<u16>,
    pub niche: Option<Niche>,
    pub small: Small,
    pub wide: Wide,
    pub f: fn(u32) -> u32,
    pub tuple: (u8, u64, (i16, char)),
}
#[inline(never)]
pub fn total(h: &Holder, k: f64) -> f64 {
    let scale = |x: f64| x * k;
    h.shapes.iter().map(|s| scale(s.area())).sum::<f64>() + h.names.len() as f64
}
pub fn depth<T>(t: &Tree<T>) -> u32 {
    match t { Tree::Node(a, b) => 1 + depth(a).max(depth(b)), _ => 0 }
}
pub fn use_depth(t: &Tree<u16>) -> u32 { depth(t) }
EOF
	for src in "$fx/shapes.rs" "$dir/work/kinds.rs"; do
		for o in 0 2; do
			for v in 4 5; do
				rustc --crate-type=lib --emit=obj -g -C opt-level=$o -C dwarf-version=$v \
					-o "$dir/$(basename "$src" .rs).O$o.v$v.o" "$src" 2>/dev/null ||
					{ echo "seeds_rust: rustc $src failed"; return 1; }
			done
		done
	done
	rm -rf "$dir/work"
}

# Tools harness seeds: the fixture objects, the BTF of some (raw, and as a
# .BTF section beside their DWARF) and an ar archive (fuzz_tools.c).
seeds_tools() {
	local dir=$1 o
	fixture_objects "$dir" >/dev/null || return 1
	rm -f "$dir"/*.log
	for o in "$dir"/struct_union.c-gcc-dwarf5-O0.o "$dir"/bitfields.c-clang-dwarf4-O2.o \
		 "$dir"/funcs_vars_datasec.c-gcc-dwarf4-O2.o "$dir"/enums.c-clang-dwarf5-O0.o; do
		[ -f "$o" ] || continue
		"$PAHOLE" -J --btf_features=default --btf_encode_detached="$o.btf" "$o" 2>/dev/null
		cp "$o" "$o.elf" && "$PAHOLE" -J "$o.elf" 2>/dev/null
	done
	ar rcs "$dir/lib.a" "$dir"/struct_union.c-gcc-dwarf5-O0.o "$dir"/enums.c-clang-dwarf5-O0.o
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

# Base and module seeds: each a 4-byte length, a base's raw BTF, a module's
# split on it. Pairs of fixtures (a module repeating base types, declaring
# what the base defines and the other way round, twins in the base).
seeds_base_match() {
	local dir=$1 w=$1/work i=0 b m
	mkdir -p "$w" || return 1
	printf 'struct b;\nstruct a { int x; struct a *next; struct b *b; void (*fn)(void); } va;\nenum e { E1, E2 } ve;\ntypedef long t; t vt;\nvoid (*g1)(void), (*g2)(void);\nunion u { int i; long l; } vu;\n' >"$w/base.c"
	printf 'typedef long t; enum e { E1, E2 };\nstruct b { t y; };\nstruct a { int x; struct a *next; struct b *b; void (*fn)(void); };\nstruct m { struct a *a; long y[3]; enum e e; union u *u; } vm;\nint f(struct m *m) { return m->a->x; }\n' >"$w/mod.c"
	printf 'struct a; struct b { int y; } vb; struct a *va;\n' >"$w/base2.c"
	printf 'struct b { int y; }; struct a { struct b b; int z; } va2; enum e; enum e *ve;\n' >"$w/mod2.c"
	for b in base base2; do
		gcc -c -g -o "$w/$b.o" "$w/$b.c" &&
			"$PAHOLE" -J --btf_encode_detached="$w/$b.btf" "$w/$b.o" || return 1
		for m in "$w"/mod*.c "$TOP"/tests/fixtures/struct_union.c; do
			gcc -c -g -o "$w/m.o" "$m" &&
				"$PAHOLE" -J --btf_base "$w/$b.btf" --btf_encode_detached="$w/m.btf" \
				"$w/m.o" || return 1
			i=$((i + 1))
			{ printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $(($(stat -c %s "$w/$b.btf") & 255)) \
				$(($(stat -c %s "$w/$b.btf") >> 8 & 255)) 0 0)"
			  cat "$w/$b.btf" "$w/m.btf"; } >"$dir/pair$i" || return 1
		done
	done
	rm -rf "$w"
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

# prettify harness seeds: records of tests/fuzz/prettify_types.h (a header,
# records of each kind, entries past the records' range) written by a C
# writer, each after the options of a command line of tests/cli/prettify_records.sh
# (fuzz_prettify.c: an option byte, five lines).
seeds_prettify() {
	local dir=$1 i=0 bits cl hdr seek size range
	mkdir -p "$dir/work" || return 1
	cat >"$dir/work/writer.c" <<'EOF'
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include "prettify_types.h"
static unsigned char out[1024];
static size_t pos;
static void put(const void *p, size_t n) { memcpy(out + pos, p, n); pos += n; }
int main(void)
{
	struct file_header h = { .magic = 1000, .version = 3, .delta = -7, .tag = "TAG",
				 .ids = { 1, 65535, 7 }, .flags = 200, .sc = -3 };
	struct rec_point p = { .header = { REC_POINT, 0, sizeof(p) }, .x = -1, .y = 42,
			       .coords = { -2, 300, 3 }, .color = GREEN };
	struct rec_name n = { .header = { REC_NAME, 1, sizeof(n) }, .name = "hello",
			      .len = 0xffffffff };
	unsigned char fl[sizeof(struct rec_flags) + 8] = { 0 };
	struct rec_flags *f = (struct rec_flags *)fl;
	struct entry e[2] = { { "one", 1, { { 1, 2, 3 }, { 4, 5, 6 } } }, { "two", -2 } };

	*f = (struct rec_flags){ .header = { REC_FLAGS, 0, sizeof(fl) }, .a = 5, .b = 17,
				 .c = 0xabcdef, .s = -3, .big = 0x12345678ffULL,
				 .ptr = (void *)0x1122334455667788ULL, .nested = { 9, { -1, 2 } },
				 .u.f = 1.0f, .ui = 0x01020304, .db = 1.5, .ok = 1 };
	memcpy(fl + offsetof(struct rec_flags, tail), "tailstr", 8);
	h.data.offset = 128;
	h.data.size = 2 * sizeof(p) + sizeof(n) + sizeof(fl);
	h.strs.offset = h.data.offset + h.data.size + sizeof(p);
	h.strs.size = sizeof(e);
	put(&h, sizeof(h));
	pos = 128;
	put(&p, sizeof(p));
	put(&n, sizeof(n));
	put(fl, sizeof(fl));
	p.header.type = REC_OTHER;
	p.x = 7;
	put(&p, sizeof(p));
	p.header.type = REC_POINT;
	p.x = 8;
	put(&p, sizeof(p));
	put(e, sizeof(e));
	return fwrite(out, pos, 1, stdout) != 1;
}
EOF
	gcc -I"$TOP/tests/fuzz" -o "$dir/work/writer" "$dir/work/writer.c" &&
		"$dir/work/writer" >"$dir/work/data.bin" || return 1
	# BITS|-C|--header_type|--seek_bytes|--size_bytes|--range
	while IFS='|' read -r bits cl hdr seek size range; do
		i=$((i + 1))
		{ printf "\\x$(printf %02x "$bits")"
		  printf '%s\n' "$cl" "$hdr" "$seek" "$size" "$range"
		  cat "$dir/work/data.bin"; } >"$dir/cmd$i" || return 1
	done <<'EOC'
0||file_header|||
1||file_header|||
0|rec_header(sizeof,type,type_enum=rec_kind)|file_header|$header.data.offset|$header.data.size|
0|rec_header(sizeof,type,type_enum=rec_kind,filter=type==REC_FLAGS)|file_header|||data
1|rec_header(sizeof,type,type_enum=rec_kind,filter=type==REC_NAME)|file_header|||data
0|rec_header(sizeof,type,type_enum=rec_kind,type==FLAGS)|file_header|||data
0|rec_header(sizeof,type,type_enum=rec_kind,filter=type==0x9)|file_header|128|180|
0|rec_header(sizeof,type,type_enum=rec_kind,range=data),entry(range=strs)|file_header|||
48|rec_header(sizeof,type,type_enum=rec_kind)||128||
24|rec_header||128||
0|rec_header(sizeof)||128|52|
8|rec_point||128||
8|rec_flags||180||
8|rec_header(type,sizeof=size,type_enum=rec_kind)||128||
0|entry||308||
32|entry||308||
16|rec_kind||||
2|rec_header(sizeof,type,type_enum=rec_kind,filter=type==REC_POINT)|file_header|$header.data.offset|$header.data.size|
6|rec_point,missing,entry||||
EOC
	rm -rf "$dir/work"
}

# merge NAME HARNESS: the minimised corpus into tests/fuzz/corpus/NAME.
merge() {
	local name=$1 h=$2 repo=$TOP/tests/fuzz/corpus/$1 new=$out/merged/$1 d
	local from=() small=$out/merged/$1.small
	# Grown inputs of 8 kB or more are left out: they keep the corpus under 10 MB.
	rm -rf "$new" "$small" && mkdir -p "$new" "$small" || return 1
	[ -d "$out/corpus/$name" ] &&
		find "$out/corpus/$name" -type f -size -8192c -exec cp {} "$small"/ \;
	for d in "$repo" "$out/seeds/$name" "$small"; do
		[ -d "$d" ] && from+=("$d")
	done
	echo "== $name: merging ${from[*]}"
	nice -n 10 "$h" -merge=1 -timeout=10 -rss_limit_mb=2048 "$new" "${from[@]}" \
		>"$out/$name.merge.log" 2>&1 ||
		{ tail -n 20 "$out/$name.merge.log"; return 1; }
	grep -E 'MERGE-OUTER: [0-9]+ new files' "$out/$name.merge.log"
	rm -rf "$repo" && mkdir -p "$repo" && cp "$new"/* "$repo"/ || return 1
	echo "== $name: $(ls "$repo" | wc -l) files, $(du -sb "$repo" | cut -f1) bytes in $repo"
}

rc=0
for h in "$@"; do
	name=$(basename "$h")
	name=${name#fuzz_}
	corpus=$out/corpus/$name
	seeds=$out/seeds/$name
	mkdir -p "$corpus" "$out/artifacts" || exit 1
	dirs=("$corpus")
	[ -d "$TOP/tests/fuzz/corpus/$name" ] && dirs+=("$TOP/tests/fuzz/corpus/$name")
	if declare -F "seeds_$name" >/dev/null; then
		rm -rf "$seeds"
		"seeds_$name" "$seeds" || { echo "cannot build the $name seeds"; exit 1; }
		dirs+=("$seeds")
	fi
	if [ $merge -eq 1 ]; then
		merge "$name" "$h" || { echo "== $name: merge FAILED"; rc=1; }
		continue
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
