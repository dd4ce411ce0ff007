//! Reading small text files without trusting them (analysis, roster and rules files): a
//! device, a pipe or a huge file is refused at once instead of being read forever.

use crate::error::{Error, Result};
use std::io::Read;
use std::path::Path;

/// Largest analysis file read (the shipped ones are about 2 KB).
pub const MAX_ANALYSIS_BYTES: u64 = 1 << 20;

/// Reads the regular file `path` as UTF-8 text of at most `limit` bytes.
pub fn read_small_text(path: &Path, limit: u64) -> Result<String> {
    let meta = std::fs::metadata(path).map_err(|e| Error::io("read", path, e))?;
    if !meta.is_file() {
        return Err(Error::Invalid(format!(
            "'{}' is not a regular file; give a text file",
            path.display()
        )));
    }
    let too_large = || {
        Error::Invalid(format!(
            "'{}' is larger than {} KB; this is not the small text file expected",
            path.display(),
            limit / 1024
        ))
    };
    if meta.len() > limit {
        return Err(too_large());
    }
    let file = std::fs::File::open(path).map_err(|e| Error::io("read", path, e))?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| Error::io("read", path, e))?;
    if bytes.len() as u64 > limit {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        Error::Invalid(format!(
            "'{}' is not UTF-8 text (invalid byte at offset {})",
            path.display(),
            e.utf8_error().valid_up_to()
        ))
    })
}
