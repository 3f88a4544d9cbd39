//! `Tipo` of an entity of the file detail, in a module of its own: the detail's model
//! ([`super::detail`], where it is named) and the section identifiers
//! ([`crate::file::SectionId`]) both read it, and the identifiers are read by
//! the model.

use crate::wire_enum::wire_enum;

wire_enum! {
    EntityKind {
        Representante => "Representante",
        Sucursal => "Sucursal",
    }
}
