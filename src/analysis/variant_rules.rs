//! The rule tables of an analysis: `rules` at the top of the file (a table, or the name of
//! a rules file) for every variant, and `rules` in a variant over it; `alea run --rules
//! FILE` takes the place of the top one ([`crate::house_rules`] reads them).

use super::Analysis;
use super::spec::AnalysisFile;
use crate::engine::tables::RuleSet;
use crate::error::Result;
use crate::house_rules::{Seg, Source, load_file, load_value};
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
    let given = file.rules.is_some() || file.variants.iter().any(|v| v.rules.is_some());
    if given && !crate::script::find(mechanic).is_ok_and(|m| m.reads_rules()) {
        let line = crate::house_rules::line_of_path(text, &[Seg::Key("rules".into())])
            .or_else(|| {
                text.lines()
                    .position(|l| l.trim_start().starts_with("rules"))
                    .map(|i| i + 1)
            })
            .map(|l| format!("line {l}: "))
            .unwrap_or_default();
        return Err(crate::error::Error::RulesFile {
            path: path.to_path_buf(),
            message: format!("{line}{}", crate::house_rules::reads_none(mechanic)),
        });
    }
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
    let rules: Vec<Option<RuleSet>> = if file.variants.is_empty() {
        vec![base]
    } else {
        variants_rules(path, text, file, system, base)?
    };
    // A mechanic that plays only steps a script replaces gets no table changes.
    if let Ok(m) = crate::script::find(mechanic) {
        for set in rules.iter().flatten() {
            crate::house_rules::check_tables_read(m, set).map_err(|e| {
                crate::error::Error::RulesFile {
                    path: path.to_path_buf(),
                    message: e.to_string(),
                }
            })?;
        }
    }
    Ok(rules)
}

/// The rules of each variant, over `base`.
fn variants_rules(
    path: &Path,
    text: &str,
    file: &AnalysisFile,
    system: &str,
    base: Option<RuleSet>,
) -> Result<Vec<Option<RuleSet>>> {
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

/// Puts the tables of the rules file `file` in place of the own `rules` of every analysis
/// it can apply to (`alea run --rules FILE`): those whose mechanic reads rule tables (or
/// plays the steps a file that only replaces steps replaces), of the system the file names
/// (any, when it names none). Returns how many; none is an
/// error.
pub fn apply_rules(analyses: &mut [Analysis], file: &Path) -> Result<usize> {
    let declared = crate::house_rules::declared_system(file)?;
    let mut applied = 0;
    for a in analyses.iter_mut() {
        let system = system_of(a.mechanic.name());
        if !a.mechanic.reads_rules() || declared.as_deref().is_some_and(|s| s != system) {
            continue;
        }
        // A mechanic that plays only steps takes a file that only replaces steps.
        let applies = a.mechanic.reads_tables()
            || load_file(file, system, None).is_ok_and(|r| {
                !r.steps().is_official() && r.changes().iter().all(|c| c.key.starts_with("script."))
            });
        if applies {
            a.replace_rules(file)?;
            applied += 1;
        }
    }
    if applied == 0 {
        return Err(crate::error::Error::RulesFile {
            path: file.to_path_buf(),
            message: format!(
                "none of the analyses reads these tables (of {}): their mechanics read no rule table or are of another system",
                declared.as_deref().unwrap_or("any system")
            ),
        });
    }
    Ok(applied)
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
