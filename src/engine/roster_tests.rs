//! Unit tests of the roster lookups (a sibling file of `roster.rs`): group fills, sides,
//! compatibility, and missing fields reported at once with the names that fill them.

use super::*;
use crate::engine::config::{Config, read_config};
use crate::engine::resolve::parse_assignments;

crate::config! {
    /// A fighter of a made-up system.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Fighter {
        /// skill
        ca: i64 = int(0..=30),
        /// damage
        bd: i64 = int(0..=40),
        /// luck
        luck: i64 = int(0..=5, default = 1),
    }
}

crate::config! {
    /// A fighter's attack only.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Attacker {
        /// skill
        ca: i64 = int(0..=30),
    }
}

crate::config! {
    /// A beast: no skill.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Beast {
        /// bite
        bite: i64 = int(0..=10),
    }
}

crate::config! {
    /// A duel and a group fight of the made-up system.
    #[derive(Debug, Clone, PartialEq)]
    struct Params {
        /// fighter a
        a: Fighter = fighter("a"),
        /// the attacker
        att: Attacker = fighter("att"),
        /// a side
        side: Party<Fighter> = side(len = 1..=4),
    }
}

fn rosters() -> Rosters {
    let mut r = Rosters::new(vec![
        Kind {
            system: "demo",
            table: "fighter",
            doc: "a fighter",
            specs: Fighter::specs(""),
        },
        Kind {
            system: "demo",
            table: "beast",
            doc: "a beast",
            specs: Beast::specs(""),
        },
    ]);
    let entry = |name: &str, table: &'static str, fields: &[(&str, i64)]| Entry {
        system: "demo",
        table,
        name: name.into(),
        about: String::new(),
        fields: fields
            .iter()
            .map(|(f, v)| (f.to_string(), Value::Int(*v)))
            .collect(),
        source: "test".into(),
    };
    r.add(entry("krom", "fighter", &[("ca", 9), ("bd", 20)]));
    r.add(entry(
        "bjorn",
        "fighter",
        &[("ca", 9), ("bd", 15), ("luck", 3)],
    ));
    r.add(entry("wolf", "beast", &[("bite", 4)]));
    r
}

fn read(words: &str) -> Result<Params> {
    let specs = Params::specs("");
    let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
    let given = parse_assignments("demo.fight", &specs, &words)?;
    read_config(&ParamValues::resolve(
        "demo.fight",
        &specs,
        &given,
        &rosters(),
    )?)
}

fn err(words: &str) -> String {
    read(words).err().map(|e| e.to_string()).unwrap_or_default()
}

#[test]
fn names_read_with_counts() {
    assert_eq!(
        parse_names("fighter1*3, hd1"),
        Ok(vec![("fighter1".into(), 3), ("hd1".into(), 1)])
    );
    assert_eq!(names_text(&parse_names("a*1,b*2").unwrap()), "a,b*2");
    assert!(parse_names("a*0").is_err());
    assert!(parse_names("a*x").is_err());
    assert!(parse_names("").is_err());
    assert!(parse_names("a,,b").is_err());
    assert!(parse_names("1abc").is_err());
}

#[test]
fn a_name_fills_its_group_and_explicit_fields_win() {
    let p = read("a=krom att=bjorn side=krom").unwrap();
    assert_eq!(
        p.a,
        Fighter {
            ca: 9,
            bd: 20,
            luck: 1
        }
    );
    // The attacker group takes only `ca`: a fighter covers it.
    assert_eq!(p.att, Attacker { ca: 9 });
    let p = read("a=bjorn a.ca=12 att.ca=3 side=krom").unwrap();
    assert_eq!(
        p.a,
        Fighter {
            ca: 12,
            bd: 15,
            luck: 3
        }
    );
    // The same without a name: every field given.
    let p = read("a.ca=1 a.bd=2 att.ca=3 side=krom").unwrap();
    assert_eq!(
        p.a,
        Fighter {
            ca: 1,
            bd: 2,
            luck: 1
        }
    );
}

#[test]
fn sides_expand_counts_in_order() {
    let p = read("a=krom att=krom side=bjorn,krom*2").unwrap();
    let names: Vec<&str> = p.side.members.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["bjorn", "krom", "krom"]);
    assert_eq!(
        p.side.members[1].1,
        Fighter {
            ca: 9,
            bd: 20,
            luck: 1
        }
    );
    assert_eq!(names_text(&p.side.names), "bjorn,krom*2");
    let e = err("a=krom att=krom side=krom*5");
    assert!(
        e.contains("makes 5 fighters") && e.contains("1 to 4"),
        "{e}"
    );
}

#[test]
fn wrong_names_say_what_fits() {
    let e = err("a=krm att=krom side=krom");
    assert!(
        e.contains("did you mean 'krom'") && e.contains("known names"),
        "{e}"
    );
    // A beast has no skill: it cannot be fighter a, nor a member of a side of fighters.
    let e = err("a=wolf att=krom side=krom");
    assert!(e.contains("'wolf' is a beast and has no ca, bd"), "{e}");
    assert!(e.contains("names that fit: krom, bjorn"), "{e}");
    let e = err("a=krom att=krom side=krom,wolf");
    assert!(e.contains("'wolf' is a beast"), "{e}");
    let e = err("a=krom,bjorn att=krom side=krom");
    assert!(e.contains("one roster name"), "{e}");
}

#[test]
fn every_missing_field_is_reported_at_once_with_the_names_that_fill_it() {
    let e = err("side=krom");
    assert!(
        e.contains("needs values for 'a.ca', 'a.bd', 'att.ca'"),
        "{e}"
    );
    assert!(
        e.contains("a=NAME gives every a.* at once; names: krom, bjorn"),
        "{e}"
    );
    assert!(e.contains("att=NAME"), "{e}");
    let e = err("a=krom att=krom");
    assert!(e.contains("needs a value for 'side'"), "{e}");
}

#[test]
fn a_users_entry_replaces_a_built_in_one() {
    let mut r = rosters();
    let mut krom = r.get("demo", "krom").unwrap().clone();
    krom.fields = vec![("ca".into(), Value::Int(15)), ("bd".into(), Value::Int(1))];
    r.add(krom);
    assert_eq!(r.entries(Some("demo")).count(), 3);
    assert_eq!(r.get("demo", "krom").unwrap().fields[0].1, Value::Int(15));
    assert_eq!(r.filling("demo", &["bite"]), ["wolf"]);
    assert!(r.get("other", "krom").is_err());
}

crate::config! {
    /// A member of a band: every field has a default.
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    struct Member {
        /// skill
        ca: i64 = int(0..=30, default = 5),
        /// damage
        bd: i64 = int(0..=40, default = 10),
    }
}

crate::config! {
    /// A band: of one profile by count, or named member by member.
    #[derive(Debug, Clone, PartialEq)]
    struct Band {
        /// how many of `one`
        size: i64 = int(1..=4, default = 2),
        /// the profile of each
        one: Member = fighter("one"),
        /// instead of size and one.*: the members by name
        band: Option<Party<Member>> = side(len = 1..=4, optional, instead_of = ["size", "one"]),
    }
}

fn read_band(words: &str) -> Result<Band> {
    let specs = Band::specs("");
    let words: Vec<String> = words.split_whitespace().map(str::to_string).collect();
    let given = parse_assignments("demo.band", &specs, &words)?;
    read_config(&ParamValues::resolve(
        "demo.band",
        &specs,
        &given,
        &rosters(),
    )?)
}

#[test]
fn a_parameter_a_side_replaces_is_refused_beside_it_never_ignored() {
    let band = Band::specs("")
        .into_iter()
        .find(|s| s.name == "band")
        .unwrap();
    assert!(band.replaces("size") && band.replaces("one") && band.replaces("one.ca"));
    assert!(!band.replaces("ones") && !band.replaces("band") && !band.replaces("sizes"));
    assert_eq!(read_band("band=krom*2").unwrap().band.unwrap().len(), 2);
    // Without the side, the group's explicit field wins over its entry.
    let one = read_band("one=krom one.ca=3 size=3").unwrap();
    assert_eq!((one.size, one.one.ca, one.one.bd), (3, 3, 20));
    for (words, named) in [
        ("band=krom size=3", "size"),
        ("one.ca=3 band=krom", "one.ca"),
        ("band=krom one=bjorn", "one"),
    ] {
        let e = read_band(words).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{named}: given with 'band'")) && e.contains("'one.*'"),
            "{words}: {e}"
        );
    }
}
