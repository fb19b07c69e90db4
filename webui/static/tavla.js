// Live board: the server pushes the rendered board whenever the game log grows or a
// new game starts. The controls are replaced too, unless the person is typing in
// them. After the Wi-Fi drops, the stream is opened again (from the version shown),
// so the page catches up by itself.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var board = document.getElementById("board");
  var controls = document.getElementById("controls");
  var offline = document.getElementById("offline");
  var dirty = false;
  var pending = null;
  var source = null;
  controls.addEventListener("input", function (event) {
    dirty = true;
    complement(event.target);
  });
  controls.addEventListener("submit", function () { dirty = false; });
  // New game: show the chosen variant's house rules, seats 2 and 3 only for four, and
  // the teams only where there are teams (not in Differenzler).
  controls.addEventListener("change", function (event) {
    var choice = event.target;
    if (!choice.matches("[data-variant-choice]")) { return; }
    var form = choice.form;
    var chosen = choice.selectedOptions[0].dataset;
    var four = chosen.players === "4";
    form.querySelectorAll("fieldset[data-variant]").forEach(function (set) {
      set.hidden = set.dataset.variant !== choice.value;
    });
    form.querySelectorAll(".four-only").forEach(function (item) { item.hidden = !four; });
    form.querySelectorAll(".teams-only").forEach(function (item) { item.hidden = chosen.teams !== "yes"; });
  });
  function complement(input) {
    if (!input.dataset || !input.dataset.complement) { return; }
    var out = controls.querySelector("[data-complement-of='" + input.name + "']");
    var x = parseInt(input.value, 10);
    var whole = parseInt(input.dataset.complement, 10);
    out.textContent = (x >= 0 && x <= whole) ? String(whole - x) : "?";
  }
  function showControls(html) {
    var typing = controls.contains(document.activeElement) && document.activeElement.tagName !== "BUTTON";
    if (dirty || typing) { pending = html; controls.classList.add("stale"); return; }
    controls.innerHTML = html;
    pending = null;
    controls.classList.remove("stale");
  }
  controls.addEventListener("focusout", function () {
    if (pending !== null && !dirty) { setTimeout(function () { if (pending !== null) { showControls(pending); } }, 0); }
  });
  function connect() {
    var url = live.dataset.stream + "?since=" + encodeURIComponent(live.dataset.version) +
      "&game=" + encodeURIComponent(live.dataset.game);
    source = new EventSource(url);
    source.addEventListener("open", function () { offline.hidden = true; });
    source.addEventListener("board", function (message) {
      var data = JSON.parse(message.data);
      live.dataset.version = data.version;
      live.dataset.game = data.game;
      board.innerHTML = data.board;
      showControls(data.controls);
    });
    source.addEventListener("error", function () {
      offline.hidden = false;
      // Reopen with the version now shown (EventSource alone would resend the old one).
      source.close();
      setTimeout(connect, 1000);
    });
  }
  connect();
})();
