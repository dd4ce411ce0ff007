//! Words for what a reader sees — chart titles, axis labels, legends, the answer of a
//! report page: a metric or a parameter by its doc, never by its identifier. The one
//! source of these labels: charts and answers both call it.
//!
//! - A metric is the first clause of its doc, up to a parenthesis or a semicolon
//!   (`chance the attack beats the parry`); a member of a family (`impact_by_round_3` of
//!   `impact_by_round_<r>`, doc `chance of a first impact by round r, r = 1..=rounds`) has
//!   its number put in (`chance of a first impact by round 3`).
//! - A parameter is the first clause of its doc, with its name in parentheses when that is
//!   a short term of the rules (`facteur de maîtrise (fm)`), not an identifier.
//! - Whatever is left of an identifier shows its words: `max_rounds` reads `max rounds`.

use crate::engine::layout::MetricDef;

/// Longest label kept from a doc, in characters (cut at a word).
const MAX_WORDS: usize = 70;

/// `text` with the underscores of identifiers read as spaces (`max_rounds` → `max
/// rounds`).
pub fn plain(text: &str) -> String {
    text.replace('_', " ")
}

/// `text` cut to at most `max` characters, at a word, without a dangling comma.
fn cut(text: &str, max: usize) -> &str {
    if text.chars().count() <= max {
        return text;
    }
    let end = text.char_indices().nth(max).map_or(text.len(), |(i, _)| i);
    // At the last comma when it keeps a third: a whole clause rather than one cut
    // in its middle ("mean round of the first impact", not "…, over fights with an
    // impact within").
    let end = match text[..end].rfind(',') {
        Some(comma) if comma >= max / 3 => comma,
        _ => text[..end].rfind(' ').unwrap_or(end),
    };
    text[..end].trim_end_matches([',', ' '])
}

/// The first clause of a parameter's doc (`cible à atteindre: roll this...` → `cible à
/// atteindre`), without its `[choice]` tag.
pub fn short_doc(doc: &str) -> &str {
    let doc = doc.trim_start_matches("[choice]").trim_start();
    // "instead of x: what it is", "with x: what it is": what it is.
    let doc = match doc.split_once(':') {
        Some((head, rest)) if head.starts_with("instead of") || head.starts_with("with ") => {
            rest.trim_start()
        }
        _ => doc,
    };
    let end = doc.find([':', ';', '(']).unwrap_or(doc.len());
    cut(doc[..end].trim(), MAX_WORDS)
}

/// A metric in words: the first clause of its doc (up to a parenthesis or a semicolon),
/// the number of a family member put in, identifiers read as words; its name in words
/// when it has no doc.
pub fn metric_words(def: Option<&MetricDef>, name: &str) -> String {
    let doc = def.map_or("", |m| m.doc).replace('`', "");
    let clause = doc.split(['(', ';']).next().unwrap_or_default().trim();
    if clause.is_empty() {
        return plain(name);
    }
    let clause = match def.and_then(|m| m.family) {
        Some(family) => with_member(clause, family, name),
        None => clause.to_string(),
    };
    plain(cut(&clause, MAX_WORDS))
}

/// A family's doc for one member: `chance … by round r, r = 1..=rounds` for
/// `impact_by_round_3` of `impact_by_round_<r>` gives `chance … by round 3`.
fn with_member(clause: &str, family: &str, name: &str) -> String {
    let Some((prefix, rest)) = family.split_once('<') else {
        return clause.to_string();
    };
    let Some((var, suffix)) = rest.split_once('>') else {
        return clause.to_string();
    };
    let Some(value) = name
        .strip_prefix(prefix)
        .and_then(|v| v.strip_suffix(suffix))
    else {
        return clause.to_string();
    };
    let value = accented(value);
    // A placeholder written `<result>` in the doc takes the member's value in its place.
    let placeholder = format!("<{var}>");
    if clause.contains(&placeholder) {
        return clause.replace(&placeholder, value);
    }
    // The clause that ranges the variable (", r = 1..=rounds") says nothing of one member.
    let clause = match clause.find(&format!(", {var} =")) {
        Some(i) => &clause[..i],
        None => clause,
    };
    replace_words(clause, |word| if word == var { value } else { word })
}

/// `text` with each word (a run of letters, digits and `_`) replaced by what `replace`
/// gives for it; everything between words kept.
pub fn replace_words<'a>(text: &'a str, replace: impl Fn(&'a str) -> &'a str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut start = None;
    for (i, c) in text.char_indices() {
        if c.is_alphanumeric() || c == '_' {
            start.get_or_insert(i);
        } else {
            if let Some(s) = start.take() {
                out.push_str(replace(&text[s..i]));
            }
            out.push(c);
        }
    }
    if let Some(s) = start {
        out.push_str(replace(&text[s..]));
    }
    out
}

/// The rules' French terms that identifiers write without their accents, as the rules
/// write them (`legere` in `a_hit_legere` is a blessure légère).
const ACCENTED: [(&str, &str); 5] = [
    ("etourdi", "étourdi"),
    ("sonne", "sonné"),
    ("legere", "légère"),
    ("legeres", "légères"),
    ("echec", "échec"),
];

/// `word` with its accents when it is one of the rules' French terms.
pub fn accented(word: &str) -> &str {
    ACCENTED
        .iter()
        .find(|(bare, _)| *bare == word)
        .map_or(word, |(_, written)| written)
}

/// A parameter (or a histogram) in words: the first clause of its doc, with its name in
/// parentheses when that is a short term of the rules (`fm`, `ca`), not an identifier
/// (`n_attackers`, `a.ca_ma`); the name in words without a doc.
pub fn labelled(name: &str, doc: &str) -> String {
    let short = short_doc(doc);
    let term = !name.contains('_') && name.chars().count() <= 12;
    // A doc that only lists the choices (`always_md, feint_then_md, mixed`) says less than
    // the name: `a.strategy` reads "A's strategy".
    let only_choices = short
        .split(',')
        .all(|item| !item.trim().is_empty() && !item.trim().contains(' '));
    if short.is_empty() || only_choices {
        name_words(name)
    } else if term && !short.contains(name) {
        format!("{} ({name})", plain(short))
    } else {
        plain(short)
    }
}

/// A parameter's name in words: `a.strategy` reads "A's strategy", `head_start` "head
/// start".
fn name_words(name: &str) -> String {
    match name.split_once('.') {
        Some((group, field)) if group.chars().count() == 1 => {
            format!("{}'s {}", group.to_uppercase(), plain(field))
        }
        Some((group, field)) => format!("{} {}", plain(group), plain(field)),
        None => plain(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::MetricKind;

    fn def(name: &str, doc: &'static str, family: Option<&'static str>) -> MetricDef {
        MetricDef {
            name: name.into(),
            kind: MetricKind::Proportion,
            doc,
            family,
            range: None,
        }
    }

    #[test]
    fn a_metric_reads_as_its_doc_never_its_identifier() {
        let d = def("a_wins", "chance A puts B out (fatale, or the cap)", None);
        assert_eq!(metric_words(Some(&d), "a_wins"), "chance A puts B out");
        let d = def("reaches_cap", "chance the fight reaches max_rounds", None);
        assert_eq!(
            metric_words(Some(&d), "reaches_cap"),
            "chance the fight reaches max rounds"
        );
        assert_eq!(metric_words(None, "mean_rounds"), "mean rounds");
        let d = def(
            "impact_by_round_3",
            "chance of a first impact by round r, r = 1..=rounds",
            Some("impact_by_round_<r>"),
        );
        assert_eq!(
            metric_words(Some(&d), "impact_by_round_3"),
            "chance of a first impact by round 3"
        );
        let d = def(
            "a_hit_legere",
            "chance A wins with MD and B's damage result is <result> (none, etourdi)",
            Some("a_hit_<result>"),
        );
        assert_eq!(
            metric_words(Some(&d), "a_hit_legere"),
            "chance A wins with MD and B's damage result is légère"
        );
    }

    #[test]
    fn a_long_label_is_cut_at_a_clause() {
        let doc = "mean round of the first impact, over fights with an impact within rounds";
        assert_eq!(cut(doc, MAX_WORDS), "mean round of the first impact");
        assert_eq!(cut("short, enough", MAX_WORDS), "short, enough");
    }

    #[test]
    fn a_parameter_keeps_its_term_and_drops_its_identifier() {
        assert_eq!(
            labelled("fm", "facteur de maîtrise: the defender's skill"),
            "facteur de maîtrise (fm)"
        );
        assert_eq!(
            labelled("n_attackers", "this many attackers, 1 to 4"),
            "this many attackers, 1 to 4"
        );
        assert_eq!(labelled("head_start", ""), "head start");
        assert_eq!(
            labelled("a.strategy", "always_md, feint_then_md, mixed (p_mp)"),
            "A's strategy"
        );
        assert_eq!(
            labelled("x", "[choice] instead of the d20: the die rolled"),
            "the die rolled (x)"
        );
    }
}
