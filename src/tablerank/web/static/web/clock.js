// The round's clock (templates web/pages/_clock.html): counts the seconds down in the browser
// between the server's refreshes. The server renders the time left (data-clock-seconds) and
// whether the clock is paused (data-clock-paused); this only displays, and every refresh
// (htmx swaps the block) starts it again from the server's word. No inline script: CSP.
(function () {
  "use strict";

  var SELECTOR = "[data-clock-seconds]";
  var deadlines = new WeakMap();

  // Written as tournament/clock.py's `shown`: minutes and seconds, "Time" at zero.
  function shown(seconds) {
    if (seconds <= 0) {
      return "Time";
    }
    var whole = Math.ceil(seconds);
    var rest = whole % 60;
    return Math.floor(whole / 60) + ":" + (rest < 10 ? "0" : "") + rest;
  }

  function left(element, now) {
    var seconds = parseFloat(element.getAttribute("data-clock-seconds"));
    if (element.getAttribute("data-clock-paused") === "true" || isNaN(seconds)) {
      return seconds;
    }
    if (!deadlines.has(element)) {
      deadlines.set(element, now + seconds * 1000);
    }
    return (deadlines.get(element) - now) / 1000;
  }

  function tick() {
    var now = performance.now();
    document.querySelectorAll(SELECTOR).forEach(function (element) {
      var seconds = left(element, now);
      if (isNaN(seconds)) {
        return;
      }
      var text = shown(seconds);
      if (element.textContent !== text) {
        element.textContent = text;
      }
      element.classList.toggle("clock-over", seconds <= 0);
    });
  }

  tick();
  window.setInterval(tick, 250);
})();
