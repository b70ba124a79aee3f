// Progressive enhancement for /score/: tap a rank, then a suit, to fill the next card.
// Without JavaScript the page is a plain form of text fields.
(function () {
  "use strict";
  var picker = document.getElementById("picker");
  var inputs = Array.prototype.slice.call(document.querySelectorAll(".card-input"));
  if (!picker || !inputs.length) { return; }
  picker.hidden = false;
  var active = null;
  var rank = null;

  function target() {
    if (active && !active.value) { return active; }
    for (var i = 0; i < inputs.length; i++) { if (!inputs[i].value) { return inputs[i]; } }
    return active || inputs[inputs.length - 1];
  }
  inputs.forEach(function (input) {
    input.addEventListener("focus", function () { active = input; });
  });
  picker.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) { return; }
    if (button.dataset.rank) {
      rank = button.dataset.rank;
      picker.querySelectorAll("[data-rank]").forEach(function (b) {
        b.classList.toggle("chosen", b === button);
      });
      return;
    }
    if (button.dataset.suit && rank) {
      var input = target();
      input.value = (rank === "T" ? "10" : rank) + button.dataset.suit;
      var next = inputs[inputs.indexOf(input) + 1];
      active = next || input;
      rank = null;
      picker.querySelectorAll("[data-rank]").forEach(function (b) { b.classList.remove("chosen"); });
    }
  });
})();
