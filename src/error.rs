//! The errors a user can meet, with messages that say what was wrong and what is
//! accepted. Every one of them makes the `alea` command exit with code 2.

use std::path::PathBuf;

/// Everything that can go wrong in alea, as seen by its user.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// A mechanic name that is not in the registry.
    #[error("unknown mechanic '{name}'{hint}\n  known mechanics: {known}")]
    UnknownMechanic {
        /// The name given.
        name: String,
        /// ", did you mean ...?" or nothing.
        hint: String,
        /// The names accepted.
        known: String,
    },
    /// A parameter name that the mechanic does not take.
    #[error("{mechanic}: unknown parameter '{name}'{hint}\n  accepted: {accepted}")]
    UnknownParam {
        /// The mechanic.
        mechanic: String,
        /// The name given.
        name: String,
        /// ", did you mean ...?" or nothing.
        hint: String,
        /// The names accepted.
        accepted: String,
    },
    /// A value of the wrong type or out of range.
    #[error("{param}: {message}")]
    InvalidValue {
        /// The parameter (or option) concerned.
        param: String,
        /// What was wrong and what is accepted.
        message: String,
    },
    /// An option of a request (the difficulty finder's `over`, `target`, `from`...) with a
    /// bad value; the command line shows the option as its flag.
    #[error("{option}: {message}")]
    BadOption {
        /// The option, as the request names it.
        option: &'static str,
        /// What was wrong and what is accepted.
        message: String,
    },
    /// Exact values were asked of a mechanic (or a configuration) that has none.
    #[error("{mechanic} has no exact answer{why}")]
    NoExact {
        /// The mechanic.
        mechanic: String,
        /// ": the reason", when known (a script past the enumeration's bound), or nothing.
        why: String,
    },
    /// An analysis run for exact values (by its file's `exact = true`, by the run's `exact`
    /// option, or both) reached a grid point where the mechanic has none.
    #[error("{path}: {mechanic} has no exact values{at} (variant '{variant}'){why}{}", drop_exact_in_file(*.in_file))]
    NoExactPoint {
        /// The analysis file.
        path: PathBuf,
        /// The mechanic.
        mechanic: String,
        /// " at name=value ..." for the grid point, or nothing without a grid.
        at: String,
        /// The variant.
        variant: String,
        /// ": the reason", when known, or nothing (boxed: the error stays small).
        why: Box<str>,
        /// The file asks for exact values (`exact = true`).
        in_file: bool,
        /// The run's `exact` option asks for them.
        by_option: bool,
    },
    /// An analysis file that cannot be read or understood.
    #[error("{path}: {message}")]
    AnalysisFile {
        /// The file.
        path: PathBuf,
        /// What was wrong, with the line where known.
        message: String,
    },
    /// A rules file (or the rule tables of an analysis file) that cannot be read or
    /// understood.
    #[error("{path}: {message}")]
    RulesFile {
        /// The file.
        path: PathBuf,
        /// What was wrong, with the line and the key.
        message: String,
    },
    /// Any other invalid request, with a full message.
    #[error("{0}")]
    Invalid(String),
    /// A file or folder that could not be read or written.
    #[error("could not {action} '{path}': {source}")]
    Io {
        /// "write", "read", "create folder".
        action: &'static str,
        /// The path concerned.
        path: PathBuf,
        /// The underlying error.
        source: std::io::Error,
    },
    /// A run larger than the budget, refused before any sampling.
    #[error("{what}\n  {remedy}")]
    OverBudget {
        /// The size of the run and the budget.
        what: String,
        /// How to go on.
        remedy: String,
    },
    /// A table or chart that could not be produced.
    #[error("could not write the {what}: {message}")]
    Report {
        /// "CSV table", "chart ...".
        what: String,
        /// The underlying message.
        message: String,
    },
}

/// Shorthand for results in alea.
pub type Result<T, E = Error> = std::result::Result<T, E>;

/// A conversion that cannot fail (a rule built with `From`, read through `TryFrom` by
/// [`crate::engine::FromConfig`]) never gives an error.
impl From<std::convert::Infallible> for Error {
    fn from(never: std::convert::Infallible) -> Self {
        match never {}
    }
}

impl Error {
    /// A bad value of the request option `option`.
    pub fn option(option: &'static str, message: impl Into<String>) -> Self {
        Error::BadOption {
            option,
            message: message.into(),
        }
    }

    /// An invalid value of `param`.
    pub fn value(param: impl Into<String>, message: impl Into<String>) -> Self {
        Error::InvalidValue {
            param: param.into(),
            message: message.into(),
        }
    }

    /// An I/O failure on `path`.
    pub fn io(action: &'static str, path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            action,
            path: path.into(),
            source,
        }
    }
}

/// How to simulate a point of an analysis whose file asks for exact values.
fn drop_exact_in_file(in_file: bool) -> &'static str {
    if in_file {
        "; to simulate it, drop exact = true"
    } else {
        ""
    }
}

/// The syntax error of a file that is not the TOML it should be, quoting nothing of the
/// file (a rules or roster path may name a secret, as `/proc/self/environ`): where it is
/// (line and column) and what the parser expected, its words escaped and cut short.
pub fn toml_syntax_error(text: &str, e: &toml::de::Error) -> String {
    let at = e.span().map(|span| {
        let before = &text[..span.start.min(text.len())];
        let line = before.matches('\n').count() + 1;
        let column = before.rsplit('\n').next().map_or(0, |l| l.chars().count()) + 1;
        format!("line {line}, column {column}: ")
    });
    let message: String = e.message().escape_debug().take(120).collect();
    format!("{}not valid TOML ({message})", at.unwrap_or_default())
}

/// ", did you mean 'x'?" for the candidate closest to `name`, when one is close enough.
pub fn did_you_mean<'a>(name: &str, candidates: impl IntoIterator<Item = &'a str>) -> String {
    let best = candidates
        .into_iter()
        .map(|c| (edit_distance(name, c), c))
        .filter(|(d, c)| *d <= (c.len().max(name.len()) / 3).max(2))
        .min_by_key(|(d, _)| *d);
    match best {
        Some((_, c)) => format!(", did you mean '{c}'?"),
        None => String::new(),
    }
}

/// Most names a message lists.
pub const MAX_LISTED: usize = 5;

/// `names` for a message: all of them when there are at most [`MAX_LISTED`], else the
/// [`MAX_LISTED`] closest to `near` (the first ones without it) and how many more, so a
/// roster of thousands of names does not fill the screen.
pub fn some_names(names: &[&str], near: Option<&str>) -> String {
    if names.len() <= MAX_LISTED {
        return names.join(", ");
    }
    let mut picked: Vec<&str> = names.to_vec();
    if let Some(near) = near {
        picked.sort_by_key(|n| edit_distance(near, n));
    }
    picked.truncate(MAX_LISTED);
    format!(
        "{} and {} more",
        picked.join(", "),
        names.len() - MAX_LISTED
    )
}

/// Levenshtein distance between two strings (by characters).
pub fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut row: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut prev = row[0];
        row[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let cur = row[j + 1];
            row[j + 1] = (prev + usize::from(ca != *cb)).min(row[j] + 1).min(cur + 1);
            prev = cur;
        }
    }
    row[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn toml_errors_quote_nothing_of_the_file() {
        let text = "PATH=/usr/bin\nSECRET=hunter2\n";
        let e = toml::from_str::<toml::Table>(text).unwrap_err();
        let message = toml_syntax_error(text, &e);
        assert!(message.starts_with("line 1, column "), "{message}");
        assert!(
            !message.contains("usr") && !message.contains("hunter2"),
            "{message}"
        );
    }

    #[test]
    fn suggestions() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(
            did_you_mean("aube.tst", ["aube.test", "cle.test"]),
            ", did you mean 'aube.test'?"
        );
        assert_eq!(did_you_mean("zzzzzz", ["aube.test"]), "");
        let many: Vec<String> = (0..1000).map(|i| format!("name{i}")).collect();
        let many: Vec<&str> = many.iter().map(String::as_str).collect();
        let listed = some_names(&many, Some("name999"));
        assert!(
            listed.starts_with("name999, ") && listed.ends_with(" and 995 more"),
            "{listed}"
        );
        assert_eq!(some_names(&["a", "b"], None), "a, b");
    }

    /// True when `code` holds a flag-like `--name`: `--` after nothing, a space, a quote or
    /// a bracket, and before a lowercase letter.
    fn names_a_flag(code: &str) -> bool {
        code.match_indices("--").any(|(i, _)| {
            let before = code[..i].chars().next_back();
            let after = code[i + 2..].chars().next();
            before.is_none_or(|c| matches!(c, ' ' | '"' | '\'' | '`' | '(' | '['))
                && after.is_some_and(|c| c.is_ascii_lowercase())
        })
    }

    /// Library errors and texts name parameters and analysis keys, never a command-line
    /// flag: the binary (`src/bin`) maps them to its flags. Comments may speak of flags.
    #[test]
    fn no_library_text_names_a_command_line_flag() {
        assert!(names_a_flag(concat!("\"passed with -", "-roster FILE\"")));
        assert!(!names_a_flag("a--b, <!-- c -->, x-- y"));
        let mut found = Vec::new();
        let mut dirs = vec![std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src")];
        while let Some(dir) = dirs.pop() {
            for entry in std::fs::read_dir(&dir).unwrap() {
                let path = entry.unwrap().path();
                if path.is_dir() {
                    if !path.ends_with("bin") {
                        dirs.push(path);
                    }
                    continue;
                }
                if path.extension().is_none_or(|e| e != "rs") {
                    continue;
                }
                let text = std::fs::read_to_string(&path).unwrap();
                for (n, line) in text.lines().enumerate() {
                    let code = line.trim_start();
                    if !code.starts_with("//") && names_a_flag(code) {
                        found.push(format!("{}:{}: {code}", path.display(), n + 1));
                    }
                }
            }
        }
        assert!(
            found.is_empty(),
            "library text naming a command-line flag (name the parameter; src/bin maps it):\n{}",
            found.join("\n")
        );
    }
}
