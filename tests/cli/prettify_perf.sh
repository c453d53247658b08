# SPDX-License-Identifier: GPL-2.0-only
# tags: offline (no network, no kernel package)
# --prettify on a perf.data recorded here, with perf's structs from an
# object compiled here: upstream's man page example (the PERF_RECORD_MMAP
# records of the data section), every record of it with both of perf's
# enums, the file header, and -V, byte for byte as Debian's pahole 1.24.
. "$TOP/tests/lib.sh"
command -v gcc >/dev/null || skip "no gcc"
command -v perf >/dev/null || skip "no perf (linux-perf)"
[ -x /usr/bin/pahole ] && /usr/bin/pahole --version | grep -qx 'v1.24' ||
	skip "no Debian pahole 1.24 to compare with"
cd "$TMP" || fail "no temp dir"

# The default event first; where there is no PMU or perf_event_paranoid
# forbids it, software events.
for ev in "" "-e task-clock" "-e cpu-clock" "-e dummy"; do
	rm -f perf.data
	perf record -q $ev -o perf.data -- true >perf.log 2>&1 && [ -s perf.data ] && break
done
[ -s perf.data ] || skip "perf cannot record here: $(tail -n 1 perf.log)"

cat >perf_types.c <<'EOF'
typedef unsigned long long __u64;
typedef unsigned int __u32;
typedef unsigned short __u16;
typedef __u64 u64;
struct perf_file_section { u64 offset; u64 size; };
struct perf_file_header {
	u64 magic;
	u64 size;
	u64 attr_size;
	struct perf_file_section attrs;
	struct perf_file_section data;
	struct perf_file_section event_types;
	unsigned long adds_features[4];
};
struct perf_event_header { __u32 type; __u16 misc; __u16 size; };
enum perf_event_type {
	PERF_RECORD_MMAP = 1, PERF_RECORD_LOST = 2, PERF_RECORD_COMM = 3, PERF_RECORD_EXIT = 4,
	PERF_RECORD_THROTTLE = 5, PERF_RECORD_UNTHROTTLE = 6, PERF_RECORD_FORK = 7,
	PERF_RECORD_READ = 8, PERF_RECORD_SAMPLE = 9, PERF_RECORD_MMAP2 = 10, PERF_RECORD_AUX = 11,
	PERF_RECORD_ITRACE_START = 12, PERF_RECORD_LOST_SAMPLES = 13, PERF_RECORD_SWITCH = 14,
	PERF_RECORD_SWITCH_CPU_WIDE = 15, PERF_RECORD_NAMESPACES = 16, PERF_RECORD_KSYMBOL = 17,
	PERF_RECORD_BPF_EVENT = 18, PERF_RECORD_CGROUP = 19, PERF_RECORD_TEXT_POKE = 20,
	PERF_RECORD_AUX_OUTPUT_HW_ID = 21, PERF_RECORD_MAX,
};
enum perf_user_event_type {
	PERF_RECORD_USER_TYPE_START = 64, PERF_RECORD_HEADER_ATTR = 64,
	PERF_RECORD_HEADER_EVENT_TYPE = 65, PERF_RECORD_HEADER_TRACING_DATA = 66,
	PERF_RECORD_HEADER_BUILD_ID = 67, PERF_RECORD_FINISHED_ROUND = 68, PERF_RECORD_ID_INDEX = 69,
	PERF_RECORD_AUXTRACE_INFO = 70, PERF_RECORD_AUXTRACE = 71, PERF_RECORD_AUXTRACE_ERROR = 72,
	PERF_RECORD_THREAD_MAP = 73, PERF_RECORD_CPU_MAP = 74, PERF_RECORD_STAT_CONFIG = 75,
	PERF_RECORD_STAT = 76, PERF_RECORD_STAT_ROUND = 77, PERF_RECORD_EVENT_UPDATE = 78,
	PERF_RECORD_TIME_CONV = 79, PERF_RECORD_HEADER_FEATURE = 80, PERF_RECORD_COMPRESSED = 81,
	PERF_RECORD_FINISHED_INIT = 82, PERF_RECORD_HEADER_MAX
};
struct perf_record_mmap {
	struct perf_event_header header;
	__u32 pid, tid;
	__u64 start, len, pgoff;
	char filename[4096];
};
struct perf_record_mmap2 {
	struct perf_event_header header;
	__u32 pid, tid;
	__u64 start, len, pgoff;
	union {
		struct { __u32 maj, min; __u64 ino, ino_generation; };
		struct {
			unsigned char build_id_size, __reserved_1;
			__u16 __reserved_2;
			unsigned char build_id[20];
		};
	};
	__u32 prot, flags;
	char filename[4096];
};
struct perf_record_comm { struct perf_event_header header; __u32 pid, tid; char comm[16]; };
struct perf_record_fork {
	struct perf_event_header header;
	__u32 pid, ppid, tid, ptid;
	__u64 time;
};
struct perf_record_sample { struct perf_event_header header; __u64 array[]; };
struct perf_record_time_conv {
	struct perf_event_header header;
	__u64 time_shift, time_mult, time_zero, time_cycles, time_mask;
	unsigned char cap_user_time_zero, cap_user_time_short, reserved[6];
};
struct perf_record_thread_map_entry { __u64 pid; char comm[16]; };
struct perf_record_thread_map {
	struct perf_event_header header;
	__u64 nr;
	struct perf_record_thread_map_entry entries[];
};
struct perf_file_header a; struct perf_event_header b; enum perf_event_type c;
enum perf_user_event_type d; struct perf_record_mmap e; struct perf_record_mmap2 f;
struct perf_record_comm g; struct perf_record_fork h; struct perf_record_sample i;
struct perf_record_time_conv j; struct perf_record_thread_map k;
EOF
gcc -g -c perf_types.c -o perf_types.o || fail "gcc perf_types.c"

n=0
# same NAME OPTIONS...: ours and 1.24 print the same, both exiting 0 (each
# reading $STDIN, if set, on its standard input).
same() {
	local what=$1 rc rc_ref
	shift
	n=$((n + 1))
	/usr/bin/pahole "$@" <"${STDIN:-/dev/null}" >ref.out 2>ref.err
	rc_ref=$?
	"$PAHOLE" "$@" <"${STDIN:-/dev/null}" >our.out 2>our.err
	rc=$?
	if [ $rc -ne 0 ] || [ $rc_ref -ne 0 ] || ! cmp -s ref.out our.out; then
		echo "$what: exit $rc (1.24: $rc_ref), output differs (< 1.24, > ours):"
		diff ref.out our.out | head -20
		cat our.err
		no
	fi
	cp our.out "$what.out"
}
MMAP='perf_event_header(sizeof,type,type_enum=perf_event_type,filter=type==PERF_RECORD_MMAP)'
ALL='perf_event_header(sizeof,type,type_enum=perf_event_type+perf_user_event_type)'
same example perf_types.o --header=perf_file_header --seek_bytes '$header.data.offset' \
	--size_bytes='$header.data.size' -C "$MMAP" --prettify perf.data
same range perf_types.o --header=perf_file_header --range=data -C "$ALL" --prettify perf.data
same header perf_types.o --header=perf_file_header --prettify perf.data
same verbose -V perf_types.o --header=perf_file_header --range=data -C "$ALL" --count 5 \
	--prettify perf.data
STDIN=perf.data same stdin perf_types.o --hex --header=perf_file_header --range=data \
	-C "$ALL" --skip 2 --prettify -

# What perf itself says is there: the "PERFILE2" magic and its kernel map.
grep -qx '	.magic = 3622385352885552464,' header.out || no "no PERFILE2 magic in the header"
grep -q '^		.type = PERF_RECORD_MMAP,$' example.out ||
	no "the example printed no PERF_RECORD_MMAP record"
grep -q '^		.type = PERF_RECORD_COMM,$' range.out || no "no PERF_RECORD_COMM record"
records=$(grep -c '^},$' range.out)
finish "--prettify of perf.data" "$n commands on a perf.data of $records records print as 1.24's"
