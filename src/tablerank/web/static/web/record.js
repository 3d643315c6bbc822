// The site's forms. htmx shows the league's refusals (403, 409) and rejected sheets (400) in
// place instead of dropping them; the score sheet keeps the user's tick on "X won" when a late
// check redraws it for the same winner; a tapped number field selects its value to type over;
// a count of pieces shows the VP it gives beside it as it is typed ("= 6 VP" for 3 cities; the
// server writes the same when it draws the form).
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

  document.addEventListener("input", function (event) {
    var field = event.target;
    if (!(field instanceof HTMLInputElement) || !field.dataset.points) {
      return;
    }
    var output = document.getElementById("vp-" + field.name);
    var count = field.value.trim();
    if (output) {
      output.textContent = /^\d{1,2}$/.test(count)
        ? "= " + Number(count) * Number(field.dataset.points) + " VP"
        : "";
    }
  });

  document.addEventListener("focusin", function (event) {
    var field = event.target;
    if (field instanceof HTMLInputElement && field.type === "number") {
      field.select();
    }
  });
})();
