// tablerank's pages: the theme switch, tidy filter URLs, auto-submitting selects, a large
// league's player names suggested as one types, and the rating-history charts (uPlot). No
// inline scripts anywhere: the site's CSP forbids them.
(function () {
  "use strict";

  var THEME_KEY = "tablerank-theme";
  var charts = [];

  // -- theme ----------------------------------------------------------------------------------

  function currentTheme() {
    return document.documentElement.getAttribute("data-theme") === "dark" ? "dark" : "light";
  }

  function showTheme() {
    var dark = currentTheme() === "dark";
    document.querySelectorAll("[data-theme-toggle]").forEach(function (button) {
      button.setAttribute("aria-pressed", dark ? "true" : "false");
    });
  }

  function toggleTheme() {
    var next = currentTheme() === "dark" ? "light" : "dark";
    document.documentElement.setAttribute("data-theme", next);
    try {
      window.localStorage.setItem(THEME_KEY, next);
    } catch (e) {
      // Not stored: the choice lasts for this page only.
    }
    showTheme();
    redrawCharts();
  }

  // -- forms ----------------------------------------------------------------------------------

  // Leave empty filters out of the URL htmx requests and pushes (?city=Bonn, not ?group=&city=Bonn).
  document.addEventListener("htmx:configRequest", function (event) {
    var params = event.detail.parameters;
    var empty = [];
    if (params && typeof params.forEach === "function") {
      params.forEach(function (value, key) {
        if (value === "") {
          empty.push(key);
        }
      });
      empty.forEach(function (key) {
        params.delete(key);
      });
    }
  });

  function wireAutosubmit(root) {
    root.querySelectorAll("select[data-autosubmit]").forEach(function (select) {
      if (select.dataset.wired) {
        return;
      }
      select.dataset.wired = "1";
      select.addEventListener("change", function () {
        if (select.form) {
          select.form.requestSubmit ? select.form.requestSubmit() : select.form.submit();
        }
      });
    });
  }

  // -- charts ---------------------------------------------------------------------------------

  function cssVar(name) {
    return getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  }

  function readData(container) {
    var source = document.getElementById(container.getAttribute("data-chart-source"));
    if (!source) {
      return null;
    }
    try {
      return JSON.parse(source.textContent);
    } catch (e) {
      return null;
    }
  }

  // Shows the game under the cursor (or finger) below the chart: date, id and rating.
  function readout(u) {
    var entry = charts.filter(function (c) {
      return c.chart === u;
    })[0];
    if (!entry) {
      return;
    }
    var i = u.cursor.idx;
    entry.readout.textContent = "";
    if (i == null) {
      entry.readout.textContent = "Point at the line to see a game.";
      return;
    }
    var line = entry.line;
    var value = document.createElement("strong");
    value.textContent = String(Math.round(line.ratings[i] * 1000) / 1000);
    entry.readout.append(
      "Game " + (i + 1) + " · " + line.dates[i] + " · " + line.games[i] + ": ",
      value
    );
  }

  function chartOptions(width, line, label) {
    var accent = cssVar("--accent");
    var muted = cssVar("--muted");
    var grid = cssVar("--grid");
    return {
      width: width,
      height: Math.max(200, Math.min(320, Math.round(width * 0.45))),
      scales: { x: { time: false } },
      legend: { show: false },
      hooks: { setCursor: [readout] },
      cursor: { drag: { x: false, y: false }, points: { size: 10 } },
      series: [
        {
          label: "Game",
          value: function (u, v) {
            if (v == null || !line.dates[v - 1]) {
              return "–";
            }
            return line.dates[v - 1] + " · " + line.games[v - 1];
          },
        },
        {
          label: label,
          stroke: accent,
          width: 2.5,
          fill: cssVar("--accent-fill"),
          points: { show: line.ratings.length <= 40, size: 6, fill: accent },
          value: function (u, v) {
            return v == null ? "–" : String(Math.round(v * 1000) / 1000);
          },
        },
      ],
      axes: [
        {
          stroke: muted,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          label: "games played",
          labelSize: 24,
          incrs: [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000],
        },
        {
          stroke: muted,
          grid: { stroke: grid, width: 1 },
          ticks: { stroke: grid },
          size: 60,
        },
      ],
    };
  }

  function drawChart(container) {
    if (typeof window.uPlot !== "function") {
      return;
    }
    var data = readData(container);
    if (!data || !data.series) {
      return;
    }
    container.textContent = "";
    data.series.forEach(function (line) {
      var block = document.createElement("figure");
      block.className = "chart-block";
      if (data.series.length > 1 || line.list) {
        var caption = document.createElement("figcaption");
        caption.textContent = line.list;
        block.appendChild(caption);
      }
      var plot = document.createElement("div");
      block.appendChild(plot);
      var said = document.createElement("p");
      said.className = "chart-readout";
      said.textContent = "Point at the line to see a game.";
      block.appendChild(said);
      container.appendChild(block);
      var xs = line.ratings.map(function (_, i) {
        return i + 1;
      });
      var width = Math.max(240, plot.clientWidth || container.clientWidth);
      var chart = new window.uPlot(
        chartOptions(width, line, data.label),
        [xs, line.ratings],
        plot
      );
      charts.push({
        chart: chart,
        plot: plot,
        line: line,
        label: data.label,
        container: container,
        readout: said,
      });
    });
  }

  function drawCharts(root) {
    root.querySelectorAll("[data-chart]").forEach(drawChart);
  }

  function redrawCharts() {
    var containers = [];
    charts.forEach(function (entry) {
      entry.chart.destroy();
      if (containers.indexOf(entry.container) < 0) {
        containers.push(entry.container);
      }
    });
    charts = [];
    containers.forEach(drawChart);
  }

  function resizeCharts() {
    charts.forEach(function (entry) {
      var width = Math.max(240, entry.plot.clientWidth);
      var height = Math.max(200, Math.min(320, Math.round(width * 0.45)));
      if (entry.chart.width !== width) {
        entry.chart.setSize({ width: width, height: height });
      }
    });
  }

  var resizeTimer = null;
  window.addEventListener("resize", function () {
    window.clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(resizeCharts, 120);
  });

  // -- fields remembered on this device (the record form's city) ------------------------------

  function rememberFields(root) {
    root.querySelectorAll("input[data-remember]").forEach(function (input) {
      var key = "tablerank-" + input.getAttribute("data-remember");
      try {
        if (!input.value) {
          input.value = window.localStorage.getItem(key) || "";
        }
      } catch (e) {
        // No storage: nothing is remembered.
      }
      var remember = function () {
        try {
          window.localStorage.setItem(key, input.value);
        } catch (e) {
          // Not stored.
        }
      };
      input.addEventListener("input", remember);
      input.addEventListener("change", remember);
    });
  }

  // -- a league's address suggested from its name (the server makes the same when it is empty) --

  function suggestSlugs(root) {
    root.querySelectorAll("input[data-slug-from]").forEach(function (slug) {
      var name = document.getElementById(slug.getAttribute("data-slug-from"));
      if (!name) {
        return;
      }
      var touched = slug.value !== "";
      slug.addEventListener("input", function () {
        touched = slug.value !== "";
      });
      name.addEventListener("input", function () {
        if (!touched) {
          slug.value = name.value.normalize("NFKD").replace(/[\u0300-\u036f]/g, "")
            .toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "").slice(0, 50);
        }
      });
    });
  }

  // -- a large league's player names, asked for as one types (common.name_suggestions) ---------

  var NAMES_DELAY_MS = 200;
  var namesWaiting = new WeakMap();
  var namesAsked = new WeakMap();

  // Fill the field's list with the names starting with what is typed: the latest answer only.
  function suggestNames(field) {
    var list = field.list;
    var url = list ? list.getAttribute("data-names") : null;
    if (!url) {
      return;
    }
    window.clearTimeout(namesWaiting.get(list));
    namesWaiting.set(list, window.setTimeout(function () {
      var typed = field.value.trim();
      var asked = (namesAsked.get(list) || 0) + 1;
      namesAsked.set(list, asked);
      if (!typed) {
        list.replaceChildren();
        return;
      }
      window.fetch(url + "?q=" + encodeURIComponent(typed), {
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      }).then(function (response) {
        return response.ok ? response.json() : { names: [] };
      }).then(function (answer) {
        if (namesAsked.get(list) !== asked) {
          return;
        }
        list.replaceChildren.apply(list, answer.names.map(function (name) {
          var option = document.createElement("option");
          option.value = name;
          return option;
        }));
      }).catch(function () {
        // No suggestions this time: the field still takes any name.
      });
    }, NAMES_DELAY_MS));
  }

  document.addEventListener("input", function (event) {
    var field = event.target;
    if (field instanceof HTMLInputElement && field.list) {
      suggestNames(field);
    }
  });

  // -- start ----------------------------------------------------------------------------------

  function start(root) {
    wireAutosubmit(root);
    rememberFields(root);
    suggestSlugs(root);
    drawCharts(root);
  }

  // A long request (reading or importing a file) says it is working; the button waits.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    var words = form.getAttribute ? form.getAttribute("data-busy-text") : null;
    if (!words) {
      return;
    }
    form.querySelectorAll("button[type=submit]").forEach(function (button) {
      button.textContent = words;
      button.setAttribute("aria-busy", "true");
      button.disabled = true;
    });
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest ? event.target.closest("[data-theme-toggle]") : null;
    if (button) {
      toggleTheme();
    }
  });

  document.addEventListener("DOMContentLoaded", function () {
    showTheme();
    start(document);
  });

  document.addEventListener("htmx:load", function (event) {
    if (event.target !== document.body) {
      start(event.target);
    }
  });
})();
