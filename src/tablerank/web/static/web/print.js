// The print-outs' Print button (hidden until this script shows it): the browser's print dialog.
// A file of its own, not an inline handler: the site's CSP forbids those.
(function () {
  "use strict";
  document.querySelectorAll("[data-print]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      window.print();
    });
  });
})();
