// enemy-move serve: a board too large for the screen. A board whose cells (or area boxes) are drawn big enough
// when it fits the width is shown as before. A larger one (a board of 1,000 areas, a 64 x 64 map: a thin
// sliver, or cells a few pixels wide, once fitted) is drawn at its own size, text and cells readable and a cell
// 44 px or more, in a box that pans (a finger, the wheel or the scroll bars), first around the acting figure;
// − / + / Fit zoom it, around what is in the middle of the box. The zoom and the place panned to stay when the
// board is drawn again after an edit. Taps find what is under the finger as before (board.js).
(function () {
  "use strict";
  var TAP = 44, CROWDED = 36, SMALLEST = 24, STEP = 1.5, MOST = 4;
  var boardBox = document.getElementById("board"), bar = document.getElementById("zoom");
  var level = bar.querySelector(".zoom-level");
  // zoom: the scale chosen with the buttons (null: the board's own); at: where the box was panned to
  var zoom = null, at = null, scale = 1, fit = 1;

  // The size of a tap target in the drawing's units: a cell, or an area box.
  function unit(svg) {
    var target = svg.querySelector("[data-cell], rect[data-area]");
    if (!target || !target.getBBox) return TAP;
    var box = target.getBBox();
    return Math.min(box.width, box.height) || TAP;
  }

  function pannedBox(svg) {
    if (svg.parentNode.classList.contains("pan")) return svg.parentNode;
    var box = document.createElement("div");
    box.className = "pan";
    svg.parentNode.insertBefore(box, svg);
    box.appendChild(svg);
    box.addEventListener("scroll", function () {
      if (box.classList.contains("panning")) at = { x: box.scrollLeft, y: box.scrollTop, scale: scale };
    }, { passive: true });
    return box;
  }

  // The acting figure (else the first figure) in the middle of the box.
  function centre(svg, box) {
    var figure = svg.querySelector(".figure.actor") || svg.querySelector(".figure");
    if (!figure || !figure.getBBox) return;
    var b = figure.getBBox();
    box.scrollLeft = (b.x + b.width / 2) * scale - box.clientWidth / 2;
    box.scrollTop = (b.y + b.height / 2) * scale - box.clientHeight / 2;
  }

  function apply() {
    var svg = boardBox.querySelector("svg.board");
    var view = svg && svg.viewBox && svg.viewBox.baseVal;
    if (!view || !view.width || !view.height) { bar.hidden = true; return; }
    var box = pannedBox(svg), tap = unit(svg);
    fit = Math.min((boardBox.clientWidth || view.width) / view.width, (window.innerHeight * 0.8) / view.height);
    // the buttons where a fitted cell is small (a cell of 36 px or more: the board as before, no buttons)
    var large = fit * tap < CROWDED;
    bar.hidden = !large;
    // too small to tap once fitted: the drawing's own size (its text 12 px, a cell 44 px or more)
    var own = fit * tap >= SMALLEST ? fit : Math.max(1, TAP / tap);
    scale = large && zoom !== null ? zoom : own;
    var panning = large && scale > fit * 1.001;
    box.classList.toggle("panning", panning);
    svg.style.width = panning ? view.width * scale + "px" : "";
    svg.style.height = panning ? view.height * scale + "px" : "";
    level.textContent = large ? Math.round(scale * 100) + " %" : "";
    readable(svg, panning ? scale : svg.getBoundingClientRect().width / view.width);
    findable(svg);
    mark(svg, false);
    if (!panning) return;
    if (at && at.scale === scale) { box.scrollLeft = at.x; box.scrollTop = at.y; }
    else { centre(svg, box); at = { x: box.scrollLeft, y: box.scrollTop, scale: scale }; }
  }

  // An area board fitted to a phone draws its names a few pixels high (a box 150 units wide in 90 px): they are
  // enlarged to NAME px on the screen (its bottom lines to FACTS px, at most twice their size: longer, they would only
  // be squeezed), and one too long for its box is narrowed to fit it. Every length is read before any is set (a set
  // between two reads lays the drawing out again: seconds on hundreds of areas).
  // A drawing under a quarter of its size (Fit on a board of hundreds of areas) is an overview: left as drawn.
  var NAME = 13, FACTS = 11, MOST_GROWN = 4;
  function readable(svg, px) {
    var grow = px > 0 && px < 1 && px * MOST_GROWN >= 1 ? 1 / px : 1;
    svg.style.setProperty("--area-name", grow > 1 ? NAME * grow + "px" : "");
    svg.style.setProperty("--area-facts", grow > 1 ? FACTS * Math.min(grow, 2) + "px" : "");
    svg.querySelectorAll("text[textLength]").forEach(function (text) { text.removeAttribute("textLength"); });
    if (grow <= 1) return;
    var narrowed = [];
    svg.querySelectorAll("text.area-name, text.area-facts").forEach(function (text) {
      var box = text.previousElementSibling;
      while (box && !(box.tagName === "rect" && box.hasAttribute("data-area"))) box = box.previousElementSibling;
      if (!box) return;
      // the name leaves room for the marks at the box's right ("trap"), the facts for the capacity dots at its left
      var name = text.classList.contains("area-name"), taken = 0, next = text.nextElementSibling;
      for (; next && next.tagName === "text" && name && !next.classList.contains("area-facts"); next = next.nextElementSibling) {
        taken += next.getComputedTextLength() + 6;
      }
      for (; next && next.tagName === "circle" && next.getAttribute("r") === "4" && !name; next = next.nextElementSibling) taken += 11;
      var room = box.width.baseVal.value - (name ? 16 : 24) - taken;
      if (text.getComputedTextLength() > room) narrowed.push([text, Math.max(room, 1)]);
    });
    narrowed.forEach(function (pair) {
      pair[0].setAttribute("textLength", pair[1]);
      pair[0].setAttribute("lengthAdjust", "spacingAndGlyphs");
    });
  }

  // Zoom to ``next``, keeping the point in the middle of the box where it is.
  function zoomTo(next) {
    var box = boardBox.querySelector(".pan");
    if (!box) return;
    var old = scale, middle = { x: box.scrollLeft + box.clientWidth / 2, y: box.scrollTop + box.clientHeight / 2 };
    zoom = Math.max(fit, Math.min(MOST, next));
    at = { x: middle.x / old * zoom - box.clientWidth / 2, y: middle.y / old * zoom - box.clientHeight / 2, scale: zoom };
    apply();
  }

  bar.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-zoom]");
    if (!button) return;
    var how = button.getAttribute("data-zoom");
    if (how === "fit") zoomTo(fit);
    else zoomTo(how === "in" ? scale * STEP : scale / STEP);
  });

  // --- find an area by name (a board of many areas): centred and outlined, again after each redraw ---------
  var FIND_FROM = 13, finder = document.getElementById("find"), sought = null;

  function areaNamed(svg, name) {
    var boxes = svg.querySelectorAll("rect[data-area]"), lower = name.toLowerCase(), near = null, i, own;
    for (i = 0; i < boxes.length; i++) {
      own = boxes[i].getAttribute("data-area");
      if (own === name) return boxes[i];
      if (!near && own.toLowerCase() === lower) near = boxes[i];
    }
    for (i = 0; !near && i < boxes.length; i++) if (boxes[i].getAttribute("data-area").toLowerCase().indexOf(lower) === 0) near = boxes[i];
    return near;
  }

  function mark(svg, centred) {
    svg.querySelectorAll("rect.found").forEach(function (box) { box.classList.remove("found"); });
    var box = sought && areaNamed(svg, sought);
    if (!box) return null;
    box.classList.add("found");
    if (!centred) return box;
    var pan = boardBox.querySelector(".pan.panning"), b = box.getBBox();
    if (pan) {
      pan.scrollLeft = (b.x + b.width / 2) * scale - pan.clientWidth / 2;
      pan.scrollTop = (b.y + b.height / 2) * scale - pan.clientHeight / 2;
      at = { x: pan.scrollLeft, y: pan.scrollTop, scale: scale };
    } else box.scrollIntoView({ block: "center", inline: "center" });
    return box;
  }

  function findable(svg) {
    if (!finder) return;
    var names = svg ? svg.querySelectorAll("rect[data-area]") : [];
    finder.hidden = names.length < FIND_FROM;
    var list = document.getElementById("find-names");
    if (finder.hidden || list.options.length === names.length) return;
    var sorted = Array.prototype.map.call(names, function (box) { return box.getAttribute("data-area"); }).sort();
    var fresh = document.createDocumentFragment();
    sorted.forEach(function (name) { var option = document.createElement("option"); option.value = name; fresh.appendChild(option); });
    list.replaceChildren(fresh);
  }

  if (finder) finder.addEventListener("submit", function (event) {
    event.preventDefault();
    var svg = boardBox.querySelector("svg.board"), typed = document.getElementById("find-area").value.trim();
    sought = typed || null;
    var box = svg && mark(svg, true), status = document.getElementById("status");
    status.className = box || !typed ? "" : "bad";
    status.textContent = !typed ? "" : box ? "found " + box.getAttribute("data-area") + " (outlined)" : "no area named " + typed;
  });

  // board.js replaces the board after each answer: the new drawing gets the same zoom and place.
  new MutationObserver(apply).observe(boardBox, { childList: true });
  window.addEventListener("resize", function () { at = null; apply(); });
  apply();
})();
