// No console window beside the app on Windows release builds.
#![cfg_attr(not(debug_assertions), windows_subsystem = "windows")]

fn main() {
    let began = std::time::Instant::now();
    // WebKitGTK's web process allocates a canvas's pixels, a PDF page's images and the
    // like with glibc's malloc, whose threshold for giving a large block its own mapping
    // rises with each such block freed: past the first review, those blocks come from the
    // heap and stay there after the review closes. Fixed, they are returned as they are
    // freed (docs/bench/evidence.md, "Memory"). Read by the processes WebKit starts (this
    // one's malloc started before main). Set first, while no other thread runs (glib's
    // setenv, as this crate forbids unsafe code); a value already set is kept.
    #[cfg(target_os = "linux")]
    if std::env::var_os("MALLOC_MMAP_THRESHOLD_").is_none() {
        let _ = glib::setenv("MALLOC_MMAP_THRESHOLD_", "131072", false);
    }
    match kyb_desk::options::Options::parse(std::env::args().skip(1)) {
        Ok(options) => kyb_desk::run(options, began),
        // The usage and why, or the help asked for (clap's exit status for each).
        Err(refusal) => refusal.exit(),
    }
}
