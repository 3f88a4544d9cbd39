//! The production and staging addresses of the service. The spec gives them only as
//! placeholders, so a build receives them from its environment
//! (`KYB_PRODUCTION_URL`, `KYB_STAGING_URL` at compile time). A build without them
//! offers only the custom address (and the demo);
//! choosing an environment without an address says so plainly (`no_address`).

use kyb_api::Endpoints;
use kyb_api::client::parse_base_url;

pub fn configured() -> Option<Endpoints> {
    let production = parse_base_url(option_env!("KYB_PRODUCTION_URL")?).ok()?;
    let staging = option_env!("KYB_STAGING_URL")
        .and_then(|raw| parse_base_url(raw).ok())
        .unwrap_or_else(|| production.clone());
    Some(Endpoints {
        production,
        staging,
    })
}
