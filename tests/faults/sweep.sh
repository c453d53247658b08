#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
# tests/faults/sweep.sh alloc|io [CASE...]: for each case, runs the command
# with one fault injected, N = 1, 2, ... until a run no longer reaches the
# Nth call (failalloc.so: the Nth allocation; failio.so: the Nth write,
# truncate, sync, rename or close of the output), and checks every run:
#
#   exit 0   the fault was absorbed: stdout, stderr and the output file are
#            those of a run without a fault
#   exit 1   a clean error: exactly one line on stderr (alloc: saying that
#            memory ran out, "out of memory" or strerror's "Cannot allocate
#            memory", with or without a file name; io: naming the output,
#            with the injected errno's text), the output file as before
#   else     a crash (a signal, a timeout, another status)
#
# and after every run: the inputs' bytes unchanged (damaged inputs), no
# temporary file (NAME.tmp.*) or other new file left (leftover files), no
# sanitizer report (counted as a crash). libdw ends the process itself when
# it runs out of memory (__libdw_oom: error(), exit 1, "pahole: libdw:
# Cannot allocate memory" or similar): one line saying that memory ran out,
# so a clean error too, counted apart as "libdw exits".
#
# Cases: detached, inplace, inplace_big (20 MiB: its start copied ahead on a
# thread), module (split BTF on a --btf_base: types the base has, one it
# only declares, twins), arena (attributes and layout), C (-C rec_gappy), plain,
# pfunct, codiff, pdwtags, pglobal (-v), prefcnt; each at -j1 and -j3
# (NAME-j1, NAME-j3); dtagnames, scncopy (-a -o) and scncopy_s (-s twice
# -o), no -j. The io sweep runs the cases that write
# a file. Default: all of them. One line per case:
#
#   alloc detached-j1: N tried 209, clean errors 180, absorbed 29, crashes 0, ...
#
# then the defects found, each with its N and what went wrong. Exit 0 when
# no case found one.
#
# Environment: PAHOLE_BUILD (the programs' build folder, default build; the
# shims come from it, else from build), SWEEP_MAX (the last N tried, default
# 5000), SWEEP_KEEP=1 (keeps the work folder), SWEEP_VERBOSE=1 (each run).
set -u
TOP=$(cd "$(dirname "$0")/../.." && pwd)
# Every loader thread -j asks for, however small the fixture (dwarf_loader.c).
export PAHOLE_TEST_ALL_WORKERS=1
BUILD_DIR=${PAHOLE_BUILD:-build}
[[ $BUILD_DIR == /* ]] || BUILD_DIR=$TOP/$BUILD_DIR
MAX=${SWEEP_MAX:-5000}
KIND=${1:-}
shift
case $KIND in
alloc) SHIM=failalloc.so PREFIX=FAILALLOC ;;
io) SHIM=failio.so PREFIX=FAILIO ;;
*) echo "usage: $0 alloc|io [CASE...]" >&2; exit 64 ;;
esac
SHIM_PATH=$BUILD_DIR/$SHIM
[ -f "$SHIM_PATH" ] || SHIM_PATH=$TOP/build/$SHIM
[ -f "$SHIM_PATH" ] || { echo "$0: no $SHIM: make tools" >&2; exit 2; }
case $KIND in
alloc) ERRTEXT='memory' ;;
io) ERRTEXT='No space left on device' ;;
esac
ALL_CASES="detached inplace inplace_big module arena C plain pfunct codiff pdwtags pglobal prefcnt
	dtagnames scncopy scncopy_s"
IO_CASES="detached inplace inplace_big module arena scncopy scncopy_s"
NO_JOBS_CASES="dtagnames scncopy scncopy_s"
# A sanitizer build loads its runtime after the shim (see failalloc.c).
SAN_ENV=()
if nm -D "$BUILD_DIR/pahole" 2>/dev/null | grep -q __asan_init ||
   ldd "$BUILD_DIR/pahole" 2>/dev/null | grep -q libasan; then
	SAN_ENV=(ASAN_OPTIONS="verify_asan_link_order=0:${ASAN_OPTIONS:-}")
fi

W=$(mktemp -d /tmp/pahole-faults.XXXXXX) || exit 2
[ -n "${SWEEP_KEEP:-}" ] || trap 'rm -rf "$W"' EXIT

# The small inputs: objects of the project's fixture sets, built here.
for set in layout pfunct codiff; do
	(cd "$TOP/tests/fixtures/$set" && ./build.sh "$W/fx-$set") >"$W/fx-$set.log" 2>&1 ||
		{ echo "$0: cannot build tests/fixtures/$set (see $W/fx-$set.log)" >&2; exit 2; }
done
HOLES=$W/fx-layout/holes.o
FUNCS=$W/fx-pfunct/funcs.o
OLD=$W/fx-codiff/old.o
NEW=$W/fx-codiff/new.o

# The inputs every case shares, made once.
mkdir "$W/src" && cd "$W/src" || exit 2
printf 'struct b;\nstruct a { int x; struct a *next; struct b *b; void (*fn)(void); } va;\nenum e { E1, E2 } ve;\ntypedef long t; t vt;\nvoid (*g1)(void), (*g2)(void);\n' >base.c
printf 'struct b { t y; };\nstruct a { int x; struct a *next; struct b *b; void (*fn)(void); };\nstruct m { struct a *a; long y[3]; enum e e; } vm;\nint f(struct m *m) { return m->a->x; }\n' >mod.c
sed -i '1i typedef long t; enum e { E1, E2 };' mod.c
gcc -c -g base.c -o base.o && gcc -c -g mod.c -o mod.o &&
	gcc -c -g -O0 "$TOP/tests/fixtures/arena/arena_kfuncs.c" -o arena.o ||
	{ echo "$0: gcc failed" >&2; exit 2; }
"$BUILD_DIR/pahole" -J --btf_encode_detached=base.btf base.o ||
	{ echo "$0: cannot encode the base" >&2; exit 2; }
head -c $((20 << 20)) /dev/urandom >pad.bin &&
	objcopy --add-section .pad=pad.bin "$HOLES" big.o && rm pad.bin ||
	{ echo "$0: objcopy failed" >&2; exit 2; }

# setup_case NAME: in the current (empty) folder, the case's files, and
#   PROG ARGS    the command
#   INPUTS       files that must keep their bytes
#   TARGET       the output file (empty: stdout only); before each run it
#                holds ORIG_TARGET's bytes
#   NAMES        the names an error line may give
#   NO_JOBS      set: the program takes no -j
setup_case() {
	TARGET= ORIG_TARGET= INPUTS=() PROG=pahole NO_JOBS=
	case $1 in
	detached)
		cp "$HOLES" holes.o && echo "old bytes" >orig.btf
		ARGS=(-J --btf_encode_detached=out.btf holes.o)
		INPUTS=(holes.o) TARGET=out.btf ORIG_TARGET=orig.btf NAMES="holes.o out.btf" ;;
	inplace)
		cp "$HOLES" orig.o
		ARGS=(-J t.o)
		INPUTS=(orig.o) TARGET=t.o ORIG_TARGET=orig.o NAMES="t.o" ;;
	inplace_big)
		cp "$W/src/big.o" orig.o
		ARGS=(-J t.o)
		INPUTS=(orig.o) TARGET=t.o ORIG_TARGET=orig.o NAMES="t.o" ;;
	module)
		cp "$W/src/base.btf" "$W/src/mod.o" . && echo "old bytes" >orig.btf
		ARGS=(-J --btf_base base.btf --btf_encode_detached=out.btf mod.o)
		INPUTS=(base.btf mod.o) TARGET=out.btf ORIG_TARGET=orig.btf
		NAMES="base.btf mod.o out.btf" ;;
	arena)
		cp "$W/src/arena.o" . && echo "old bytes" >orig.btf
		ARGS=(-J --btf_features=decl_tag,decl_tag_kfuncs,attributes,layout
		      --btf_encode_detached=out.btf arena.o)
		INPUTS=(arena.o) TARGET=out.btf ORIG_TARGET=orig.btf NAMES="arena.o out.btf" ;;
	C)
		cp "$HOLES" holes.o
		ARGS=(-C rec_gappy holes.o) INPUTS=(holes.o) NAMES="holes.o" ;;
	plain)
		cp "$HOLES" holes.o
		ARGS=(holes.o) INPUTS=(holes.o) NAMES="holes.o" ;;
	pfunct)
		cp "$FUNCS" funcs.o
		PROG=pfunct ARGS=(funcs.o) INPUTS=(funcs.o) NAMES="funcs.o" ;;
	codiff)
		cp "$OLD" old.o && cp "$NEW" new.o
		PROG=codiff ARGS=(old.o new.o) INPUTS=(old.o new.o) NAMES="old.o new.o" ;;
	pdwtags)
		cp "$HOLES" holes.o
		PROG=pdwtags ARGS=(holes.o) INPUTS=(holes.o) NAMES="holes.o" ;;
	pglobal)
		cp "$HOLES" holes.o
		PROG=pglobal ARGS=(-v holes.o) INPUTS=(holes.o) NAMES="holes.o" ;;
	prefcnt)
		cp "$FUNCS" funcs.o
		PROG=prefcnt ARGS=(funcs.o) INPUTS=(funcs.o) NAMES="funcs.o" ;;
	dtagnames)
		cp "$HOLES" holes.o
		PROG=dtagnames ARGS=(holes.o) INPUTS=(holes.o) NO_JOBS=1 NAMES="holes.o" ;;
	scncopy_s)
		cp "$HOLES" holes.o && echo "old bytes" >orig.o
		PROG=scncopy ARGS=(-s .debug_info -s .text -o out.o holes.o) INPUTS=(holes.o) NO_JOBS=1
		TARGET=out.o ORIG_TARGET=orig.o NAMES="holes.o out.o" ;;
	scncopy)
		cp "$HOLES" holes.o && echo "old bytes" >orig.o
		PROG=scncopy ARGS=(-a -o out.o holes.o) INPUTS=(holes.o) NO_JOBS=1
		TARGET=out.o ORIG_TARGET=orig.o NAMES="holes.o out.o" ;;
	*)
		return 1 ;;
	esac
}

# run_once JOBS N: one run in the case's folder (the current one), the
# target reset first; its stdout, stderr, status and report in $W/run.*.
# Only the program loads the shim (timeout and env exec it).
run_once() {
	local jobs=()
	[ -n "$NO_JOBS" ] || jobs=("$1")
	[ -z "$TARGET" ] || cp "$ORIG_TARGET" "$TARGET"
	rm -f "$W/run.report"
	timeout 120 env "${SAN_ENV[@]}" LD_PRELOAD="$SHIM_PATH" "${PREFIX}_N=$2" \
		"${PREFIX}_REPORT=$W/run.report" FAILIO_PATH="$TARGET" \
		"$BUILD_DIR/$PROG" "${jobs[@]}" "${ARGS[@]}" >"$W/run.out" 2>"$W/run.err"
	RC=$?
}

# defect WHAT: one defect of the current run, kept for the end.
defect() {
	{ echo "$CASE N=$N: $*"; printf '    | %s\n' "${ERR[@]:0:4}"; } >>"$W/defects"
}

# The folder's files, as one word list (no new process).
listing() {
	local f
	shopt -s nullglob dotglob
	LIST=
	for f in *; do LIST+="$f "; done
	shopt -u nullglob dotglob
}

# classify: the outcome of the run just made, counted.
classify() {
	local err all
	mapfile -t ERR <"$W/run.err"
	all=$(<"$W/run.err")
	if [[ $all =~ Sanitizer|runtime\ error: ]]; then
		crashes=$((crashes + 1)); defect "sanitizer report (exit $RC)"
	elif [ "$RC" -eq 0 ]; then
		absorbed=$((absorbed + 1))
		if [ "$(<"$W/run.out")" != "$GOOD_OUT" ] || [ "$all" != "$GOOD_ERR" ] ||
		   { [ -n "$TARGET" ] && ! cmp -s "$TARGET" "$W/good.target"; }; then
			wrong=$((wrong + 1)); defect "exit 0, output or messages differ from a run without a fault"
		fi
	elif [ "$RC" -eq 1 ]; then
		err=${ERR[0]:-}
		if [ ${#ERR[@]} -ne 1 ]; then
			badmsg=$((badmsg + 1)); defect "exit 1 with ${#ERR[@]} lines on stderr"
		elif [[ $err == *libdw:* && ${err,,} == *memory* ]]; then
			clean=$((clean + 1)) libdw=$((libdw + 1))
		elif [[ ${err,,} != *"${ERRTEXT,,}"* ]]; then
			badmsg=$((badmsg + 1)); defect "exit 1, the line does not say '$ERRTEXT'"
		elif ! [[ $err =~ $NAMES_RE ]] && [ "$KIND" = io ]; then
			badmsg=$((badmsg + 1)); defect "exit 1, the line names no file"
		else
			clean=$((clean + 1))
		fi
		if [ -n "$TARGET" ] && ! cmp -s "$TARGET" "$ORIG_TARGET"; then
			damaged=$((damaged + 1)); defect "exit 1, $TARGET changed"
		fi
	else
		crashes=$((crashes + 1)); defect "exit $RC"
	fi
}

# sweep_case NAME JOBS: the whole sweep of one case, then its summary line.
sweep_case() {
	local name=$1 jobs=$2 dir before sums hit calls=0 f extra
	CASE=$name$jobs
	dir=$W/$CASE
	mkdir "$dir" && cd "$dir" && setup_case "$name" || { echo "no case $name"; return 1; }
	sums=$(sha256sum "${INPUTS[@]}")
	[ -z "$TARGET" ] || cp "$ORIG_TARGET" "$TARGET"
	NAMES_RE=${NAMES//./\\.} NAMES_RE=${NAMES_RE// /|}
	listing
	before=$LIST
	# The run without a fault: what an absorbed fault must give.
	N=0
	run_once "$jobs" 0
	if [ "$RC" -ne 0 ]; then
		echo "$KIND $CASE: the run without a fault fails (exit $RC):"
		sed 's/^/    /' "$W/run.err" | head -5
		cd "$W" && return 1
	fi
	GOOD_OUT=$(<"$W/run.out") GOOD_ERR=$(<"$W/run.err")
	[ -z "$TARGET" ] || cp "$TARGET" "$W/good.target"
	[ ! -f "$W/run.report" ] || { read -r _ calls; } <"$W/run.report"
	tried=0 clean=0 absorbed=0 crashes=0 damaged=0 leftover=0 wrong=0 badmsg=0 libdw=0
	for N in $(seq 1 "$MAX"); do
		run_once "$jobs" "$N"
		tried=$((tried + 1))
		hit=1
		[ ! -f "$W/run.report" ] || { read -r _ _; read -r _ hit; } <"$W/run.report"
		[ -z "${SWEEP_VERBOSE:-}" ] || echo "$CASE N=$N: exit $RC, hit $hit: $(head -c 200 "$W/run.err")"
		classify
		if ! sha256sum --quiet -c <<<"$sums" >/dev/null 2>&1; then
			damaged=$((damaged + 1)); defect "an input changed"
			cd "$W" && rm -rf "$dir" && mkdir "$dir" && cd "$dir" && setup_case "$name"
			[ -z "$TARGET" ] || cp "$ORIG_TARGET" "$TARGET"
		fi
		listing
		if [ "$LIST" != "$before" ]; then
			leftover=$((leftover + 1)) extra=
			for f in $LIST; do [[ " $before" == *" $f "* ]] || extra+="$f "; done
			defect "files left: $extra"
			# shellcheck disable=SC2086
			rm -rf $extra
		fi
		[ "$hit" = 1 ] || break
	done
	[ "$hit" = 1 ] && echo "$KIND $CASE: stopped at SWEEP_MAX=$MAX with the fault still hit" >>"$W/defects"
	printf '%s %s: N tried %d (%s calls), clean errors %d, absorbed %d, crashes %d, damaged inputs %d, leftover files %d, bad messages %d, wrong outputs %d, libdw exits %d\n' \
		"$KIND" "$CASE" "$tried" "$calls" "$clean" "$absorbed" "$crashes" "$damaged" "$leftover" \
		"$badmsg" "$wrong" "$libdw"
	cd "$W" || return 1
}

cases=("$@")
if [ ${#cases[@]} -eq 0 ]; then
	list=$ALL_CASES
	[ "$KIND" = alloc ] || list=$IO_CASES
	for c in $list; do
		if [[ " $NO_JOBS_CASES " == *" $c "* ]]; then
			cases+=("$c")
		else
			cases+=("$c-j1" "$c-j3")
		fi
	done
fi
: >"$W/defects"
for c in "${cases[@]}"; do
	name=${c%-j*} jobs=-j${c##*-j}
	[ "$name" != "$c" ] || jobs=-j1
	[[ " $NO_JOBS_CASES " != *" $name "* ]] || jobs=
	sweep_case "$name" "$jobs"
done
if [ -s "$W/defects" ]; then
	echo "$KIND: defects found:"
	cat "$W/defects"
	exit 1
fi
echo "$KIND: no defect"
