// The table-side experience: never lose what was typed, show the saved deal where the eye is,
// follow the session live, big numbers, dark mode, keep the screen awake. Pages work without it.
(function () {
  "use strict";

  var store = {
    get: function (key) { try { return window.localStorage.getItem(key); } catch (e) { return null; } },
    set: function (key, value) { try { window.localStorage.setItem(key, value); } catch (e) { /* private mode */ } },
    remove: function (key) { try { window.localStorage.removeItem(key); } catch (e) { /* private mode */ } },
    keys: function () { try { return Object.keys(window.localStorage); } catch (e) { return []; } }
  };

  // --- dark mode: the system's choice unless the table picked one -------------------------
  function applyTheme() {
    var theme = store.get("theme");
    var root = document.documentElement;
    if (theme) root.setAttribute("data-theme", theme); else root.removeAttribute("data-theme");
    var dark = theme ? theme === "dark" : window.matchMedia("(prefers-color-scheme: dark)").matches;
    var button = document.getElementById("theme-toggle");
    if (button) {
      button.setAttribute("aria-pressed", dark ? "true" : "false");
      button.textContent = dark ? button.dataset.light : button.dataset.dark;
    }
    return dark;
  }
  applyTheme();

  // --- the deal form's draft: kept per session, phase and deal until it is saved ------------
  function entryForm() { return document.querySelector("form[data-draft]"); }  // a new deal or a correction
  function draftKey() {
    var form = entryForm();
    return form && form.dataset.draft ? "draft:" + form.dataset.draft : null;
  }

  function saveDraft() {
    var form = entryForm(), key = draftKey();
    if (!form || !key) return;
    var data = {};
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || el.name === "csrf_token" || el.type === "submit") return;
      if (el.type === "checkbox" || el.type === "radio") {
        if (el.checked) (data[el.name] = data[el.name] || []).push(el.value);
        else data[el.name] = data[el.name] || [];
      } else {
        data[el.name] = el.value;
      }
    });
    store.set(key, JSON.stringify(data));
  }

  function restoreDraft() {
    var form = entryForm(), key = draftKey();
    if (!key) return;
    var session = key.split("-")[0] + "-";
    if (document.getElementById("board")) {
      // back on the board: drafts of deals, phases and corrections already saved (or left) are stale
      store.keys().forEach(function (other) {
        if (other.indexOf(session) === 0 && other !== key) store.remove(other);
      });
    }
    if (!form || form.querySelector(".field-error, .form-error")) return;  // the server kept what was typed
    var raw = store.get(key);
    if (!raw) return;
    var data;
    try { data = JSON.parse(raw); } catch (e) { return; }
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in data) || el.name === "csrf_token") return;
      var value = data[el.name];
      if (el.type === "checkbox" || el.type === "radio") el.checked = value.indexOf(el.value) !== -1;
      else el.value = value;
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
    form.classList.add("restored");
  }

  // --- saving: say so when the scorekeeper cannot be reached, and send again when it can ----
  var pending = null, retryTimer = null;

  function saveStatus(kind) {
    var status = document.getElementById("save-status");
    if (!status) return;
    status.hidden = !kind;
    status.className = "save-status" + (kind ? " " + kind : "");
    status.textContent = kind ? status.dataset[kind] : "";
  }

  function notSent(form, kind) {
    pending = form.id;
    saveStatus(kind);
    clearInterval(retryTimer);
    retryTimer = setInterval(retry, 5000);
  }

  // Send again only if the session is unchanged since this board was drawn: a save whose answer
  // was lost may have been stored, and sending it twice would enter the deal twice. If something
  // changed, reload: the board shows what is stored and the draft brings back what was typed.
  function retry() {
    if (!pending || !navigator.onLine) return;
    var form = document.getElementById(pending);
    var poller = document.getElementById("poller");
    if (!form) { pending = null; clearInterval(retryTimer); return; }
    var check = poller ? fetch(poller.getAttribute("hx-get"), { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      : Promise.resolve({ status: 204 });
    check.then(function (response) {
      if (!pending) return;
      if (response.status === 204) { saveStatus("sending"); form.requestSubmit(); }
      else { pending = null; clearInterval(retryTimer); window.location.reload(); }
    }).catch(function () { /* still unreachable: try again later */ });
  }
  window.addEventListener("online", retry);

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt.id === "entry" && !navigator.onLine) {
      event.preventDefault();
      notSent(elt, "offline");
    }
    if (elt.classList && elt.classList.contains("poller")) {
      // never pull the board from under a finger that is typing, nor for a hidden page
      var active = document.activeElement;
      if (document.hidden || pending || (active && active.closest && active.closest("#entry"))) event.preventDefault();
    }
  });
  document.addEventListener("htmx:sendError", function (event) {
    if (event.detail.elt.id === "entry") notSent(event.detail.elt, "offline");
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.elt.id === "entry") notSent(event.detail.elt, "failed");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    if (event.detail.elt.id !== "entry" || !event.detail.successful) return;
    var key = event.detail.elt.dataset.key;
    if (key && event.detail.xhr.status === 200) store.remove(key);
    pending = null;
    clearInterval(retryTimer);
  });
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt.id === "entry") event.detail.elt.dataset.key = draftKey() || "";
  });

  // --- breakdowns loaded when a row is opened; on a phone a tap on the row opens it -------
  function loadBreakdown(details) {  // a deal's breakdown, the chart or the statistics (details[data-src])
    if (!details.open || details.dataset.loaded || !details.dataset.src) return;
    details.dataset.loaded = "1";
    var body = details.querySelector(".breakdown-body, .chart-body, .stats-body");
    fetch(details.dataset.src, { headers: { "HX-Request": "true" }, credentials: "same-origin" })
      .then(function (response) { if (!response.ok) throw new Error(response.status); return response.text(); })
      .then(function (html) { body.innerHTML = html; if (window.htmx) window.htmx.process(body); })
      .catch(function () { delete details.dataset.loaded; });
  }
  document.addEventListener("toggle", function (event) {
    if (!event.target.matches) return;
    if (event.target.matches("details.breakdown, details.stats")) loadBreakdown(event.target);
    if (event.target.matches("details.chart-box")) {
      store.set("chart-open", event.target.open ? "1" : "0");
      loadBreakdown(event.target);
    }
  }, true);
  document.addEventListener("click", function (event) {
    var row = event.target.closest && event.target.closest("tr.deal-row");
    if (!row || event.target.closest("a, button, summary, form, details")) return;
    var details = row.querySelector("details.breakdown");
    if (details) details.open = !details.open;
  });

  // --- after a save: the result where the eye is, an undo for a few seconds --------------
  var toastTimer = null;
  function afterSave() {
    var flash = document.getElementById("flash");
    if (flash && !flash.dataset.seen) {
      flash.dataset.seen = "1";
      var pinned = document.getElementById("pinned") || flash;
      window.scrollTo({ top: Math.max(0, pinned.getBoundingClientRect().top + window.scrollY - 8) });
      flash.focus({ preventScroll: true });
    }
    var toast = document.getElementById("undo-toast");
    clearTimeout(toastTimer);
    if (toast) toastTimer = setTimeout(function () { toast.remove(); }, 10000);
  }

  // --- times in the tablet's own timezone ----------------------------------------------
  function localTimes(root) {
    if (!window.Intl) return;
    var lang = document.documentElement.lang || "en";
    var own = navigator.language || lang;  // the tablet's own variant of the page's language (en-GB: 22/11)
    var format = new Intl.DateTimeFormat(own.split("-")[0] === lang ? own : lang, {
      year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit"
    });
    root.querySelectorAll("time[datetime]").forEach(function (el) {
      var when = new Date(el.getAttribute("datetime"));
      if (!isNaN(when)) { el.textContent = format.format(when); el.dataset.local = "1"; }
    });
  }

  // --- keep the screen on while a session is open ---------------------------------------
  var wakeLock = null;
  function keepAwake() {
    if (!("wakeLock" in navigator) || document.hidden) return;
    if (!document.getElementById("board") && !document.getElementById("big")) return;
    if (wakeLock && !wakeLock.released) return;
    navigator.wakeLock.request("screen").then(function (lock) {
      wakeLock = lock;
      document.documentElement.dataset.awake = "1";
      lock.addEventListener("release", function () { delete document.documentElement.dataset.awake; });
    }).catch(function () { /* not allowed (battery saver): the screen may dim */ });
  }
  document.addEventListener("visibilitychange", keepAwake);

  function trimChanges() {  // the board's latest changes after a save put its own on top (_board.html)
    var list = document.querySelector("#revision-list[data-latest]");
    if (!list) return;
    var keep = parseInt(list.dataset.latest, 10) || 3;
    while (list.children.length > keep) list.lastElementChild.remove();
  }

  function init() {
    var chart = document.querySelector("details.chart-box");  // the chart stays open across saves
    if (chart && store.get("chart-open") === "1") chart.open = true;
    restoreDraft();
    document.querySelectorAll("details.breakdown[open], details.chart-box[open]").forEach(loadBreakdown);  // opened before this script ran
    trimChanges();
    localTimes(document);
    afterSave();
    keepAwake();
    var rotate = document.getElementById("rotate");
    if (rotate && !rotate.dataset.bound) {
      rotate.dataset.bound = "1";
      var apply = function (on) {
        document.body.classList.toggle("rotated", on);
        rotate.setAttribute("aria-pressed", on ? "true" : "false");
      };
      apply(store.get("rotated") === "1");
      rotate.addEventListener("click", function () {
        var on = !document.body.classList.contains("rotated");
        store.set("rotated", on ? "1" : "0");
        apply(on);
      });
    }
    var toggle = document.getElementById("theme-toggle");
    if (toggle && !toggle.dataset.bound) {
      toggle.dataset.bound = "1";
      applyTheme();
      toggle.addEventListener("click", function () {
        var dark = document.documentElement.getAttribute("data-theme") === "dark" ||
          (!store.get("theme") && window.matchMedia("(prefers-color-scheme: dark)").matches);
        store.set("theme", dark ? "light" : "dark");
        applyTheme();
      });
    }
  }

  document.addEventListener("input", function (event) {
    if (event.target.closest && event.target.closest("form[data-draft]")) saveDraft();
  });
  document.addEventListener("change", function (event) {
    if (event.target.closest && event.target.closest("form[data-draft]")) saveDraft();
  });
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);

  // Back/Forward must show the true board, never a page from the browser's memory or cache: the
  // reload asks the server, which answers 304 when the board is the same.
  window.addEventListener("pageshow", function (event) {
    var entry = window.performance && performance.getEntriesByType && performance.getEntriesByType("navigation")[0];
    var history = event.persisted || (entry && entry.type === "back_forward");
    if (history && (document.getElementById("board") || document.getElementById("big"))) window.location.reload();
  });

  if ("serviceWorker" in navigator && window.isSecureContext) {
    window.addEventListener("load", function () {
      navigator.serviceWorker.register("/sw.js", { scope: "/" }).catch(function () { /* no offline shell */ });
    });
  }
})();
