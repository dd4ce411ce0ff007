use super::*;
use crate::engine::tables::testing::assert_refused;

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

/// What each system's checks refuse, side by side (`tests/data/malformed_rules.toml`): the
/// error names the dotted key.
#[test]
fn every_system_s_malformed_tables_name_their_key() {
    #[derive(serde::Deserialize)]
    struct Case {
        text: String,
        key: String,
        words: String,
    }
    let file = include_str!("../tests/data/malformed_rules.toml");
    let cases: std::collections::BTreeMap<String, Vec<Case>> = toml::from_str(file).unwrap();
    assert_eq!(cases.keys().collect::<Vec<_>>(), systems_with_tables());
    for (system, cases) in &cases {
        let cases: Vec<(&str, &str, &str)> = cases
            .iter()
            .map(|c| (c.text.as_str(), c.key.as_str(), c.words.as_str()))
            .collect();
        assert_refused(schema(system).unwrap(), &cases);
    }
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
