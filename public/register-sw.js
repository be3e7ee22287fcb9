// Registers the service worker and tells the page when a new version is waiting.
// The page (Rust) listens for "gpu-sizer:update-ready" and answers with "gpu-sizer:apply-update".
if ("serviceWorker" in navigator) {
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.register("./sw.js").then((registration) => {
    const announce = () => {
      if (registration.waiting && navigator.serviceWorker.controller) {
        window.gpuSizerUpdateReady = true;
        window.dispatchEvent(new Event("gpu-sizer:update-ready"));
      }
    };
    announce();
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker?.addEventListener("statechange", () => worker.state === "installed" && announce());
    });
    window.addEventListener("gpu-sizer:apply-update", () =>
      registration.waiting?.postMessage("skip-waiting"),
    );
  }).catch((error) => {
    // No offline copy (storage off, a private window, a blocked worker): the page works online.
    console.warn("offline support unavailable:", error);
  });
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController && !reloading) {
      reloading = true;
      window.location.reload();
    }
  });
}
