//! Typed rows: a deal's statistics stay numbers in memory from play to summary, and a hand's
//! facts are written straight into the batch's CSV bytes. Text is made only at the file
//! boundary (`deals.csv`, `hands.csv`), never to hand values from the runner to the tally.

use std::fmt::{Display, Write as _};

use super::config::Arm;

/// Which `deals.csv` row: a deal, an arm (its index in the experiment) and a rotation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct DealKey {
    /// The deal.
    pub deal: u64,
    /// The arm's index in the experiment.
    pub arm: usize,
    /// The rotation.
    pub rotation: usize,
}

/// `deals.csv` rows in memory, in deal order: per row its [`DealKey`] and one value per
/// statistic of the experiment, `None` where the deal is not in the statistic's population.
/// The values are stored flat, so pushing a row allocates nothing once the batch has grown.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DealRows {
    width: usize,
    keys: Vec<DealKey>,
    values: Vec<Option<f64>>,
}

impl DealRows {
    /// No rows, each row to hold `width` statistics.
    pub fn new(width: usize) -> DealRows {
        DealRows {
            width,
            keys: Vec::new(),
            values: Vec::new(),
        }
    }

    /// The statistics per row.
    pub fn width(&self) -> usize {
        self.width
    }

    /// How many rows.
    pub fn len(&self) -> usize {
        self.keys.len()
    }

    /// Whether there is no row.
    pub fn is_empty(&self) -> bool {
        self.keys.is_empty()
    }

    /// Adds a row.
    ///
    /// # Panics
    /// If `values` does not hold [`DealRows::width`] statistics.
    pub fn push(&mut self, key: DealKey, values: &[Option<f64>]) {
        assert_eq!(values.len(), self.width, "one value per statistic");
        self.keys.push(key);
        self.values.extend_from_slice(values);
    }

    /// No rows, with room for `rows` rows of `width` statistics (appending them allocates
    /// nothing more).
    pub fn with_capacity(width: usize, rows: usize) -> DealRows {
        DealRows {
            width,
            keys: Vec::with_capacity(rows),
            values: Vec::with_capacity(rows * width),
        }
    }

    /// Adds `other`'s rows after these (the widths must agree unless one side is empty).
    pub fn append(&mut self, other: DealRows) {
        if self.keys.is_empty() {
            self.width = other.width;
        }
        debug_assert!(other.is_empty() || other.width == self.width);
        self.keys.extend(other.keys);
        self.values.extend(other.values);
    }

    /// The rows, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (DealKey, &[Option<f64>])> + '_ {
        let width = self.width;
        self.keys
            .iter()
            .enumerate()
            .map(move |(i, &k)| (k, &self.values[i * width..(i + 1) * width]))
    }

    /// Appends the rows to `out` as `deals.csv` writes them (arms by name, values in Rust's
    /// shortest round-trip form, an empty field for `None`), without the header.
    pub fn write_csv(&self, arms: &[Arm], out: &mut Vec<u8>) {
        let mut w = CsvRows::new(out);
        for (key, values) in self.iter() {
            w.uint(key.deal);
            w.text(&arms[key.arm].name);
            w.uint(key.rotation as u64);
            for v in values {
                match *v {
                    Some(v) => w.float(v),
                    None => w.text(""),
                }
            }
            w.end_row();
        }
    }

    /// The rows as `deals.csv` writes them, without the header.
    pub fn to_csv(&self, arms: &[Arm]) -> Vec<u8> {
        let mut out = Vec::new();
        self.write_csv(arms, &mut out);
        out
    }
}

/// CSV rows written field by field straight into a byte buffer: no allocation per field or
/// row once the buffers have grown, and integers without `fmt`. Fields are quoted exactly as
/// the `csv` crate's default writer quotes them (only where a field holds a comma, a quote or a
/// line break; an empty row is one empty quoted field), so the bytes equal `csv::Writer`'s.
pub struct CsvRows<'a> {
    out: &'a mut Vec<u8>,
    /// Where the row in progress starts in `out`.
    row_start: usize,
    /// Whether the row in progress has a field yet (the next one follows a comma).
    in_row: bool,
    scratch: String,
}

impl<'a> CsvRows<'a> {
    /// A writer appending to `out`.
    pub fn new(out: &'a mut Vec<u8>) -> CsvRows<'a> {
        let row_start = out.len();
        CsvRows {
            out,
            row_start,
            in_row: false,
            scratch: String::new(),
        }
    }

    /// The comma before every field but a row's first.
    #[inline]
    fn delimit(&mut self) {
        if self.in_row {
            self.out.push(b',');
        }
        self.in_row = true;
    }

    /// The next field of the row, as `Display` writes it.
    pub fn field(&mut self, v: impl Display) {
        let mut scratch = std::mem::take(&mut self.scratch);
        scratch.clear();
        write!(scratch, "{v}").expect("writing to a string");
        self.text(&scratch);
        self.scratch = scratch;
    }

    /// The next field: `v` as text, quoted where CSV needs it.
    #[inline]
    pub fn text(&mut self, v: &str) {
        self.delimit();
        let bytes = v.as_bytes();
        if !bytes
            .iter()
            .any(|&b| matches!(b, b',' | b'"' | b'\r' | b'\n'))
        {
            self.out.extend_from_slice(bytes);
            return;
        }
        self.out.push(b'"');
        for &b in bytes {
            if b == b'"' {
                self.out.push(b'"');
            }
            self.out.push(b);
        }
        self.out.push(b'"');
    }

    /// The next field: an unsigned integer in decimal (as `Display` writes it).
    #[inline]
    pub fn uint(&mut self, v: impl Into<u64>) {
        self.delimit();
        self.digits(v.into());
    }

    /// The next field: a signed integer in decimal (as `Display` writes it).
    #[inline]
    pub fn int(&mut self, v: impl Into<i64>) {
        let v: i64 = v.into();
        self.delimit();
        if v < 0 {
            self.out.push(b'-');
        }
        self.digits(v.unsigned_abs());
    }

    /// The decimal digits of `v`.
    #[inline]
    fn digits(&mut self, mut v: u64) {
        let mut digits = [0u8; 20];
        let mut i = digits.len();
        loop {
            i -= 1;
            digits[i] = b'0' + (v % 10) as u8;
            v /= 10;
            if v == 0 {
                break;
            }
        }
        self.out.extend_from_slice(&digits[i..]);
    }

    /// The next field: `v` as `Display` writes it (Rust's shortest round-trip form, never an
    /// exponent), whole numbers without `fmt`.
    #[inline]
    pub fn float(&mut self, v: f64) {
        // Below 2^53 every whole number is exact and `Display` writes its digits alone; -0.0
        // is written "-0", so it takes the general way.
        if v.fract() == 0.0 && v.abs() < 9.0e15 && !(v == 0.0 && v.is_sign_negative()) {
            self.int(v as i64);
        } else {
            self.field(v);
        }
    }

    /// Ends the row.
    #[inline]
    pub fn end_row(&mut self) {
        if self.out.len() == self.row_start {
            // A row of one empty field: `csv` quotes it, so that the line is not blank.
            self.out.extend_from_slice(b"\"\"");
        }
        self.out.push(b'\n');
        self.row_start = self.out.len();
        self.in_row = false;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::experiment::run::csv_line;

    fn arm(name: &str) -> Arm {
        Arm {
            name: name.to_string(),
            seats: Vec::new(),
            subject: Vec::new(),
        }
    }

    #[test]
    fn typed_rows_write_the_bytes_of_a_csv_record_per_row() {
        let arms = [arm("tip"), arm("B0, \"quoted\"")];
        let mut rows = DealRows::new(3);
        let cases: [(DealKey, [Option<f64>; 3]); 3] = [
            (
                DealKey {
                    deal: 7,
                    arm: 0,
                    rotation: 1,
                },
                [Some(0.1 + 0.2), None, Some(-3.0)],
            ),
            (
                DealKey {
                    deal: u64::MAX,
                    arm: 1,
                    rotation: 0,
                },
                [Some(1e300), Some(f64::MIN_POSITIVE), Some(2.5e-7)],
            ),
            (
                DealKey {
                    deal: 0,
                    arm: 0,
                    rotation: 0,
                },
                [None, None, None],
            ),
        ];
        let mut want = Vec::new();
        for (key, values) in &cases {
            rows.push(*key, values);
            let mut fields = vec![
                key.deal.to_string(),
                arms[key.arm].name.clone(),
                key.rotation.to_string(),
            ];
            fields.extend(
                values
                    .iter()
                    .map(|v| v.map(|v| format!("{v}")).unwrap_or_default()),
            );
            want.extend(csv_line(&fields));
        }
        assert_eq!(
            String::from_utf8(rows.to_csv(&arms)).unwrap(),
            String::from_utf8(want).unwrap()
        );
        let keys: Vec<DealKey> = rows.iter().map(|(k, _)| k).collect();
        assert_eq!(keys, cases.map(|c| c.0));
    }

    #[test]
    fn typed_fields_write_the_bytes_of_a_csv_record() {
        let texts = [
            "",
            "plain",
            "a,b",
            "say \"hi\"",
            "line\nbreak",
            "cr\rhere",
            " spaced ",
            "#hash",
        ];
        let floats = [
            0.0,
            -0.0,
            1.0,
            -3.0,
            0.5,
            0.1 + 0.2,
            1e300,
            -2.5e-7,
            f64::MIN_POSITIVE,
            9.0e15,
            8.999_999_999_999_998e15,
            f64::NAN,
            f64::INFINITY,
            f64::NEG_INFINITY,
        ];
        let ints: [i64; 5] = [0, 7, -7, i64::MIN, i64::MAX];
        let mut got = Vec::new();
        let mut want = Vec::new();
        let mut w = CsvRows::new(&mut got);
        for t in texts {
            w.text(t);
            w.end_row();
            want.extend(csv_line(&[t.to_string()]));
            w.uint(u64::MAX);
            w.text(t);
            w.field(t);
            w.end_row();
            want.extend(csv_line(&[
                u64::MAX.to_string(),
                t.to_string(),
                t.to_string(),
            ]));
        }
        for v in floats {
            w.float(v);
            w.int(ints[0]);
            w.end_row();
            want.extend(csv_line(&[format!("{v}"), "0".to_string()]));
        }
        w.end_row();
        want.extend(csv_line(&[]));
        w.text("");
        w.text("");
        w.end_row();
        want.extend(csv_line(&[String::new(), String::new()]));
        for v in ints {
            w.int(v);
            w.uint(v.unsigned_abs());
            w.end_row();
            want.extend(csv_line(&[v.to_string(), v.unsigned_abs().to_string()]));
        }
        assert_eq!(
            String::from_utf8(got).unwrap(),
            String::from_utf8(want).unwrap()
        );
    }

    #[test]
    fn appended_rows_follow_in_order() {
        let key = |deal| DealKey {
            deal,
            arm: 0,
            rotation: 0,
        };
        let mut a = DealRows::default();
        let mut b = DealRows::new(1);
        b.push(key(1), &[Some(1.0)]);
        a.append(b);
        let mut c = DealRows::new(1);
        c.push(key(2), &[None]);
        a.append(c);
        let got: Vec<(u64, Vec<Option<f64>>)> =
            a.iter().map(|(k, v)| (k.deal, v.to_vec())).collect();
        assert_eq!(got, vec![(1, vec![Some(1.0)]), (2, vec![None])]);
    }
}
