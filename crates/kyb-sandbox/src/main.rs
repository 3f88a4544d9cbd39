//! `kyb-sandbox --port 0 --seed 7 --files 40`: serves the simulated service on
//! loopback and, once it accepts connections, prints exactly one JSON line on stdout
//! (base URL, tenants, keys, admin token and example identifiers). Serves until
//! interrupted (Ctrl-C or SIGTERM).

use std::io::Write;
use std::process::ExitCode;

use clap::Parser;
use kyb_sandbox::{Sandbox, SandboxConfig};

#[derive(Debug, Parser)]
#[command(
    name = "kyb-sandbox",
    version,
    about = "A faithful, stateful local simulator of the KYB service"
)]
struct Args {
    /// Address to listen on.
    #[arg(long, default_value = "127.0.0.1")]
    host: String,
    /// Port to listen on; 0 picks a free one.
    #[arg(long, default_value_t = 0)]
    port: u16,
    /// The same seed gives the same data.
    #[arg(long, default_value_t = 7)]
    seed: u64,
    /// How many business files to generate.
    #[arg(long, default_value_t = 40)]
    files: usize,
}

async fn interrupted() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = ctrl_c => {}
                _ = term.recv() => {}
            },
            Err(_) => ctrl_c.await,
        }
    }
    #[cfg(not(unix))]
    ctrl_c.await;
}

#[tokio::main]
async fn main() -> ExitCode {
    let args = Args::parse();
    let config = SandboxConfig {
        host: args.host,
        port: args.port,
        seed: args.seed,
        files: args.files,
    };
    let sandbox = match Sandbox::start(config).await {
        Ok(sandbox) => sandbox,
        Err(error) => {
            eprintln!("kyb-sandbox: {error}");
            return ExitCode::FAILURE;
        }
    };
    let line = match serde_json::to_string(&sandbox.manifest) {
        Ok(line) => line,
        Err(error) => {
            eprintln!("kyb-sandbox: cannot describe itself: {error}");
            return ExitCode::FAILURE;
        }
    };
    // A reader that takes the line and closes the pipe must not bring the server down.
    let mut stdout = std::io::stdout().lock();
    if let Err(error) = writeln!(stdout, "{line}").and_then(|()| stdout.flush()) {
        eprintln!("kyb-sandbox: could not print the start-up line ({error}); serving anyway");
    }
    drop(stdout);
    interrupted().await;
    sandbox.stop().await;
    ExitCode::SUCCESS
}
