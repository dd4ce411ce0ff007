//! The rule tables of an analysis: `rules` at the top of the file (a table, or the name of
//! a rules file) for every variant, and `rules` in a variant over it; `alea run --rules
//! FILE` takes the place of the top one ([`crate::rules`] reads them).

use super::Analysis;
use super::spec::AnalysisFile;
use crate::engine::rules::RuleSet;
use crate::error::Result;
use crate::rules::{Seg, Source, load_file, load_value};
use crate::systems::system_of;
use std::path::Path;

/// The tables of each variant of `file` (read from `path`, its text `text`) for the
/// mechanic `mechanic`, over `base` when given (else the file's own `rules`). A file
/// without variants has one, whose tables are the base.
pub(super) fn variant_rules(
    path: &Path,
    text: &str,
    file: &AnalysisFile,
    mechanic: &str,
    base: Option<RuleSet>,
) -> Result<Vec<Option<RuleSet>>> {
    let system = system_of(mechanic);
    let base = match (base, &file.rules) {
        (Some(base), _) => Some(base),
        (None, Some(value)) => {
            let source = Source {
                path,
                text,
                at: vec![Seg::Key("rules".into())],
            };
            Some(load_value(value, system, None, &source)?)
        }
        (None, None) => None,
    };
    if file.variants.is_empty() {
        return Ok(vec![base]);
    }
    file.variants
        .iter()
        .enumerate()
        .map(|(i, v)| match &v.rules {
            None => Ok(base.clone()),
            Some(value) => {
                let source = Source {
                    path,
                    text,
                    at: vec![
                        Seg::Key("variants".into()),
                        Seg::Index(i),
                        Seg::Key("rules".into()),
                    ],
                };
                load_value(value, system, base.as_ref(), &source).map(Some)
            }
        })
        .collect()
}

impl Analysis {
    /// Puts the tables of the rules file `file` in place of the analysis's own `rules`
    /// (`alea run --rules FILE`); the variants' rules still apply over them.
    pub fn replace_rules(&mut self, file: &Path) -> Result<()> {
        let base = load_file(file, system_of(self.mechanic.name()), None)?;
        let text = super::files::read_small_text(&self.path, super::files::MAX_ANALYSIS_BYTES)?;
        let rules = variant_rules(
            &self.path,
            &text,
            &self.file,
            self.mechanic.name(),
            Some(base),
        )?;
        for (variant, rules) in self.variants.iter_mut().zip(rules) {
            variant.rules = rules;
        }
        Ok(())
    }

    /// Per variant whose tables are not the official ones, its name and the entries
    /// changed (`damage.legere = 15 (official 20)`).
    pub fn rule_changes(&self) -> Vec<(String, Vec<String>)> {
        self.variants
            .iter()
            .filter_map(|v| {
                let changes = v.rules.as_ref()?.changes();
                (!changes.is_empty()).then(|| {
                    (
                        v.name.clone(),
                        changes.iter().map(|c| c.to_string()).collect(),
                    )
                })
            })
            .collect()
    }
}
