# SPDX-License-Identifier: GPL-2.0-only
# A Rust enum's functions are children of its enumeration_type DIE: pdwtags
# names their definitions, and the inline expansions that name them (as
# Linux 7.2's Ordering::then_with), as upstream v1.32 does; pfunct -i too.
# pdwtags' text is compared through lib.sh's pdwtags_norm (man/pdwtags.1).
#
# Was: nameless definitions "void (enum Level self, ...)", and "(null)"
# for the inline expansions (4 lines of the 7.2 vmlinux).
. "$TOP/tests/lib.sh"
command -v rustc >/dev/null || skip "no rustc"
"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
cat >e.rs <<'EOC'
#[derive(Clone, Copy, PartialEq)]
#[repr(u8)]
pub enum Level { Low = 1, Mid = 2, High = 3 }
impl Level {
    pub fn bump(self, by: u8) -> u8 { self as u8 + by }
    pub fn is_high(self, other: Level) -> bool { self == other }
}
pub fn use_level(l: Level) -> u8 { l.bump(3) + l.is_high(Level::High) as u8 }
EOC
rustc --crate-type=lib --emit=obj -g -C opt-level=0 -o e.o e.rs || fail "rustc failed"
SAME_FILTER=pdwtags_norm SAME_STATUS=0 same_as_upstream "pdwtags" pdwtags e.o
grep -q '^void bump(enum Level self, u8 by)$' "$TMP/got.txt" || no "no named definition of bump"
same_as_upstream "pfunct -i" pfunct -i e.o
finish "Rust enum methods" "pdwtags and pfunct -i as v1.32's"
