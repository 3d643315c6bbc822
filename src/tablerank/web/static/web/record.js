// The site's forms. htmx shows the league's refusals (403, 409) and rejected sheets (400) in
// place instead of dropping them; the score sheet keeps the user's tick on "X won" when a late
// check redraws it for the same winner; a tapped number field selects its value to type over.
(function () {
  "use strict";

  var CONFIRM = "input[name=confirm_winner]";
  var ticked = null;

  document.addEventListener("htmx:beforeSwap", function (event) {
    var status = event.detail.xhr.status;
    if (status === 400 || status === 403 || status === 409) {
      event.detail.shouldSwap = true;
      event.detail.isError = false;
    }
    var box = event.detail.target && event.detail.target.querySelector(CONFIRM);
    ticked = box && box.checked ? box.value : null;
  });

  document.addEventListener("htmx:afterSwap", function (event) {
    var box = event.detail.target && event.detail.target.querySelector(CONFIRM);
    if (box && ticked !== null && box.value === ticked) {
      box.checked = true;
    }
    ticked = null;
  });

  document.addEventListener("focusin", function (event) {
    var field = event.target;
    if (field instanceof HTMLInputElement && field.type === "number") {
      field.select();
    }
  });
})();
