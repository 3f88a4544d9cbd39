//! Section identifiers (the detail's `Secciones`, the sections of tracking's `Comments`,
//! the correction request's `seccion`) read into their parts: a known base name, a
//! modifier, a `Limit:<n>` suffix, and the kind of entity the section concerns. The
//! screens name a section and choose its entity from these parts.

use serde::Serialize;
use ts_rs::TS;

use crate::models::detail::EntityKind;

/// Declares a closed set of identifier parts, each spelled on the wire as its variant.
macro_rules! parts {
    ($(#[$meta:meta])* $name:ident { $($variant:ident),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, TS)]
        pub enum $name {
            $($variant),+
        }

        impl $name {
            pub const ALL: &'static [Self] = &[$(Self::$variant),+];

            /// The spelling in a section identifier.
            pub fn as_str(self) -> &'static str {
                match self {
                    $(Self::$variant => stringify!($variant)),+
                }
            }
        }
    };
}

parts! {
    /// The base names of the section identifiers the spec lists (detail, Version 2).
    SectionBase {
        ActaConstitutiva,
        ArticleIncorporation,
        Asamblea,
        BankStatement,
        CertificadoSAT,
        DatosRep,
        FiscalCSF,
        LegalRepresentative,
        Opinion,
        PersonaFisica,
        Poder,
        PoderesRepresentanteLegal,
        ProofAddress,
        Sucursal,
        SucursalBank,
        SucursalImagenes,
        TaxInformations,
        ValidacionBiometrica,
    }
}

parts! {
    /// What follows a base name in the identifiers the spec lists.
    Modifier {
        Obligatorio,
        Opcional,
        Multiple,
        Ocultar,
        Detallada,
    }
}

impl SectionBase {
    /// Which kind of entity a section of this base concerns; `None` for sections about
    /// the whole file. The spec does not say; decided from the section names it lists:
    /// the representative's data, powers and biometric validation concern one
    /// representative, the branch sections one branch. Everything else (deed, proofs
    /// of address, tax information, statements, forms) concerns the file.
    pub fn entity(self) -> Option<EntityKind> {
        match self {
            Self::LegalRepresentative
            | Self::DatosRep
            | Self::PoderesRepresentanteLegal
            | Self::ValidacionBiometrica => Some(EntityKind::Representante),
            Self::Sucursal | Self::SucursalBank | Self::SucursalImagenes => {
                Some(EntityKind::Sucursal)
            }
            Self::ActaConstitutiva
            | Self::ArticleIncorporation
            | Self::Asamblea
            | Self::BankStatement
            | Self::CertificadoSAT
            | Self::FiscalCSF
            | Self::Opinion
            | Self::PersonaFisica
            | Self::Poder
            | Self::ProofAddress
            | Self::TaxInformations => None,
        }
    }
}

/// The words for a section in Spanish, the desk's records' language (the dossier's report
/// names sections by them). The window has its own words for both of its languages
/// (`ui/src/features/sections.ts`); these are its Spanish ones.
impl SectionBase {
    pub fn words_es(self) -> &'static str {
        match self {
            Self::ActaConstitutiva | Self::ArticleIncorporation => "Acta constitutiva",
            Self::Asamblea => "Acta de asamblea",
            Self::BankStatement => "Estado de cuenta",
            Self::CertificadoSAT => "Certificado del SAT",
            Self::DatosRep => "Datos del representante",
            Self::FiscalCSF => "Constancia de situación fiscal",
            Self::LegalRepresentative => "Representante legal",
            Self::Opinion => "Opinión de cumplimiento",
            Self::PersonaFisica => "Persona física",
            Self::Poder => "Poder notarial",
            Self::PoderesRepresentanteLegal => "Poderes del representante legal",
            Self::ProofAddress => "Comprobante de domicilio",
            Self::Sucursal => "Sucursal",
            Self::SucursalBank => "Sucursal bancaria",
            Self::SucursalImagenes => "Fotos de la sucursal",
            Self::TaxInformations => "Información fiscal",
            Self::ValidacionBiometrica => "Validación biométrica",
        }
    }
}

impl Modifier {
    pub fn words_es(self) -> &'static str {
        match self {
            Self::Obligatorio => "obligatorio",
            Self::Opcional => "opcional",
            Self::Multiple => "varios",
            Self::Ocultar => "oculta",
            Self::Detallada => "detallada",
        }
    }
}

/// Every section identifier the spec lists (detail, version 2), as it lists them; the
/// `Limit:<n>` forms with a sample `n`. The rules that read identifiers are tested
/// against this list.
pub const LISTED_IN_SPEC: [&str; 27] = [
    "ArticleIncorporation",
    "AsambleaOpcional",
    "LegalRepresentative",
    "LegalRepresentativeObligatorio",
    "ValidacionBiometrica",
    "PoderOpcional",
    "DatosRepObligatorio",
    "PoderesRepresentanteLegal",
    "PoderesRepresentanteLegalOpcional",
    "Sucursal",
    "SucursalImagenesOpcional",
    "SucursalBankOcultar",
    "ProofAddress",
    "BankStatement",
    "TaxInformations",
    "OpinionObligatorio",
    "CertificadoSAT",
    "BankStatementObligatorio",
    "BankStatementMultiple",
    "BankStatementLimit:3",
    "ProofAddressObligatorio",
    "ProofAddressMultiple",
    "ProofAddressLimit:2",
    "FiscalCSFObligatorio",
    "ActaConstitutivaObligatorio",
    "ActaConstitutivaDetallada",
    "PersonaFisica",
];

/// A section identifier, with its optional `<SectionName>Limit:<n>` suffix split off
/// and what its name says.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SectionId {
    /// The identifier without its limit suffix.
    pub name: String,
    pub limit: Option<u32>,
    /// The known base the name starts with (the longest, so `SucursalImagenes` wins
    /// over `Sucursal`), when the rest of the name is empty or a modifier, in the
    /// spec's spelling and case. `None` for a name the app does not know.
    pub base: Option<SectionBase>,
    /// The rest of the name after `base`, when there is one.
    pub modifier: Option<Modifier>,
    /// The kind of entity the section concerns ([`SectionBase::entity`]), for a name
    /// that starts with such a base in any case, known modifier or not; `None` for a
    /// section about the whole file.
    pub entity: Option<EntityKind>,
}

impl SectionId {
    pub fn parse(raw: &str) -> Self {
        let (name, limit) = split_limit(raw.trim());
        let (base, modifier) = base_and_modifier(name);
        Self {
            name: name.to_owned(),
            limit,
            base,
            modifier,
            entity: entity_of(name),
        }
    }
}

impl SectionId {
    /// "Comprobante de domicilio (obligatorio, hasta 2)" for `ProofAddressObligatorioLimit:2`;
    /// `None` for a name whose base the app does not know (shown as sent).
    pub fn words_es(&self) -> Option<String> {
        let base = self.base?.words_es();
        let notes: Vec<String> = self
            .modifier
            .map(|m| m.words_es().to_owned())
            .into_iter()
            .chain(self.limit.map(|n| format!("hasta {n}")))
            .collect();
        Some(if notes.is_empty() {
            base.to_owned()
        } else {
            format!("{base} ({})", notes.join(", "))
        })
    }
}

fn split_limit(raw: &str) -> (&str, Option<u32>) {
    if let Some((head, n)) = raw.rsplit_once(':')
        && let Some(name) = head.strip_suffix("Limit")
        && let Ok(limit) = n.trim().parse()
        && !name.is_empty()
    {
        return (name, Some(limit));
    }
    (raw, None)
}

fn base_and_modifier(name: &str) -> (Option<SectionBase>, Option<Modifier>) {
    let Some(base) = SectionBase::ALL
        .iter()
        .copied()
        .filter(|base| name.starts_with(base.as_str()))
        .max_by_key(|base| base.as_str().len())
    else {
        return (None, None);
    };
    let rest = &name[base.as_str().len()..];
    if rest.is_empty() {
        return (Some(base), None);
    }
    match Modifier::ALL.iter().copied().find(|m| m.as_str() == rest) {
        Some(modifier) => (Some(base), Some(modifier)),
        None => (None, None),
    }
}

fn entity_of(name: &str) -> Option<EntityKind> {
    SectionBase::ALL
        .iter()
        .filter(|base| {
            name.get(..base.as_str().len())
                .is_some_and(|head| head.eq_ignore_ascii_case(base.as_str()))
        })
        .find_map(|base| base.entity())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(raw: &str) -> (Option<SectionBase>, Option<Modifier>, Option<u32>) {
        let id = SectionId::parse(raw);
        (id.base, id.modifier, id.limit)
    }

    #[test]
    fn limit_suffixes_split_off() {
        let id = SectionId::parse(" BankStatementLimit:3 ");
        assert_eq!((id.name.as_str(), id.limit), ("BankStatement", Some(3)));
        assert_eq!(SectionId::parse("ProofAddressMultiple").limit, None);
        assert_eq!(SectionId::parse("Limit:4").name, "Limit:4");
    }

    #[test]
    fn every_identifier_the_spec_lists_has_a_known_base() {
        for id in LISTED_IN_SPEC {
            assert!(SectionId::parse(id).base.is_some(), "{id}");
        }
    }

    #[test]
    fn the_base_is_the_longest_prefix_and_the_rest_a_modifier() {
        use Modifier::*;
        use SectionBase as B;
        assert_eq!(
            parts("ProofAddressObligatorio"),
            (Some(B::ProofAddress), Some(Obligatorio), None)
        );
        assert_eq!(
            parts("SucursalImagenesOpcional"),
            (Some(B::SucursalImagenes), Some(Opcional), None)
        );
        assert_eq!(
            parts("SucursalBankOcultar"),
            (Some(B::SucursalBank), Some(Ocultar), None)
        );
        assert_eq!(
            parts("PoderesRepresentanteLegalOpcional"),
            (Some(B::PoderesRepresentanteLegal), Some(Opcional), None)
        );
        assert_eq!(
            parts("ActaConstitutivaDetallada"),
            (Some(B::ActaConstitutiva), Some(Detallada), None)
        );
        assert_eq!(
            parts("BankStatementLimit:3"),
            (Some(B::BankStatement), None, Some(3))
        );
        assert_eq!(
            parts("BankStatementMultipleLimit:2"),
            (Some(B::BankStatement), Some(Multiple), Some(2))
        );
        assert_eq!(parts("Sucursal"), (Some(B::Sucursal), None, None));
    }

    #[test]
    fn unknown_names_and_modifiers_have_no_base() {
        for id in [
            "CartaCondiciones",
            "SucursalRara",
            "ProofAddressobligatorio",
            "proofAddress",
            "",
        ] {
            assert_eq!(parts(id), (None, None, None), "{id:?}");
        }
    }

    #[test]
    fn representative_sections_name_a_representative_branch_sections_a_branch() {
        let entity = |id: &str| SectionId::parse(id).entity;
        for id in [
            "LegalRepresentativeObligatorio",
            "PoderesRepresentanteLegalOpcional",
            "ValidacionBiometrica",
            "DatosRepObligatorio",
            "legalrepresentative",
        ] {
            assert_eq!(entity(id), Some(EntityKind::Representante), "{id}");
        }
        for id in [
            "SucursalImagenesOpcional",
            "Sucursal",
            "SucursalBankOcultar",
            "SucursalRara",
            "SUCURSALLimit:2",
        ] {
            assert_eq!(entity(id), Some(EntityKind::Sucursal), "{id}");
        }
        for id in [
            "ProofAddressObligatorio",
            "BankStatementLimit:3",
            "PoderOpcional",
            "ActaConstitutivaObligatorio",
            "CartaCondiciones",
        ] {
            assert_eq!(entity(id), None, "{id}");
        }
    }

    #[test]
    fn a_section_reads_in_spanish_words() {
        let words = |id: &str| SectionId::parse(id).words_es();
        assert_eq!(
            words("ActaConstitutivaObligatorio").as_deref(),
            Some("Acta constitutiva (obligatorio)")
        );
        assert_eq!(
            words("ProofAddressObligatorioLimit:2").as_deref(),
            Some("Comprobante de domicilio (obligatorio, hasta 2)")
        );
        assert_eq!(words("Sucursal").as_deref(), Some("Sucursal"));
        assert_eq!(words("CartaCondiciones"), None);
        for id in LISTED_IN_SPEC {
            assert!(words(id).is_some(), "{id}");
        }
    }

    #[test]
    fn a_section_id_crosses_with_its_parts_in_the_spec_spelling() {
        assert_eq!(
            serde_json::to_value(SectionId::parse("SucursalImagenesOpcionalLimit:4"))
                .expect("serialises"),
            serde_json::json!({
                "name": "SucursalImagenesOpcional", "limit": 4, "base": "SucursalImagenes",
                "modifier": "Opcional", "entity": "Sucursal"
            })
        );
        for base in SectionBase::ALL {
            assert_eq!(
                serde_json::to_value(base).expect("serialises"),
                base.as_str()
            );
        }
        for modifier in Modifier::ALL {
            assert_eq!(
                serde_json::to_value(modifier).expect("serialises"),
                modifier.as_str()
            );
        }
    }
}
