//! Closed catalogues of the spec read tolerantly: a value the spec does not list is kept
//! verbatim in `Other`, comparison ignores case and surrounding blanks, and writing
//! uses the spec's spelling.

/// Declares such an enum: `wire_enum! { Name { Variant => "Wire spelling", ... } }`.
macro_rules! wire_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident => $wire:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
            /// A value outside the spec's catalogue, as received.
            Other(String),
        }

        impl $name {
            /// Every value of the spec's catalogue, in its order.
            pub const KNOWN: &'static [$name] = &[$($name::$variant),+];

            /// The wire spelling.
            pub fn as_str(&self) -> &str {
                match self {
                    $($name::$variant => $wire,)+
                    $name::Other(raw) => raw,
                }
            }

            /// Reads a wire value, ignoring case and surrounding blanks.
            pub fn parse(raw: &str) -> Self {
                let trimmed = raw.trim();
                Self::KNOWN
                    .iter()
                    .find(|known| $crate::wire_enum::same_word(known.as_str(), trimmed))
                    .cloned()
                    .unwrap_or_else(|| $name::Other(raw.to_owned()))
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl serde::Serialize for $name {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.serialize_str(self.as_str())
            }
        }

        /// In TypeScript: the catalogue as a union that still admits any other string.
        impl ts_rs::TS for $name {
            type WithoutGenerics = Self;
            type OptionInnerType = Self;
            fn name(_: &ts_rs::Config) -> String {
                let known: Vec<String> = [$($wire),+].iter().map(|w| format!("{w:?}")).collect();
                format!("{} | (string & {{}})", known.join(" | "))
            }
            fn inline(cfg: &ts_rs::Config) -> String {
                <Self as ts_rs::TS>::name(cfg)
            }
        }

        /// Read from an answer: text (or a number) parsed as above, a value outside
        /// the catalogue noted for [`crate::drift`]; null or another shape is missing.
        impl $crate::tolerant::Lenient for $name {
            fn lenient<'de, D: serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Option<Self>, D::Error> {
                let raw = <$crate::tolerant::Raw as serde::Deserialize>::deserialize(deserializer)?;
                Ok(raw.text().map(|text| {
                    let value = Self::parse(&text);
                    if matches!(value, $name::Other(_)) {
                        $crate::tolerant::note_unknown_value(stringify!($name), &text);
                    }
                    value
                }))
            }
        }

        impl<'de> serde::Deserialize<'de> for $name {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let raw = <String as serde::Deserialize>::deserialize(deserializer)?;
                Ok(Self::parse(&raw))
            }
        }
    };
}

pub(crate) use wire_enum;

/// Case-insensitive comparison that also folds case of accented letters
/// ("EN REVISIÓN" is "En Revisión").
pub fn same_word(a: &str, b: &str) -> bool {
    // Every catalogue value of every answer is compared with the catalogue's
    // spellings: the usual cases are settled without folding each character. An
    // ASCII letter's lower case is ASCII's, so two ASCII words fold alike exactly
    // when they are equal ignoring ASCII case.
    if a == b {
        return true;
    }
    if a.is_ascii() && b.is_ascii() {
        return a.eq_ignore_ascii_case(b);
    }
    a.chars()
        .flat_map(char::to_lowercase)
        .eq(b.chars().flat_map(char::to_lowercase))
}
