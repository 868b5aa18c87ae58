#!/usr/bin/env python3
"""Writes the third edition's configs (RULES.md §5.5) into experiments/third-edition/.

One config per tip and opponent field. The configs are the pre-registration: n is declared
here before a config's first run and never raised because of what a row showed; every
hypothesis marked `primary = true` belongs to the family `tips-3` and gets Holm's correction
over the whole family (`tricklab family experiments/third-edition --results
results/third-edition`). The three fields of a tip share one deal seed, so that field
differences are paired deal by deal. Edit this script, not the TOML files, and rerun it from
the repository root:

    python3 tools/third-edition/generate.py

Fields (RULES.md §5.4, §5.5):
- `b0`: B0 opponents (and B0 partners where the tip is not a partnership arm);
- `ladder`: field (2), the strongest non-cheating agent the strength ladder names for the game
  (results/ladder/README.md, "Strongest non-cheating agent per game") when the config was
  committed; its spec is in every config and in the report;
- `mixed`: one B0 opponent and one field (2) agent.
The second edition's search field (`ismcts:iterations=300,rollout=rules`) is a cheaper
stand-in; its rows stay in results/second-edition/ and are reported as their own field under
that name, never as field (2).
"""

import os

OUT = "experiments/third-edition"
FAMILY = "tips-3"
B0 = "rules"

# Field (2) per game: the strength ladder's named agent (results/ladder/README.md) at the time
# these configs were committed. tests/it/third_edition.rs checks that they still agree.
LADDER = {
    "catch-the-ten": "pimc:worlds=20,infer=rules",
    "whist": "ismcts:iterations=10000,infer=rules",
    "nine-five-two": "ismcts:iterations=10000",
}
FIELD_NAMES = ["b0", "ladder", "mixed"]

# Deals (or matches) per config and field, declared before the first run (RULES.md §5.5: at
# least 2,000 deals, 500 matches, in every field). The B0 field is cheap (microseconds a
# decision), so it keeps the second edition's 20,000; the ladder and mixed fields play the
# first 2,000 of the same deals (the same seed), so every field contrast is paired.
HANDS = {"b0": 20000, "ladder": 2000, "mixed": 2000}
MATCHES = {"b0": 20000, "ladder": 500, "mixed": 500}

written = []

# Expert agreement (RULES.md §5, method 2; §5.5 "Reporting"): one config per tip (and per arm
# pair where a tip has two), written beside the ladder field's config into
# experiments/third-edition/agreement/. Self-play of field (2) in every seat (the positions a
# strong player reaches); each game gives at most one position per seat, and agreement.csv
# names each position's game so that the intervals are clustered by game. Tip and control are
# arm names of the tip's config.
AGREEMENT = {
    "ct-h1-save-ten": [("safe", "B0")],
    "ct-h2-hunt-ten": [("hunt_ten", "B0")],
    "ct-h3-cards": [("B0", "honours_only")],
    "ct-h4-watch-score": [("watch_score", "B0")],
    "n-h1-longest-suit-trumps": [("longest_suit_trumps", "B0")],
    "n-h2-discard": [("discard_to_void", "B0"), ("keep_winners", "B0")],
    "n-h3-gang-up": [("gang_up_on_dealer", "B0")],
    "n-h4-a-keep-contesting": [("B0", "satisfice")],
    "n-h4-b-upgrade": [("upgrade_short_suits", "B0")],
    "w-h1-which-suit": [("lead_from_length", "lead_from_strength")],
    "w-h2-count-trumps": [("count_trumps", "B0")],
    "w-h3-2x2": [("second", "B0"), ("third", "B0")],
    "w-h4-signals": [("signals", "lead")],
}
AGREEMENT_POSITIONS = 500
AGREEMENT_OUT = os.path.join(OUT, "agreement")


def q(s):
    return '"' + s + '"'


def seats_list(seats):
    return "[" + ", ".join(q(s) for s in seats) + "]"


def opponents(game, field):
    """The field's two players (opponents, or in 9-5-2 the two other players)."""
    strong = LADDER[game]
    return {"b0": (B0, B0), "ladder": (strong, strong), "mixed": (B0, strong)}[field]


def field_words(game, field):
    strong = LADDER[game]
    return {
        "b0": "B0 opponents",
        "ladder": f"field (2): the strength ladder's strongest non-cheating agent for {game}, "
                  f"{strong}, as every other player",
        "mixed": f"a mixed field (one B0 opponent, one {strong})",
    }[field]


def team(game, tip, field):
    """A partnership arm: the tip in seats 0 and 2, the field's opponents in 1 and 3."""
    o1, o2 = opponents(game, field)
    return [tip, o1, tip, o2]


def alone(game, tip, field):
    """A 9-5-2 arm: the tip in seat 0, the field's two players in seats 1 and 2."""
    o1, o2 = opponents(game, field)
    return [tip, o1, o2]


def rules(switches):
    return "rules:" + switches if switches else B0


def hyp(label, tip, control, statistic, direction, epsilon, primary=False, **more):
    h = dict(label=label, tip=tip, control=control, statistic=statistic,
             direction=direction, epsilon=epsilon)
    if primary:
        h["primary"] = True
    h.update(more)
    return h


def config(name, field, seed, head, game, statistics, arms, hypotheses, players=None,
           matches=False, claims=(), deals=None):
    lines = [f"# {l}" if l else "#" for l in head]
    lines.append(f"# Field: {field_words(game, field)}.")
    lines.append("# Generated by tools/third-edition/generate.py; edit that, not this file.")
    lines += [f"name = {q(name + '-' + field)}", f"game = {q(game)}"]
    if players:
        lines.append(f"players = {players}")
    lines += [f"seed = {seed}", f"deals = {deals or (MATCHES if matches else HANDS)[field]}"]
    if matches:
        lines.append("matches = true")
    lines += [
        "hand_rows = false",
        "edition = 3",
        f"family = {q(FAMILY)}",
        f"field = {q(field)}",
        "statistics = [" + ", ".join(q(s) for s in statistics) + "]",
    ]
    for arm_name, seats, subject in arms:
        lines += ["", "[[arm]]", f"name = {q(arm_name)}", f"seats = {seats_list(seats)}"]
        if subject is not None:
            lines.append(f"subject = {subject}")
    for h in hypotheses:
        lines += ["", "[[hypothesis]]"]
        for k in ["label", "tip", "control", "statistic", "direction", "epsilon", "primary",
                  "with", "combine", "population"]:
            if k in h:
                v = h[k]
                if isinstance(v, bool):
                    v = "true" if v else "false"
                elif isinstance(v, str):
                    v = q(v)
                elif isinstance(v, list):
                    v = seats_list(v)
                lines.append(f"{k} = {v}")
    for c in claims:
        lines += ["", "[[claim]]"] + [f"{k} = {q(v) if isinstance(v, str) else v}"
                                      for k, v in c.items()]
    path = os.path.join(OUT, f"{name}-{field}.toml")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    written.append(path)
    if field == "ladder":
        for tip, control in AGREEMENT.get(name, []):
            agreement_config(name, game, lines, tip, control)


def agreement_config(name, game, lines, tip, control):
    """The agreement config of one tip: the ladder field's config (its arms, seed and
    statistics) without its hypotheses, renamed and outside the family, with an [agreement]
    section."""
    own = f"{name}-{tip}-agreement".replace("_", "-").lower()
    body = []
    cut = lines.index("[[hypothesis]]") - 1 if "[[hypothesis]]" in lines else len(lines)
    for l in lines[:cut]:
        if l == f"name = {q(name + '-ladder')}":
            l = f"name = {q(own)}"
        elif l.startswith("family = ") or l.startswith("field = "):
            continue
        body.append(l)
    # 9-5-2's solver takes seconds on a full hand (issue 34), so a PIMC searcher there would
    # cost hours per config; its second searcher is a larger ISMCTS instead.
    second = "ismcts:iterations=100000" if game == "nine-five-two" else "pimc:worlds=50"
    body += ["", "[agreement]", f"tip = {q(tip)}", f"control = {q(control)}",
             f"play = {q(LADDER[game])}",
             f"searchers = {seats_list(['ismcts:iterations=20000,rollout=rules', second])}",
             f"positions = {AGREEMENT_POSITIONS}"]
    os.makedirs(AGREEMENT_OUT, exist_ok=True)
    path = os.path.join(AGREEMENT_OUT, f"{own}.toml")
    with open(path, "w") as f:
        f.write("\n".join(body) + "\n")
    written.append(path)


os.makedirs(OUT, exist_ok=True)

for field in FIELD_NAMES:
    W, N = "whist", "nine-five-two"

    # W-H2: the arm is the second edition's; §5.5 asks only that it be described as what it
    # does.
    config("w-h2-count-trumps", field, 3022, [
        "W-H2 \"Count the trumps\", third edition (RULES.md §5.5). What the arm does: with no",
        "trump outstanding it never leads a trump while holding a side card and cashes its",
        "side-suit winners; with trumps outstanding, holding the highest of them and at least as",
        "many trumps as are out, it draws them from the top. The control is B0 (which never",
        "leads a trump while it holds a side card).",
    ], W, ["tricks", "points"], [
        ("count_trumps", team(W, rules("count_trumps"), field), [0, 2]),
        ("B0", team(W, B0, field), [0, 2]),
    ], [
        hyp("W-H2 count − B0", "count_trumps", "B0", "tricks", "greater", 0.05, True),
    ])

    # W-H3 unbundled (2×2), as in the second edition.
    config("w-h3-2x2", field, 3023, [
        "W-H3 \"Second hand low, third hand high\" unbundled, third edition (RULES.md §5.4,",
        "§5.5): second hand low alone, third hand high alone, both, neither (B0). Main effects",
        "are averaged over the other factor; the interaction is (both − third) − (second − B0),",
        "with no predicted sign (\"greater\" is nominal).",
    ], W, ["tricks", "points"], [
        ("B0", team(W, B0, field), [0, 2]),
        ("second", team(W, rules("second_hand_low"), field), [0, 2]),
        ("third", team(W, rules("third_hand_high"), field), [0, 2]),
        ("both", team(W, rules("second_hand_low,third_hand_high"), field), [0, 2]),
    ], [
        hyp("W-H3 main effect: second hand low", "second", "B0", "tricks", "greater", 0.05,
            True, **{"with": ["both", "third"], "combine": "average"}),
        hyp("W-H3 main effect: third hand high", "third", "B0", "tricks", "greater", 0.05,
            True, **{"with": ["both", "second"], "combine": "average"}),
        hyp("W-H3 interaction", "both", "third", "tricks", "greater", 0.05,
            **{"with": ["second", "B0"], "combine": "interaction"}),
        hyp("W-H3 bundle (first edition's arm): both − B0", "both", "B0", "tricks", "greater",
            0.05),
    ])

    if field != "mixed":
        # N-H3 is a coalition of the two non-dealers against the dealer: a single opponent,
        # so no mixed field. The dealer is the field's player (subject seat 2, scored in the
        # rotation where it deals).
        fp = opponents(N, field)[0]
        config("n-h3-gang-up", field, 3013, [
            "N-H3 \"Play together against the dealer\", third edition (RULES.md §5.2, §5.5):",
            "both non-dealers use the tip, the dealer is the field's player. A single opponent,",
            "so no mixed field. Primary: the dealer's score (predicted lower); beside it the",
            "left and the right player's scores, the cost to the right-hand player included.",
        ], N, ["dealer_score", "left_score", "right_score", "subject_is_dealer_score"], [
            ("gang_up_on_dealer", [rules("gang_up_on_dealer"), rules("gang_up_on_dealer"), fp],
             [2]),
            ("B0", [B0, B0, fp], [2]),
        ], [
            hyp("N-H3 gang up − B0, dealer", "gang_up_on_dealer", "B0", "dealer_score", "less",
                0.1, True, population="subject_is_dealer_score"),
            hyp("N-H3 gang up − B0, left", "gang_up_on_dealer", "B0", "left_score", "greater",
                0.1, population="subject_is_dealer_score"),
            hyp("N-H3 gang up − B0, right", "gang_up_on_dealer", "B0", "right_score",
                "greater", 0.1, population="subject_is_dealer_score"),
        ])

for field in FIELD_NAMES:
    C, W, N = "catch-the-ten", "whist", "nine-five-two"

    # CT-H1 (safe), primary; §5.4's CT-H1 (active) stays as CT-H1 (partner higher).
    config("ct-h1-save-ten", field, 3001, [
        "CT-H1 \"Save the Ten\", third edition (RULES.md §5.5). [003]: the safe ways are to play",
        "the T into a trump round the partner is winning with the best trump, or, last to play",
        "and void, to trump with it. Arms: CT-H1 (safe, primary) plays the T into the partner's",
        "trick only when the partner's trump is the highest not yet played (own cards aside) or",
        "no opponent is left to play; CT-H1 (partner higher) is §5.4's arm (any higher trump of",
        "the partner); CT-H1p the first edition's restriction only; CT-H1r also trumps with the",
        "T when not last. Population of ten_saved: hands where the tested team was dealt the",
        "trump Ten. Secondary beside the save rate: the side's hand points (match wins in",
        "ct-h1-save-ten-matches).",
    ], C, ["ten_saved", "points"], [
        ("safe", team(C, rules("save_ten_safe"), field), [0, 2]),
        ("partner_higher", team(C, rules("save_ten_active"), field), [0, 2]),
        ("restriction", team(C, rules("save_ten"), field), [0, 2]),
        ("risk", team(C, rules("take_the_risk"), field), [0, 2]),
        ("B0", team(C, B0, field), [0, 2]),
    ], [
        hyp("CT-H1 (safe) − B0", "safe", "B0", "ten_saved", "greater", 0.02, True),
        hyp("CT-H1 (safe) − B0, points", "safe", "B0", "points", "greater", 0.25),
        hyp("CT-H1 (partner higher) − B0", "partner_higher", "B0", "ten_saved", "greater",
            0.02),
        hyp("CT-H1 (safe) − (partner higher)", "safe", "partner_higher", "ten_saved",
            "greater", 0.02),
        hyp("CT-H1p restriction − B0", "restriction", "B0", "ten_saved", "greater", 0.02),
        hyp("CT-H1r risk − B0", "risk", "B0", "ten_saved", "greater", 0.02),
    ], players=4)

    # W-H4: [004]'s pair (fourth-best lead and the dealt-doubleton echo, read by the partner
    # as (c) and (d)) over the W-H1 lead alone; the steps as secondaries.
    config("w-h4-signals", field, 3024, [
        "W-H4 \"Signals\", third edition (RULES.md §5.5). The echo (b) only as the convention:",
        "high then low in a side suit of which the seat was dealt exactly two cards (never",
        "trumps, never the last two of a longer holding). Primary: [004]'s pair, the",
        "fourth-best lead with the doubleton echo, read by the partner as (c) (lead the echoed",
        "suit a third time) and (d) (return the partner's led suit), over the W-H1 lead alone.",
        "Secondary: the steps lead → + echo → + third-round lead → + return, and the lead",
        "against B0.",
    ], W, ["tricks", "points"], [
        ("B0", team(W, B0, field), [0, 2]),
        ("lead", team(W, rules("lead_from_length"), field), [0, 2]),
        ("echo", team(W, rules("lead_from_length,echo_doubleton"), field), [0, 2]),
        ("echo_lead", team(W, rules("lead_from_length,echo_doubleton,echo_lead"), field),
         [0, 2]),
        ("signals", team(W, rules("signals_doubleton"), field), [0, 2]),
    ], [
        hyp("W-H4 signals (doubleton echo) − W-H1 lead", "signals", "lead", "tricks",
            "greater", 0.05, True),
        hyp("W-H4 step: lead − B0", "lead", "B0", "tricks", "greater", 0.05),
        hyp("W-H4 step: + echo", "echo", "lead", "tricks", "greater", 0.05),
        hyp("W-H4 step: + third-round lead", "echo_lead", "echo", "tricks", "greater", 0.05),
        hyp("W-H4 step: + return", "signals", "echo_lead", "tricks", "greater", 0.05),
    ])

    # W-H1 (which suit): the suit alone, both arms with the same card rule.
    config("w-h1-which-suit", field, 3021, [
        "W-H1 \"Lead from length, not strength\", third edition (RULES.md §5.5): the suit",
        "alone. Both arms lead with the same card rule (fourth-highest from four or more",
        "cards, otherwise the highest): from the longest side suit (tip) or from the side suit",
        "with the highest top card (control). Secondary: the card rule's own effect (the",
        "length lead against B0).",
    ], W, ["tricks", "points"], [
        ("lead_from_length", team(W, rules("lead_from_length"), field), [0, 2]),
        ("lead_from_strength", team(W, rules("lead_from_strength_fourth_best"), field), [0, 2]),
        ("B0", team(W, B0, field), [0, 2]),
    ], [
        hyp("W-H1 (which suit) length − strength", "lead_from_length", "lead_from_strength",
            "tricks", "greater", 0.05, True),
        hyp("W-H1 card rule: length lead − B0", "lead_from_length", "B0", "tricks",
            "greater", 0.05),
    ])

# The rest of the family (added after the first seventeen configs had run; none of those
# changed). Arms are the second edition's where §5.5 does not change them; the seeds are the
# third edition's own, one per tip across the three fields.
for field in FIELD_NAMES:
    C, W, N = "catch-the-ten", "whist", "nine-five-two"

    # CT-H1 over whole matches to 41: §5.5 "Reporting" puts CT-H1's match wins beside its
    # headline. Secondary only (match wins qualify the save rate, they are not the tip's claim).
    config("ct-h1-save-ten-matches", field, 3002, [
        "CT-H1 \"Save the Ten\" over whole matches to 41, third edition (RULES.md §5.4: tips about",
        "matches also report match wins; §5.5 \"Reporting\": CT-H1's match wins beside its save",
        "rate). The same arms as ct-h1-save-ten; every hypothesis is secondary.",
    ], C, ["match_win", "points"], [
        ("safe", team(C, rules("save_ten_safe"), field), [0, 2]),
        ("partner_higher", team(C, rules("save_ten_active"), field), [0, 2]),
        ("restriction", team(C, rules("save_ten"), field), [0, 2]),
        ("risk", team(C, rules("take_the_risk"), field), [0, 2]),
        ("B0", team(C, B0, field), [0, 2]),
    ], [
        hyp("CT-H1 (safe) − B0, match wins", "safe", "B0", "match_win", "greater", 0.02),
        hyp("CT-H1 (partner higher) − B0, match wins", "partner_higher", "B0", "match_win",
            "greater", 0.02),
        hyp("CT-H1p restriction − B0, match wins", "restriction", "B0", "match_win", "greater",
            0.02),
        hyp("CT-H1r risk − B0, match wins", "risk", "B0", "match_win", "greater", 0.02),
    ], players=4, matches=True)

    # CT-H2: unchanged by §5.5. The population (a tested player dealt trump J+A or A+K, not the
    # Ten, and the Ten with an opponent) is rare, so the B0 field keeps the second edition's
    # 60,000 deals (§5.0: "more for rare conditions"); the other fields play the first 2,000.
    config("ct-h2-hunt-ten", field, 3003, [
        "CT-H2 \"Hunt it with honours\", third edition (RULES.md §5.1; unchanged by §5.4 and",
        "§5.5). Tip: dealt trump J+A or A+K (not the Ten), lead the highest trump at each of the",
        "first two leads of the hand; control B0. Population: hands where a tested player was",
        "dealt J+A or A+K of trumps (not the Ten) and the Ten went to an opponent.",
    ], C, ["hunt_catch", "hunt_net_points"], [
        ("hunt_ten", team(C, rules("hunt_ten"), field), [0, 2]),
        ("B0", team(C, B0, field), [0, 2]),
    ], [
        hyp("CT-H2 hunt − B0", "hunt_ten", "B0", "hunt_catch", "greater", 0.02, True),
        hyp("CT-H2 hunt − B0, net points", "hunt_ten", "B0", "hunt_net_points", "greater", 0.25),
    ], players=4, deals=60000 if field == "b0" else None)

    # CT-H3: (i) is a measurement (a claim on B0's cards_over_ten); (ii)'s control under §5.5
    # is B0, which is also §5.1's tip arm for (ii), so its primary contrast is empty until a
    # ruling names the tip (results/third-edition/PLAN.md). No primary is registered for
    # (ii); §5.4's contrast against `honours_only` stays as a secondary.
    config("ct-h3-cards", field, 3004, [
        "CT-H3 \"Don't forget the cards\", third edition (RULES.md §5.1, §5.5). (i) is a",
        "measurement: how often some side scores more than 10 for cards (claim > 5% in the B0",
        "arm), and the card points of the side with the most cards beside the Ten's 10. (ii):",
        "§5.5 makes B0 the control, but B0 is also §5.1's tip arm (\"B0, which contests every",
        "trick\"), so no primary contrast is registered until a ruling names the tip",
        "(results/third-edition/PLAN.md). B0 − honours_only (§5.4's contrast) stays as a",
        "secondary.",
    ], C, ["point_difference", "cards_over_ten", "card_points_top"], [
        ("B0", team(C, B0, field), [0, 2]),
        ("honours_only", team(C, rules("honours_only"), field), [0, 2]),
    ], [
        hyp("CT-H3 (ii) secondary: B0 − honours only", "B0", "honours_only",
            "point_difference", "greater", 0.25),
    ], players=4, claims=[dict(arm="B0", statistic="cards_over_ten", direction="greater",
                               threshold=0.05)])

    # CT-H4 (ii): §5.4's arm (Ten-priority mode with CT-H1 (active)); §5.5 does not change it.
    config("ct-h4-watch-score", field, 3005, [
        "CT-H4 (ii) \"Watch the score near 41\", third edition (RULES.md §5.4, unchanged by",
        "§5.5): Ten-priority mode with CT-H1 (active) (`watch_score_active`). Primary: the",
        "unconditioned match win rate. Secondary: the matches that are close (both sides ≥ 25",
        "at a hand's start) in the CONTROL arm's play of the same deal sequence, a population",
        "the tip cannot change. ten_beats_jack is CT-H4 (i)'s rule measurement.",
    ], C, ["match_win", "match_win_close", "ten_beats_jack"], [
        ("watch_score", team(C, rules("watch_score_active"), field), [0, 2]),
        ("B0", team(C, B0, field), [0, 2]),
    ], [
        hyp("CT-H4 (ii) watch − B0", "watch_score", "B0", "match_win", "greater", 0.02, True),
        hyp("CT-H4 (ii) watch − B0, close in the control's play", "watch_score", "B0",
            "match_win", "greater", 0.02, population="match_win_close"),
    ], players=4, matches=True)

    # 9-5-2: the tip in seat 0, the field's two players in seats 1 and 2; dealer statistics
    # only in the rotation where the tip's seat deals (the same population in every arm).
    config("n-h1-longest-suit-trumps", field, 3011, [
        "N-H1 \"As dealer, make your longest suit trumps\", third edition (RULES.md §5.2;",
        "unchanged by §5.4 and §5.5): the tested seat deals in one rotation of three; its score",
        "as dealer. Controls: B0 (most high-card points) and a random suit.",
    ], N, ["subject_is_dealer_score", "dealer_made"], [
        ("longest_suit_trumps", alone(N, rules("longest_suit_trumps"), field), None),
        ("B0", alone(N, B0, field), None),
        ("random_trumps", alone(N, rules("random_trumps"), field), None),
    ], [
        hyp("N-H1 longest − B0", "longest_suit_trumps", "B0", "subject_is_dealer_score",
            "greater", 0.1, True),
        hyp("N-H1 longest − random", "longest_suit_trumps", "random_trumps",
            "subject_is_dealer_score", "greater", 0.1),
        hyp("N-H1 longest − B0, made", "longest_suit_trumps", "B0", "dealer_made", "greater",
            0.02, population="subject_is_dealer_score"),
    ])

    config("n-h2-discard", field, 3012, [
        "N-H2 \"Discard to create a void\" and N-H2b \"keep the winners\", third edition",
        "(RULES.md §5.2, §5.4; unchanged by §5.5): the dealer's tricks in hands the tested seat",
        "deals.",
    ], N, ["subject_is_dealer_score", "dealer_made", "dealer_tricks", "void_created"], [
        ("discard_to_void", alone(N, rules("discard_to_void"), field), None),
        ("keep_winners", alone(N, rules("discard_keep_winners"), field), None),
        ("B0", alone(N, B0, field), None),
    ], [
        hyp("N-H2 void − B0", "discard_to_void", "B0", "dealer_tricks", "greater", 0.1, True,
            population="subject_is_dealer_score"),
        hyp("N-H2b keep winners − B0", "keep_winners", "B0", "dealer_tricks", "greater", 0.1,
            True, population="subject_is_dealer_score"),
        hyp("N-H2b keep winners − N-H2 void", "keep_winners", "discard_to_void",
            "dealer_tricks", "greater", 0.1, population="subject_is_dealer_score"),
    ])

    # N-H4 (a) on the next hand's score (§5.5): the satisficer gives up scoring overtricks, so
    # the current hand's score cannot test "think of the exchange".
    config("n-h4-a-keep-contesting", field, 3014, [
        "N-H4 (a) \"Think of the exchange\", third edition (RULES.md §5.5): B0 keeps contesting",
        "tricks after reaching its target, the control satisfices (plays its lowest card once",
        "its tricks ≥ its target); whole games to 10. Primary: the seat's score in the next",
        "hand, what the exchange gave or took (next_hand_score: the mean score of every hand of",
        "the match but the first). Beside it: the current hand's score (score), the score after",
        "a plus hand, and match wins.",
    ], N, ["next_hand_score", "score", "after_plus_score", "match_win"], [
        ("B0", alone(N, B0, field), None),
        ("satisfice", alone(N, rules("satisfice"), field), None),
    ], [
        hyp("N-H4 (a) B0 − satisficer, next hand", "B0", "satisfice", "next_hand_score",
            "greater", 0.1, True),
        hyp("N-H4 (a) B0 − satisficer, current hand", "B0", "satisfice", "score", "greater",
            0.1),
        hyp("N-H4 (a) B0 − satisficer, after a plus hand", "B0", "satisfice",
            "after_plus_score", "greater", 0.1),
        hyp("N-H4 (a) B0 − satisficer, match wins", "B0", "satisfice", "match_win", "greater",
            0.02),
    ], matches=True)

    config("n-h4-b-upgrade", field, 3015, [
        "N-H4 (b) \"which suit to upgrade\", third edition (RULES.md §5.4; unchanged by §5.5):",
        "the giver gives the cards of its shortest suits (singletons first, then doubletons, the",
        "lowest card first); the return rule gives back the receiver's best card of each suit",
        "given, so no suit gets shorter: the tip chooses which short suits are upgraded. Control:",
        "B0 (its lowest-ranked cards). Whole games to 10. N-H4 (c)'s measurements",
        "(hcp_change_per_card, returned_ace_or_king) are reported beside it.",
    ], N, ["giver_score", "hcp_change_per_card", "returned_ace_or_king"], [
        ("upgrade_short_suits", alone(N, rules("shorten_when_giving"), field), None),
        ("B0", alone(N, B0, field), None),
    ], [
        hyp("N-H4 (b) upgrade − B0", "upgrade_short_suits", "B0", "giver_score", "greater",
            0.1, True),
    ], matches=True)

    # The Whist tips over whole matches to 5 points (§5.4: tips about matches also report match
    # wins), with the third edition's arms: W-H1 as the suit alone, W-H4 as [004]'s pair.
    config("w-h-matches", field, 3025, [
        "W-H1–W-H4 over whole matches to 5 points, third edition (RULES.md §5.4: tips about",
        "matches also report match wins; §5.5's arms). One config for the four Whist tips: each",
        "tip's arm against its control, as in the single-hand configs (W-H1 the suit alone, both",
        "arms with the same card rule; W-H4 [004]'s pair over the W-H1 lead); every hypothesis",
        "is secondary.",
    ], W, ["match_win", "tricks"], [
        ("B0", team(W, B0, field), [0, 2]),
        ("lead_from_length", team(W, rules("lead_from_length"), field), [0, 2]),
        ("lead_from_strength", team(W, rules("lead_from_strength_fourth_best"), field), [0, 2]),
        ("count_trumps", team(W, rules("count_trumps"), field), [0, 2]),
        ("second", team(W, rules("second_hand_low"), field), [0, 2]),
        ("third", team(W, rules("third_hand_high"), field), [0, 2]),
        ("both", team(W, rules("second_hand_low,third_hand_high"), field), [0, 2]),
        ("signals", team(W, rules("signals_doubleton"), field), [0, 2]),
    ], [
        hyp("W-H1 (which suit) length − strength, match wins", "lead_from_length",
            "lead_from_strength", "match_win", "greater", 0.02),
        hyp("W-H2 count − B0, match wins", "count_trumps", "B0", "match_win", "greater", 0.02),
        hyp("W-H3 main effect: second hand low, match wins", "second", "B0", "match_win",
            "greater", 0.02, **{"with": ["both", "third"], "combine": "average"}),
        hyp("W-H3 main effect: third hand high, match wins", "third", "B0", "match_win",
            "greater", 0.02, **{"with": ["both", "second"], "combine": "average"}),
        hyp("W-H4 signals (doubleton echo) − W-H1 lead, match wins", "signals",
            "lead_from_length", "match_win", "greater", 0.02),
    ], matches=True)

print(f"wrote {len(written)} configs into {OUT}")
