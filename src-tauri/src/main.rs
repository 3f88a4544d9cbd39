// No console window beside the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    let began = std::time::Instant::now();
    // Before any other thread runs (see the module).
    kyb_desk::malloc_threshold::set_for_webkit();
    match kyb_desk::options::Options::parse(std::env::args().skip(1)) {
        Ok(options) => kyb_desk::run(options, began),
        // The usage and why, or the help asked for (clap's exit status for each).
        Err(refusal) => refusal.exit(),
    }
}
