// One script, one request: the deal form's help, the table-side experience, the card pickers.

// Progressive help for the deal form; every page also works without it.
(function () {
  "use strict";

  // Fields shown only for some values of another field (data-show-if / data-show-values: of a group
  // of boxes, any ticked one counts, so a player's boxes follow "who plays") and only while enough
  // are chosen in another (data-show-if-count / data-show-min: Handjass trump when two or more
  // play); both conditions must hold, as in the engine's is_shown. A player's hidden boxes are not
  // sent: the engine does not read them.
  function applyShowIf(root) {
    root.querySelectorAll("[data-show-if], [data-show-if-count]").forEach(function (el) {
      var form = el.closest("form");
      if (!form) return;
      var shown = true;
      var name = el.getAttribute("data-show-if");
      if (name) {
        var wanted = el.getAttribute("data-show-values").split(" ");
        var values = [];
        form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
          if (input.type === "checkbox") { if (input.checked) values.push(input.value); }
          else if (input.type !== "radio" || input.checked) values.push(input.value);
        });
        if (!values.length) values.push("");  // nothing ticked
        shown = values.some(function (value) { return wanted.indexOf(value) !== -1; });
      }
      var counted = el.getAttribute("data-show-if-count");
      if (counted) {
        var chosen = form.querySelectorAll('[name="' + counted + '"]:checked').length;
        shown = shown && chosen >= parseInt(el.getAttribute("data-show-min"), 10);
      }
      el.hidden = !shown;
      if (el.parentElement.matches("td")) {
        el.querySelectorAll("input").forEach(function (input) { input.disabled = !shown; });
      }
    });
    // What the engine reads but that does not apply to the values chosen (FieldSpec.page_show_if: Handjass's
    // card points, Weis and Stöck when one plays alone or two agree): hidden, and its boxes not sent, so the
    // engine does not refuse them. Only boxes disabled here are enabled again (a player who sits out stays
    // so: the loop above decides those).
    root.querySelectorAll("[data-page-if], [data-page-if-count], [data-page-if-counts]").forEach(function (el) {
      var form = el.closest("form");
      if (!form) return;
      var asked = true;
      var name = el.getAttribute("data-page-if");
      if (name) asked = el.getAttribute("data-page-values").split(" ").indexOf(checkedOf(form, name)) !== -1;
      var counted = el.getAttribute("data-page-if-count");
      if (counted) {
        asked = asked && form.querySelectorAll('[name="' + counted + '"]:checked').length >=
          parseInt(el.getAttribute("data-page-min"), 10);
      }
      var among = el.getAttribute("data-page-if-counts");
      if (among) {
        var count = String(form.querySelectorAll('[name="' + among + '"]:checked').length);
        asked = asked && el.getAttribute("data-page-counts").split(" ").indexOf(count) !== -1;
      }
      el.toggleAttribute("data-not-asked", !asked);
      el.querySelectorAll("input").forEach(function (input) {
        if (!asked && !input.disabled) { input.disabled = true; input.dataset.notAsked = "1"; }
        if (asked && input.dataset.notAsked) { delete input.dataset.notAsked; input.disabled = false; }
      });
    });
    // a row asked seat by seat where no seat is asked yet (nobody has 0 card points) hides its label too
    root.querySelectorAll("tr[data-field]").forEach(function (row) {
      var seats = row.querySelectorAll("td > [data-show-if]");
      if (!seats.length) return;
      row.toggleAttribute("data-none-asked", Array.prototype.every.call(seats, function (seat) { return seat.hidden; }));
    });
  }

  // The value a field has in the form: a ticked box's ("y"), else "" (unticked or nothing chosen).
  function checkedOf(form, name) {
    var value = "";
    form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
      if ((input.type !== "checkbox" && input.type !== "radio") || input.checked) value = input.value;
    });
    return value;
  }

  // A per-seat row with data-total: once all boxes but one are typed, the remainder is offered in
  // the open box. While that box has the finger it is only a placeholder (typing replaces it, never
  // appends to it); a box that is empty and not focused gets it as its value. While a player's box
  // is not asked (Handjass: sits out) the row is no fixed sum.
  function fillTotal(row) {
    var total = parseInt(row.getAttribute("data-total"), 10);
    var boxes = Array.prototype.slice.call(row.querySelectorAll("input.num"));
    var typed = boxes.filter(function (b) { return b.value.trim() !== "" && b.dataset.filled !== "1"; });
    var open = boxes.filter(function (b) { return typed.indexOf(b) === -1; });
    boxes.forEach(function (b) { b.placeholder = ""; });
    var rest = total - countSum(typed, total);
    var whole = !boxes.some(function (b) { return b.disabled; });
    var sigma = row.querySelector("th .sum");
    if (sigma) sigma.hidden = !whole;
    if (!whole || open.length !== 1 || isNaN(rest) || rest < 0) {
      // no remainder: a stored count that took over the remainder's role (passRemainder) shows it again
      open.forEach(function (b) {
        if (b.dataset.filled !== "1") return;
        b.value = b.dataset.was || "";
        b.classList.remove("refilled");
        delete b.dataset.filled; delete b.dataset.was;
      });
      return;
    }
    var box = open[0];
    if (box === document.activeElement) {
      if (box.dataset.filled === "1") box.value = "";  // still the remainder until the finger types
      box.placeholder = String(rest);
    } else {
      box.value = String(rest);
      box.dataset.filled = "1";
      // a count the page came with (a correction's) replaced by the rest is marked, not changed silently
      box.classList.toggle("refilled", box.defaultValue !== "" && box.value !== box.defaultValue);
      box.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  // The boxes' sum; a count outside 0..total (-5) is no count: NaN, so nothing is filled from it.
  function countSum(boxes, total) {
    return boxes.reduce(function (acc, b) {
      var n = parseInt(b.value, 10);
      return acc + (n >= 0 && n <= total ? n : NaN);
    }, 0);
  }

  // A team's match (Schieber: all nine tricks) is all the card points: its box takes the total, the
  // other side's is emptied to be filled with the rest (0). Not over a match typed for the other side
  // as the Tafel writes it (257): the two contradict each other, and Save is refused saying so.
  function matchTaken(tick) {
    var box = tick.form.querySelector('tr[data-total] input[name="points-' + tick.name.split("-").pop() + '"]');
    if (!box) return;
    var row = box.closest("tr"), total = parseInt(row.getAttribute("data-total"), 10);
    var written = Array.prototype.some.call(row.querySelectorAll("input.num"), function (b) {
      return b !== box && parseInt(b.value, 10) > total;
    });
    if (written) return;
    row.querySelectorAll("input.num").forEach(function (b) { b.value = ""; });
    box.value = row.getAttribute("data-total");
    box.dispatchEvent(new Event("input", { bubbles: true }));
  }

  // "Took a trick (with 0 card points)" is the table's answer, asked while a count is 0: the page never
  // ticks it (a filled remainder passing 99 on its way to 0 said nothing of the trick). A tick that came
  // with the page or a draft beside card points above zero (a correction of a deal with 30: the engine
  // derives it) is hidden and not sent; it is cleared, so that a count changed to 0 asks afresh.
  function derivedTicks(root) {
    root.querySelectorAll("tr[data-field=points] input.num").forEach(function (box) {
      var form = box.closest("form"), seat = box.name.split("-").pop();
      var took = form && form.querySelector('tr[data-field=took_trick] input[name="took_trick-' + seat + '"]');
      if (took && took.checked && parseInt(box.value, 10) > 0) took.checked = false;
    });
  }

  // New game: a preset (Schieber: "1000 without factors") sets its options and keeps the names typed.
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a[data-preset]");
    var form = link && link.closest("form");
    if (!form) return;
    event.preventDefault();
    var values = JSON.parse(link.getAttribute("data-preset"));
    Object.keys(values).forEach(function (name) {
      var field = form.elements["option_" + name];
      if (!field) return;
      if (field.type === "checkbox") field.checked = Boolean(values[name]); else field.value = String(values[name]);
      (field.dispatchEvent ? field : field[0]).dispatchEvent(new Event("change", { bubbles: true }));
    });
  });

  // New game: the first-dealer choices follow the names as they are typed.
  function nameDealers() {
    var select = document.getElementById("first_dealer");
    if (!select) return;
    Array.prototype.forEach.call(select.options, function (option) {
      var input = document.getElementById("players-" + option.value);
      if (!option.dataset.placeholder) option.dataset.placeholder = option.textContent;
      option.textContent = input && input.value.trim() ? input.value.trim() : option.dataset.placeholder;
    });
  }

  // A folded card picker's summary lists what is picked.
  function summarise(fold) {
    var picked = Array.prototype.map.call(fold.querySelectorAll("input:checked"), function (input) {
      return input.nextElementSibling.textContent;
    });
    var summary = fold.querySelector("summary");
    summary.querySelector(".picked").textContent = picked.length ? picked.join(" ") : summary.dataset.none;
  }

  // A fixed sum's boxes that only hold the default (Pitch: 0) are not typed: they take the remainder.
  function untypedDefaults(root) {
    root.querySelectorAll("[data-total][data-default]").forEach(function (row) {
      row.querySelectorAll("input.num").forEach(function (box) {
        if (!box.dataset.seen && box.value === row.getAttribute("data-default")) box.dataset.filled = "1";
        box.dataset.seen = "1";
      });
      fillTotal(row);
    });
  }

  // A correction, a deal the server refused or Undo put back, or a draft restored, opens with every
  // box of a fixed sum typed: its last box is taken as the filled remainder, so that changing one
  // count recomputes it instead of breaking the sum; the boxes are "stored" (not typed here).
  function storedRemainders(root) {
    root.querySelectorAll("#correction [data-total], #entry [data-total]").forEach(function (row) {
      var boxes = Array.prototype.slice.call(row.querySelectorAll("input.num"));
      var last = boxes[boxes.length - 1];
      if (!last || last.dataset.remainder) return;
      last.dataset.remainder = "1";
      boxes.forEach(function (b) { if (b.value.trim() !== "") b.dataset.stored = "1"; });
      // counts that make the sum; -5 and 162, refused, stay as typed
      var total = parseInt(row.getAttribute("data-total"), 10);
      if (countSum(boxes, total) === total) last.dataset.filled = "1";
    });
  }
  // Typing into the filled remainder passes that role to the one other stored box left (Coiffeur
  // after Undo: Ben's 157 retyped as 75 fills Anna's box with 82). With two or more left, which one
  // to change is not for the page to guess (r53b): the sum is then refused at Save, naming it.
  function passRemainder(row, box) {
    var others = Array.prototype.filter.call(row.querySelectorAll("input.num"), function (b) {
      return b !== box && b.dataset.stored === "1" && !b.disabled;
    });
    if (others.length === 1) { others[0].dataset.filled = "1"; others[0].dataset.was = others[0].value; }
  }

  function init() {
    var root = document;
    // the offline page after a page's own Save: back to that page, whose typed values are kept
    root.querySelectorAll("a[data-back]").forEach(function (link) { link.hidden = history.length < 2; });
    untypedDefaults(root);
    storedRemainders(root);
    derivedTicks(root);
    applyShowIf(root);
    root.querySelectorAll("details.fold").forEach(summarise);  // a draft put back: what it picked (a deck not drawn: none)
    // a player sits out already (a refused save): no fixed sum (fillTotal fills nothing then, so no draft is saved)
    root.querySelectorAll("[data-total]").forEach(function (row) { if (row.querySelector("input.num:disabled")) fillTotal(row); });
    nameDealers();
  }

  document.addEventListener("change", function (event) {
    if (event.target.checked && event.target.matches("tr[data-field=match] input")) matchTaken(event.target);
    applyShowIf(document);
    // who plays changed: a fixed sum may hold again, or no longer
    if (event.target.matches && !event.target.matches("input.num")) document.querySelectorAll("[data-total]").forEach(fillTotal);
    var fold = event.target.closest && event.target.closest("details.fold");
    // a picker of one card takes the card tapped in place of the one before (r61a untapped it first)
    if (fold && event.target.checked && fold.getAttribute("data-max") === "1") {
      fold.querySelectorAll("input:checked").forEach(function (other) { if (other !== event.target) other.checked = false; });
    }
    if (fold) summarise(fold);
  });
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input.name")) nameDealers();
    var row = event.target.closest && event.target.closest("[data-total]");
    if (row && event.target.matches("input.num")) {
      var box = event.target.dataset;
      if (box.filled === "1") passRemainder(row, event.target);  // the remainder retyped
      event.target.classList.remove("refilled");
      delete box.filled;
      delete box.stored;
      delete box.was;
      fillTotal(row);
    }
    // a question asked at some counts (took a trick at 0) comes with the key, not when the box is left
    if (event.target.matches && event.target.matches("input.num")) applyShowIf(document);
  });
  // The open box of a fixed sum shows the remainder as a ghost while it has the finger ...
  document.addEventListener("focusin", function (event) {
    if (!event.target.matches || !event.target.matches("input.num")) return;
    var row = event.target.closest("[data-total]");
    if (row) fillTotal(row);
    // what is in a box is replaced by what the finger types, never appended to (0 then 6 is 6, not 06)
    if (event.target.value !== "") event.target.select();
  });
  // ... and takes it as its value when it is left empty.
  document.addEventListener("focusout", function (event) {
    var row = event.target.closest && event.target.closest("[data-total]");
    if (row && event.target.matches("input.num")) setTimeout(function () { fillTotal(row); }, 0);
  });
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSwap", init);
  document.addEventListener("draft-restored", init);
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("a[data-back]")) { event.preventDefault(); history.back(); }
  });
  // A form with data-confirm asks first (an inline onsubmit would need an unsafe CSP); capturing,
  // so that a refusal also stops htmx from sending it.
  // Enter on a choice, toggle or card picks it, as Space does; only Save submits the form
  // Enter in a deal's number box goes on to the next empty one, and saves once none is left (a keyboard
  // tester's Enter after the first count sent a deal with the others missing)
  // Escape closes the open picker or box the focus is in and gives the focus back to its summary
  document.addEventListener("keydown", function (event) {
    var target = event.target;
    if (event.key === "Escape" && target.closest) {
      var open = target.closest("details[open]");
      if (open) {
        open.open = false;
        open.querySelector("summary").focus();
      }
      return;
    }
    if (event.key === "Enter" && target.matches && target.matches("#entry input.num, #correction input.num")) {
      var boxes = Array.prototype.slice.call(target.form.querySelectorAll("input.num")).filter(function (box) {
        return !box.disabled && box.offsetParent !== null && box.value.trim() === "" && box !== target;
      });
      var later = boxes.filter(function (box) { return target.compareDocumentPosition(box) & 4; });
      // after a box just typed, an empty one before it too; Enter in an empty box goes on or saves (a
      // free pad's boxes left empty count 0: Enter never goes round them for ever)
      var next = later[0] || (target.value.trim() !== "" ? boxes[0] : null);
      if (next) {
        event.preventDefault();
        next.focus();
      }
      return;
    }
    if (event.key !== "Enter" || !target.matches || !target.matches("form input[type=radio], form input[type=checkbox]")) return;
    event.preventDefault();
    target.click();
  });
  // Arrow keys move between a picker's cards: right and left to the next card, down and up to the same
  // place in the next suit's row, so a card of a big deck is a few presses away; Tab still stops at each
  var CARD = "input[type=checkbox], button.card";
  document.addEventListener("keydown", function (event) {
    var step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key], target = event.target;
    if (!step || event.altKey || event.ctrlKey || event.metaKey || !target.matches || !target.matches(CARD)) return;
    var row = target.closest(".suit-row");
    if (!row) return;
    event.preventDefault();  // at the picker's edge too: the page does not scroll under the finger
    var next = null;
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      var all = Array.prototype.filter.call(row.parentElement.querySelectorAll(
        ".suit-row input[type=checkbox], .suit-row button.card"), function (card) { return !card.disabled; });
      next = all[all.indexOf(target) + step];
    } else {
      var rows = Array.prototype.slice.call(row.parentElement.querySelectorAll(".suit-row"));
      var place = Array.prototype.indexOf.call(row.querySelectorAll(CARD), target);
      for (var i = rows.indexOf(row) + step; !next && i >= 0 && i < rows.length; i += step) {
        // the card at the same place, else the nearest one that can be taken
        Array.prototype.forEach.call(rows[i].querySelectorAll(CARD), function (card, at) {
          if (!card.disabled && (!next || Math.abs(at - place) < Math.abs(next.at - place))) next = { card: card, at: at };
        });
      }
      next = next && next.card;
    }
    if (next) {
      next.focus({ preventScroll: true });
      next.scrollIntoView({ block: "nearest" });
    }
  });
  document.addEventListener("submit", function (event) {
    // Enter in the open box of a fixed sum saves the remainder it shows, as leaving the box would
    var active = document.activeElement;
    if (event.target.contains(active) && active.matches("input.num")) active.blur();
    event.target.querySelectorAll("[data-total]").forEach(fillTotal);
    var message = event.target.getAttribute("data-confirm");
    if (message && !window.confirm(message)) {
      event.preventDefault();
      event.stopImmediatePropagation();
    }
    // boxes that count 0 when empty (the free pad): the first Save with one left empty asks, the next saves;
    // while another box holds no whole number (4.5), the server names that first
    var form = event.target, empty = [], boxes = form.querySelectorAll("tr[data-ask-empty] input.num");
    var wrong = Array.prototype.some.call(boxes, function (input) { return !/^(-?\d+)?$/.test(input.value.trim()); });
    boxes.forEach(function (input) {
      input.classList.toggle("empty-asked", input.value.trim() === "" && !form.dataset.askedEmpty && !wrong);
      if (input.classList.contains("empty-asked")) empty.push(input);
    });
    var note = form.querySelector(".ask-empty");
    if (!empty.length || !note) return;
    form.dataset.askedEmpty = "1";
    note.hidden = false;
    empty.forEach(function (input) { input.setAttribute("aria-describedby", "ask-empty"); });  // said on focus
    empty[0].focus();
    event.preventDefault();
    event.stopImmediatePropagation();
  }, true);
})();

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
    if (button) {  // it says what a tap turns to (a pressed state beside that label read the opposite)
      button.value = dark ? "light" : "dark";
      button.textContent = button.dataset[button.value];
    }
  }

  // --- the deal form's draft: kept per session, phase and deal until it is saved ------------
  function entryForm() { return document.querySelector("form[data-draft]"); }  // a new deal or a correction
  function draftKey() {
    var form = entryForm();
    return form && form.dataset.draft ? "draft:" + form.dataset.draft : null;
  }

  // what a form holds, by name (ticked boxes and radio buttons as lists), and back into the form
  function formValues(form) {
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
    return data;
  }
  function fillForm(form, raw) {
    var data;
    try { data = JSON.parse(raw); } catch (e) { return; }
    Array.prototype.forEach.call(form.elements, function (el) {
      if (!el.name || !(el.name in data) || el.name === "csrf_token") return;
      var value = data[el.name];
      if (el.type === "checkbox" || el.type === "radio") el.checked = value.indexOf(el.value) !== -1;
      else el.value = value;
    });
    form.dispatchEvent(new Event("change", { bubbles: true }));
    // decks not drawn yet (a Weis folded away) are drawn now: the cards the draft holds come into them
    form.querySelectorAll(".decks-later").forEach(function (el) { htmx.trigger(el, "intersect"); });
  }

  function saveDraft() {
    var form = entryForm(), key = draftKey(), data, kept;
    if (!form || !key) return;
    data = formValues(form);
    kept = JSON.parse(store.get(key));  // this script's own (null: none)
    for (var name in kept) if (!(name in data)) data[name] = kept[name];  // a deck not drawn yet keeps its cards
    store.set(key, JSON.stringify(data));
  }

  // "draft:7-play-4" against this form's "draft:7-play-5": the same phase of an earlier deal
  function overtaken(other, key) {
    var was = other.split("-"), now = key.split("-");
    return was[1] === now[1] && +was[2] < +now[2];
  }
  function restoreDraft() {
    var form = entryForm(), key = draftKey();
    var session = key ? key.split("-")[0] + "-" : null;
    if (document.getElementById("board")) {
      // a save sent from an older board of this session (queued offline, the tab closed meanwhile)
      // is sent from this one: its idempotency key and board version have the server answer it as
      // stored, or refuse it as stale with the typed values kept
      if (session && form.id === "entry") store.keys().forEach(function (other) {
        var queued = other.indexOf("queued:" + session) === 0 && other !== "queued:" + key && store.get(other.slice(7));
        if (queued) { store.set(key, queued); store.set("queued:" + key, "1"); }
      });
      // back on the board: a new game's form (kept while typed, across a language switch) is started
      // or left; drafts of deals, phases and corrections already saved (or left) are stale, but for
      // a deal typed here that another device saved first (the board followed it, or a reload): it
      // comes into this form with the board version it was typed on, so Save has the server say
      // what changed and keep the values, as when this tablet's Save is the later one
      store.keys().forEach(function (other) {
        if (other.indexOf("draft:new-") === 0) store.remove(other);
        if (!session) return;
        if (other.indexOf(session) === 0 && other !== key) {
          if (overtaken(other, key) && !store.get(key)) store.set(key, store.get(other));
          store.remove(other);
        }
        if (other.indexOf("queued:" + session) === 0 && other !== "queued:" + key) store.remove(other);
      });
    }
    if (!key || !form) return;
    // the server kept what was typed, with the board it is for now, or put an undone deal back: kept
    // so, a reload saves it at once and does not lose it
    if (form.hasAttribute("data-put-back") || form.querySelector(".field-error:not([hidden]), .form-error")) {
      return saveDraft();  // (not the free pad's hidden "empty counts 0")
    }
    var raw = store.get(key);
    if (!raw) return;
    fillForm(form, raw);
    form.classList.add("restored");
    form.querySelectorAll("[data-remainder]").forEach(function (box) { delete box.dataset.remainder; });
    document.dispatchEvent(new Event("draft-restored"));  // its fixed sums hold a remainder again
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

  function queuedKey() { var key = draftKey(); return key ? "queued:" + key : null; }

  var waiting = null;  // what the waiting save holds
  function notSent(form, kind) {
    if (form.id === "entry" && queuedKey()) store.set(queuedKey(), "1");  // a reload or a closed tab keeps it
    // typed over and saved again while it waits: the waiting deal is that now, and the line says so (r56a)
    var values = new URLSearchParams(new FormData(form)).toString();
    if (kind === "offline" && pending === form.id && waiting !== null && values !== waiting) kind = "replaced";
    waiting = values;
    pending = form.id;
    saveStatus(kind);
    clearInterval(retryTimer);
    retryTimer = setInterval(retry, 5000);
  }

  // Send again as it was: a save whose answer was lost is found by its idempotency key and answered
  // as stored; one the session moved past meanwhile (another device saved) is refused by its board
  // version, and the fresh board comes with the typed values and says why.
  function retry() {
    if (!pending || !navigator.onLine) return;
    var form = document.getElementById(pending);
    if (!form) { pending = null; clearInterval(retryTimer); return; }
    saveStatus("sending");
    form.requestSubmit();
  }
  window.addEventListener("online", retry);
  // an offline copy of the board goes back to the live one as soon as the network is back
  window.addEventListener("online", function () {
    if (navigator.onLine && document.documentElement.dataset.offlineCopy !== undefined && !pending) {
      window.location.reload();
    }
  });

  // A save that could not be sent before a reload or a closed tab is sent once the network is
  // there, with the idempotency key it was typed with (kept in the draft): never entered twice.
  function resumeQueued() {
    var form = entryForm();
    if (!form || form.id !== "entry" || pending || !store.get(queuedKey())) return;
    notSent(form, navigator.onLine && document.documentElement.dataset.offlineCopy === undefined ? "sending" : "offline");
    retry();
  }

  // --- the page kept for offline: the board as this device last saw it, and saying so --------
  var BOARDS = "scorekeeper-boards-v1";  // written only here (sw.js reads it before its page copies)
  function keepForOffline() {
    var root = document.documentElement;
    if (!window.caches || !document.querySelector("#board, #big") || root.dataset.offlineCopy !== undefined) return;
    var copy = root.cloneNode(true);
    copy.querySelectorAll("#undo-toast, #flash").forEach(function (el) { el.remove(); });
    copy.setAttribute("data-copy-at", new Date().toISOString());
    var html = "<!doctype html>\n" + copy.outerHTML;
    caches.open(BOARDS).then(function (cache) {
      return cache.put(window.location.pathname, new Response(html, { headers: {  // as the server sends a board
        "Content-Type": "text/html; charset=utf-8", "Cache-Control": "private, no-cache" } }));
    }).catch(function () { /* no cache: the page as last loaded stays */ });
  }
  function offlineNotice() {
    var kept = document.documentElement.dataset.offlineCopy, note = document.getElementById("offline-copy");
    if (kept === undefined || !note) return;
    var when = new Date(kept);
    var time = isNaN(when) ? "?" : when.toTimeString().slice(0, 5);  // "14:05", the device's time
    var big = document.getElementById("big");  // (a save's answer leaves the board's own element as it was)
    var deal = big ? big.dataset.deal : String(document.querySelectorAll("tr.deal-row").length + 1);
    note.textContent = note.dataset.text.replace("{time}", time).replace("{n}", deal);
    note.hidden = false;
  }
  // a page following the table (a watch page, big numbers on a phone lying there) that loses the
  // network says from when its figures are, as a kept copy does; the next answer takes that back
  var seen = new Date().toISOString();
  document.addEventListener("htmx:afterRequest", function (event) {
    var root = document.documentElement, note = document.getElementById("offline-copy");
    if (!event.detail.elt.classList.contains("poller") || !note) return;
    if (!event.detail.successful) {
      if (root.dataset.offlineCopy === undefined) { root.dataset.offlineCopy = seen; offlineNotice(); }
      return;
    }
    seen = new Date().toISOString();
    delete root.dataset.offlineCopy;
    note.hidden = true;
  });

  document.addEventListener("htmx:beforeRequest", function (event) {
    var elt = event.detail.elt;
    if (elt.id === "entry" && !navigator.onLine) {
      event.preventDefault();
      notSent(elt, "offline");
    }
    // a button's change (Undo, Delete, Restore) sent without a connection: said in the Save row
    if (elt.tagName === "FORM" && elt.id !== "entry" && !navigator.onLine) {
      event.preventDefault();
      saveStatus("unchanged");
    }
    if (elt.classList && elt.classList.contains("poller")) {
      // never pull the board from under a finger that is typing or a deal typed and not saved (its Save
      // hears what another device did), nor for a hidden page; the form's heading or message, focused
      // after a save (tabindex -1), is no typing: the board goes on following the other devices
      var active = document.activeElement, key = draftKey();
      var typing = active && active.closest && active.closest("#entry") && active.getAttribute("tabindex") !== "-1";
      if (document.hidden || pending || typing || (key && store.get(key))) {
        event.preventDefault();
        if (!document.hidden && !pending) askMoved(elt.getAttribute("hx-get"));
      }
    }
  });
  // While a deal is typed the board does not follow, but the table is told once another device changed
  // it (the poll's address names the board's version: 204 while it is unchanged), before Save says what
  var movedAsked = null;
  function askMoved(address) {
    if (!address || movedAsked === address) return;
    fetch(address, { headers: { "HX-Request": "true" }, credentials: "same-origin" }).then(function (answer) {
      if (answer.status !== 200) return;
      movedAsked = address;  // asked again only once this board was replaced
      var status = document.getElementById("save-status");
      if (status && status.hidden && !pending) saveStatus("moved");
    }).catch(function () { /* offline: said by the save's own lines */ });
  }
  // "Correct deal 4 with mine" (a stale board's choice, late_writes.as_correction) only asks for that
  // deal's correction page: never queued and sent again as a save of the next deal
  function correcting(event) {
    var config = event.detail.requestConfig;
    return !!(config && config.formData && config.formData.get("as_correction"));
  }
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("button[name=as_correction]");
    if (button && !navigator.onLine) { event.preventDefault(); saveStatus("unchanged"); }
  }, true);
  // that correction page sent: what was typed went into that deal, not into the next deal's form
  document.addEventListener("submit", function (event) {
    var typedFor = event.target.dataset && event.target.dataset.typedFor;
    if (typedFor) store.remove("draft:" + typedFor);
  }, true);
  document.addEventListener("htmx:sendError", function (event) {
    if (event.detail.elt.id === "entry" && !correcting(event)) notSent(event.detail.elt, "offline");
    else if (event.detail.elt.tagName === "FORM") saveStatus("unchanged");
  });
  document.addEventListener("htmx:responseError", function (event) {
    if (event.detail.elt.id !== "entry") return;
    if (correcting(event)) saveStatus("unchanged");
    else notSent(event.detail.elt, "failed");
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    // the form that sent it (detail.elt is the swap target once the answer replaced the form)
    var form = (event.detail.requestConfig && event.detail.requestConfig.elt) || event.detail.elt;
    if (form.id !== "entry" || !event.detail.successful) return;
    var key = form.dataset.key, stored = event.detail.xhr.status === 200, root = document.documentElement;
    if (key) store.remove("queued:" + key);  // answered: stored, or refused with the typed values shown
    if (key && stored && !correcting(event)) store.remove(key);  // (a correction page: kept until it is saved)
    pending = waiting = null;
    clearInterval(retryTimer);
    if (root.dataset.offlineCopy === undefined) return;
    // now the live board, with the line saying what was saved (r57b: a queued save sent unsaid)
    var saved = stored && event.detail.xhr.getResponseHeader("Saved-Deal");
    if (stored) window.location.replace(window.location.pathname + (saved ? "?saved=" + saved : ""));
    else { delete root.dataset.offlineCopy; document.getElementById("offline-copy").hidden = true; }  // the refusal came with it
  });
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.elt.id === "entry") event.detail.elt.dataset.key = draftKey() || "";
  });

  // --- breakdowns loaded when a row is opened; on a phone a tap on the row opens it -------
  // a deal's breakdown (the page its row links to without scripts), the chart or the statistics (data-src)
  function loadBreakdown(details) {
    var link = details.querySelector(".breakdown-body > a");
    var src = details.dataset.src || link && link.getAttribute("href");
    if (!details.open || details.dataset.loaded || !src) return;
    details.dataset.loaded = "1";
    var body = details.querySelector(".breakdown-body, .chart-body, .stats-body");
    fetch(src, { headers: { "HX-Request": "true" } })
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

  // --- sharing the result: the score sheet printed, the picture as a PNG a phone can share --
  document.addEventListener("click", function (event) {
    if (event.target.closest("[data-print]")) { window.print(); return; }
    var button = event.target.closest("[data-share-picture]");
    if (button) sharePicture(button.getAttribute("data-share-picture"), button.getAttribute("data-file"));
  });
  function sharePicture(src, name) {
    var image = new Image();
    image.onload = function () {
      var canvas = document.createElement("canvas");
      canvas.width = image.naturalWidth * 2; canvas.height = image.naturalHeight * 2;
      var paint = canvas.getContext("2d");
      paint.scale(2, 2);
      paint.drawImage(image, 0, 0);
      canvas.toBlob(function (blob) {
        var file = new File([blob], name, { type: "image/png" });
        if (navigator.canShare && navigator.canShare({ files: [file] })) {
          navigator.share({ files: [file] }).catch(function () {});  // the sheet closed: nothing to do
          return;
        }
        var link = document.createElement("a");  // no share sheet (a desktop): the PNG is downloaded
        link.href = URL.createObjectURL(blob); link.download = name;
        document.body.appendChild(link); link.click(); link.remove();
        setTimeout(function () { URL.revokeObjectURL(link.href); }, 1000);
      }, "image/png");
    };
    image.src = src;
  }

  // --- after a save: the result where the eye is, an undo for a few seconds --------------
  var toastTimer = null;
  function afterSave() {
    var flash = document.getElementById("flash");
    if (flash && !flash.dataset.seen) {
      flash.dataset.seen = "1";
      var pinned = document.getElementById("pinned") || flash;
      // a page loaded naming a deal row (after a correction: #deal-7) shows that row; going there
      // takes the focus from the page, so the saved line takes it once the page has loaded
      if (location.hash && document.readyState !== "complete") {
        window.addEventListener("load", function () { flash.focus({ preventScroll: true }); }, { once: true });
      } else {
        window.scrollTo({ top: nextFormTop(pinned) });
      }
      // a save swapped in (not a page loaded): the keyboard goes on at the next deal's heading, which
      // says the saved line too (_board.html); a page loaded (a correction) starts at the saved line
      (document.readyState === "complete" && document.querySelector("#entry h2") || flash).focus({ preventScroll: true });
    }
    var toast = document.getElementById("undo-toast");
    clearTimeout(toastTimer);
    if (toast) toastTimer = setTimeout(function () { dropToast(toast); }, 10000);
  }
  // a locked phase (bids, revealed cards) answers with the next form and no saved line: the
  // keyboard goes on there, not from the top of the page, and the page shows that form down to
  // Save as after a save (its boxes not under the Save row that sticks to the bottom)
  document.addEventListener("htmx:afterSettle", function (event) {
    var heading = document.querySelector("#entry h2"), from = event.detail.requestConfig;
    if (!heading || !from || from.elt.id !== "entry" || document.activeElement !== document.body) return;
    heading.focus({ preventScroll: true });
    window.scrollTo({ top: nextFormTop(document.getElementById("pinned") || heading) });
  });
  // where the page goes after a save: the next deal's form from its heading (just under the pinned
  // flash and totals) down to Save if it fits, the latest deal rows above it; no form: the top
  function nextFormTop(pinned) {
    var form = document.getElementById("entry");  // (its Save row sticks to the bottom: measure the form)
    if (!form) return Math.max(0, pinned.getBoundingClientRect().top + window.scrollY - 8);
    var need = form.getBoundingClientRect().bottom + window.scrollY + 8 - window.innerHeight;
    var heading = form.getBoundingClientRect().top + window.scrollY - pinned.offsetHeight - 8;
    return Math.max(0, Math.min(need, heading));
  }
  // after a save the keyboard is at the next deal's heading: Shift+Tab goes up to the Undo of the line
  // just saved, not through every deal row first
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Tab" || !event.shiftKey || !event.target.matches || !event.target.matches("#entry h2")) return;
    var undo = document.querySelector("#undo-toast button");
    if (undo) { event.preventDefault(); undo.focus(); }
  });
  // the toast stays while it has the focus (a keyboard or screen reader user on its Undo)
  function dropToast(toast) {
    if (!toast.contains(document.activeElement)) { toast.remove(); return; }
    toast.addEventListener("focusout", function () {
      toastTimer = setTimeout(function () { dropToast(toast); }, 3000);
    }, { once: true });
  }

  // after a refused save the focus goes to the first error's field (or the error itself); on a page
  // without a deal form (the what-if, a player's filters and name), to its first refused form's
  function focusFirstError() {
    var refused = document.querySelector("main form .field-error:not([hidden]), main form .form-error");
    var form = entryForm() || (refused && refused.closest("form"));
    var error = form ? form.querySelector(".field-error:not([hidden]), .form-error") : document.getElementById("entry-refused");
    if (!error || error.dataset.focused) return;
    error.dataset.focused = "1";
    var shown = error.closest("tr.row-error") || error;  // a row's message sits in a row of its own
    var place = error.closest("tr.row-error") || error.closest("td, .field, .filter, tr, fieldset") || error;
    if (place.dataset.errorFor) place = form.querySelector('tr[data-field="' + place.dataset.errorFor + '"]') || place;
    // a folded picker stays closed (open, it would lie over the message): its summary takes the focus
    var field = place.querySelector("details.fold > summary, input:not([type=hidden]):not([disabled]), select, textarea");
    if (!field || field.offsetParent === null) { error.tabIndex = -1; field = error; }
    field.focus();
    if (shown !== field) shown.scrollIntoView({ block: "nearest" });  // the message too, above the Save bar
  }

  // --- times in the tablet's own timezone: the pages tell the server (i18n.select_timezone), which
  // shows its times and reads the history's days in it ------------------------------------
  function tellTimezone() {
    var zone = window.Intl && Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && document.cookie.split("; ").indexOf("tz=" + zone) < 0) document.cookie = "tz=" + zone + ";path=/;max-age=31536000;samesite=lax";
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
    offlineNotice();
    keepForOffline();  // a board loaded or answered: the one this device saw last, in its language
    resumeQueued();
    focusFirstError();
    document.querySelectorAll("details.breakdown[open], details.chart-box[open]").forEach(loadBreakdown);  // opened before this script ran
    trimChanges();
    tellTimezone();
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
        store.set("theme", toggle.value);
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

// Card pickers and captured-card piles (templates/_forms.html: card_picker, piles); the form works without it.
(function () {
  "use strict";

  function checkedValue(form, name) {
    var value = null;
    form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
      if (input.type === "checkbox") value = input.checked ? input.value : "";
      else if (input.type !== "radio" || input.checked) value = input.value;
    });
    return value;
  }

  // Fields not asked while another field has some value (FieldSpec.hide_if): e.g. the typed points
  // while cards are tapped. A separate attribute, so app.js's show_if and this never undo each other.
  function applyHideIf(root) {
    root.querySelectorAll("[data-hide-if]").forEach(function (el) {
      var form = el.closest("form");
      if (!form) return;
      var wanted = el.getAttribute("data-hide-values").split(" ");
      el.toggleAttribute("data-hidden-if", wanted.indexOf(checkedValue(form, el.getAttribute("data-hide-if"))) !== -1);
    });
  }

  // One pile per player: a card tapped for one player is taken (disabled, with that player's initial)
  // in the others' piles; the rest player's untapped, untaken cards are inferred. Each pile shows its count.
  function updatePiles(block) {
    var form = block.closest("form");
    var tables = JSON.parse(block.getAttribute("data-values") || "{}");
    var points = tables[form ? checkedValue(form, "trump") : ""] || tables[""] || tables[Object.keys(tables)[0]] || {};
    var rest = form ? checkedValue(form, block.getAttribute("data-rest-field")) : null;
    // Handjass: the last trick's 5 beside its taker's pile, so the piles add up to the players' counts
    var bonusSeat = form && block.hasAttribute("data-bonus-field") ? checkedValue(form, block.getAttribute("data-bonus-field")) : null;
    var piles = Array.prototype.slice.call(block.querySelectorAll("fieldset.pile"));
    var owner = {};
    piles.forEach(function (pile) {
      pile.querySelectorAll("label.card input:checked").forEach(function (input) {
        if (!(input.value in owner)) owner[input.value] = pile;
      });
    });
    // a zero-point card tapped anywhere: every card counts and whole tricks are checked (captured.py)
    var way = block.querySelector(".pile-way");
    // a card's points: by card (Jass: the trump's change them), else by rank ("10C": "10")
    var value = function (card) { return (card in points ? points[card] : points[card.slice(0, -1)]) || 0; };
    var every = Object.keys(owner).some(function (card) { return !value(card); });
    var shownIf = block.getAttribute("data-show-if");  // cards are tapped in this deal (not points typed)
    var tapping = !form || !shownIf || block.getAttribute("data-show-values").split(" ").indexOf(checkedValue(form, shownIf)) !== -1;
    if (way) {
      way.textContent = way.getAttribute(every ? "data-every" : "data-counting");
      way.classList.toggle("every", every);
    }
    // Handjass: once who plays is ticked, only the players' piles are offered
    var players = form ? Array.prototype.map.call(form.querySelectorAll('input[type=checkbox][name="playing"]:checked'),
      function (input) { return input.value; }) : [];
    piles.forEach(function (pile) {
      var seat = pile.getAttribute("data-seat");
      var tab = block.querySelector('.pile-tab[data-seat="' + seat + '"]');
      if (tab) tab.hidden = players.length > 0 && players.indexOf(seat) === -1;
    });
    var current = block.querySelector(".pile-tab[aria-pressed=true]");
    if (current && current.hidden) {
      var next = block.querySelector(".pile-tab:not([hidden])");
      if (next) select(block, next.getAttribute("data-seat"));
    }
    piles.forEach(function (pile) {
      var isRest = pile.getAttribute("data-seat") === rest;
      var count = 0, sum = 0;
      pile.classList.toggle("rest", isRest);
      pile.querySelectorAll("label.card").forEach(function (card) {
        var input = card.querySelector("input");
        var holder = owner[input.value];
        var taken = !input.checked && holder && holder !== pile;
        var inferred = isRest && !input.checked && !holder;
        card.classList.toggle("taken", !!taken);
        card.classList.toggle("inferred", inferred);
        input.disabled = !!taken;
        card.querySelector(".face").setAttribute("data-owner", taken ? holder.getAttribute("data-initial") : "");
        // a screen reader hears whose it is, as the mark says it ("spade J: Anna"; it heard the open pile's owner)
        var whose = (taken ? holder : pile).querySelector("legend").firstChild.textContent.trim();
        input.setAttribute("aria-label", input.getAttribute("aria-label").split(": ")[0] + ": " + whose);
        if (input.checked || inferred) { count += 1; sum += value(input.value); }
      });
      var bonus = pile.getAttribute("data-seat") === bonusSeat ? "-bonus" : "";
      var text = count ? block.getAttribute((count === 1 ? "data-sum-one" : "data-sum") + bonus).replace("{cards}", count)
        .replace("{points}", sum).replace("{bonus}", block.getAttribute("data-bonus")) : "";  // "1 card", "4 cards · 55 + 5 points"
      var tab = block.querySelector('.pile-tab[data-seat="' + pile.getAttribute("data-seat") + '"]');
      pile.querySelector("legend .pile-sum").textContent = text;
      if (tab) {
        tab.querySelector(".pile-sum").textContent = isRest ? block.getAttribute("data-rest-word") + (count ? " · " + text : "") : text;
        tab.classList.toggle("rest", isRest);
      }
      // FieldSpec.if_pile_blank (Schieberamsch: a trick of 7, 8, 9): asked for a pile without a counting
      // card (the rest's too) while only counting cards are tapped; its box is not sent otherwise
      if (!form) return;
      form.querySelectorAll('[data-if-pile-blank="' + block.getAttribute("data-field") + '"][data-seat="' +
          pile.getAttribute("data-seat") + '"]').forEach(function (box) {
        box.hidden = !tapping || sum > 0 || every;
        box.querySelectorAll("input").forEach(function (input) { input.disabled = box.hidden; });
      });
    });
    if (!form) return;
    form.querySelectorAll("tr[data-field]").forEach(function (row) {
      var boxes = row.querySelectorAll('td > [data-if-pile-blank="' + block.getAttribute("data-field") + '"]');
      if (boxes.length) row.toggleAttribute("data-none-asked", Array.prototype.every.call(boxes, function (box) { return box.hidden; }));
    });
  }

  function select(block, seat) {
    block.querySelectorAll("fieldset.pile").forEach(function (pile) {
      pile.classList.toggle("current", pile.getAttribute("data-seat") === seat);
    });
    block.querySelectorAll(".pile-tab").forEach(function (tab) {
      tab.setAttribute("aria-pressed", tab.getAttribute("data-seat") === seat ? "true" : "false");
    });
  }

  function initPiles(block) {
    if (!block.classList.contains("js")) {
      block.classList.add("js");
      block.querySelector(".pile-tabs").hidden = false;
      var form = block.closest("form");
      var rest = form ? checkedValue(form, block.getAttribute("data-rest-field")) : null;
      var first = block.querySelector("fieldset.pile[data-error]") ||
        block.querySelector('fieldset.pile:not([data-seat="' + rest + '"])') || block.querySelector("fieldset.pile");
      select(block, first.getAttribute("data-seat"));
    }
    updatePiles(block);
  }

  // the rows of a per-player grid that are asked now
  function shownRows(grid) {
    return Array.prototype.filter.call(grid.querySelectorAll("tbody tr[data-field]"), function (row) {
      return !row.hidden && !row.hasAttribute("data-hidden-if") && !row.hasAttribute("data-not-asked") &&
        !row.hasAttribute("data-none-asked");
    });
  }

  // A per-player grid whose every row is hidden (cards tapped instead of points typed) hides its names too.
  function hideEmptyGrids(root) {
    root.querySelectorAll("table.seat-grid:not(.locked)").forEach(function (grid) {
      var rows = grid.querySelectorAll("tbody tr[data-field]");
      grid.toggleAttribute("data-hidden-if", rows.length > 0 && shownRows(grid).length === 0);
    });
  }

  // A grid whose first rows are drawn as their one picker (Stendhal's minus suits: each names the players
  // on its own buttons) shows its names above the first row of players' own boxes instead of on top.
  function namesInRows(root) {
    root.querySelectorAll("table.seat-grid").forEach(function (grid) {
      var rows = shownRows(grid);
      var moved = rows.length > 0 && rows[0].classList.contains("shared");
      var first = moved && rows.filter(function (row) { return !row.classList.contains("shared"); })[0];
      var again = grid.querySelector("tr.names-again");
      grid.classList.toggle("names-in-rows", moved);
      if (!first) { if (again) again.remove(); return; }
      if (!again) {
        again = grid.tHead.rows[0].cloneNode(true);
        again.classList.add("names-again");
      }
      if (again.nextElementSibling !== first) first.parentNode.insertBefore(again, first);
    });
  }

  // The row's one picker (templates/_forms.html share_picker), shown instead of the players' own: the
  // whole suit, a player chosen (the one named in an error, else the first), then their cards tapped.
  // It ticks the players' boxes, which stay what the form sends, and is drawn from them.
  function shareBox(row, seat, value) {
    return row.querySelector(':scope > td:not(.share-picker) input[name="' + row.getAttribute("data-field") + "-" + seat +
                             '"][value="' + value + '"]');
  }

  var sharedTo = {};  // per row, the player last chosen: a refused save's fresh form goes on with them
  function drawShare(row) {
    var share = row.querySelector(":scope > td.share-picker");
    if (!share) return;
    if (!row.classList.contains("shared")) {
      row.classList.add("shared");
      share.hidden = false;
      var first = share.querySelector(".share-player[data-error]") ||
        share.querySelector('.share-player[data-seat="' + sharedTo[row.getAttribute("data-field")] + '"]') ||
        share.querySelector(".share-player");
      share.dataset.seat = first.getAttribute("data-seat");
    }
    var seat = share.dataset.seat, owner = {}, players = {}, free = 0;
    share.querySelectorAll(".share-player").forEach(function (player) {
      var other = player.getAttribute("data-seat"), picked = [];
      players[other] = player;
      share.querySelectorAll(".share-card:not(.out)").forEach(function (card) {
        var box = shareBox(row, other, card.getAttribute("data-value"));
        if (!box || !box.checked) return;
        if (!(card.getAttribute("data-value") in owner)) owner[card.getAttribute("data-value")] = other;
        picked.push(card.querySelector("b").textContent);
      });
      player.setAttribute("aria-pressed", other === seat ? "true" : "false");
      player.querySelector(".pile-sum").textContent = picked.join(" ");
    });
    share.querySelectorAll(".share-card:not(.out)").forEach(function (card) {
      var value = card.getAttribute("data-value"), box = shareBox(row, seat, value);
      var mine = !!(box && box.checked), holder = owner[value];
      var taken = !mine && holder !== undefined && holder !== seat;
      card.setAttribute("aria-pressed", mine ? "true" : "false");
      card.classList.toggle("taken", taken);
      card.disabled = taken || !box;
      var name = taken ? players[holder].firstChild.textContent.trim() : "";
      card.querySelector(".face").setAttribute("data-owner", taken ? players[holder].getAttribute("data-initial") : "");
      card.querySelector(".caption").textContent = name;  // whose it is, under the card's rank and suit
      // a screen reader says whose it is, the chosen player's too ("club 10: Anna", as a pile's cards)
      var whose = taken ? name : mine ? players[seat].firstChild.textContent.trim() : "";
      card.setAttribute("aria-label", card.getAttribute("data-name") + (whose ? ": " + whose : ""));
      if (holder === undefined) free += 1;
    });
    var rest = share.querySelector(".share-rest");
    rest.hidden = free === 0;
    rest.textContent = rest.getAttribute("data-word") + ": " + players[seat].firstChild.textContent.trim();
  }

  function tapShare(button) {
    var share = button.closest("td.share-picker"), row = share.closest("tr");
    var changed = [], focused = document.activeElement === button;
    if (button.classList.contains("share-player")) {
      share.dataset.seat = sharedTo[row.getAttribute("data-field")] = button.getAttribute("data-seat");
    } else if (button.classList.contains("share-card")) {
      var box = shareBox(row, share.dataset.seat, button.getAttribute("data-value"));
      if (box && !box.disabled) { box.checked = !box.checked; changed.push(box); }
    } else {  // the rest: every card nobody has goes to the chosen player
      share.querySelectorAll(".share-card:not(.out):not(.taken)").forEach(function (card) {
        var box = shareBox(row, share.dataset.seat, card.getAttribute("data-value"));
        if (box && !box.checked && !box.disabled) { box.checked = true; changed.push(box); }
      });
    }
    // the players' boxes changed: the form's own change handling (summaries, the draft) follows
    if (changed.length) changed[changed.length - 1].dispatchEvent(new Event("change", { bubbles: true }));
    else drawShare(row);
    // "the rest" hides once nothing is left: the focus stays in the row, on the player given the cards
    if (focused && !button.offsetParent) share.querySelector(".share-player[aria-pressed=true]").focus();
  }

  // A card picker folded in a per-player cell opens as a panel (app.css) under its player's column, as
  // far left as the form's width allows; the fold keeps room for it below its summary, so the panel
  // pushes the rows below down instead of covering them.
  function makeRoom(fold) {
    var panel = fold.querySelector(":scope > .fold-panel, :scope > .picker");
    if (panel) panel.style.left = "";  // measured at its full width first
    fold.style.paddingBottom = fold.open && panel ? (panel.offsetHeight + 8) + "px" : "";
    if (!fold.open || !panel || !panel.offsetParent) return;
    var room = panel.offsetParent.getBoundingClientRect(), cell = fold.closest("td").getBoundingClientRect();
    panel.style.left = Math.max(0, Math.min(cell.left - room.left, room.width - panel.offsetWidth - 8)) + "px";
  }

  document.addEventListener("toggle", function (event) {
    var fold = event.target;
    if (!(fold.matches && fold.matches(".seat-grid details.card-fold"))) return;
    // one player's panel at a time in a row: opening Emil's closes Fay's, which would lie over it
    if (fold.open) {
      fold.closest("tr").querySelectorAll("details.card-fold[open]").forEach(function (other) {
        if (other !== fold) other.open = false;
      });
    }
    makeRoom(fold);
  }, true);
  window.addEventListener("resize", function () {
    document.querySelectorAll(".seat-grid details.card-fold[open]").forEach(makeRoom);
  });

  // A choice each player holds a different one of (FieldSpec.distinct: TENNOS' suits, the aces drawn
  // again): a value taken from another player gives them the one this player leaves.
  var held = {};
  function noteHeld(root) {
    root.querySelectorAll("tr[data-distinct] input[type=radio]:checked").forEach(function (input) {
      held[input.name] = input.value;
    });
  }
  function giveBack(input) {
    var row = input.closest && input.closest("tr[data-distinct]");
    if (!row || input.type !== "radio" || !input.checked) return;
    var left = held[input.name];
    row.querySelectorAll("input[type=radio]:checked").forEach(function (other) {
      if (other === input || other.value !== input.value || left === undefined) return;
      var back = row.querySelector('input[name="' + other.name + '"][value="' + left + '"]');
      if (back) back.checked = true;
    });
    noteHeld(row);
  }
  // (before the other listeners of a change: the draft kept is the board after the swap)
  document.addEventListener("change", function (event) { giveBack(event.target); }, true);
  ["pointerdown", "keydown"].forEach(function (type) {  // what each holds just before a change (not on focus:
    // a tapped label's radio may take the focus already checked)
    document.addEventListener(type, function (event) {
      var row = event.target.closest && event.target.closest("tr[data-distinct]");
      if (row) noteHeld(row);
    }, true);
  });

  function init() {
    var root = document;
    // the offline page after a page's own Save: back to that page, whose typed values are kept
    root.querySelectorAll("a[data-back]").forEach(function (link) { link.hidden = history.length < 2; });
    noteHeld(root);
    root.querySelectorAll(".seat-grid details.card-fold[open]").forEach(makeRoom);
    applyHideIf(root);
    root.querySelectorAll(".piles").forEach(initPiles);
    hideEmptyGrids(root);
    root.querySelectorAll("tr[data-total]").forEach(drawShare);
    namesInRows(root);
  }

  document.addEventListener("click", function (event) {
    var tab = event.target.closest && event.target.closest(".piles .pile-tab");
    if (tab) select(tab.closest(".piles"), tab.getAttribute("data-seat"));
    var shared = event.target.closest && event.target.closest("td.share-picker button");
    if (shared && !shared.disabled) tapShare(shared);
  });
  // A box changed after a refused save: its own message was about the value it had, so it goes, with its
  // line under the row on a phone (a message about the whole row stays until the next save).
  function dropOwnError(input) {
    var place = input.closest && input.closest("tr[data-field] > td, div.field[data-field]");
    if (!place || !place.querySelector(".field-error:not([hidden])")) return;
    place.querySelectorAll(".field-error").forEach(function (error) { error.hidden = true; });
    input.classList.remove("invalid");
    var row = place.parentElement, under = row.matches("tr") && row.nextElementSibling;
    if (!under || !under.matches("tr.seat-errors")) return;
    var line = under.querySelector('p[data-seat="' + input.name.split("-").pop() + '"]');
    if (line) line.hidden = true;
    under.hidden = !under.querySelector("p:not([hidden])");
  }
  document.addEventListener("input", function (event) { dropOwnError(event.target); });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form");
    if (!form) return;
    dropOwnError(event.target);
    applyHideIf(form);
    form.querySelectorAll(".piles").forEach(updatePiles);
    hideEmptyGrids(form);
    form.querySelectorAll("tr[data-total]").forEach(drawShare);
    namesInRows(form);
    // a picker that takes a set number of cards (FieldSpec.maximum: one revealed card) closes once they are
    // picked, and the next one opens while nothing is picked there (the middle's, then each player's): the
    // cards lie on the table in order
    var fold = event.target.closest("details.fold[data-max]");
    if (fold && fold.querySelectorAll("input:checked").length >= parseInt(fold.getAttribute("data-max"), 10)) {
      fold.open = false;
      var folds = Array.prototype.slice.call(form.querySelectorAll("details.fold[data-max]"));
      var next = folds[folds.indexOf(fold) + 1];
      if (next && !next.querySelector("input:checked")) next.open = true;
      else next = fold;
      // the focus was on a card now folded away: on to the next picker's first card (or back to the summary)
      (next.open && next.querySelector("input:enabled") || next.querySelector("summary")).focus({ preventScroll: true });
    }
  });
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSwap", init);
})();
