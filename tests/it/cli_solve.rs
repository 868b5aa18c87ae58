//! `tricklab solve`: values for every game, JSON output, and one-line errors for bad input.

use crate::common;

use common::{tricklab, tricklab_ok};

/// The first deal of `tests/data/whist_dds.txt`: DDS gives the leader's side (West) 9 tricks
/// with hearts trumps, 9 after each heart or diamond and 8 after each club or spade.
const WHIST: &str = "7S 6S 5S TH 9H 3H AD QD 8D 7D 6D 5D 6C / AS TS 4S QH JH 5H KD 9D 2D AC JC 7C 3C / KS JS 8S 3S 2S KH 8H 3D KC QC 8C 4C 2C / QS 9S AH 7H 6H 4H 2H JD TD 4D TC 9C 5C";
const CATCH: &str = "AH AC 7H TD AS 9S 6D 7S 7D / 6S 9H JD 8C TC JH QC 6C KS / 6H KH AD 9D TS QD 8D 9C JC / JS 8H KC QH 8S 7C QS TH KD";
const NINE: &str = "3H 4S AH 8S TC 5C 8C 6D 9H 8H 5H 7S AD 3D 9C 7C / KH 4D JS 5S 6H 4C JH JD 7H 4H 2C QS 2S QH 9S TD / 6C 5D JC KS 2H QD 3C 8D KD TS KC 2D 3S 6S TH AC";

/// `tricklab solve --json` of `game`, `deal`, `trump` and `leader`, with `options` before the
/// deal.
fn json(game: &str, options: &[&str], deal: &str, trump: &str, leader: &str) -> serde_json::Value {
    let mut args = vec!["solve", "--game", game];
    args.extend_from_slice(options);
    args.extend([
        "--deal", deal, "--trump", trump, "--leader", leader, "--json",
    ]);
    serde_json::from_str(&tricklab_ok(&args)).unwrap()
}

/// The value is the best card's value, and every card of the leader is listed.
fn consistent(v: &serde_json::Value, cards: usize) {
    let listed = v["cards"].as_object().unwrap();
    assert_eq!(listed.len(), cards, "{v}");
    let best = listed.values().map(|x| x.as_i64().unwrap()).max().unwrap();
    assert_eq!(v["value"].as_i64().unwrap(), best, "{v}");
}

#[test]
fn whist_values_match_dds() {
    let out = tricklab(&[
        "solve", "--game", "whist", "--deal", WHIST, "--trump", "H", "--leader", "W",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.starts_with("whist: 9 tricks for side 1+3"), "{text}");
    let v = json("whist", &[], WHIST, "H", "3");
    consistent(&v, 13);
    assert_eq!(v["value"], 9);
    for (card, tricks) in [("AH", 9), ("4D", 9), ("5C", 8), ("QS", 8)] {
        assert_eq!(v["cards"][card], tricks, "{card}");
    }
}

#[test]
fn catch_the_ten_and_nine_five_two() {
    let v = json("catch-the-ten", &[], CATCH, "H", "1");
    consistent(&v, 9);
    assert_eq!(v["counts"], "points");
    assert_eq!(v["side"], "1+3");
    let alone = json(
        "catch-the-ten",
        &["--option", "everyone_alone"],
        CATCH,
        "H",
        "1",
    );
    consistent(&alone, 9);
    assert_eq!(alone["side"], "1");
    // Alone against three, a seat takes fewer points than with a partner.
    assert!(alone["value"].as_i64() < v["value"].as_i64());
    let v = json("nine-five-two", &[], NINE, "S", "0");
    consistent(&v, 16);
    assert_eq!(v["counts"], "tricks");
}

#[test]
fn bad_input_is_one_line_naming_what_is_allowed() {
    let cases: [(&[&str], &str); 6] = [
        (
            &["--game", "whist", "--deal", WHIST, "--trump", "X"],
            "expected C, D, H, S or N",
        ),
        (
            &["--game", "whist", "--deal", "AS KS / QS", "--trump", "S"],
            "needs 4",
        ),
        (
            &[
                "--game", "whist", "--deal", WHIST, "--trump", "S", "--leader", "Q",
            ],
            "0 to 3 or N, E, S, W",
        ),
        (
            &["--game", "catch-the-ten", "--deal", CATCH, "--trump", "N"],
            "always has a trump suit",
        ),
        (
            &[
                "--game",
                "whist",
                "--deal",
                "AS ZZ / 2S / 3S / 4S",
                "--trump",
                "S",
            ],
            "--deal",
        ),
        (
            &[
                "--game",
                "whist",
                "--deal",
                "AS KS / 2S / 3S / 4S",
                "--trump",
                "S",
            ],
            "same number of cards",
        ),
    ];
    for (args, expect) in cases {
        let mut all = vec!["solve"];
        all.extend_from_slice(args);
        let out = tricklab(&all);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(err.contains(expect), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}
