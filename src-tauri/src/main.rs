// No console window beside the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    let began = std::time::Instant::now();
    match kyb_desk::options::Options::parse(std::env::args().skip(1)) {
        Ok(options) => kyb_desk::run(options, began),
        Err(refusal) => {
            eprintln!("{refusal}");
            std::process::exit(2);
        }
    }
}
