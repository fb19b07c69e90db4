// Live board: the server pushes the rendered board whenever the game log grows.
// The controls are replaced too, unless the person is typing in them.
(function () {
  "use strict";
  var live = document.getElementById("live");
  if (!live || !window.EventSource) { return; }
  var board = document.getElementById("board");
  var controls = document.getElementById("controls");
  var dirty = false;
  var pending = null;
  controls.addEventListener("input", function () { dirty = true; });
  controls.addEventListener("submit", function () { dirty = false; });
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
    var url = live.dataset.stream + "?since=" + encodeURIComponent(live.dataset.version);
    var source = new EventSource(url);
    source.addEventListener("board", function (message) {
      var data = JSON.parse(message.data);
      live.dataset.version = data.version;
      board.innerHTML = data.board;
      showControls(data.controls);
    });
    source.addEventListener("error", function () {
      if (source.readyState === EventSource.CLOSED) { setTimeout(connect, 2000); }
    });
  }
  connect();
})();
