use super::*;
use crate::engine::ParamValues;
use crate::engine::config::read_tables;
use serde::Deserialize;

/// A small system's tables, for the tests.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Demo {
    bands: Bands,
    odds: Odds,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Bands {
    low: i64,
    high: i64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
struct Odds {
    chance: f64,
    faces: Vec<i64>,
}

impl Default for Bands {
    fn default() -> Self {
        Self { low: 5, high: 10 }
    }
}

impl Default for Odds {
    fn default() -> Self {
        Self {
            chance: 0.5,
            faces: vec![1, 20],
        }
    }
}

impl RuleTables for Demo {
    const SYSTEM: &'static str = "demo";
    const DOCS: &'static [(&'static str, &'static str)] = &[];

    fn check(&self) -> std::result::Result<(), TableError> {
        check_ordered(
            "bands",
            &[("low", self.bands.low), ("high", self.bands.high)],
        )?;
        check_range("bands.high", self.bands.high, 0..=100)?;
        check_len("odds.faces", self.odds.faces.len(), 2)?;
        check_chance("odds.chance", self.odds.chance)
    }
}

static DEMO: Schema<Demo> = Schema::new();

fn load(text: &str) -> std::result::Result<RuleSet, TableError> {
    DEMO.load(&toml::from_str(text).unwrap())
}

#[test]
fn partial_tables_keep_the_official_entries_and_list_the_changes() {
    let rules = load("[bands]\nhigh = 12\n[odds]\nchance = 1\n").unwrap();
    let t = rules.tables::<Demo>().unwrap();
    assert_eq!(t.bands, Bands { low: 5, high: 12 });
    // A whole number is accepted for a real one.
    assert_eq!(t.odds.chance, 1.0);
    assert_eq!(t.odds.faces, [1, 20]);
    let keys: Vec<&str> = rules.changes().iter().map(|c| c.key.as_str()).collect();
    assert_eq!(keys, ["bands.high", "odds.chance"]);
    assert_eq!(
        rules.changes()[0].to_string(),
        "bands.high = 12 (official 10)"
    );
    // Giving an official value changes nothing.
    assert!(load("[bands]\nlow = 5\n").unwrap().is_official());
    assert_eq!(load("").unwrap(), load("[odds]\nchance = 0.5\n").unwrap());
}

#[test]
fn every_malformed_table_names_its_key() {
    testing::assert_refused(
        &DEMO,
        &[
            ("[bands]\nlow = 11\n", "bands.high", "below bands.low = 11"),
            ("[bands]\nhigh = 101\n", "bands.high", "0..=100"),
            ("[odds]\nchance = 1.5\n", "odds.chance", "not a chance"),
            (
                "[odds]\nfaces = [1]\n",
                "odds.faces",
                "has 1 entries; expected 2",
            ),
            ("[odds]\nfaces = [1, 2.5]\n", "odds.faces[2]", "an integer"),
            ("[band]\n", "band", "did you mean 'bands'"),
            ("[bands]\nlo = 1\n", "bands.lo", "known: low, high"),
            ("bands = 1\n", "bands", "expected a table"),
            (
                "[bands]\nlow = \"five\"\n",
                "bands.low",
                "an integer, like 5",
            ),
        ],
    );
}

#[test]
fn layers_merge_table_by_table() {
    let base: toml::Table = toml::from_str("[bands]\nlow = 2\nhigh = 8\n").unwrap();
    let over: toml::Table = toml::from_str("[bands]\nhigh = 9\n").unwrap();
    let m = merged(&base, &over);
    let rules = DEMO.load(&m).unwrap();
    assert_eq!(
        rules.tables::<Demo>().unwrap().bands,
        Bands { low: 2, high: 9 }
    );
}

#[test]
fn values_carry_tables_to_the_config() {
    let values =
        ParamValues::resolve("demo.x", &[], &[], &crate::engine::Rosters::default()).unwrap();
    assert_eq!(read_tables::<Demo>(&values).unwrap(), Demo::default());
    let house = load("[bands]\nhigh = 30\n").unwrap();
    let values = values.with_rules(Some(house));
    assert_eq!(read_tables::<Demo>(&values).unwrap().bands.high, 30);
}

#[test]
fn faces_read_as_a_set_and_a_face_off_the_die_names_its_key() {
    let f = Faces::of(&[1, 11]);
    assert!(f.has(1) && f.has(11) && !f.has(2) && !f.has(0) && !f.has(70));
    assert_eq!(f.max(), 11);
    assert_eq!(Faces::default().max(), 0);
    assert_eq!(Vec::<i64>::from(f), [1, 11]);
    assert_eq!(Faces::try_from(vec![11, 1, 1]), Ok(f));

    crate::rule_tables! {
        #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
        #[serde(deny_unknown_fields, default)]
        struct Crit {
            crit: Sides,
        }
    }
    #[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
    #[serde(deny_unknown_fields, default)]
    struct Sides {
        low: Faces,
        high: Faces,
    }
    impl Crit {
        const OFFICIAL: Crit = Crit {
            crit: Sides {
                low: Faces::of(&[1]),
                high: Faces::of(&[20]),
            },
        };
    }
    impl RuleTables for Crit {
        const SYSTEM: &'static str = "crit";
        const DOCS: &'static [(&'static str, &'static str)] = &[];
        fn check(&self) -> std::result::Result<(), TableError> {
            Ok(())
        }
    }
    let schema = Schema::<Crit>::new();
    let load = |text: &str| schema.load(&toml::from_str(text).unwrap());
    let r = load("[crit]\nhigh = [19, 20]\n").unwrap();
    assert_eq!(r.tables::<Crit>().unwrap().crit.high, Faces::of(&[19, 20]));
    assert!(load("[crit]\nlow = []\n").is_ok());
    testing::assert_refused(
        &schema,
        &[("[crit]\nhigh = [19, 0]\n", "crit.high", "0 is not a face")],
    );
}
