//! Where a sandbox listens and the world it seeds: what the app's demo and the tests
//! start one with.

#[derive(Debug, Clone)]
pub struct SandboxConfig {
    pub host: String,
    /// 0 picks a free port.
    pub port: u16,
    pub seed: u64,
    /// How many business files to generate (at least one).
    pub files: usize,
}

impl Default for SandboxConfig {
    fn default() -> Self {
        Self {
            host: "127.0.0.1".into(),
            port: 0,
            seed: 7,
            files: 40,
        }
    }
}
