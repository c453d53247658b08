# SPDX-License-Identifier: GPL-2.0-only
# pdwtags on Rust structs (man/pdwtags.1, DIFFERENCES): a struct's functions
# print after its members, where upstream v1.32 puts them after the first
# member by offset; an unsized struct ([u8] last, size 0) has no padding
# line and no BRAIN FART ALERT, where upstream prints "padding: 65535" (and
# checked: upstream still does).
. "$TOP/tests/lib.sh"
command -v rustc >/dev/null || skip "no rustc"
"$UPSTREAM" pahole --version >/dev/null 2>&1 || skip "upstream v1.32 cannot run here"
cd "$TMP" || fail "no temp dir"
cat >p.rs <<'EOC'
pub struct Pair { pub a: u32, pub b: u64, pub c: u8 }
impl Pair {
    pub fn sum(&self) -> u64 { self.a as u64 + self.b }
}
pub struct Wtf { pub bytes: [u8] }
impl Wtf {
    pub fn len(&self) -> usize { self.bytes.len() }
}
pub fn use_all(p: &Pair, w: &Wtf) -> u64 { p.sum() + w.len() as u64 }
EOC
rustc --crate-type=lib --emit=obj -g -C opt-level=0 -o p.o p.rs || fail "rustc failed"
"$(sibling pdwtags)" p.o >ours.txt || fail "pdwtags fails"
"$UPSTREAM" pdwtags p.o >up.txt 2>/dev/null || fail "upstream pdwtags fails"
sed -n '/^struct Pair {/,/^}/p' ours.txt | grep -v '^$' | sed -n 3,6p >pair.txt
grep -q 'u64 *b ' pair.txt && grep -q 'u32 *a ' pair.txt && grep -q 'u8 *c ' pair.txt &&
	sed -n 4p pair.txt | grep -q 'sum(' || no "Pair: not b, a, c, then sum(): $(tr '\n' '|' <pair.txt)"
sed -n '/^struct Wtf {/,/^}/p' ours.txt >wtf.txt
grep -q 'padding\|BRAIN FART' wtf.txt && no "Wtf: a padding line or a BRAIN FART ALERT"
grep -q 'padding: 65535' up.txt || no "upstream no longer prints padding: 65535 (a difference gone?)"
finish "Rust structs" "functions after the members, no padding past zero"
