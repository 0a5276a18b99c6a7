// Progressive help for the deal form; every page also works without it.
(function () {
  "use strict";

  // Fields shown only for some values of another field (data-show-if / data-show-values) and only
  // while enough are chosen in another (data-show-if-count / data-show-min: Handjass trump when two
  // or more play); both conditions must hold, as in the engine's is_shown.
  function applyShowIf(root) {
    root.querySelectorAll("[data-show-if], [data-show-if-count]").forEach(function (el) {
      var form = el.closest("form");
      if (!form) return;
      var shown = true;
      var name = el.getAttribute("data-show-if");
      if (name) {
        var wanted = el.getAttribute("data-show-values").split(" ");
        var value = null;
        form.querySelectorAll('[name="' + name + '"]').forEach(function (input) {
          if (input.type === "checkbox") value = input.checked ? input.value : "";
          else if (input.type !== "radio" || input.checked) value = input.value;
        });
        shown = wanted.indexOf(value) !== -1;
      }
      var counted = el.getAttribute("data-show-if-count");
      if (counted) {
        var chosen = form.querySelectorAll('[name="' + counted + '"]:checked').length;
        shown = shown && chosen >= parseInt(el.getAttribute("data-show-min"), 10);
      }
      el.hidden = !shown;
    });
    // a row asked seat by seat where no seat is asked yet (nobody has 0 card points) hides its label too
    root.querySelectorAll("tr[data-field]").forEach(function (row) {
      var seats = row.querySelectorAll("td > [data-show-if]");
      if (!seats.length) return;
      row.toggleAttribute("data-none-asked", Array.prototype.every.call(seats, function (seat) { return seat.hidden; }));
    });
  }

  // A per-seat row with data-total: once all boxes but one are typed, the remainder is offered in
  // the open box. While that box has the finger it is only a placeholder (typing replaces it, never
  // appends to it); a box that is empty and not focused gets it as its value.
  function fillTotal(row) {
    var total = parseInt(row.getAttribute("data-total"), 10);
    var boxes = Array.prototype.slice.call(row.querySelectorAll("input.num"));
    var typed = boxes.filter(function (b) { return b.value.trim() !== "" && b.dataset.filled !== "1"; });
    var open = boxes.filter(function (b) { return typed.indexOf(b) === -1; });
    boxes.forEach(function (b) { b.placeholder = ""; });
    var sum = typed.reduce(function (acc, b) { var n = parseInt(b.value, 10); return acc + (isNaN(n) ? NaN : n); }, 0);
    var rest = total - sum;
    if (open.length !== 1 || isNaN(rest) || rest < 0) {
      open.forEach(function (b) { if (b.dataset.filled === "1") { b.value = ""; delete b.dataset.filled; } });
      return;
    }
    var box = open[0];
    if (box === document.activeElement) {
      if (box.dataset.filled === "1") { box.value = ""; delete box.dataset.filled; }
      box.placeholder = String(rest);
    } else {
      box.value = String(rest);
      box.dataset.filled = "1";
      box.dispatchEvent(new Event("change", { bubbles: true }));
    }
  }

  // Card points above zero mean the player took a trick (Schieberamsch): tick it unless the
  // table already touched that box.
  function impliedTrick(box) {
    var row = box.closest("tr[data-field=points]");
    var form = box.closest("form");
    if (!row || !form) return;
    var seat = box.name.split("-").pop();
    var took = form.querySelector('tr[data-field=took_trick] input[name="took_trick-' + seat + '"]');
    if (took && !took.dataset.touched && parseInt(box.value, 10) > 0) took.checked = true;
  }

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

  function init(root) {
    untypedDefaults(root);
    applyShowIf(root);
    nameDealers();
  }

  document.addEventListener("change", function (event) {
    if (event.isTrusted && event.target.matches && event.target.matches("tr[data-field=took_trick] input")) {
      event.target.dataset.touched = "1";
    }
    if (event.target.matches && event.target.matches("input.num")) impliedTrick(event.target);
    applyShowIf(document);
    var fold = event.target.closest && event.target.closest("details.fold");
    if (fold) summarise(fold);
  });
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input.name")) nameDealers();
    var row = event.target.closest && event.target.closest("[data-total]");
    if (row && event.target.matches("input.num")) {
      delete event.target.dataset.filled;
      fillTotal(row);
    }
    if (event.target.matches && event.target.matches("input.num")) impliedTrick(event.target);
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
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSwap", function (event) { init(document); });
})();
