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
// counted. When the service worker's cache holds this build's wasm (every
// visit after the first) there is no download to show: the copy for the
// bar, 20 MB more read on the page's main thread while it takes the wasm
// from the cache, is not made. (A preload of the wasm in index.html,
// tried, showed no gain on a loaded machine and its effect on V8's code
// cache was not settled: left out.)
async function load() {
  const cached = navigator.serviceWorker && navigator.serviceWorker.controller && globalThis.caches
    ? caches.match(WASM_URL).then((r) => r !== undefined, () => false) : false;
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
  const wasmType = (resp.headers.get("Content-Type") || "").split(";")[0].trim() === "application/wasm";
  if (wasmType && await cached) {
    loadtext.textContent = "Starting the calculator…";
    source = resp;
  } else if (wasmType) {
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

// Equations in and out: the calculator (ui/window/pageapi_js.go) gives
// the page globalThis.hp17bPage once it runs, and calls the page's
// hp17bStatus, hp17bDownload, hp17bOpenFile, hp17bShare, hp17bCopyLink and
// hp17bPlaceLCD. A method's answer is {value} or {error: why}; a call the
// program cannot take (still starting, or ended) is an error too, never a
// thrown exception.
const statusLine = document.getElementById("status");
let statusTimer = 0;
globalThis.hp17bStatus = (text) => {
  statusLine.textContent = String(text || "");
  statusLine.hidden = !text;
  clearTimeout(statusTimer);
  if (text) statusTimer = setTimeout(() => { statusLine.hidden = true; }, 12000);
};
function calc(method, ...args) {
  const api = globalThis.hp17bPage;
  if (go.exited || !api || typeof api[method] !== "function") {
    return { error: "The calculator is still starting: try again in a moment." };
  }
  try {
    const r = api[method](...args);
    return r && typeof r === "object" ? r : { error: "no answer" };
  } catch (e) {
    return { error: String(e) };
  }
}
const canvas = () => document.querySelector("canvas");
function refocus() {
  const c = canvas();
  if (c) c.focus({ preventScroll: true });
}
// A touch or a click on the calculator while another element of the page
// has the focus (the file input after a file was chosen, a button of the
// page's menu) gives the canvas the focus first: Ebitengine takes the
// focus itself as it sees the touch, and that touch was then lost (the
// MENU button needed a second tap).
for (const type of ["touchstart", "mousedown"]) {
  window.addEventListener(type, (ev) => {
    const c = canvas();
    if (c && ev.target === c && document.activeElement !== c) refocus();
  }, { capture: true, passive: true });
}

// Paste. The paste event needs no permission (navigator.clipboard's
// readText asks for one, and Firefox and Safari give pages none): Ctrl+V
// (Cmd+V) moves the focus to the paste zone, so the browser pastes there
// and its paste event carries the text; the calculator sees the keys as
// usual (a copy of the keydown, which it must not cancel: the paste is
// the browser's), so Control is not taken for a tap of the shift key. On
// a phone the zone lies over the display (hp17bPlaceLCD): a long press
// there offers the browser's Paste.
const zone = document.getElementById("pastezone");
let pasteDue = false;
globalThis.hp17bPastePending = () => pasteDue;
window.addEventListener("keydown", (ev) => {
  if (!(ev.ctrlKey || ev.metaKey) || ev.altKey || (ev.key !== "v" && ev.key !== "V") || ev.target === zone) return;
  ev.stopPropagation();
  pasteDue = true;
  zone.value = "";
  zone.focus({ preventScroll: true });
  const c = canvas();
  if (c) c.dispatchEvent(new KeyboardEvent("keydown", { key: ev.key, code: ev.code, ctrlKey: ev.ctrlKey, metaKey: ev.metaKey, shiftKey: ev.shiftKey, bubbles: true }));
  setTimeout(() => { if (pasteDue) { pasteDue = false; refocus(); } }, 1000);
}, true);
// Keys released while the zone has the focus are the calculator's.
zone.addEventListener("keyup", (ev) => {
  refocus();
  const c = canvas();
  if (c) c.dispatchEvent(new KeyboardEvent("keyup", { key: ev.key, code: ev.code, bubbles: true }));
});
document.addEventListener("paste", (ev) => {
  const dt = ev.clipboardData;
  const text = dt ? dt.getData("text/plain") : "";
  ev.preventDefault();
  pasteDue = false;
  zone.value = "";
  refocus();
  const r = calc("paste", text);
  if (r.error) hp17bStatus(r.error);
}, true);
globalThis.hp17bPlaceLCD = (x, y, w, h, cw, ch) => {
  const c = canvas();
  if (!c || !cw || !ch) return;
  if (!w || !h) { Object.assign(zone.style, { width: "1px", height: "1px", left: "-10px", top: "0px" }); return; }
  const r = c.getBoundingClientRect();
  const sx = r.width / cw, sy = r.height / ch;
  Object.assign(zone.style, { left: r.left + x * sx + "px", top: r.top + y * sy + "px", width: w * sx + "px", height: h * sy + "px" });
};

// Files: the menus' "Open equation file…" (the page's file input) and
// "Save the SOLVE list…" (a download of what Ctrl+S writes on a desktop).
const eqfile = document.getElementById("eqfile");
globalThis.hp17bOpenFile = () => eqfile.click();
eqfile.addEventListener("change", async () => {
  const file = eqfile.files[0];
  eqfile.value = "";
  refocus();
  if (!file) return;
  if (file.size > 1048576) { hp17bStatus(file.name + " holds more than 1 MB: an equation file is smaller; nothing was read."); return; }
  let text;
  try { text = await file.text(); } catch (e) { hp17bStatus(file.name + ": " + e); return; }
  const r = calc("openText", file.name, text);
  hp17bStatus(r.error ? file.name + ": " + r.error : "Read " + file.name + ": the display says what was added, and the window why any equation was not.");
});
document.getElementById("openeq").addEventListener("click", () => eqfile.click());
globalThis.hp17bDownload = (name, text) => {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain;charset=utf-8" }));
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 10000);
  hp17bStatus("Saved as " + name + ".");
};
document.getElementById("saveeq").addEventListener("click", () => {
  const r = calc("solveList");
  if (r.error) { hp17bStatus(r.error); return; }
  hp17bDownload("hp17b-equations.txt", r.value.text);
});

// Share and link: the phone's share sheet where the browser has one,
// else the clipboard.
async function copyText(text, what) {
  try {
    await navigator.clipboard.writeText(text);
    hp17bStatus(what + " copied.");
  } catch (e) {
    hp17bStatus("This browser gave the page no clipboard (" + e + "): " + text);
  }
}
globalThis.hp17bShare = async (text) => {
  if (typeof navigator.share === "function") {
    try { await navigator.share({ text }); return; } catch (e) { if (e && e.name === "AbortError") return; }
  }
  await copyText(text, "The equation");
};
globalThis.hp17bCopyLink = (link) => copyText(link, "The link");
document.getElementById("linkeq").addEventListener("click", () => {
  const r = calc("link", location.href.split("#")[0]);
  if (r.error) { hp17bStatus(r.error); return; }
  hp17bCopyLink(r.value);
});
document.getElementById("shareeq").addEventListener("click", () => {
  const r = calc("current");
  if (r.error || !r.value) { hp17bStatus(r.error || "The SOLVE list is empty: type or paste an equation first."); return; }
  hp17bShare(r.value);
});

// A link that opens equations (…/#eq=TEXT, internal/link): what it holds
// is shown, each equation with its menu and the first error with its
// place, and added to the SOLVE list only when the person says so.
// Text shared to the installed page (the manifest's share_target:
// ?text=…) is pasted, as the person pasting it would.
const offer = document.getElementById("offer");
let offered = "";
function clearAddress() {
  const u = new URL(location.href);
  u.hash = "";
  for (const k of ["title", "text", "url"]) u.searchParams.delete(k);
  history.replaceState(null, "", u.pathname + u.search);
}
function showOffer(fragment) {
  const r = calc("offerLink", fragment);
  const list = document.getElementById("offerlist");
  list.textContent = "";
  const err = document.getElementById("offererror");
  err.textContent = "";
  let count = 0;
  if (r.error) {
    err.textContent = r.error;
    offered = "";
  } else {
    offered = r.value.text;
    const o = JSON.parse(r.value.offer); // ui.Offer's JSON
    count = o.equations.length;
    for (const e of o.equations) {
      const li = document.createElement("li");
      li.textContent = e.title + (e.menu.length ? "  menu: " + e.menu.join(" ") : "") + (e.known ? " (already in the SOLVE list)" : "");
      list.appendChild(li);
    }
    const bad = o.error;
    if (bad) err.textContent = "Line " + bad.line + ", column " + bad.col + ": " + bad.msg + (bad.caret ? "\n" + bad.caret : "");
  }
  document.getElementById("offeradd").disabled = !offered || count === 0;
  offer.hidden = false;
  document.getElementById(offered ? "offeradd" : "offerno").focus();
}
document.getElementById("offeradd").addEventListener("click", () => {
  const r = calc("add", offered);
  offer.hidden = true;
  clearAddress();
  refocus();
  hp17bStatus(r.error ? r.error : "Added to the SOLVE list: SOLVE, then CALC.");
});
document.getElementById("offerno").addEventListener("click", () => {
  offer.hidden = true;
  clearAddress();
  refocus();
  hp17bStatus("Nothing was added.");
});
function fromAddress() {
  if (/(^#|&)eq=/.test(location.hash)) showOffer(location.hash);
  const q = new URLSearchParams(location.search);
  const shared = q.get("text") || q.get("title") || "";
  if (shared) {
    const r = calc("paste", shared);
    clearAddress();
    hp17bStatus(r.error ? r.error : "The shared text was pasted.");
  }
}
globalThis.hp17bReady = () => setTimeout(fromAddress, 0);
window.addEventListener("hashchange", () => { if (/(^#|&)eq=/.test(location.hash)) showOffer(location.hash); });

// The equation library (the menu's "Equation library…", the window's menu
// on the canvas calls hp17bLibrary): the library by topic from
// hp17bPage.library (ui.LibraryEntry's JSON), narrowed as the search is
// typed (every word in the name, topic, purpose or a variable), one
// equation shown whole with its notes, added by hp17bPage.addLibrary (an
// equation of that name already in the SOLVE list is never replaced: the
// calculator says so).
const library = document.getElementById("library");
const libsearch = document.getElementById("libsearch");
const libitems = document.getElementById("libitems");
const libentry = document.getElementById("libentry");
let libEntries = [];
let libChosen = null;
function libMatches(e, words) {
  const hay = [e.name, e.topic, e.purpose, ...e.vars.map((v) => v.Name + " " + v.Meaning)].join(" ").toLowerCase();
  return words.every((w) => hay.includes(w));
}
function libList() {
  libChosen = null;
  libentry.hidden = true;
  libitems.hidden = false;
  document.getElementById("libadd").hidden = true;
  document.getElementById("libback").hidden = true;
  libitems.textContent = "";
  const words = libsearch.value.toLowerCase().split(/\s+/).filter(Boolean);
  let topic = "", shown = 0;
  for (const e of libEntries) {
    if (!libMatches(e, words)) continue;
    if (e.topic !== topic) {
      topic = e.topic;
      const h = document.createElement("h3");
      h.textContent = topic;
      libitems.appendChild(h);
    }
    const b = document.createElement("button");
    b.type = "button";
    b.setAttribute("role", "listitem");
    b.dataset.name = e.name;
    const name = document.createElement("b");
    name.textContent = e.name;
    b.append(name, e.purpose);
    if (e.known) {
      const k = document.createElement("em");
      k.textContent = " (in the SOLVE list)";
      b.appendChild(k);
    }
    b.addEventListener("click", () => libShow(e));
    libitems.appendChild(b);
    shown++;
  }
  if (!shown) libitems.textContent = "No equation matches: a shorter word finds more.";
}
function libShow(e) {
  libChosen = e;
  libitems.hidden = true;
  libentry.hidden = false;
  libentry.textContent = "";
  const add = (tag, text) => { const n = document.createElement(tag); n.textContent = text; libentry.appendChild(n); return n; };
  add("h3", e.name + ": " + e.purpose);
  add("p", e.topic);
  add("pre", e.text);
  add("h3", "Variables");
  const ul = add("ul", "");
  for (const v of e.vars) {
    const li = document.createElement("li");
    li.textContent = v.Name + ": " + v.Meaning + (v.Unit ? " (" + v.Unit + ")" : "");
    ul.appendChild(li);
  }
  add("h3", "Worked example");
  add("p", e.example);
  if (e.notes && e.notes.length) {
    add("h3", "Notes");
    for (const n of e.notes) add("p", n);
  }
  add("p", "Source: " + e.source);
  if (e.known) add("p", "The SOLVE list already holds an equation named " + e.name + ": it is not replaced.");
  document.getElementById("libadd").hidden = false;
  document.getElementById("libback").hidden = false;
  document.getElementById("libadd").focus();
}
function libClose() {
  library.hidden = true;
  refocus();
}
globalThis.hp17bLibrary = () => {
  const r = calc("library");
  if (r.error) { hp17bStatus(r.error); return; }
  libEntries = JSON.parse(r.value);
  libsearch.value = "";
  libList();
  library.hidden = false;
  libsearch.focus();
};
document.getElementById("libopen").addEventListener("click", () => {
  document.getElementById("menu").open = false;
  hp17bLibrary();
});
libsearch.addEventListener("input", libList);
libsearch.addEventListener("keydown", (ev) => {
  if (ev.key === "Enter") {
    const first = libitems.querySelector("button");
    if (first) first.click();
  }
});
library.addEventListener("keydown", (ev) => {
  if (ev.key !== "Escape") return;
  ev.preventDefault();
  if (libChosen) libList(); else libClose();
});
document.getElementById("libback").addEventListener("click", () => { libList(); libsearch.focus(); });
document.getElementById("libclose").addEventListener("click", libClose);
document.getElementById("libadd").addEventListener("click", () => {
  const e = libChosen;
  if (!e) return;
  const r = calc("addLibrary", e.name);
  libClose();
  hp17bStatus(r.error ? r.error : e.known ? e.name + " is already in the SOLVE list: it was not replaced."
    : e.name + " added to the SOLVE list, its menu open: " + e.example);
});
