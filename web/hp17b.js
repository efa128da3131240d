// hp17b's page script (web/index.html loads it after wasm_exec.js): the
// wasm downloaded with a progress bar and compiled while it downloads, the
// program's end shown if it ever comes, the service worker registered, and
// the page menu's export and import of continuous memory. A file of its own
// so that the page's Content-Security-Policy allows no inline script
// (internal/webserve). scripts/webfiles writes the wasm's name and size
// into it.
"use strict";
// WASM_URL is the wasm's versioned name and WASM_SIZE its size in bytes,
// written by scripts/webfiles: the bytes counted below are the
// decompressed ones whatever the server's Content-Encoding, so the total
// is known before the download ends.
const WASM_URL = "hp17b.wasm"; // @@WASM_URL@@
const WASM_SIZE = 0; // @@WASM_SIZE@@
const STATE_KEY = "hp17b-state"; // cmd/hp17b-window, platform_js.go

const mb = (n) => (n / 1e6).toFixed(1) + " MB";
const loadtext = document.getElementById("loadtext");
const progress = document.getElementById("progress");

// The Go program should run as long as the page is open. If it ends
// anyway (a panic, an exit), the page says so at once with what the
// program last wrote on its standard error (the panic's line) and a
// Reload button; continuous memory, kept in local storage as the
// program saved it, is left as it is.
let stderr = "";
const decoder = new TextDecoder();
const writeSync = globalThis.fs.writeSync.bind(globalThis.fs);
globalThis.fs.writeSync = (fd, buf) => {
  if (fd === 2) stderr = (stderr + decoder.decode(buf)).slice(-8000);
  return writeSync(fd, buf);
};
function ended(why) {
  const el = document.getElementById("ended");
  if (!el.hidden) return;
  const lines = stderr.split("\n").map((s) => s.trim()).filter((s) => s !== "");
  const said = lines.find((s) => /^(panic|fatal error):/.test(s)) || lines[lines.length - 1] || "";
  document.getElementById("endedwhy").textContent = [why, said].filter((s) => s).join("\n");
  el.hidden = false;
  document.getElementById("reload").focus();
}
document.getElementById("reload").addEventListener("click", () => location.reload());
const go = new Go();
go.argv = ["hp17b-window"];
go.exit = (code) => ended("The program ended (exit status " + code + ").");
// A call into the ended program (a tap after it stopped) or a trap of
// the wasm.
window.addEventListener("error", (ev) => {
  if (go.exited || ev.error instanceof WebAssembly.RuntimeError) ended(String(ev.message || ev.error));
});
window.addEventListener("unhandledrejection", (ev) => {
  if (go.exited || ev.reason instanceof WebAssembly.RuntimeError) ended(String(ev.reason));
});

// Quiet when idle: Ebitengine's loop asks for an animation frame every
// frame even when it has nothing to draw (its minimum-FPS mode skips the
// drawing, not the frame), which keeps the page's main thread and the
// compositor busy. It is given a gated requestAnimationFrame (read once,
// as its package starts): frames pass while the window is awake, for
// AWAKE_MS after the last sign of life (a tick of the window, which calls
// hp17bAwake from every Update and whenever the calculator has something
// new to show; any input event of the page; a resize); after that the
// frame asked for is held until the next sign of life releases it.
const AWAKE_MS = 300;
const nativeRAF = window.requestAnimationFrame;
let awakeUntil = 0;
let held = [];
function awake(ms) {
  awakeUntil = Math.max(awakeUntil, performance.now() + (ms || AWAKE_MS));
  if (held.length === 0) return;
  const cbs = held;
  held = [];
  for (const cb of cbs) nativeRAF.call(window, cb);
}
function gatedRAF(cb) {
  if (performance.now() < awakeUntil) return nativeRAF.call(window, cb);
  held.push(cb);
  return 0;
}
globalThis.hp17bAwake = () => awake();
for (const type of ["pointerdown", "pointermove", "pointerup", "pointercancel", "touchstart", "touchmove", "touchend", "touchcancel",
  "mousedown", "mousemove", "mouseup", "wheel", "keydown", "keyup", "resize", "orientationchange", "focus", "blur",
  "dragover", "drop", "paste", "pageshow"]) {
  window.addEventListener(type, () => awake(), { capture: true, passive: true });
}
document.addEventListener("visibilitychange", () => awake(), { capture: true, passive: true });

// The wasm compiled while it downloads, the progress bar moved as its
// bytes come (read from a copy of the response). The response itself is
// compiled when the server says application/wasm, as hp17b serve does:
// then the browser may keep the compiled code with the cached wasm (its
// name is versioned and cached for good) and skip compiling on the next
// visit. Another server's response is compiled from the copy as it is
// counted.
async function load() {
  const resp = await fetch(WASM_URL);
  if (!resp.ok) throw new Error(WASM_URL + ": " + resp.status + " " + resp.statusText);
  const total = WASM_SIZE || Number(resp.headers.get("Content-Length")) || 0;
  let got = 0;
  const count = (chunk) => {
    got += chunk.byteLength;
    if (total) progress.value = Math.min(1, got / total);
    loadtext.textContent = "Loading the calculator: " + mb(got) + (total ? " of " + mb(total) : "");
  };
  let source;
  if ((resp.headers.get("Content-Type") || "").split(";")[0].trim() === "application/wasm") {
    const reader = resp.clone().body.getReader();
    (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        count(value);
      }
    })().catch(() => {});
    source = resp;
  } else {
    source = new Response(resp.body.pipeThrough(new TransformStream({
      transform(chunk, ctl) { count(chunk); ctl.enqueue(chunk); },
    })), { headers: { "Content-Type": "application/wasm" } });
  }
  const r = await WebAssembly.instantiateStreaming(source, go.importObject);
  performance.mark("hp17b-compiled");
  // The program's start is a step of its own on the progress: the words
  // painted before it runs (a frame, or 100 ms in a hidden tab), the bar
  // full and still (an animated bar would take the main thread from the
  // start), both gone when the calculator shows its display.
  loadtext.textContent = "Starting the calculator…";
  progress.value = 1;
  await new Promise((ok) => { nativeRAF.call(window, () => setTimeout(ok, 0)); setTimeout(ok, 100); });
  const lcd = document.getElementById("lcd");
  const shown = new MutationObserver(() => {
    if (lcd.textContent === "") return;
    shown.disconnect();
    document.getElementById("loading").remove();
    performance.mark("hp17b-shown");
  });
  shown.observe(lcd, { childList: true, characterData: true, subtree: true });
  // The program's packages start within go.run's first, synchronous
  // step: Ebitengine takes the gated requestAnimationFrame then, and the
  // page's own is put back at once.
  window.requestAnimationFrame = gatedRAF;
  awake(2000);
  let running;
  try {
    running = go.run(r.instance);
  } finally {
    window.requestAnimationFrame = nativeRAF;
  }
  performance.mark("hp17b-started");
  // The synchronous start may outlast the 2 s above (3–5 s on a slow
  // phone): a frame the program asked for meanwhile would wait for the
  // next sign of life. Its loop runs from now: awake again, any frame
  // held let go.
  awake(2000);
  running.catch((e) => ended(String(e)));
}
load().catch((e) => { loadtext.textContent = "hp17b could not start: " + e; });

// Offline: the service worker keeps this build's files (sw.js).
if ("serviceWorker" in navigator) {
  navigator.serviceWorker.register("sw.js").catch((e) => console.warn("hp17b: no offline copy:", e));
}

// Export and import of continuous memory (the state file's JSON, as
// hp17b keeps it on a desktop).
const status = document.getElementById("menustatus");
document.getElementById("export").addEventListener("click", () => {
  const state = localStorage.getItem(STATE_KEY);
  if (state === null) { status.textContent = "Nothing kept yet: press a key first."; return; }
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([state], { type: "application/json" }));
  a.download = "hp17b-state.json";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  status.textContent = "Saved as hp17b-state.json.";
});
document.getElementById("import").addEventListener("change", async (ev) => {
  const file = ev.target.files[0];
  if (!file) return;
  const text = await file.text();
  try {
    const v = JSON.parse(text);
    if (v === null || typeof v !== "object" || Array.isArray(v)) throw new Error("not a state file (a JSON object)");
  } catch (e) {
    status.textContent = file.name + ": " + e.message + "; nothing changed.";
    return;
  }
  localStorage.setItem(STATE_KEY, text);
  location.reload(); // the calculator opens on the imported state
});
