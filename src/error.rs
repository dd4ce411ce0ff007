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
    #[error("{mechanic} has no exact answer")]
    NoExact {
        /// The mechanic.
        mechanic: String,
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
    fn suggestions() {
        assert_eq!(edit_distance("kitten", "sitting"), 3);
        assert_eq!(
            did_you_mean("aube.tst", ["aube.test", "cle.test"]),
            ", did you mean 'aube.test'?"
        );
        assert_eq!(did_you_mean("zzzzzz", ["aube.test"]), "");
    }
}
