// Runs in <head> before the page is drawn, so a chosen dark theme never flashes light.
(function () {
  "use strict";
  try {
    var chosen = window.localStorage.getItem("tablerank-theme");
    if (chosen === "dark" || chosen === "light") {
      document.documentElement.setAttribute("data-theme", chosen);
    }
  } catch (e) {
    // Storage may be blocked (private windows); the light theme stays.
  }
  document.documentElement.classList.add("js");
})();
