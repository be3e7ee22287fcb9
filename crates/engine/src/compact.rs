//! A compact binary form of the embedded data, for the page's two modules.
//!
//! Both must be small and start fast, and reading the catalog as JSON costs them twice: the text is larger
//! than its content, and serde_json's parser, generated once per record type with every field
//! name, is larger than the engine it feeds. This form has no names and no syntax: each record
//! is its fields in a fixed order, numbers are variable-length integers, a float is a decimal
//! mantissa and a power of ten. `build.rs` writes it (from the JSON the app reads, so every value
//! is the app's bit for bit) and the module reads it back with a few lines per type.
//!
//! A string is written once: a string written before is its place in the order of first writing.
//! The catalog names the same few hundred sources, regions and notes across some eight hundred
//! offers: written in full each time, they made the catalog with its sources five times as large
//! (405 KB against 80 KB), mostly too far apart for gzip's 32 KB window to find (28.5 KB against
//! 24.8 KB gzipped).
//!
//! Strings the page holds already can be given as known to both sides ([`encode`], [`decode`]):
//! they take the first places, so the data holds only their places. The catalog's copies know
//! the GPUs' ids and names, which the page's summary (`catalog::summary`) carries for the form.
//!
//! The field order is listed once per type, with `record!` and `variants!` beside the types:
//! reading and writing follow the same list, and a field or variant left out of it does not
//! compile. A field the first answer never shows (a source, a note) can be named as left out:
//! the copy both modules start from ([`encode`]) does not hold it, and reads it back as its
//! default. [`encode_split`] writes the fields left out in a second stream of their own, so that
//! the app can add them ([`decode_split`]) once a part of the page that shows them has loaded.
//!
//! Compiled into `build.rs` as well (via `#[path]`), so it depends on nothing.

use std::collections::HashMap;

/// A type that has a compact form.
pub trait Compact: Sized {
    fn write(&self, w: &mut Writer);
    fn read(r: &mut Reader<'_>) -> Self;
}

/// The bytes of `value` without the fields its types leave out (the first answer's copy), the
/// strings `known` taken as written before it: each of them the value holds is its place, a
/// byte or two. The reader must know the same strings, in the same order.
pub fn encode<T: Compact>(value: &T, known: &[&str]) -> Vec<u8> {
    let mut w = Writer::new(false, known);
    value.write(&mut w);
    w.bytes
}

/// The bytes of `value` in two streams: the first answer's copy ([`encode`]'s bytes), and the
/// fields it leaves out, in the order they come (each stream with its own strings; `known` are
/// the first's).
pub fn encode_split<T: Compact>(value: &T, known: &[&str]) -> (Vec<u8>, Vec<u8>) {
    let mut w = Writer::new(false, known);
    w.rest = Some(Box::new(Writer::new(true, &[])));
    value.write(&mut w);
    let rest = w.rest.take().map(|r| r.bytes).unwrap_or_default();
    (w.bytes, rest)
}

/// The value [`encode`] wrote knowing `known`; `None` when bytes are left over (they were written
/// from another type). Bytes that are too few panic: they are written at build time, and a test
/// reads them back.
pub fn decode<T: Compact>(bytes: &[u8], known: &[&'static str]) -> Option<T> {
    let mut r = Reader::new(bytes, false, known);
    let value = T::read(&mut r);
    r.bytes.is_empty().then_some(value)
}

/// The value [`encode_split`] wrote as `lean` and `rest` knowing `known`, every field included;
/// `None` when bytes are left over in either.
pub fn decode_split<T: Compact>(lean: &[u8], rest: &[u8], known: &[&'static str]) -> Option<T> {
    let mut r = Reader::new(lean, false, known);
    r.rest = Some(Box::new(Reader::new(rest, true, &[])));
    let value = T::read(&mut r);
    let rest_read = r.rest.as_ref().is_some_and(|rest| rest.bytes.is_empty());
    (r.bytes.is_empty() && rest_read).then_some(value)
}

/// Where [`Compact::write`] appends.
pub struct Writer {
    bytes: Vec<u8>,
    /// This is the stream of the fields left out: one left out inside them is written here too.
    of_left_out: bool,
    /// Each string written so far and its place in the order of first writing.
    strings: HashMap<String, u64>,
    /// Where the fields left out go instead, when written apart ([`encode_split`]).
    rest: Option<Box<Writer>>,
}

impl Writer {
    fn new(of_left_out: bool, known: &[&str]) -> Writer {
        Writer {
            bytes: Vec::new(),
            of_left_out,
            strings: (0..)
                .zip(known)
                .map(|(place, s)| (s.to_string(), place))
                .collect(),
            rest: None,
        }
    }

    /// Writes fields the first answer's copy leaves out with `write`: in the second stream when
    /// there is one, not at all in the first answer's copy.
    pub fn left_out(&mut self, write: impl FnOnce(&mut Writer)) {
        if let Some(rest) = self.rest.as_deref_mut() {
            write(rest);
        } else if self.of_left_out {
            write(self);
        }
    }

    pub fn byte(&mut self, b: u8) {
        self.bytes.push(b);
    }

    /// LEB128: seven bits a byte, low bits first.
    pub fn varint(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.bytes.push(n as u8 | 0x80);
            n >>= 7;
        }
        self.bytes.push(n as u8);
    }
}

/// What [`Compact::read`] consumes.
pub struct Reader<'a> {
    bytes: &'a [u8],
    /// This is the stream of the fields left out: one left out inside them is read here too.
    of_left_out: bool,
    /// The strings read so far, in the order they were first written.
    strings: Vec<&'a [u8]>,
    /// Where the fields left out come from instead, when written apart ([`decode_split`]).
    rest: Option<Box<Reader<'a>>>,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8], of_left_out: bool, known: &[&'static str]) -> Reader<'a> {
        Reader {
            bytes,
            of_left_out,
            strings: known.iter().map(|s| s.as_bytes()).collect(),
            rest: None,
        }
    }

    /// Reads fields the first answer's copy leaves out with `read`, from where
    /// [`Writer::left_out`] wrote them; their default where they were not written.
    pub fn left_out<T: Default>(&mut self, read: impl FnOnce(&mut Reader<'a>) -> T) -> T {
        if let Some(rest) = self.rest.as_deref_mut() {
            read(rest)
        } else if self.of_left_out {
            read(self)
        } else {
            T::default()
        }
    }

    fn take(&mut self, n: usize) -> &'a [u8] {
        let (head, rest) = self.bytes.split_at(n);
        self.bytes = rest;
        head
    }

    pub fn byte(&mut self) -> u8 {
        self.take(1)[0]
    }

    pub fn varint(&mut self) -> u64 {
        let mut n = 0;
        let mut shift = 0;
        loop {
            let b = self.byte();
            n |= u64::from(b & 0x7f) << shift;
            if b < 0x80 {
                return n;
            }
            shift += 7;
        }
    }
}

macro_rules! unsigned {
    ($($t:ty),*) => {$(
        impl Compact for $t {
            fn write(&self, w: &mut Writer) {
                w.varint(u64::from(*self));
            }
            fn read(r: &mut Reader<'_>) -> Self {
                r.varint() as $t
            }
        }
    )*};
}
unsigned!(u8, u16, u32);

impl Compact for bool {
    fn write(&self, w: &mut Writer) {
        w.byte(u8::from(*self));
    }
    fn read(r: &mut Reader<'_>) -> Self {
        r.byte() != 0
    }
}

/// A float is `±m / 10^k` when that gives back its exact bits (the writer checks; every figure
/// of the data files does), written as `2k + sign + 1` and `m`; else `0` and its eight bytes.
/// `m` below 2^53 and `10^k` up to 10^22 are exact doubles, so the one division rounds to the
/// nearest double, the same on every machine.
impl Compact for f64 {
    fn write(&self, w: &mut Writer) {
        match decimal(*self) {
            Some((k, m)) => {
                w.varint(2 * k + u64::from(m < 0) + 1);
                w.varint(m.unsigned_abs());
            }
            None => {
                w.varint(0);
                self.to_bits().to_le_bytes().iter().for_each(|b| w.byte(*b));
            }
        }
    }
    fn read(r: &mut Reader<'_>) -> Self {
        match r.varint() {
            0 => f64::from_bits(u64::from_le_bytes(r.take(8).try_into().unwrap_or([0; 8]))),
            h => {
                let m = r.varint() as i64;
                scaled(if h % 2 == 0 { -m } else { m }, (h - 1) / 2)
            }
        }
    }
}

/// `10^k`, exact for `k` up to 22.
fn power_of_ten(k: u64) -> f64 {
    let mut power = 1.0;
    for _ in 0..k {
        power *= 10.0;
    }
    power
}

/// `m / 10^k`.
fn scaled(m: i64, k: u64) -> f64 {
    m as f64 / power_of_ten(k)
}

/// The fewest decimals `k` and the mantissa `m` with `m / 10^k` exactly `x`, if any.
fn decimal(x: f64) -> Option<(u64, i64)> {
    const EXACT: f64 = 9_007_199_254_740_992.0; // 2^53
    (0..=22).find_map(|k| {
        let m = (x * power_of_ten(k)).round();
        (m.abs() < EXACT && scaled(m as i64, k).to_bits() == x.to_bits()).then_some((k, m as i64))
    })
}

/// A string's first writing is `2 × length` and its bytes; a string written before is
/// `2 × place + 1`, its place in the order of first writing.
impl Compact for String {
    fn write(&self, w: &mut Writer) {
        if let Some(&place) = w.strings.get(self) {
            w.varint(2 * place + 1);
            return;
        }
        let place = w.strings.len() as u64;
        w.strings.insert(self.clone(), place);
        w.varint(2 * self.len() as u64);
        self.bytes().for_each(|b| w.byte(b));
    }
    fn read(r: &mut Reader<'_>) -> Self {
        let head = r.varint() as usize;
        let bytes = if head.is_multiple_of(2) {
            let bytes = r.take(head / 2);
            r.strings.push(bytes);
            bytes
        } else {
            r.strings.get(head / 2).copied().unwrap_or_default()
        };
        // The build writes valid UTF-8 (a `String`'s bytes).
        String::from_utf8(bytes.to_vec()).unwrap_or_default()
    }
}

impl<T: Compact> Compact for Option<T> {
    fn write(&self, w: &mut Writer) {
        match self {
            None => w.byte(0),
            Some(v) => {
                w.byte(1);
                v.write(w);
            }
        }
    }
    fn read(r: &mut Reader<'_>) -> Self {
        (r.byte() != 0).then(|| T::read(r))
    }
}

impl<T: Compact> Compact for Vec<T> {
    fn write(&self, w: &mut Writer) {
        w.varint(self.len() as u64);
        self.iter().for_each(|v| v.write(w));
    }
    fn read(r: &mut Reader<'_>) -> Self {
        (0..r.varint()).map(|_| T::read(r)).collect()
    }
}

/// `Compact` for a struct: `record! { Type: field, field; left_out: field }` writes the fields in
/// the order listed; the ones left out follow only in the second stream of [`encode_split`], and
/// read back as their default without it. Every field must be named in one list or the other.
macro_rules! record {
    ($ty:ident: $($field:ident),+ $(; left_out: $($skip:ident),+)?) => {
        impl crate::compact::Compact for $ty {
            fn write(&self, w: &mut crate::compact::Writer) {
                let $ty { $($field,)+ $($($skip,)+)? } = self;
                $(crate::compact::Compact::write($field, w);)+
                $(w.left_out(|w| {
                    $(crate::compact::Compact::write($skip, w);)+
                });)?
            }
            fn read(r: &mut crate::compact::Reader<'_>) -> Self {
                // Fields are read in the order written: the listed ones, then those left out.
                $ty {
                    $($field: crate::compact::Compact::read(r),)+
                    $($($skip: r.left_out(crate::compact::Compact::read),)+)?
                }
            }
        }
    };
}
pub(crate) use record;

/// `Compact` for a fieldless enum, `variants! { Type: Variant, Variant }`: a variant is its
/// place in the list, which must name them all.
macro_rules! variants {
    ($ty:ident: $($variant:ident),+) => {
        impl crate::compact::Compact for $ty {
            fn write(&self, w: &mut crate::compact::Writer) {
                const ALL: &[$ty] = &[$($ty::$variant),+];
                // Names every variant, so one missing from the list does not compile.
                match self {
                    $($ty::$variant)|+ => {}
                }
                let at = ALL.iter().position(|v| v == self).unwrap_or_default();
                w.byte(at as u8);
            }
            fn read(r: &mut crate::compact::Reader<'_>) -> Self {
                const ALL: &[$ty] = &[$($ty::$variant),+];
                ALL[usize::from(r.byte())]
            }
        }
    };
}
pub(crate) use variants;

#[cfg(test)]
mod tests {
    use super::*;

    fn round_trip<T: Compact + PartialEq + std::fmt::Debug>(value: T) -> usize {
        let bytes = encode(&value, &[]);
        assert_eq!(decode::<T>(&bytes, &[]), Some(value));
        bytes.len()
    }

    #[test]
    fn floats_come_back_bit_for_bit() {
        for x in [
            0.0,
            -0.0,
            1.0,
            80.0,
            0.1,
            0.73,
            1.533,
            1048.576,
            3.06,
            0.3841,
            1e-9,
            6.74,
            1e22,
            1e300,
            -2.5,
            1.0 / 3.0,
            f64::MAX,
            f64::MIN_POSITIVE,
            f64::INFINITY,
        ] {
            let bytes = encode(&x, &[]);
            let back: f64 = decode(&bytes, &[]).unwrap();
            assert_eq!(back.to_bits(), x.to_bits(), "{x}");
        }
        assert!(decode::<f64>(&encode(&f64::NAN, &[]), &[])
            .unwrap()
            .is_nan());
        // Short decimals take a few bytes, not eight.
        assert_eq!(encode(&0.73, &[]).len(), 2);
        assert_eq!(encode(&-0.73, &[]).len(), 2);
        assert_eq!(encode(&1048.576, &[]).len(), 4);
        assert_eq!(encode(&(1.0 / 3.0), &[]).len(), 9);
    }

    #[test]
    fn integers_strings_options_and_lists_come_back() {
        assert_eq!(round_trip(0u32), 1);
        assert_eq!(round_trip(127u32), 1);
        assert_eq!(round_trip(128u32), 2);
        round_trip(u32::MAX);
        round_trip(u16::MAX);
        round_trip(u8::MAX);
        round_trip(true);
        round_trip(String::from("ESSD云盘 PL0"));
        round_trip(Some(String::new()));
        round_trip(None::<f64>);
        round_trip(vec![Some(1.5), None, Some(-0.25)]);
    }

    #[test]
    fn a_string_written_again_is_its_place() {
        let source = String::from("https://aws.amazon.com/ec2/pricing/on-demand/");
        let list = vec![
            source.clone(),
            String::new(),
            source.clone(),
            String::from("us-east-1"),
            String::new(),
            source.clone(),
        ];
        let bytes = round_trip(list.clone());
        // The count, the three first writings, then one byte for each string written again.
        let first = 1 + (1 + source.len()) + 1 + (1 + "us-east-1".len());
        assert_eq!(bytes, first + 3);
        // Places are counted across values nested in others, in the order written.
        round_trip(vec![
            vec![Some(source.clone())],
            vec![None, Some(source)],
            vec![],
        ]);
        round_trip(vec![list.clone(), list]);
    }

    /// A record with a field left out of the first answer's copy.
    #[derive(Debug, Default, PartialEq)]
    struct Priced {
        price: f64,
        source: String,
        note: Option<String>,
    }
    record! { Priced: price; left_out: source, note }

    #[test]
    fn the_fields_left_out_can_come_apart_and_be_added_back() {
        let source = String::from("https://example.com/prices");
        let list = vec![
            Priced {
                price: 1.5,
                source: source.clone(),
                note: None,
            },
            Priced {
                price: 2.0,
                source: source.clone(),
                note: Some("per GPU".into()),
            },
            Priced {
                price: 1.5,
                source,
                note: None,
            },
        ];
        let (lean, rest) = encode_split(&list, &[]);
        // The first stream is the first answer's copy, byte for byte.
        assert_eq!(lean, encode(&list, &[]));
        let without: Vec<Priced> = decode(&lean, &[]).unwrap();
        assert!(without
            .iter()
            .all(|p| p.source.is_empty() && p.note.is_none()));
        assert_eq!(
            decode_split::<Vec<Priced>>(&lean, &rest, &[]).as_ref(),
            Some(&list)
        );
        // Bytes left over in either stream are refused.
        let mut longer = rest.clone();
        longer.push(0);
        assert_eq!(decode_split::<Vec<Priced>>(&lean, &longer, &[]), None);
    }

    #[test]
    fn a_known_string_is_its_place_and_comes_back() {
        let known = ["h100-sxm", "NVIDIA H100 SXM5 80GB"];
        let list = vec![
            String::from("NVIDIA H100 SXM5 80GB"),
            String::from("a100-80gb-sxm"),
            String::from("h100-sxm"),
            String::from("a100-80gb-sxm"),
        ];
        let bytes = encode(&list, &known);
        // The count, two known strings by place, one written out and then by its place (2, after
        // the known ones).
        assert_eq!(
            bytes,
            [&[4, 3][..], &[26], b"a100-80gb-sxm", &[1, 5]].concat()
        );
        assert_eq!(decode::<Vec<String>>(&bytes, &known), Some(list.clone()));
        // Without them the places point elsewhere: a reader must know the same strings.
        assert_ne!(decode::<Vec<String>>(&bytes, &[]), Some(list.clone()));
        let (lean, rest) = encode_split(&list, &known);
        assert_eq!(lean, bytes);
        assert_eq!(
            decode_split::<Vec<String>>(&lean, &rest, &known),
            Some(list)
        );
    }

    #[test]
    fn left_over_bytes_are_refused() {
        let mut bytes = encode(&7u32, &[]);
        bytes.push(0);
        assert_eq!(decode::<u32>(&bytes, &[]), None);
    }
}
