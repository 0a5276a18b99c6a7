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
    var piles = Array.prototype.slice.call(block.querySelectorAll("fieldset.pile"));
    var owner = {};
    piles.forEach(function (pile) {
      pile.querySelectorAll("label.card input:checked").forEach(function (input) {
        if (!(input.value in owner)) owner[input.value] = pile;
      });
    });
    // Handjass: once who plays is ticked, only the players' piles are offered
    var players = form ? Array.prototype.map.call(form.querySelectorAll('input[type=checkbox][name="playing"]:checked'),
      function (input) { return input.value; }) : [];
    piles.forEach(function (pile) {
      var seat = pile.getAttribute("data-seat");
      var tab = block.querySelector('.pile-tab[data-seat="' + seat + '"]');
      if (tab) tab.hidden = players.length > 0 && players.indexOf(seat) === -1;
    });
    var current = block.querySelector(".pile-tab[aria-selected=true]");
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
        if (input.checked || inferred) { count += 1; sum += points[input.value] || 0; }
      });
      var text = count ? block.getAttribute("data-sum").replace("{cards}", count).replace("{points}", sum) : "";
      var tab = block.querySelector('.pile-tab[data-seat="' + pile.getAttribute("data-seat") + '"]');
      pile.querySelector("legend .pile-sum").textContent = text;
      if (tab) {
        tab.querySelector(".pile-sum").textContent = isRest ? block.getAttribute("data-rest-word") + (count ? " · " + text : "") : text;
        tab.classList.toggle("rest", isRest);
      }
    });
  }

  function select(block, seat) {
    block.querySelectorAll("fieldset.pile").forEach(function (pile) {
      pile.classList.toggle("current", pile.getAttribute("data-seat") === seat);
    });
    block.querySelectorAll(".pile-tab").forEach(function (tab) {
      tab.setAttribute("aria-selected", tab.getAttribute("data-seat") === seat ? "true" : "false");
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

  // A per-player grid whose every row is hidden (cards tapped instead of points typed) hides its names too.
  function hideEmptyGrids(root) {
    root.querySelectorAll("table.seat-grid:not(.locked)").forEach(function (grid) {
      var rows = grid.querySelectorAll("tbody tr[data-field]");
      var shown = Array.prototype.some.call(rows, function (row) {
        return !row.hidden && !row.hasAttribute("data-hidden-if");
      });
      grid.toggleAttribute("data-hidden-if", rows.length > 0 && !shown);
    });
  }

  // A card picker folded in a per-player cell opens as a panel across the form (cards.css); the fold keeps
  // room for it below its summary, so the panel pushes the rows below down instead of covering them.
  function makeRoom(fold) {
    var panel = fold.querySelector(":scope > .cards");
    fold.style.paddingBottom = fold.open && panel ? (panel.offsetHeight + 8) + "px" : "";
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

  function init(root) {
    root.querySelectorAll(".seat-grid details.card-fold[open]").forEach(makeRoom);
    applyHideIf(root);
    hideEmptyGrids(root);
    root.querySelectorAll(".piles").forEach(initPiles);
  }

  document.addEventListener("click", function (event) {
    var tab = event.target.closest && event.target.closest(".pile-tab");
    if (tab) select(tab.closest(".piles"), tab.getAttribute("data-seat"));
  });
  document.addEventListener("change", function (event) {
    var form = event.target.closest && event.target.closest("form");
    if (!form) return;
    applyHideIf(form);
    hideEmptyGrids(form);
    form.querySelectorAll(".piles").forEach(updatePiles);
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSwap", function () { init(document); });
})();
