//! A successful answer read the short way: one pass over the body decodes its `Data`
//! straight into the model and keeps of the rest only the [`Heading`], checking on the
//! way that it is JSON that [`Envelope::parse`] accepts (what the model skips is checked
//! as a `Value` would be: see [`checked`](super::checked)). No `Value` of the body is
//! built, copied or dropped, which was most of the client's work on each call.
//!
//! It reads what the long way (`Envelope::parse`, then the model from `Data`'s `Value`)
//! reads, or nothing: when the two could differ (the body is not JSON that an envelope
//! accepts, `Data` is missing or not of the model's shape, a member repeated within it)
//! [`Answer::read`] gives `None`, and the caller takes the long way, which says why.
//!
//! [`Envelope::parse`]: super::Envelope::parse

use std::borrow::Cow;
use std::collections::BTreeMap;
use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{DeserializeOwned, Deserializer, MapAccess, Visitor};
use serde_json::{Map, Value};

use super::checked::{Checked, Valid};
use super::{Heading, pick};

/// A successful answer's heading, and its `Data` as `D` (a model, or the `Value` the
/// drift learner compares with its reading).
#[derive(Debug, Clone, PartialEq)]
pub struct Answer<D> {
    pub heading: Heading,
    pub data: D,
}

impl<D: DeserializeOwned> Answer<D> {
    /// The answer, or `None` when only the long way can say what `body` is.
    pub fn read(body: &[u8]) -> Option<Self> {
        // Checked as UTF-8 once, as a whole: reading from bytes checks each string.
        Self::members(std::str::from_utf8(body).ok()?)
    }

    fn members(body: &str) -> Option<Self> {
        let mut deserializer = serde_json::Deserializer::from_str(body);
        // A model skips what it does not know, and serde_json's skipping checks less.
        let members = Members::<D>::deserialize(Checked(&mut deserializer)).ok()?;
        deserializer.end().ok()?;
        Some(Self {
            heading: Heading::of(&members.heading),
            data: pick(members.data, "data")?,
        })
    }
}

impl Answer<Value> {
    /// [`Answer::read`] with `Data` as a value (what the drift learner compares with
    /// its reading of the model).
    pub fn read_value(body: &[u8]) -> Option<Self> {
        Self::members(std::str::from_utf8(body).ok()?)
    }
}

/// The members of an envelope that the answer is read from: those that may be the
/// heading's, as values, and those that may be `Data`, as `D`; each keyed as sent, the
/// last of a repeated key kept (as in a `Value`'s object). The others are checked as a
/// `Value` would be, and dropped.
struct Members<D> {
    heading: Map<String, Value>,
    data: BTreeMap<String, D>,
}

impl<'de, D: Deserialize<'de>> Deserialize<'de> for Members<D> {
    fn deserialize<De: Deserializer<'de>>(deserializer: De) -> Result<Self, De::Error> {
        deserializer.deserialize_map(MembersVisitor(PhantomData))
    }
}

struct MembersVisitor<D>(PhantomData<D>);

impl<'de, D: Deserialize<'de>> Visitor<'de> for MembersVisitor<D> {
    type Value = Members<D>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("an envelope")
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Members<D>, A::Error> {
        let mut members = Members {
            heading: Map::new(),
            data: BTreeMap::new(),
        };
        while let Some(Key(key)) = map.next_key()? {
            if key.eq_ignore_ascii_case("data") {
                let data = map.next_value()?;
                members.data.insert(key.into_owned(), data);
            } else if Heading::MEMBERS
                .iter()
                .any(|member| key.eq_ignore_ascii_case(member))
            {
                let value = map.next_value()?;
                members.heading.insert(key.into_owned(), value);
            } else {
                map.next_value::<Valid>()?;
            }
        }
        Ok(members)
    }
}

/// A member's key, borrowed from the body when it has no escapes.
struct Key<'de>(Cow<'de, str>);

impl<'de> Deserialize<'de> for Key<'de> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_str(KeyVisitor)
    }
}

struct KeyVisitor;

impl<'de> Visitor<'de> for KeyVisitor {
    type Value = Key<'de>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a member's key")
    }
    fn visit_borrowed_str<E>(self, key: &'de str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Borrowed(key)))
    }
    fn visit_str<E>(self, key: &str) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(key.to_owned())))
    }
    fn visit_string<E>(self, key: String) -> Result<Key<'de>, E> {
        Ok(Key(Cow::Owned(key)))
    }
}
