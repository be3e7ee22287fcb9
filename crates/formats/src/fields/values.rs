//! A form's fields as JSON values, in the struct's order, without building a JSON object: the
//! share link is written on every change of the form, and a map of a hundred keys, each an owned
//! string, was most of that work.

use crate::Form;
use serde::ser::{Error as _, Impossible, Serialize, SerializeStruct, Serializer};
use serde_json::{Error, Value};
use std::sync::OnceLock;

/// Every field of `form` as `(name, value)`, in the struct's order; each value as
/// `serde_json::to_value` writes it.
pub fn values_of(form: &Form) -> Vec<(&'static str, Value)> {
    let mut out = Fields(Vec::with_capacity(128));
    // Serialising the form into values cannot fail (string keys only); nothing if it ever did.
    match form.serialize(&mut out) {
        Ok(()) => out.0,
        Err(_) => Vec::new(),
    }
}

/// The form whose field values are `values` ([`values_of`]) as the flat JSON record serde writes
/// for it (`Form::to_json`).
pub fn json_of(values: &[(&'static str, Value)]) -> String {
    let mut out = String::from("{");
    for (i, (name, value)) in values.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        // Field names are identifiers: nothing to escape.
        out.push('"');
        out.push_str(name);
        out.push_str("\":");
        out.push_str(&value.to_string());
    }
    out.push('}');
    out
}

/// [`values_of`] the default form, computed once.
pub fn default_values() -> &'static [(&'static str, Value)] {
    static DEFAULTS: OnceLock<Vec<(&'static str, Value)>> = OnceLock::new();
    DEFAULTS.get_or_init(|| values_of(&Form::default()))
}

/// The collected fields; serialises a struct, and nothing else.
struct Fields(Vec<(&'static str, Value)>);

impl SerializeStruct for &mut Fields {
    type Ok = ();
    type Error = Error;

    fn serialize_field<T: ?Sized + Serialize>(
        &mut self,
        key: &'static str,
        value: &T,
    ) -> Result<(), Error> {
        self.0.push((key, serde_json::to_value(value)?));
        Ok(())
    }

    fn end(self) -> Result<(), Error> {
        Ok(())
    }
}

fn not_a_struct() -> Error {
    Error::custom("a form serialises as a struct")
}

/// The methods of [`Serializer`] for anything but a struct: an error each.
macro_rules! refuse {
    ($($name:ident($($arg:ty),*)),* $(,)?) => {
        $(fn $name(self, $(_: $arg),*) -> Result<(), Error> {
            Err(not_a_struct())
        })*
    };
}

impl Serializer for &mut Fields {
    type Ok = ();
    type Error = Error;
    type SerializeSeq = Impossible<(), Error>;
    type SerializeTuple = Impossible<(), Error>;
    type SerializeTupleStruct = Impossible<(), Error>;
    type SerializeTupleVariant = Impossible<(), Error>;
    type SerializeMap = Impossible<(), Error>;
    type SerializeStruct = Self;
    type SerializeStructVariant = Impossible<(), Error>;

    refuse!(
        serialize_bool(bool),
        serialize_i8(i8),
        serialize_i16(i16),
        serialize_i32(i32),
        serialize_i64(i64),
        serialize_u8(u8),
        serialize_u16(u16),
        serialize_u32(u32),
        serialize_u64(u64),
        serialize_f32(f32),
        serialize_f64(f64),
        serialize_char(char),
        serialize_str(&str),
        serialize_bytes(&[u8]),
        serialize_none(),
        serialize_unit(),
        serialize_unit_struct(&'static str),
        serialize_unit_variant(&'static str, u32, &'static str),
    );

    fn serialize_some<T: ?Sized + Serialize>(self, _: &T) -> Result<(), Error> {
        Err(not_a_struct())
    }
    fn serialize_newtype_struct<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_a_struct())
    }
    fn serialize_newtype_variant<T: ?Sized + Serialize>(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: &T,
    ) -> Result<(), Error> {
        Err(not_a_struct())
    }
    fn serialize_seq(self, _: Option<usize>) -> Result<Self::SerializeSeq, Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple(self, _: usize) -> Result<Self::SerializeTuple, Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple_struct(
        self,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleStruct, Error> {
        Err(not_a_struct())
    }
    fn serialize_tuple_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeTupleVariant, Error> {
        Err(not_a_struct())
    }
    fn serialize_map(self, _: Option<usize>) -> Result<Self::SerializeMap, Error> {
        Err(not_a_struct())
    }
    fn serialize_struct(self, _: &'static str, _: usize) -> Result<Self, Error> {
        self.0.clear();
        Ok(self)
    }
    fn serialize_struct_variant(
        self,
        _: &'static str,
        _: u32,
        _: &'static str,
        _: usize,
    ) -> Result<Self::SerializeStructVariant, Error> {
        Err(not_a_struct())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same names and values as the JSON object `serde_json` writes, in the struct's order.
    #[test]
    fn the_values_are_serde_jsons() {
        let form = Form {
            name: "a <b> & \"c\"".into(),
            tokens: 1.5e9,
            zero: Some(2),
            ..Form::default()
        };
        for form in [Form::default(), form] {
            let Ok(Value::Object(map)) = serde_json::to_value(&form) else {
                panic!("a form is an object");
            };
            let values = values_of(&form);
            assert_eq!(values.len(), map.len());
            for (name, value) in &values {
                assert_eq!(map.get(*name), Some(value), "{name}");
            }
        }
        assert_eq!(default_values(), values_of(&Form::default()).as_slice());
    }
}
