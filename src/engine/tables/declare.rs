//! The macros of a system's tables: [`crate::rule_tables!`] declares them once, their
//! official values the `Default` of the whole and of every table; [`crate::entries!`]
//! names a table's entries by their fields for the checks.

/// Declares a system's tables: the struct as written (one field a table), and the
/// official values, the `OFFICIAL` constant the system defines on it, as the `Default`
/// of the whole and of each table (serde's `default` then keeps the official rest of a
/// table a file gives in part).
///
/// ```ignore
/// crate::rule_tables! {
///     /// Every table of the system.
///     #[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
///     #[serde(deny_unknown_fields, default)]
///     pub struct DemoTables {
///         /// The bands.
///         pub bands: BandTable,
///     }
/// }
/// impl DemoTables {
///     pub const OFFICIAL: DemoTables = DemoTables { bands: BandTable { low: 5 } };
/// }
/// ```
#[macro_export]
macro_rules! rule_tables {
    (
        $(#[$meta:meta])*
        $vis:vis struct $tables:ident {
            $(
                $(#[$field_meta:meta])*
                $field_vis:vis $field:ident : $table:ty
            ),* $(,)?
        }
    ) => {
        $(#[$meta])*
        $vis struct $tables {
            $(
                $(#[$field_meta])*
                $field_vis $field: $table,
            )*
        }

        impl ::std::default::Default for $tables {
            fn default() -> Self {
                Self::OFFICIAL
            }
        }

        $(
            impl ::std::default::Default for $table {
                fn default() -> Self {
                    $tables::OFFICIAL.$field
                }
            }
        )*
    };
}

/// The entries `(name, value)` of a table, named by their fields: `entries!(t; low,
/// high)` is `[("low", t.low), ("high", t.high)]`, for [`check_ordered`] and
/// [`check_ranges`] (a field is a TOML key: its name is written once).
///
/// [`check_ordered`]: crate::engine::tables::check_ordered
/// [`check_ranges`]: crate::engine::tables::check_ranges
#[macro_export]
macro_rules! entries {
    ($table:expr; $($field:ident),+ $(,)?) => {
        [$((stringify!($field), $table.$field)),+]
    };
}
