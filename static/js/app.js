// Progressive help for the deal form; every page also works without it.
(function () {
  "use strict";

  // Fields shown only for some values of another field (data-show-if / data-show-values).
  function applyShowIf(root) {
    root.querySelectorAll("[data-show-if]").forEach(function (el) {
      var form = el.closest("form");
      if (!form) return;
      var name = el.getAttribute("data-show-if");
      var wanted = el.getAttribute("data-show-values").split(" ");
      var inputs = form.querySelectorAll('[name="' + name + '"]');
      var value = null;
      inputs.forEach(function (input) {
        if (input.type === "checkbox") value = input.checked ? input.value : "";
        else if (input.type !== "radio" || input.checked) value = input.value;
      });
      el.hidden = wanted.indexOf(value) === -1;
    });
  }

  // A per-seat row with data-total: when all but one box are typed, fill the last one.
  function fillTotal(row, changed) {
    var total = parseInt(row.getAttribute("data-total"), 10);
    if (changed) delete changed.dataset.filled;
    var boxes = Array.prototype.slice.call(row.querySelectorAll("input.num"));
    var typed = boxes.filter(function (b) { return b.value.trim() !== "" && b.dataset.filled !== "1"; });
    var open = boxes.filter(function (b) { return typed.indexOf(b) === -1; });
    if (open.length !== 1) return;
    var sum = typed.reduce(function (acc, b) { var n = parseInt(b.value, 10); return acc + (isNaN(n) ? NaN : n); }, 0);
    if (isNaN(sum)) return;
    open[0].value = String(total - sum);
    open[0].dataset.filled = "1";
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

  function init(root) {
    applyShowIf(root);
    nameDealers();
  }

  document.addEventListener("change", function (event) {
    applyShowIf(document);
    var fold = event.target.closest && event.target.closest("details.fold");
    if (fold) summarise(fold);
  });
  document.addEventListener("input", function (event) {
    if (event.target.matches && event.target.matches("input.name")) nameDealers();
    var row = event.target.closest && event.target.closest("[data-total]");
    if (row && event.target.matches("input.num")) fillTotal(row, event.target);
  });
  document.addEventListener("DOMContentLoaded", function () { init(document); });
  document.addEventListener("htmx:afterSwap", function (event) { init(document); });
})();
