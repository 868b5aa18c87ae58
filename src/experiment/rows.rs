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
            w.field(key.deal);
            w.field(&arms[key.arm].name);
            w.field(key.rotation);
            for v in values {
                match v {
                    Some(v) => w.field(v),
                    None => w.field(""),
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

/// CSV rows written field by field into a byte buffer with one reused scratch string: no
/// allocation per field or row once the buffers have grown. Fields are quoted exactly as the
/// `csv` crate's default writer quotes them, so the bytes equal `csv::Writer`'s.
pub struct CsvRows<'a> {
    w: csv::Writer<&'a mut Vec<u8>>,
    scratch: String,
}

impl<'a> CsvRows<'a> {
    /// A writer appending to `out`.
    pub fn new(out: &'a mut Vec<u8>) -> CsvRows<'a> {
        CsvRows {
            w: csv::WriterBuilder::new()
                .has_headers(false)
                .buffer_capacity(256)
                .from_writer(out),
            scratch: String::new(),
        }
    }

    /// The next field of the row, as `Display` writes it.
    pub fn field(&mut self, v: impl Display) {
        self.scratch.clear();
        write!(self.scratch, "{v}").expect("writing to a string");
        self.w
            .write_field(&self.scratch)
            .expect("writing to memory");
    }

    /// Ends the row.
    pub fn end_row(&mut self) {
        self.w
            .write_record(None::<&[u8]>)
            .expect("writing to memory");
    }
}

impl Drop for CsvRows<'_> {
    fn drop(&mut self) {
        // Memory cannot fail to take the bytes.
        let _ = self.w.flush();
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
