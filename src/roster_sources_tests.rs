//! Unit tests of roster files (a sibling file of `roster.rs`): the shipped rosters read,
//! and a bad file is refused with the line and what is accepted.

use super::*;
use crate::engine::Value;

#[test]
fn every_shipped_roster_reads() {
    for RosterFile { path, text } in builtin_files() {
        let mut rosters = empty();
        add_text(&mut rosters, Path::new(path), "built-in", text)
            .unwrap_or_else(|e| panic!("{path}: {e}"));
        assert!(rosters.entries(None).count() >= 3, "{path}");
    }
    let all = builtin();
    for (system, names) in [
        ("aube", &["krom", "bjorn", "average"][..]),
        (
            "ose",
            &[
                "fighter1", "cleric3", "thief2", "mu1", "human", "hd1", "hd6",
            ],
        ),
        ("cle", &["bretteur", "boss_brute", "lieutenants", "mob"]),
    ] {
        for name in names {
            assert!(all.get(system, name).is_ok(), "{system} {name}");
        }
    }
}

/// The shipped rosters match the seed's figures where the seed gives them.
#[test]
fn krom_and_bjorn_are_the_seeds() {
    use crate::systems::aube::fighter::Fighter;
    let q = crate::query::Query::parse("aube.duel", &["a=krom".into(), "b=bjorn".into()])
        .expect("named fighters");
    let read = |p: &str| -> Vec<i64> {
        ["ca", "ba", "bp", "bd", "enc", "be"]
            .iter()
            .map(|f| match q.params.get(&format!("{p}.{f}")) {
                Some(Value::Int(v)) => *v,
                other => panic!("{p}.{f}: {other:?}"),
            })
            .collect()
    };
    let figures = |f: Fighter| vec![f.ca, f.ba, f.bp, f.bd, f.enc, f.be];
    assert_eq!(read("a"), figures(Fighter::KROM));
    assert_eq!(read("b"), figures(Fighter::BJORN));
}

fn refused(text: &str) -> String {
    let mut rosters = empty();
    add_text(&mut rosters, Path::new("mine.toml"), "mine.toml", text)
        .err()
        .map(|e| e.to_string())
        .unwrap_or_default()
}

#[test]
fn bad_files_are_refused_with_the_line() {
    let head = "system = \"aube\"\n\n[[fighter]]\nname = \"x\"\nca = 9\nba = 1\nbp = 0\nbd = 15\nenc = 12\nbe = 3\n";
    assert_eq!(refused(head), "");
    let e = refused(&format!("{head}cb = 3\n"));
    assert!(
        e.contains("mine.toml: line 11: 'x': unknown field 'cb', did you mean 'ca'?"),
        "{e}"
    );
    let e = refused(&head.replace("bd = 15", "bd = \"big\""));
    assert!(
        e.contains("line 8") && e.contains("bd") && e.contains("an integer"),
        "{e}"
    );
    let e = refused(&head.replace("ca = 9\nba = 1\n", ""));
    assert!(e.contains("line 4: 'x' needs a value for ca, ba"), "{e}");
    let e = refused(&head.replace("[[fighter]]", "[[figther]]"));
    assert!(
        e.contains("unknown key 'figther', did you mean 'fighter'"),
        "{e}"
    );
    let e = refused(&head.replace("aube", "aub"));
    assert!(
        e.contains("unknown system 'aub', did you mean 'aube'"),
        "{e}"
    );
    let e = refused(&head.replace("name = \"x\"", "name = \"x y\""));
    assert!(e.contains("not a roster name"), "{e}");
    let e = refused(&format!(
        "{head}\n{}",
        &head[head.find("[[").unwrap_or(0)..]
    ));
    assert!(e.contains("line 13: the name 'x' is given twice"), "{e}");
    assert!(refused("[[fighter]]\nname = \"x\"\n").contains("system = "));
    assert!(refused("system = \"maitrise\"\n[[fighter]]\n").contains("no roster entries"));
    assert!(refused("system = \"aube\"\nfighter = 3\n").contains("[[fighter]]"));
}

#[test]
fn a_users_file_adds_and_replaces_names() {
    let dir = crate::test_folders::test_folder("rosters");
    let path = dir.join("mine.toml");
    let text = "system = \"aube\"\n[[fighter]]\nname = \"krom\"\nca = 15\nba = 0\nbp = 0\nbd = 10\nenc = 10\nbe = 0\n[[fighter]]\nname = \"mine\"\nca = 11\nba = 0\nbp = 0\nbd = 10\nenc = 10\nbe = 0\n";
    std::fs::write(&path, text).expect("write");
    let rosters = with_files(std::slice::from_ref(&path)).expect("reads");
    assert_eq!(
        rosters.get("aube", "krom").unwrap().fields[0].1,
        Value::Int(15)
    );
    assert!(rosters.get("aube", "mine").is_ok() && rosters.get("aube", "bjorn").is_ok());
    assert!(with_files(&[dir.join("none.toml")]).is_err());
    let _ = std::fs::remove_dir_all(&dir);
}
