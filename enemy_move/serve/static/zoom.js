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
    if (!panning) return;
    if (at && at.scale === scale) { box.scrollLeft = at.x; box.scrollTop = at.y; }
    else { centre(svg, box); at = { x: box.scrollLeft, y: box.scrollTop, scale: scale }; }
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

  // board.js replaces the board after each answer: the new drawing gets the same zoom and place.
  new MutationObserver(apply).observe(boardBox, { childList: true });
  window.addEventListener("resize", function () { at = null; apply(); });
  apply();
})();
