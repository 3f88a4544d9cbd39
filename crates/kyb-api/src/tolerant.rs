//! The tolerant-reading rule, written once: how every field of every answer is read.
//!
//! - Null or absent is **missing**: `None`, or an empty list for an array (the window
//!   shows "—"); a missing boolean is never `false` or `true`.
//! - A number reads from an integer, a decimal or a numeric string (an integer field
//!   takes `3.0`, never rounds); text from a string, a number or a boolean.
//! - An unlisted catalogue value is kept as `Other` (`wire_enum`); timestamps take any
//!   fraction and designator, and .NET's `DateTime.MinValue` (`0001-01-01T00:00:00Z`,
//!   what the service writes for "not happened") is missing ([`crate::time::is_unset`]).
//! - A value of a shape the field cannot hold is missing rather than failing the answer
//!   (one odd field must not hide a whole file); one element where an array is expected
//!   is a list of one; unknown fields are ignored.
//!
//! [`answer_model!`] applies [`read`] to every field, and [`read`] accepts only
//! `Option<T>` and `Vec<T>`: a field that could fail on null does not compile.
//! [`crate::drift`] counts what the rule absorbed.

use std::cell::RefCell;
use std::fmt;
use std::marker::PhantomData;

use serde::de::value::MapAccessDeserializer;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

/// Reads a model field under the rule; used by [`answer_model!`] on every field.
pub fn read<'de, D: Deserializer<'de>, T: Field>(deserializer: D) -> Result<T, D::Error> {
    T::read_field(deserializer)
}

/// What a model field may be: `Option<T>` or `Vec<T>` of a [`Lenient`] `T`.
pub trait Field: Sized {
    fn read_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// A value read leniently: `None` when it is null or cannot be read as `Self`.
pub trait Lenient: Sized {
    fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Self>, D::Error>;
}

impl<T: Lenient> Field for Option<T> {
    fn read_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        T::lenient(deserializer)
    }
}

impl<T: Lenient> Field for Vec<T> {
    fn read_field<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(ListVisitor(PhantomData))
    }
}

/// A JSON scalar, with containers skipped: the common ground of every scalar field.
#[derive(Debug, Clone, PartialEq)]
pub enum Raw {
    Null,
    Bool(bool),
    Integer(i128),
    Decimal(f64),
    Text(String),
    /// An array or an object, consumed and dropped.
    Container,
}

impl<'de> serde::Deserialize<'de> for Raw {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(RawVisitor)
    }
}

struct RawVisitor;

impl<'de> Visitor<'de> for RawVisitor {
    type Value = Raw;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Raw, E> {
        Ok(Raw::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Raw, E> {
        Ok(Raw::Integer(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Raw, E> {
        Ok(Raw::Integer(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Raw, E> {
        Ok(Raw::Decimal(v))
    }
    fn visit_str<E>(self, v: &str) -> Result<Raw, E> {
        Ok(Raw::Text(v.to_owned()))
    }
    fn visit_string<E>(self, v: String) -> Result<Raw, E> {
        Ok(Raw::Text(v))
    }
    fn visit_unit<E>(self) -> Result<Raw, E> {
        Ok(Raw::Null)
    }
    fn visit_none<E>(self) -> Result<Raw, E> {
        Ok(Raw::Null)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Raw, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Raw, A::Error> {
        while seq.next_element::<IgnoredAny>()?.is_some() {}
        Ok(Raw::Container)
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Raw, A::Error> {
        while map.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(Raw::Container)
    }
}

impl Raw {
    /// The text of a scalar, numbers and booleans written as JSON writes them.
    pub fn text(self) -> Option<String> {
        match self {
            Raw::Text(text) => Some(text),
            Raw::Bool(flag) => Some(flag.to_string()),
            Raw::Integer(n) => Some(n.to_string()),
            Raw::Decimal(n) => Some(serde_json::Number::from_f64(n)?.to_string()),
            Raw::Null | Raw::Container => None,
        }
    }

    fn decimal(self) -> Option<f64> {
        let n = match self {
            Raw::Integer(n) => n as f64,
            Raw::Decimal(n) => n,
            Raw::Text(text) => text.trim().parse().ok()?,
            _ => return None,
        };
        n.is_finite().then_some(n)
    }

    /// A whole number, from an integer, a decimal without fraction or such a string.
    fn whole(self) -> Option<i128> {
        match self {
            Raw::Integer(n) => Some(n),
            Raw::Text(ref text) if let Ok(n) = text.trim().parse::<i128>() => Some(n),
            other => {
                let n = other.decimal()?;
                (n.fract() == 0.0 && n.abs() < 1e30).then_some(n as i128)
            }
        }
    }
}

/// Scalars read through [`Raw`] by a conversion.
macro_rules! lenient_scalar {
    ($($ty:ty => |$raw:ident| $convert:expr;)+) => {$(
        impl Lenient for $ty {
            fn lenient<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<Self>, D::Error> {
                let $raw = <Raw as serde::Deserialize>::deserialize(deserializer)?;
                Ok($convert)
            }
        }
    )+};
}

lenient_scalar! {
    String => |raw| raw.text();
    f64 => |raw| raw.decimal();
    u32 => |raw| raw.whole().and_then(|n| u32::try_from(n).ok());
    i32 => |raw| raw.whole().and_then(|n| i32::try_from(n).ok());
    bool => |raw| match raw {
        Raw::Bool(flag) => Some(flag),
        Raw::Text(text) if text.trim().eq_ignore_ascii_case("true") => Some(true),
        Raw::Text(text) if text.trim().eq_ignore_ascii_case("false") => Some(false),
        _ => None,
    };
}

/// An object read as a model: `None` for null or for anything that is not an object.
pub fn lenient_object<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: serde::Deserialize<'de>,
{
    deserializer.deserialize_any(ObjectVisitor(PhantomData))
}

struct ObjectVisitor<T>(PhantomData<T>);

impl<'de, T: serde::Deserialize<'de>> Visitor<'de> for ObjectVisitor<T> {
    type Value = Option<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an object")
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Option<T>, A::Error> {
        T::deserialize(MapAccessDeserializer::new(map)).map(Some)
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, seq: A) -> Result<Option<T>, A::Error> {
        RawVisitor.visit_seq(seq).map(|_| None)
    }
    fn visit_unit<E>(self) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_none<E>(self) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_bool<E>(self, _: bool) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_i64<E>(self, _: i64) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_u64<E>(self, _: u64) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_f64<E>(self, _: f64) -> Result<Option<T>, E> {
        Ok(None)
    }
    fn visit_str<E>(self, _: &str) -> Result<Option<T>, E> {
        Ok(None)
    }
}

struct ListVisitor<T>(PhantomData<T>);

/// One element of a list, read leniently.
struct Element<T>(PhantomData<T>);

impl<'de, T: Lenient> DeserializeSeed<'de> for Element<T> {
    type Value = Option<T>;
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<T>, D::Error> {
        T::lenient(d)
    }
}

impl<T> ListVisitor<T> {
    fn one<'de, E: de::Error>(item: impl de::IntoDeserializer<'de, E>) -> Result<Vec<T>, E>
    where
        T: Lenient,
    {
        Ok(T::lenient(item.into_deserializer())?.into_iter().collect())
    }
}

impl<'de, T: Lenient> Visitor<'de> for ListVisitor<T> {
    type Value = Vec<T>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an array")
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<T>, A::Error> {
        let mut items = Vec::with_capacity(seq.size_hint().unwrap_or(0).min(1024));
        while let Some(item) = seq.next_element_seed(Element::<T>(PhantomData))? {
            items.extend(item);
        }
        Ok(items)
    }
    fn visit_unit<E>(self) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
    fn visit_none<E>(self) -> Result<Vec<T>, E> {
        Ok(Vec::new())
    }
    fn visit_some<D: Deserializer<'de>>(self, d: D) -> Result<Vec<T>, D::Error> {
        d.deserialize_any(self)
    }
    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<Vec<T>, A::Error> {
        Ok(T::lenient(MapAccessDeserializer::new(map))?
            .into_iter()
            .collect())
    }
    fn visit_bool<E: de::Error>(self, v: bool) -> Result<Vec<T>, E> {
        Self::one(v)
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Vec<T>, E> {
        Self::one(v)
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Vec<T>, E> {
        Self::one(v)
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Vec<T>, E> {
        Self::one(v)
    }
    fn visit_str<E: de::Error>(self, v: &str) -> Result<Vec<T>, E> {
        Self::one(v.to_owned())
    }
    fn visit_string<E: de::Error>(self, v: String) -> Result<Vec<T>, E> {
        Self::one(v)
    }
}

/// Declares a response model under the rule: the usual derives, `#[serde(default)]`,
/// and [`read`] on every field. Every field must be `Option<T>` or `Vec<T>`.
macro_rules! answer_model {
    (
        $(#[$meta:meta])*
        pub struct $name:ident {
            $( $(#[$fmeta:meta])* pub $field:ident : $ty:ty ),* $(,)?
        }
    ) => {
        #[derive(Debug, Clone, Default, PartialEq, serde::Serialize, serde::Deserialize, ts_rs::TS)]
        #[serde(default)]
        $(#[$meta])*
        pub struct $name {
            $(
                $(#[$fmeta])*
                #[serde(deserialize_with = "crate::tolerant::read")]
                pub $field: $ty,
            )*
        }

        impl $crate::tolerant::Lenient for $name {
            fn lenient<'de, D: serde::Deserializer<'de>>(
                deserializer: D,
            ) -> Result<Option<Self>, D::Error> {
                $crate::tolerant::lenient_object(deserializer)
            }
        }
    };
}

pub(crate) use answer_model;

/// What tolerant reading absorbed while one answer was decoded, beyond what a
/// comparison of the answer with its reading shows: catalogue values the spec does not
/// list, and the forms of timestamps and dates. Collected per thread, only inside
/// [`absorbing`].
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Absorbed {
    /// (catalogue, value as received) for each value read as `Other`.
    pub unknown_values: Vec<(&'static str, String)>,
    /// The form of each timestamp or date read (see [`crate::time::form_of`]).
    pub time_forms: Vec<String>,
}

thread_local! {
    static ABSORBED: RefCell<Option<Absorbed>> = const { RefCell::new(None) };
}

/// Runs `decode` and returns what it absorbed. Decoding is synchronous, so everything
/// recorded on this thread meanwhile belongs to this answer.
pub fn absorbing<T>(decode: impl FnOnce() -> T) -> (T, Absorbed) {
    let outer = ABSORBED.with(|cell| cell.replace(Some(Absorbed::default())));
    let result = decode();
    let absorbed = ABSORBED
        .with(|cell| cell.replace(outer))
        .unwrap_or_default();
    (result, absorbed)
}

pub(crate) fn note_unknown_value(catalogue: &'static str, value: &str) {
    ABSORBED.with(|cell| {
        if let Some(absorbed) = cell.borrow_mut().as_mut() {
            absorbed.unknown_values.push((catalogue, value.to_owned()));
        }
    });
}

/// Notes a timestamp's form, worked out only when something is collecting: a client
/// without a learner reads every timestamp without this cost.
pub(crate) fn note_time_form(form: impl FnOnce() -> String) {
    ABSORBED.with(|cell| {
        if let Some(absorbed) = cell.borrow_mut().as_mut() {
            absorbed.time_forms.push(form());
        }
    });
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    answer_model! {
        #[serde(rename_all = "PascalCase")]
        pub struct Sample {
            pub name: Option<String>,
            pub allowed: Option<bool>,
            pub count: Option<u32>,
            pub distance: Option<f64>,
            pub tags: Vec<String>,
            pub inner: Option<Inner>,
            pub items: Vec<Inner>,
        }
    }

    answer_model! {
        #[serde(rename_all = "PascalCase")]
        pub struct Inner {
            pub id: Option<String>,
        }
    }

    fn read(value: serde_json::Value) -> Sample {
        serde_json::from_value(value).expect("tolerant reading never fails on an object")
    }

    #[test]
    fn present_null_and_absent_fields() {
        let full = read(json!({
            "Name": "Ana", "Allowed": true, "Count": 3, "Distance": 12.5,
            "Tags": ["a"], "Inner": {"Id": "x"}, "Items": [{"Id": "y"}]
        }));
        assert_eq!(full.name.as_deref(), Some("Ana"));
        assert_eq!(full.allowed, Some(true));
        assert_eq!(full.count, Some(3));
        assert_eq!(full.items.len(), 1);
        let nulls = read(json!({
            "Name": null, "Allowed": null, "Count": null, "Distance": null,
            "Tags": null, "Inner": null, "Items": null
        }));
        assert_eq!(nulls, Sample::default());
        assert_eq!(read(json!({})), Sample::default());
        assert_eq!(
            nulls.allowed, None,
            "a missing flag is neither true nor false"
        );
    }

    #[test]
    fn numbers_text_and_shapes() {
        let odd = read(json!({
            "Name": 42, "Allowed": "TRUE", "Count": 3.0, "Distance": "7",
            "Tags": "solo", "Inner": "not an object", "Items": {"Id": "one"}
        }));
        assert_eq!(odd.name.as_deref(), Some("42"));
        assert_eq!(odd.allowed, Some(true));
        assert_eq!(odd.count, Some(3));
        assert_eq!(odd.distance, Some(7.0));
        assert_eq!(odd.tags, ["solo"]);
        assert_eq!(odd.inner, None);
        assert_eq!(odd.items[0].id.as_deref(), Some("one"));
        let lossy =
            read(json!({"Count": 2.5, "Allowed": 1, "Name": {"a": 1}, "Tags": [null, "b", {}]}));
        assert_eq!(
            lossy.count, None,
            "a fraction is not rounded into an integer field"
        );
        assert_eq!(lossy.allowed, None);
        assert_eq!(lossy.name, None);
        assert_eq!(lossy.tags, ["b"]);
    }

    #[test]
    fn a_decimal_keeps_its_exact_value_through_a_reading_and_back() {
        // Without serde_json's float_roundtrip a decimal can come back one unit in the
        // last place off (the fuzz target found 1.8446744073709562e21).
        for n in [
            1.844_674_407_370_956_2e21,
            0.1 + 0.2,
            5e-324,
            1.797_693_134_862_315_7e308,
            42.5,
        ] {
            let once: Sample =
                serde_json::from_str(&format!("{{\"Distance\": {n:e}}}")).expect("reads");
            assert_eq!(once.distance, Some(n));
            let again: Sample =
                serde_json::from_str(&serde_json::to_string(&once).expect("writes"))
                    .expect("reads");
            assert_eq!(again, once);
        }
    }

    #[test]
    fn reading_from_bytes_follows_the_same_rule() {
        let sample: Sample = serde_json::from_slice(
            br#"{"Name":null,"Tags":null,"Inner":[1,2],"Items":[{"Id":7}],"Unknown":{"x":[1]}}"#,
        )
        .expect("decodes");
        assert_eq!(sample.items[0].id.as_deref(), Some("7"));
        assert_eq!(sample.inner, None);
    }
}
