// Once the page has loaded and its next frame was painted, tell the shell (the same
// "after the next paint" as KYB Desk's ui/src/perf.ts).
window.addEventListener("load", () => {
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => window.__TAURI_INTERNALS__.invoke("loaded");
    channel.port2.postMessage(null);
  });
});
