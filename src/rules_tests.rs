use super::*;
use crate::engine::rules::testing::assert_refused;

/// Tables read from `text`, a rules file at `path`.
fn source<'a>(path: &'a str, text: &'a str) -> Source<'a> {
    Source {
        path: Path::new(path),
        text,
        at: Vec::new(),
    }
}

#[test]
fn every_system_s_tables_are_documented() {
    assert_eq!(
        systems_with_tables(),
        ["aube", "cle", "maitrise", "ose", "sccs"]
    );
    for system in systems_with_tables() {
        crate::systems::test_support::assert_docs_cover(schema(system).unwrap());
    }
}

/// What each system's checks refuse, side by side: the error names the dotted key.
#[test]
fn every_system_s_malformed_tables_name_their_key() {
    let refused =
        |system, cases: &[(&str, &str, &str)]| assert_refused(schema(system).unwrap(), cases);
    refused(
        "aube",
        &[
            (
                "[damage]\nlegere = 9\n",
                "damage.legere",
                "below damage.sonne",
            ),
            (
                "[damage]\nlegre = 9\n",
                "damage.legre",
                "did you mean 'legere'",
            ),
            ("[damages]\n", "damages", "did you mean 'damage'"),
            ("[wounds]\ncritique = 4\n", "wounds.critique", "0..=3"),
            ("[fatigue]\ngrave = -1\n", "fatigue.grave", "0..=100"),
            ("[fatigue]\ngrave = 2.5\n", "fatigue.grave", "an integer"),
            ("[recovery]\nfatale = 101\n", "recovery.fatale", "0..=100"),
            (
                "[multiple]\nunplanned = 51\n",
                "multiple.unplanned",
                "0..=50",
            ),
            ("damage = 3\n", "damage", "a table"),
            (
                "[recovery]\nminutes_per_point = 0\n",
                "recovery.minutes_per_point",
                "1..=1440",
            ),
        ],
    );
    refused(
        "cle",
        &[
            (
                "[pursuit]\ntwo = 25\n",
                "pursuit.three",
                "below pursuit.two",
            ),
            ("[pursuit]\nescape = 0\n", "pursuit.escape", "1..=30"),
            (
                "[fall]\nmetres_per_die = 0\n",
                "fall.metres_per_die",
                "1..=30",
            ),
            ("[fall]\njump = -11\n", "fall.jump", "-10..=80"),
            ("[care]\nfirst_aid = 99\n", "care.first_aid", "-10..=80"),
        ],
    );
    refused(
        "maitrise",
        &[
            (
                "[critical]\nsuccess = [1, 21]\n",
                "critical.success",
                "0..=20",
            ),
            (
                "[critical]\nfailure = [0]\n",
                "critical.failure",
                "not a face",
            ),
            ("[critical]\nfailure = 20\n", "critical.failure", "a list"),
            ("[extreme]\nlow = 20\n", "extreme.low", "-20..=19"),
            ("[extreme]\ncrit_band = 21\n", "extreme.crit_band", "0..=20"),
            (
                "[score]\nskill_zero_malus = -1\n",
                "score.skill_zero_malus",
                "0..=20",
            ),
        ],
    );
    refused(
        "ose",
        &[
            ("[thac0]\nby_hd = [19, 18]\n", "thac0.by_hd", "length 15"),
            (
                "[saves]\nhuman = [14, 15, 16, 17]\n",
                "saves.human",
                "length 5",
            ),
            (
                "[reaction]\nbands = [3, 9, 6, 12]\n",
                "reaction.bands[3]",
                "below",
            ),
            ("[lost]\nclear = 7\n", "lost.clear", "0..=6"),
            ("[wandering]\nswamp = -1\n", "wandering.swamp", "0..=6"),
            ("[attack]\nmax_needed = 1\n", "attack.max_needed", "2..=30"),
            (
                "[attack]\nretreating = 11\n",
                "attack.retreating",
                "-10..=10",
            ),
        ],
    );
    refused(
        "sccs",
        &[
            ("[tension]\ndie = 0\n", "tension.die", "1..=20"),
            ("[tension]\ndie = 21\n", "tension.die", "1..=20"),
            ("[erosion]\nstep = -1\n", "erosion.step", "0..=10"),
            (
                "[modifiers]\nextra_target = 11\n",
                "modifiers.extra_target",
                "0..=10",
            ),
            ("[spell]\nfree_die = 0\n", "spell.free_die", "1..=20"),
            ("[spell]\ncasting_die = 21\n", "spell.casting_die", "1..=20"),
            ("[tension]\nfaces = 4\n", "tension.faces", "known: die"),
        ],
    );
}

#[test]
fn the_printed_official_tables_read_back_as_official() {
    let aube = render("aube", "").unwrap();
    assert!(
        aube.contains("[damage]\nlegere") || aube.contains("\nlegere = 20"),
        "{aube}"
    );
    assert!(aube.contains("etourdi = 5"), "{aube}");
    for system in systems_with_tables() {
        let text = render(system, "").unwrap();
        let table: toml::Table = toml::from_str(&text).unwrap();
        let file = format!("{system}.toml");
        let rules = load_table(&table, system, None, &source(&file, &text)).unwrap();
        assert!(rules.is_official(), "{system}: {:?}", rules.changes());
        // Every line is a table, an entry or a comment.
        assert!(
            text.lines().all(|l| l.is_empty()
                || l.starts_with('#')
                || l.starts_with('[')
                || l.starts_with(' ')
                || l.starts_with(']')
                || l.contains(" = ")),
            "{text}"
        );
    }
}

#[test]
fn errors_give_the_line_and_the_key() {
    let text = "system = \"aube\"\n\n[damage]\nsonne = 10\nlegere = 8\n";
    let table: toml::Table = toml::from_str(text).unwrap();
    let error = |system| {
        load_table(&table, system, None, &source("house.toml", text))
            .unwrap_err()
            .to_string()
    };
    let e = error("aube");
    assert!(
        e.starts_with("house.toml: line 5: damage.legere: 8 is below"),
        "{e}"
    );
    let e = error("cle");
    assert!(
        e.contains("line 1: system: these tables are for \"aube\""),
        "{e}"
    );
}

#[test]
fn lines_are_found_through_arrays_of_tables() {
    let text = "name = \"x\"\n[[variants]]\nname = \"a\"\n[[variants]]\nname = \"b\"\nrules = { damage = { legere = 3 } }\n";
    let path = [
        Seg::Key("variants".into()),
        Seg::Index(1),
        Seg::Key("rules".into()),
        Seg::Key("damage".into()),
        Seg::Key("legere".into()),
    ];
    assert_eq!(line_of_path(text, &path), Some(6));
    assert_eq!(line_of_path(text, &path[..2]), Some(4));
    assert_eq!(line_of_path(text, &[Seg::Key("nothing".into())]), None);
}

#[test]
fn unknown_systems_say_which_have_tables() {
    let e = render("aub", "").unwrap_err().to_string();
    assert!(e.contains("did you mean 'aube'"), "{e}");
}
