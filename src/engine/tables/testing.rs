//! Test helpers shared by the systems' rule tables.

use super::RuleSchema;

/// Asserts that `schema` refuses each `(text, key, words)` case: the TOML `text` loads
/// to an error naming the dotted `key`, whose message contains `words`.
pub(crate) fn assert_refused(schema: &dyn RuleSchema, cases: &[(&str, &str, &str)]) {
    for &(text, key, words) in cases {
        let given = toml::from_str(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let e = schema.load(&given).unwrap_err();
        assert_eq!(e.key, key, "{}: {text}: {e}", schema.system());
        assert!(
            e.message.contains(words),
            "{}: {text}: {e}",
            schema.system()
        );
    }
}
