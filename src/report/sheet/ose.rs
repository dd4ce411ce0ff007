//! The `ose` sheet: the reference sheet's tables as chances — attacks by hit dice and by
//! THAC0, saving throws, ability checks, the two reaction tables, morale, x-in-6 odds,
//! surprise — and a level-1 fighter's duel against small monsters.

use super::{Columns, SheetTable, values};

/// Words shown for the identifiers of this sheet's tables.
const WORDS: &[(&str, &str)] = &[
    ("hd", "hit dice"),
    ("ac", "AC"),
    ("thac0", "THAC0"),
    ("category", "save"),
    ("ability", "score"),
    ("cha_mod", "CHA modifier"),
    ("try_again", "try again"),
    ("accepted_loyal", "accepted, loyal"),
    ("holds_first", "holds at the first death"),
    ("holds", "holds at both checks"),
    ("chance", "x in 6"),
    ("turns", "checks"),
    ("party", "party surprised on"),
    ("monsters_only", "monsters only surprise"),
    ("party_only", "party only surprises"),
    ("both_surprised", "both surprised"),
    ("neither_surprised", "neither surprised"),
    ("fighter.hp", "fighter's HP"),
    ("monster.hd", "monster's hit dice"),
];

/// The words of the monster attack table: a row of the sheet covers two hit dice from
/// 8 up (a monster of 8 hit dice reads the row "7+ to 9", as one of 9).
const MONSTER_ATTACK_WORDS: &[(&str, &str)] = &[
    ("hd", "hit dice"),
    ("ac", "AC"),
    ("9", "8-9"),
    ("11", "10-11"),
    ("13", "12-13"),
    ("15", "14-15"),
    ("17", "16-17"),
    ("19", "18-19"),
    ("21", "20-21"),
    ("21+", "over 21"),
];

/// The words of the monster saving throw table: a row of the sheet covers three hit dice.
const MONSTER_SAVE_WORDS: &[(&str, &str)] = &[
    ("hd", "hit dice"),
    ("category", "save"),
    ("1", "1-3"),
    ("4", "4-6"),
    ("7", "7-9"),
    ("10", "10-12"),
    ("13", "13-15"),
    ("16", "16-18"),
    ("19", "19-21"),
    ("22", "22+"),
];

/// The tables of the `ose` sheet, in print order.
pub(super) fn tables() -> Vec<SheetTable> {
    let ac = || Columns::Param {
        name: "ac",
        values: values(-3..=9),
        metric: "hit",
    };
    let cha = || ("cha_mod", values(-3..=3));
    let tables = vec![
        SheetTable::new(
            "Monster's chance to hit, by hit dice (rows) and AC (columns)",
            "ose.attack",
            vec![],
            (
                "hd",
                values([
                    "human", "1", "2", "3", "4", "5", "6", "7", "9", "11", "13", "15", "17", "19",
                    "21", "21+",
                ]),
            ),
            ac(),
        )
        .with_words(MONSTER_ATTACK_WORDS),
        SheetTable::new(
            "Character's chance to hit, by THAC0 (rows) and AC (columns)",
            "ose.attack",
            vec![],
            ("thac0", values((10..=20).rev())),
            ac(),
        )
        .with_note("Before STR or DEX, range and cover; a natural 1 misses and a natural 20 hits."),
        SheetTable::new(
            "Monster's saving throws, by hit dice (rows) and category (columns)",
            "ose.save",
            vec![],
            (
                "hd",
                values(["human", "1", "4", "7", "10", "13", "16", "19", "22"]),
            ),
            Columns::Param {
                name: "category",
                values: values(["death", "wands", "paralysis", "breath", "spells"]),
                metric: "save",
            },
        )
        .with_words(MONSTER_SAVE_WORDS),
        SheetTable::new(
            "Ability check, by ability score (rows) and difficulty (columns, -4 easy .. +4 very hard)",
            "ose.check",
            vec![],
            ("ability", values(3..=18)),
            Columns::Param {
                name: "difficulty",
                values: values(-4..=4),
                metric: "success",
            },
        ),
        SheetTable::new(
            "Monster reactions, by the CHA modifier (rows)",
            "ose.reaction",
            vec!["table=monster"],
            cha(),
            Columns::Metrics(vec![
                "hostile",
                "unfriendly",
                "neutral",
                "indifferent",
                "friendly",
            ]),
        ),
        SheetTable::new(
            "Hireling reactions to an offer, by the CHA modifier (rows)",
            "ose.reaction",
            vec!["table=hireling"],
            cha(),
            Columns::Metrics(vec![
                "animosity",
                "refused",
                "try_again",
                "accepted",
                "accepted_loyal",
            ]),
        )
        .with_note("An ordinary offer and no bad reputation: the offer (-2..+2) and a bad reputation (-1, -2) add to the roll as the CHA modifier does, so read the row of their sum."),
        SheetTable::new(
            "Morale: chance the monsters fight on (rows: morale score)",
            "ose.morale",
            vec![],
            ("morale", values(2..=12)),
            Columns::Metrics(vec!["holds_first", "holds"]),
        )
        .with_note("The first check comes at the first death; both checks: that one and the check when half are out."),
        SheetTable::new(
            "x-in-6 odds: chance the event comes up at least once (rows: x in 6, columns: checks)",
            "ose.exploration",
            vec!["every=1"],
            ("chance", values(1..=3)),
            Columns::Param {
                name: "turns",
                values: values([1, 2, 3, 4, 6, 8, 12]),
                metric: "at_least_one",
            },
        )
        .with_note("Wandering monsters (1 in 6 every 2 turns: 6 turns are 3 checks), traps (2 in 6), listening and searching (1 in 6), getting lost (1, 2 or 3 in 6 a day)."),
        SheetTable::new(
            "Surprise: who gets a free round (rows: the party is surprised on x in 6; the monsters on 2 in 6)",
            "ose.surprise",
            vec!["monsters=2"],
            ("party", values(0..=3)),
            Columns::Metrics(vec![
                "monsters_only",
                "party_only",
                "both_surprised",
                "neither_surprised",
            ]),
        ),
        SheetTable::new(
            "Duel to the death: chance a level-1 fighter wins, by hit points (rows) and the monster's hit dice (columns)",
            "ose.duel",
            vec!["fighter.thac0=19", "fighter.ac=4", "monster.ac=7"],
            ("fighter.hp", values([2, 4, 6, 8, 10, 12])),
            Columns::Param {
                name: "monster.hd",
                values: values(["human", "1", "2", "3", "4"]),
                metric: "fighter_wins",
            },
        )
        .with_note("Fighter AC 4, monster AC 7, both hit for 1d6; the monster's hit points rolled (d8 per hit die, 1d4 for a human); initiative rerolled on a tie."),
    ];
    tables
        .into_iter()
        .map(|t| {
            if t.words.is_empty() {
                t.with_words(WORDS)
            } else {
                t
            }
        })
        .collect()
}
