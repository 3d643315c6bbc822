// Runs in <head> before the page is drawn, so a dark theme never flashes light. The theme the
// visitor chose (the header's toggle, kept in localStorage) wins; without one the page follows
// the system's light or dark preference, also when it changes while the page is open.
(function () {
  "use strict";
  var root = document.documentElement;
  var stored = function () {
    try {
      return window.localStorage.getItem("tablerank-theme");
    } catch (e) {
      return null; // Storage may be blocked (private windows): the system's preference decides.
    }
  };
  var chosen = stored();
  if (chosen === "dark" || chosen === "light") {
    root.setAttribute("data-theme", chosen);
  } else if (window.matchMedia) {
    var dark = window.matchMedia("(prefers-color-scheme: dark)");
    var follow = function () {
      if (stored() === null) {
        root.setAttribute("data-theme", dark.matches ? "dark" : "light");
      }
    };
    follow();
    if (dark.addEventListener) {
      dark.addEventListener("change", follow);
    }
  }
  root.classList.add("js");
})();
