// No console window beside the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    let demo = std::env::args().skip(1).any(|arg| arg == "--demo");
    kyb_desk::run(demo);
}
