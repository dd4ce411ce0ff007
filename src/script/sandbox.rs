//! The rhai engine a script runs in, and its limits: no file, module, clock or randomness
//! (rhai built with `no_module` and `no_time`, nothing registered that reads the outside),
//! no `eval`, output functions silenced, and every call bounded in operations, call depth,
//! expression depth and the size of strings, arrays and maps.

use crate::error::Error;
use rhai::{Dynamic, Engine, EvalAltResult, ParseError, Position};
use std::cell::Cell;
use std::io::Read;
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

/// The text of the script file `path`, the engine to run it and its compiled code: the
/// file is read up to [`MAX_SCRIPT_BYTES`], a syntax error is `file:line:column: ...`.
pub fn compile_file(path: &Path) -> Result<(String, Engine, rhai::AST), Error> {
    let file = std::fs::File::open(path).map_err(|e| Error::io("read script", path, e))?;
    let mut text = String::new();
    file.take(MAX_SCRIPT_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| Error::io("read script", path, e))?;
    if text.len() as u64 > MAX_SCRIPT_BYTES {
        return Err(Error::Invalid(format!(
            "{}: a script is at most {MAX_SCRIPT_BYTES} bytes",
            path.display()
        )));
    }
    let engine = engine();
    let ast = engine.compile(&text).map_err(|e| syntax_error(path, &e))?;
    Ok((text, engine, ast))
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
    let past_limit = match inner {
        EvalAltResult::ErrorTooManyOperations(_) => true,
        EvalAltResult::ErrorTerminated(value, _) => value.to_string() == PAST_CALL_LIMIT,
        _ => false,
    };
    if past_limit {
        // rhai gives a limit's stop no position once it leaves the function: the line
        // named is the first loop of the function, or the function's own.
        let line = std::fs::read_to_string(path)
            .ok()
            .and_then(|text| loop_line(&text, function));
        let at = match line {
            Some(line) => format!("{}:{line}", path.display()),
            None => path.display().to_string(),
        };
        return Error::Invalid(format!("{at}: {}", past_call_limit(function)));
    }
    let what = match inner {
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

/// The line of the first `loop`, `while` or `for` in the function `function` of `text`,
/// else the line of the function itself (1-based).
fn loop_line(text: &str, function: &str) -> Option<usize> {
    let lines: Vec<&str> = text.lines().collect();
    let starts_fn = |l: &str| {
        let l = l.trim_start();
        l.starts_with("fn ") || l.starts_with("private fn ")
    };
    let start = lines.iter().position(|l| {
        starts_fn(l)
            && l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
                .any(|w| w == function)
    })?;
    let end = lines[start + 1..]
        .iter()
        .position(|l| starts_fn(l))
        .map_or(lines.len(), |i| start + 1 + i);
    let is_loop = |l: &str| {
        l.split(|c: char| !(c.is_alphanumeric() || c == '_'))
            .any(|w| matches!(w, "loop" | "while" | "for" | "do"))
    };
    let found = (start..end).find(|&i| is_loop(lines[i].split("//").next().unwrap_or("")));
    Some(found.unwrap_or(start) + 1)
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
