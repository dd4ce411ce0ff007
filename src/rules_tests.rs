use super::*;

#[test]
fn the_printed_official_tables_read_back_as_official() {
    let text = render("aube").unwrap();
    assert!(
        text.contains("[damage]\nlegere") || text.contains("\nlegere = 20"),
        "{text}"
    );
    assert!(text.contains("etourdi = 5"), "{text}");
    let table: toml::Table = toml::from_str(&text).unwrap();
    let source = Source {
        path: Path::new("aube.toml"),
        text: &text,
        at: Vec::new(),
    };
    let rules = load_table(&table, "aube", None, &source).unwrap();
    assert!(rules.is_official(), "{:?}", rules.changes());
    // Every line is a table, an entry or a comment.
    assert!(text.lines().all(|l| l.is_empty()
        || l.starts_with('#')
        || l.starts_with('[')
        || l.starts_with(' ')
        || l.starts_with(']')
        || l.contains(" = ")));
}

#[test]
fn errors_give_the_line_and_the_key() {
    let text = "system = \"aube\"\n\n[damage]\nsonne = 10\nlegere = 8\n";
    let table: toml::Table = toml::from_str(text).unwrap();
    let source = Source {
        path: Path::new("house.toml"),
        text,
        at: Vec::new(),
    };
    let e = load_table(&table, "aube", None, &source)
        .unwrap_err()
        .to_string();
    assert!(
        e.starts_with("house.toml: line 5: damage.legere: 8 is below"),
        "{e}"
    );
    let e = load_table(&table, "cle", None, &source)
        .unwrap_err()
        .to_string();
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
    let e = render("aub").unwrap_err().to_string();
    assert!(e.contains("did you mean 'aube'"), "{e}");
}
