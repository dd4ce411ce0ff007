//! The rhai engine a script runs in, and its limits: no file, module, clock or randomness
//! (rhai built with `no_module` and `no_time`, nothing registered that reads the outside),
//! no `eval`, output functions silenced, and every call bounded in operations, call depth,
//! expression depth and the size of strings, arrays and maps.

use crate::error::Error;
use rhai::{Dynamic, Engine, EvalAltResult, ParseError, Position};
use std::cell::Cell;
use std::path::Path;

/// Most operations one call of a script may make (a loop with no end stops here).
pub const MAX_OPERATIONS: u64 = 1_000_000;

/// Most operations an enumeration may make over all its paths.
pub const MAX_ENUMERATION_OPERATIONS: u64 = 30_000_000;

/// Most bytes of a script file.
pub const MAX_SCRIPT_BYTES: u64 = 256 * 1024;

thread_local! {
    /// Operations an enumeration running on this thread may still make (`None`: no
    /// enumeration is running).
    static BUDGET: Cell<Option<u64>> = const { Cell::new(None) };
}

/// The message of a script stopped by the enumeration's budget of operations.
pub const OUT_OF_BUDGET: &str = "enumeration budget";

/// The value a call past [`MAX_OPERATIONS`] stops with (stopped by the progress callback,
/// which gives the error the position reached, when rhai knows it).
const PAST_CALL_LIMIT: &str = "call limit";

/// Runs `job` with a budget of `operations` over all the script calls it makes on this
/// thread; a call past it stops with an error whose value is [`OUT_OF_BUDGET`].
pub fn with_budget<T>(operations: u64, job: impl FnOnce() -> T) -> T {
    struct Restore(Option<u64>);
    impl Drop for Restore {
        fn drop(&mut self) {
            BUDGET.with(|b| b.set(self.0));
        }
    }
    let _restore = Restore(BUDGET.with(|b| b.replace(Some(operations))));
    job()
}

/// Counts the operations of calls under [`with_budget`] (rhai reports each call's count
/// as it goes; it is charged every 256 operations).
fn charge(count: u64) -> Option<Dynamic> {
    if count > MAX_OPERATIONS {
        return Some(Dynamic::from(PAST_CALL_LIMIT));
    }
    if !count.is_multiple_of(256) {
        return None;
    }
    BUDGET.with(|b| match b.get() {
        None => None,
        Some(left) if left < 256 => Some(Dynamic::from(OUT_OF_BUDGET)),
        Some(left) => {
            b.set(Some(left - 256));
            None
        }
    })
}

/// The engine every script runs in, with the dice functions registered.
pub fn engine() -> Engine {
    let mut engine = Engine::new();
    engine
        // A backstop: the progress callback stops a call at MAX_OPERATIONS first.
        .set_max_operations(2 * MAX_OPERATIONS)
        .set_max_call_levels(32)
        .set_max_expr_depths(64, 64)
        .set_max_string_size(10_000)
        .set_max_array_size(10_000)
        .set_max_map_size(1_000)
        .set_max_functions(1_000)
        .set_max_variables(1_000)
        .on_progress(charge);
    engine.disable_symbol("eval");
    engine.on_print(|_| {});
    engine.on_debug(|_, _, _| {});
    super::dice::register(&mut engine);
    super::declare::register(&mut engine);
    engine
}

/// `file:line:column: ` for a position in `path` (`file: ` when it has none).
pub fn at(path: &Path, pos: Position) -> String {
    match (pos.line(), pos.position()) {
        (Some(line), Some(col)) => format!("{}:{line}:{col}", path.display()),
        (Some(line), None) => format!("{}:{line}", path.display()),
        _ => path.display().to_string(),
    }
}

/// A syntax error, as `file:line:column: what`.
pub fn syntax_error(path: &Path, e: &ParseError) -> Error {
    Error::Invalid(format!(
        "{}: syntax error: {}",
        at(path, e.position()),
        e.err_type()
    ))
}

/// A script error met while running `function`, naming the file, the line and column, and
/// the limit when it is one.
pub fn run_error(path: &Path, function: &str, e: &EvalAltResult) -> Error {
    let inner = innermost(e);
    let what = match inner {
        EvalAltResult::ErrorTooManyOperations(_) => past_call_limit(function),
        EvalAltResult::ErrorTerminated(value, _) if value.to_string() == PAST_CALL_LIMIT => {
            past_call_limit(function)
        }
        EvalAltResult::ErrorTerminated(..) => format!(
            "{function}() went past the limit of {MAX_ENUMERATION_OPERATIONS} operations of an enumeration"
        ),
        EvalAltResult::ErrorFunctionNotFound(name, _) => format!(
            "{function}(): no function {name} (scripts have no file, module, clock or random access; dice: d, dice, rolls, keep_highest, keep_lowest, reroll, explode, chance)"
        ),
        other => format!("{function}(): {}", message_of(other)),
    };
    Error::Invalid(format!("{}: {what}", at(path, inner.position())))
}

fn past_call_limit(function: &str) -> String {
    format!(
        "{function}() went past the limit of {MAX_OPERATIONS} operations of one call (a loop that does not end?)"
    )
}

/// The error inside the calls of script functions that led to it.
fn innermost(e: &EvalAltResult) -> &EvalAltResult {
    match e {
        EvalAltResult::ErrorInFunctionCall(_, _, inner, _) => innermost(inner),
        other => other,
    }
}

/// The error's message without rhai's own position suffix.
fn message_of(e: &EvalAltResult) -> String {
    let text = e.to_string();
    match text.rfind(" (line ") {
        Some(i) if text.ends_with(')') => text[..i].to_string(),
        _ => text,
    }
}

/// True when `e` is the stop of the enumeration's budget.
pub fn is_out_of_budget(e: &EvalAltResult) -> bool {
    matches!(innermost(e), EvalAltResult::ErrorTerminated(value, _) if value.to_string() == OUT_OF_BUDGET)
}
