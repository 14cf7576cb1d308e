//! Reading one top-level section of an experiment file (`[engines]`, a
//! study's `[<kind>]`) as its owner's type, the other keys ignored, with
//! figment's errors keyed as in the file (`engines.dp`,
//! `rotation.people`).

use std::fmt;
use std::marker::PhantomData;

use figment::Figment;
use figment::providers::{Format, Toml};
use serde::de::{DeserializeOwned, IgnoredAny, MapAccess, Visitor};
use serde::{Deserialize, Deserializer};

use super::family::Family;

/// Names a top-level section of an experiment file.
pub trait SectionName {
    /// The section's key, e.g. `engines`.
    const NAME: &'static str;
}

/// The file's keys with the section `N::NAME` read as `T` and the others
/// skipped.
struct Section<N, T> {
    value: Option<T>,
    name: PhantomData<N>,
}

impl<'de, N: SectionName, T: Deserialize<'de>> Deserialize<'de> for Section<N, T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Keys<N, T>(PhantomData<(N, T)>);
        impl<'de, N: SectionName, T: Deserialize<'de>> Visitor<'de> for Keys<N, T> {
            type Value = Section<N, T>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a table of keys")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut value = None;
                while let Some(key) = map.next_key::<String>()? {
                    if key == N::NAME {
                        value = map.next_value::<Option<T>>()?;
                    } else {
                        map.next_value::<IgnoredAny>()?;
                    }
                }
                Ok(Section {
                    value,
                    name: PhantomData,
                })
            }
        }
        deserializer.deserialize_map(Keys(PhantomData))
    }
}

/// The section `[N::NAME]` of the TOML `text` as `T`, or `None` when the
/// text has none.
///
/// # Errors
/// A key `T` does not know or a value of the wrong type, keyed from the
/// top of the file.
pub fn read_section<N: SectionName, T: DeserializeOwned>(
    text: &str,
) -> Result<Option<T>, Box<figment::Error>> {
    let section: Section<N, T> = Figment::from(Toml::string(text))
        .extract()
        .map_err(Box::new)?;
    Ok(section.value)
}

/// The `[engines]` section.
struct EnginesSection;

impl SectionName for EnginesSection {
    const NAME: &'static str = "engines";
}

/// The engines an experiment file's `[engines]` asks of `family` (its
/// defaults when the file has none). The outer error is a key the family
/// does not know or a value of the wrong type; the inner one engines that
/// cannot run or none at all.
///
/// # Errors
/// As above.
pub fn read_engines<F: Family>(
    family: &F,
    text: &str,
) -> Result<Result<Vec<F::Engine>, String>, Box<figment::Error>> {
    let spec = read_section::<EnginesSection, F::Engines>(text)?.unwrap_or_default();
    Ok(family.engines(spec))
}
