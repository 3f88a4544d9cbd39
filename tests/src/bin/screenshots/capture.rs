//! A picture of the screen, for the walk (`screenshots.rs`) and its parts.

use std::path::Path;
use std::process::Command;

/// Captures the X display with ImageMagick's `import`, as a person would see it,
/// once the window has painted what its page now holds (WebKit paints a frame or two
/// after the page changes; a capture at once can show the previous state).
pub fn capture(path: &Path) {
    std::thread::sleep(std::time::Duration::from_millis(400));
    let status = Command::new("import")
        .args(["-window", "root"])
        .arg(path)
        .status()
        .expect("ImageMagick's `import` runs (make screenshots installs it)");
    assert!(status.success(), "`import` could not capture the display");
    println!("wrote {}", path.display());
}
