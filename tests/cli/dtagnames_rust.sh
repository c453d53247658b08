# SPDX-License-Identifier: GPL-2.0-only
# dtagnames on rustc's DWARF, against upstream v1.32: a Rust enum with
# methods (its functions are children of the enumeration_type) gives
# v1.32's lines in v1.32's order, its functions after the enum in the list
# of what holds it. A struct with methods gives the same tags, counted alike,
# in another order (man/dtagnames.1, DIFFERENCES).
#
# Was: the enum's functions left out (7.2 vmlinux: 3 subprograms and 5
# formal_parameters fewer than v1.32's).
. "$TOP/tests/lib.sh"
command -v rustc >/dev/null || skip "no rustc"
"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
cat >e.rs <<'EOC'
pub mod inner {
    #[derive(Clone, Copy, PartialEq)]
    #[repr(u8)]
    pub enum Level { Low = 1, Mid = 2, High = 3 }
    impl Level {
        pub fn bump(self, by: u8) -> u8 { self as u8 + by }
        pub fn is_high(self, other: Level, third: u8) -> bool { self == other && third > 0 }
    }
    pub static mut COUNTER: u32 = 0;
}
pub fn use_level(l: inner::Level) -> u8 { l.bump(3) + l.is_high(inner::Level::High, 1) as u8 }
EOC
cat >s.rs <<'EOC'
pub struct Pair { pub a: u32, pub b: u64, pub c: u8 }
impl Pair {
    pub fn sum(&self) -> u64 { self.a as u64 + self.b }
    pub fn new(a: u32, b: u64) -> Pair { Pair { a, b, c: 0 } }
}
pub fn use_all(p: &Pair) -> u64 { p.sum() + Pair::new(1, 2).sum() }
EOC
sorted() { sort "$1"; }
n=0
for opt in 0 2; do
	rustc --crate-type=lib --emit=obj -g -C opt-level=$opt -o e$opt.o e.rs 2>/dev/null &&
		rustc --crate-type=lib --emit=obj -g -C opt-level=$opt -o s$opt.o s.rs 2>/dev/null ||
		fail "rustc failed"
	for f in e$opt s$opt; do
		readelf -S $f.o | grep -q debug_info || continue
		if [ "${f#e}" != "$f" ]; then
			SAME_STATUS=0 same_as_upstream "$f.o (enum)" dtagnames $f.o
		else
			SAME_FILTER=sorted SAME_STATUS=0 \
				same_as_upstream "$f.o (struct), sorted" dtagnames $f.o
		fi
		n=$((n + 1))
	done
done
[ "$n" -gt 0 ] || fail "no object with DWARF"
finish "dtagnames on Rust" "$n objects as v1.32's (structs' tags in another order)"
