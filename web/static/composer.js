/* The keeper's card composer (web/templates/moves.html): ticking a symbol shows the cards
   that have every symbol ticked, and leaves enabled only the symbols that some such card
   also has. The cards and the symbols the server offers are in the page (the server decided
   which can still be unseen); this script only narrows them. A Trap card's tap turns to the
   card it drew, picked the same way. Without this script the form posts the symbols ticked.
   No inline script, no eval: the Content-Security-Policy forbids both. */
(function () {
  "use strict";

  function ticked(stage) {
    return Array.from(stage.querySelectorAll("input[type=checkbox]:checked"), (box) => box.value);
  }

  function symbols(card) {
    return (card.dataset.symbols || "").split(" ").filter(Boolean);
  }

  function update(stage) {
    const chosen = ticked(stage);
    const cards = Array.from(stage.querySelectorAll(".candidates button"));
    cards.forEach((card) => {
      const has = symbols(card);
      card.hidden = !(chosen.length && chosen.every((s) => has.includes(s)));
    });
    stage.querySelectorAll("input[type=checkbox]").forEach((box) => {
      if (box.hasAttribute("data-off") || box.checked) return;
      const wanted = chosen.concat([box.value]);
      box.disabled = !cards.some((card) => wanted.every((s) => symbols(card).includes(s)));
    });
  }

  function show(form, which) {
    form.querySelectorAll(".stage").forEach((stage) => {
      stage.hidden = stage.dataset.stage !== which;
    });
  }

  function ready(root) {
    (root.querySelectorAll ? root : document).querySelectorAll(".composer").forEach((form) => {
      if (form.dataset.ready) return;
      form.dataset.ready = "1";
      form.classList.add("scripted");
      form.querySelectorAll(".stage").forEach(update);
      show(form, "compose");
    });
  }

  document.addEventListener("change", (event) => {
    const stage = event.target.closest && event.target.closest(".composer .stage");
    if (stage) update(stage);
  });

  document.addEventListener("click", (event) => {
    const button = event.target.closest && event.target.closest(".composer button");
    if (!button) return;
    const form = button.closest(".composer");
    const stage = button.closest(".stage");
    if (button.classList.contains("back")) {
      form.querySelector("input[name=pick][type=hidden]").disabled = true;
      show(form, "compose");
      return;
    }
    if (stage.dataset.stage === "compose" && button.hasAttribute("data-drawn")) {
      event.preventDefault(); // a Trap: first the card it drew
      const kept = form.querySelector("input[name=pick][type=hidden]");
      kept.value = button.value;
      kept.disabled = false;
      form.querySelector(".drawn-of").textContent = button.textContent.trim();
      show(form, "drawn");
    }
  });

  // A tap the server refused before reading it (a page token too old, a body too large):
  // its one line on the moves, not a tap that silently did nothing.
  document.addEventListener("htmx:responseError", (event) => {
    const moves = document.getElementById("moves");
    if (!moves) return;
    const line = document.createElement("p");
    line.className = "error";
    line.dataset.testid = "write-error";
    line.setAttribute("role", "alert");
    line.textContent = (event.detail.xhr.responseText || "").slice(0, 300);
    moves.prepend(line);
  });

  document.addEventListener("DOMContentLoaded", () => ready(document));
  document.addEventListener("htmx:load", (event) => ready(event.target));
})();
