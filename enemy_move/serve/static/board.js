// enemy-move serve: the board page. The page keeps the scenario's text, its undo steps and the players'
// choices; the server draws the board and the answer for each text (no state per phone on the server).
(function () {
  "use strict";
  var state = JSON.parse(document.getElementById("state").textContent);
  var text = state.text, base = state.base, file = state.file;
  var choices = {}, turn = 0, why = null, undo = [], redo = [];
  var tool = "look", brush = null, moving = null, wallFirst = null, sequence = 0, lastFigure = "";
  var boardBox = document.getElementById("board"), answer = document.getElementById("answer");
  var statusLine = document.getElementById("status"), formBox = document.getElementById("form");
  var shared = document.getElementById("shared");
  var UNDO_DEPTH = 200;

  function say(message, bad) {
    statusLine.textContent = message || "";
    statusLine.className = bad ? "bad" : "";
  }

  function post(api, body) {
    var headers = { "Content-Type": "application/json" };
    if (state.token) headers["X-Enemy-Move-Token"] = state.token;
    return fetch("/api/" + api, { method: "POST", headers: headers, body: JSON.stringify(body), credentials: "same-origin" })
      .then(function (response) {
        return response.text().then(function (raw) {
          var data;
          try { data = JSON.parse(raw); } catch (e) { data = { error: raw.trim() || response.statusText }; }
          data.status = response.status;
          return data;
        });
      }, function () { return { error: "the server does not answer (is enemy-move serve still running?)", status: 0 }; });
  }

  function request(extra) {
    var body = { text: text, file: file, choices: choices, turn: turn, why: why, sight: sight };
    for (var key in extra) body[key] = extra[key];
    return body;
  }

  // Only the newest answer is shown: an older one arriving late is dropped.
  function show(data, mine) {
    if (mine !== undefined && mine !== sequence) return;
    if (data.board) boardBox.innerHTML = data.board;
    if (data.answer !== undefined) answer.innerHTML = data.answer;
    if (typeof data.turn === "number") turn = data.turn;
    document.body.classList.toggle("invalid", !!data.error);
    if (shared.getAttribute("data-text") !== text) { shared.hidden = true; shared.innerHTML = ""; }  // a link to a position left
    markTools();
  }

  function refresh() {
    var mine = ++sequence;
    return post("view", request({})).then(function (data) {
      if (data.status >= 400 && !data.answer) { say(data.error, true); return; }
      show(data, mine);
    });
  }

  function remember() {
    undo.push(text);
    if (undo.length > UNDO_DEPTH) undo.shift();
    redo = [];
  }

  function edit(op) {
    var mine = ++sequence;
    return post("edit", request({ op: op })).then(function (data) {
      if (data.status >= 400) { say(data.error, true); return; }
      if (data.text !== text) {
        remember();
        text = data.text;
        choices = data.choices || {};
      }
      say(data.message || "", !!data.message && data.message !== "nothing changed");
      show(data, mine);
    });
  }

  function setText(newText, message) {
    text = newText;
    choices = {};
    why = null;
    say(message || "");
    return refresh();
  }

  // --- taps on the board --------------------------------------------------------------------

  // What lies under the finger: marks drawn over the board (routes, badges) are looked through.
  function hit(event, attribute, only) {
    var found = document.elementsFromPoint(event.clientX, event.clientY);
    for (var i = 0; i < found.length; i++) {
      var node = found[i].closest ? found[i].closest((only || "") + "[" + attribute + "]") : null;
      if (node && boardBox.contains(node)) return node.getAttribute(attribute);
    }
    return null;
  }

  // A figure drawn smaller than a finger (an area board fitted to a phone: discs of 12-17 px) is found within
  // FINGER px of its centre, the nearest first; a disc of SMALL_DISC px or more only where it is drawn.
  var FINGER = 22, SMALL_DISC = 24;
  function nearFigure(event) {
    var best = null, nearest = FINGER;
    boardBox.querySelectorAll("g.figure[data-figure] circle").forEach(function (disc) {
      var r = disc.getBoundingClientRect();
      if (!r.width || r.width >= SMALL_DISC) return;
      var away = Math.hypot(event.clientX - (r.left + r.width / 2), event.clientY - (r.top + r.height / 2));
      if (away <= nearest) { nearest = away; best = disc.closest("g.figure").getAttribute("data-figure"); }
    });
    return best;
  }

  boardBox.addEventListener("click", function (event) {
    var figure = hit(event, "data-figure", "g.figure");  // a disc, not a displacement arrow naming its figure
    if (!figure && tool === "look" && !moving) figure = nearFigure(event);
    var cell = hit(event, "data-cell");
    var area = hit(event, "data-area");
    if (moving && (cell || area)) {
      var label = moving;
      moving = null;
      if (cell) edit({ kind: "place", label: label, cell: cell });
      else edit({ kind: "place_in_area", label: label, area: area });
      return;
    }
    if (tool === "sight" && (cell || area)) { sightFrom(cell || area); return; }
    if (tool === "paint" && cell) { edit({ kind: "paint", symbol: brush, cell: cell }); return; }
    if (tool === "place" && (cell || area)) {
      var typed = document.getElementById("new-label").value.trim();
      if (!typed) { say("type the figure's label (one letter or digit) first", true); return; }
      if (cell) edit({ kind: "place", label: typed, cell: cell });
      else edit({ kind: "place_in_area", label: typed, area: area });
      return;
    }
    if (tool === "wall" && cell) {
      if (!wallFirst) { wallFirst = cell; say("thin wall: now tap the neighbouring cell on the other side"); return; }
      var first = wallFirst;
      wallFirst = null;
      edit({ kind: "wall", cell: first, other: cell });
      return;
    }
    if (figure) {
      moving = figure;
      lastFigure = figure;
      say("moving " + figure + ": tap where it goes (its form is below)");
      openForm("figure", figure);
      return;
    }
    if (area) openForm("area", area);
    if (cell || area) { why = cell || area; refresh(); }
  });

  // --- the answer: turns and the players' choice ----------------------------------------------

  answer.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    if (button.hasAttribute("data-turn")) { turn = parseInt(button.getAttribute("data-turn"), 10); refresh(); return; }
    if (button.hasAttribute("data-option")) {
      choices[button.getAttribute("data-actor")] = parseInt(button.getAttribute("data-option"), 10);
      refresh();
    }
  });

  // --- palette and buttons ----------------------------------------------------------------------

  function markTools() {
    document.querySelectorAll(".palette .tool").forEach(function (button) {
      var on = (button.hasAttribute("data-paint") && tool === "paint" && button.getAttribute("data-paint") === brush) ||
        (button.getAttribute("data-tool") === tool && tool !== "paint");
      button.classList.toggle("picked", on);
      button.setAttribute("aria-pressed", on ? "true" : "false");
    });
    var undoButton = document.querySelector('[data-action="undo"]'), redoButton = document.querySelector('[data-action="redo"]');
    if (undoButton) undoButton.disabled = undo.length === 0;
    if (redoButton) redoButton.disabled = redo.length === 0;
  }

  document.querySelector(".palette").addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    wallFirst = null;
    moving = null;
    if (button.hasAttribute("data-paint")) { tool = "paint"; brush = button.getAttribute("data-paint"); say("tap cells to paint " + button.title); }
    else {
      tool = button.getAttribute("data-tool");
      brush = null;
      say({ look: "tap a cell: why not; a figure: move it and its form", wall: "tap a cell, then its neighbour: a thin wall between them",
            place: "tap where the figure goes" }[tool] || "");
    }
    markTools();
  });

  var actions = {
    undo: function () {
      if (!undo.length) { say("nothing to undo"); return; }
      redo.push(text);
      setText(undo.pop(), "undone");
    },
    redo: function () {
      if (!redo.length) { say("nothing to redo"); return; }
      undo.push(text);
      setText(redo.pop(), "redone");
    },
    next: function () {
      var mine = ++sequence;
      post("next", request({})).then(function (data) {
        if (data.status >= 400) { say(data.error, true); return; }
        if (!data.text) {
          say(data.message, !!data.need);
          if (data.need) { turn = data.need.turn; refresh(); }
          return;
        }
        remember();
        text = data.text;
        choices = {};
        why = null;
        turn = 0;
        say(data.message);
        show(data, mine);
      });
    },
    save: function () {
      var body = { text: text, file: file, base: base };
      if (!file) {
        var name = window.prompt("Save the new board as (a file name in the served folder):", "board.yaml");
        if (!name) return;
        body = { text: text, name: name };
      }
      post("save", body).then(function (data) {
        if (data.status === 409 && data.conflict) {
          say(data.error, true);
          var again = document.createElement("a");
          again.href = window.location.pathname + (state.token ? "?token=" + encodeURIComponent(state.token) : "");
          again.textContent = " Reload from disk";
          statusLine.appendChild(again);
          return;
        }
        if (data.status >= 400) { say(data.error, true); return; }
        if (!file) { window.location.href = "/board/" + encodeURI(data.file); return; }
        base = data.base;
        say(data.message);
      });
    },
    share: function () {
      post("share", request({})).then(function (data) {
        if (data.status >= 400) { say(data.error, true); return; }
        var link = window.location.origin + window.location.pathname + "?position=" + data.position +
          (state.token ? "&token=" + encodeURIComponent(state.token) : "");
        showShared(link);
        if (navigator.clipboard && window.isSecureContext) navigator.clipboard.writeText(link).catch(function () {});
      });
    },
    // the card of the figure tapped last opens (its own, its type's), the others shut
    card: function () { openForm("card", lastFigure, true); },
    stats: openStatCards,
    "enemy-cards": function () { openForm("enemy-cards", lastFigure, true); },
    scenario: function () { openForm("scenario", "", true); },
    links: function () { openForm("links", "", true); },
    border: function () { edit({ kind: "border" }); }
  };

  // The link to this position, to copy (a phone on the table's network is no secure context: no clipboard API, so
  // Copy selects the link and asks the browser to copy it), and its QR code: another phone scans it off this one.
  function showShared(link) {
    say("");
    shared.innerHTML = '<p>This position on another phone: scan the code, or copy the link.</p><div class="copy">' +
      '<input readonly aria-label="link to this position"><button type="button" data-share="copy">Copy</button>' +
      '<button type="button" data-share="close">Close</button></div><div class="qr"></div>';
    var field = shared.querySelector("input");
    field.value = link;
    shared.setAttribute("data-text", text);
    shared.hidden = false;
    post("qr", { link: link }).then(function (data) {
      var box = shared.querySelector(".qr");
      if (!box || field.value !== link) return;
      if (data.svg) box.innerHTML = data.svg;
      else box.textContent = data.message || data.error || "";
    });
  }
  shared.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-share]"), field = shared.querySelector("input");
    if (!button) { if (event.target === field) field.select(); return; }
    if (button.getAttribute("data-share") === "close") { shared.hidden = true; shared.innerHTML = ""; return; }
    field.select();
    var copied = false;
    try { copied = document.execCommand("copy"); } catch (e) { copied = false; }
    say(copied ? "link copied" : "the link is selected: copy it with your phone's menu", !copied);
  });

  document.querySelector(".actions").addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (button && actions[button.getAttribute("data-action")]) actions[button.getAttribute("data-action")]();
  });

  // --- forms ------------------------------------------------------------------------------------

  // The stat cards (issue 33): the scenario level, each monster type's card, a new line by level, a new card.
  function openStatCards() { openForm("stats", lastFigure, true); }

  // The form opens under the board; opened from a button further down, the page scrolls to it. Drawn again after
  // Apply, it keeps the sections (cards, More) the player had open.
  function openForm(what, target, show, opened) {
    // another form replaces a tapped figure's: the figure is no longer moving (a tap on the board asks why not)
    if (moving && what !== "figure") { moving = null; say(""); }
    post("form", request({ what: what, target: target })).then(function (data) {
      if (data.status >= 400) { say(data.error, true); return; }
      if (data.message) say(data.message, true);
      formBox.innerHTML = data.html || "";
      if (opened) formBox.querySelectorAll("details.part").forEach(function (part) {
        part.open = opened.indexOf(part.getAttribute("data-key")) >= 0;
      });
      if (show && formBox.firstChild) formBox.scrollIntoView({ block: "start" });
    });
  }

  function openParts(form) {
    return Array.prototype.map.call(form.querySelectorAll("details.part[open]"), function (part) { return part.getAttribute("data-key"); });
  }

  formBox.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-form-action]");
    if (!button) return;
    var form = button.closest("form");
    if (button.getAttribute("data-form-action") === "close") { formBox.innerHTML = ""; moving = null; say(""); }
    if (button.getAttribute("data-form-action") === "remove") {
      formBox.innerHTML = "";
      moving = null;
      edit({ kind: "remove", label: form.getAttribute("data-target") });
    }
  });

  formBox.addEventListener("submit", function (event) {
    event.preventDefault();
    var form = event.target, what = form.getAttribute("data-what");
    if (what === "links") {
      var lines = form.querySelector("textarea").value.split("\n");
      var area = form.querySelector('input[name="new-area"]').value.trim();
      edit({ kind: "links", links: lines }).then(function () {
        if (area) edit({ kind: "add_area", name: area }).then(function () { openForm("links", ""); });
      });
      return;
    }
    var values = {};
    form.querySelectorAll("input[name]").forEach(function (input) {
      values[input.name] = input.type === "checkbox" ? input.checked : input.value;
    });
    moving = null;
    var opened = openParts(form);
    edit({ kind: "set", values: values, figure: what === "figure" ? form.getAttribute("data-target") : "" }).then(function () {
      openForm(what, form.getAttribute("data-target"), false, opened);
    });
  });

  // A comma list (conditions, an order of types or labels): its suggestions are the list typed so far followed by
  // each item not in it yet, so that the browser offers the next item, not a whole list in place of it.
  function offerNext(input) {
    var list = input.list;
    if (!list) return;
    if (!list.items) list.items = Array.prototype.map.call(list.options, function (option) { return option.value; });
    var raw = input.value, comma = raw.lastIndexOf(",");
    var head = comma < 0 ? "" : raw.slice(0, comma + 1) + (raw.charAt(comma + 1) === " " || comma === raw.length - 1 ? " " : "");
    var listed = raw.slice(0, comma + 1).split(",").map(function (item) { return item.trim(); });
    var fresh = document.createDocumentFragment();
    list.items.forEach(function (item) {
      if (listed.indexOf(item) >= 0) return;
      var option = document.createElement("option");
      option.value = head + item;
      fresh.appendChild(option);
    });
    list.replaceChildren(fresh);
  }
  ["focusin", "input"].forEach(function (name) {
    formBox.addEventListener(name, function (event) {
      if (event.target.matches && event.target.matches('input[data-kind="list"]')) offerNext(event.target);
    });
  });

  // --- sight lines: Sight mode (a tap) or a long press in Look mode -------------------------------
  // The server draws the lines from that cell (or area) on the board and lists them in the answer, each blocked
  // one with what blocks it; they stay, redrawn after each edit, until the same cell is tapped again or Clear.

  var sight = null, LONG_PRESS_MS = 550, press = null, pressed = false;

  function sightFrom(position) {
    sight = position && position !== sight ? position : null;
    var where = /^-?\d+,-?\d+$/.test(sight || "") ? "[" + sight.replace(",", ", ") + "]" : sight;
    say(sight ? "sight lines from " + where + ": tap it again (or Clear) to hide them" : "sight lines hidden");
    refresh();
  }

  document.querySelector(".palette").addEventListener("click", function (event) {
    var button = event.target.closest('button[data-tool="sight"]');
    if (button) say("tap a cell: the sight line from it to every figure, and what blocks each");
  });

  answer.addEventListener("click", function (event) {
    if (event.target.closest("button[data-sight-clear]")) { sight = null; say("sight lines hidden"); refresh(); }
  });

  boardBox.addEventListener("pointerdown", function (event) {
    if (tool !== "look" || moving) return;
    var position = hit(event, "data-cell") || hit(event, "data-area");
    if (!position) return;
    pressed = false;
    clearTimeout(press && press.timer);
    press = { x: event.clientX, y: event.clientY, timer: setTimeout(function () { pressed = true; press = null; sightFrom(position); }, LONG_PRESS_MS) };
  });

  function endPress(event) {
    if (!press) return;
    if (event.type === "pointermove" && Math.abs(event.clientX - press.x) + Math.abs(event.clientY - press.y) < 12) return;
    clearTimeout(press.timer);
    press = null;
  }
  ["pointerup", "pointercancel", "pointerleave", "pointermove"].forEach(function (name) { boardBox.addEventListener(name, endPress); });

  // The click that ends a long press is not a tap (no why-not, no form).
  boardBox.addEventListener("click", function (event) {
    if (pressed) { pressed = false; event.stopImmediatePropagation(); }
  }, true);
  boardBox.addEventListener("contextmenu", function (event) { if (tool === "look") event.preventDefault(); });

  markTools();
})();
