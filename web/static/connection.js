// The phone's connection to the companion (issue 41): the board's stream watched, a banner
// when nothing was heard for 10 s (the server sends a heartbeat every 3 s), and a new
// stream opened by itself, asking for what came after the last event it has (?after=).
// htmx's SSE extension asks htmx.createEventSource for its stream: it gets one that
// reconnects here, so the extension never waits out its own growing back-off.
(function () {
  "use strict";
  var QUIET_MS = 10000; // nothing heard this long: the banner, and a new stream
  var AGAIN_MS = 1000; // while nothing is heard, a new stream this often
  var banner = document.getElementById("connection");
  var live = document.getElementById("live");
  var last = live ? live.getAttribute("data-event") : null;
  var KEPT = "grizzled-last-board-1"; // the service worker's cache (sw.js)
  var worker = document.body.getAttribute("data-worker");

  function assets() {
    // The page's own scripts, styles and icons, kept with it the first time: the first
    // visit was loaded before the worker could see it, and an offline reload needs them.
    var found = document.querySelectorAll("script[src], link[rel=stylesheet], link[rel=icon]");
    var urls = [];
    for (var i = 0; i < found.length; i++) {
      var url = new URL(found[i].getAttribute("src") || found[i].getAttribute("href"), location.href);
      if (url.origin === location.origin) urls.push(url.href);
    }
    return urls;
  }

  function keep() {
    // The page as it stands (the last board heard) kept for the service worker to show
    // when the server is gone, with the headers the server gave it (its policy): fetched
    // once for that, then only its body replaced at each update.
    if (!worker || !window.caches || !("serviceWorker" in navigator)) return;
    var page = "<!doctype html>\n" + document.documentElement.outerHTML;
    var here = location.href.split("#")[0];
    window.caches
      .open(KEPT)
      .then(function (kept) {
        return kept.match(here).then(function (copy) {
          if (!copy) return kept.addAll([here].concat(assets()));
          var headers = new Headers(copy.headers);
          return kept.put(here, new Response(page, { status: 200, headers: headers }));
        });
      })
      .catch(function () {}); // no room, or no cache: the page works alike
  }

  function say(state) {
    document.body.setAttribute("data-connection", state);
    if (!banner) return;
    if (state === "live") {
      banner.hidden = true;
      return;
    }
    banner.textContent = banner.getAttribute("data-" + state) || "";
    banner.hidden = false;
  }

  function Stream(url) {
    this.url = url;
    this.listeners = {};
    this.readyState = 0;
    this.onopen = null;
    this.onerror = null;
    this.heard = Date.now();
    this.opened = 0;
    this.failed = false;
    this.source = null;
    this.connect(url);
    var self = this;
    this.timer = window.setInterval(function () {
      self.look();
    }, 250);
  }

  Stream.prototype.connect = function (url) {
    var self = this;
    if (this.source) this.source.close();
    var source = new EventSource(url, { withCredentials: true });
    this.source = source;
    this.opened = Date.now();
    Object.keys(this.listeners).forEach(function (name) {
      self.listeners[name].forEach(function (listener) {
        source.addEventListener(name, listener);
      });
    });
    source.addEventListener("ping", function () {
      self.hear();
    });
    source.addEventListener("board", function (message) {
      if (message.lastEventId) last = message.lastEventId;
      if (live) live.setAttribute("data-event", last);
      self.hear();
      window.setTimeout(keep, 500); // once htmx has swapped the board in
    });
    source.onopen = function (event) {
      self.readyState = 1;
      if (self.onopen) self.onopen(event);
    };
    source.onerror = function () {
      self.failed = true; // the server gone or refusing: said at once, not after 10 s
      say("offline");
    };
  };

  Stream.prototype.hear = function () {
    this.heard = Date.now();
    this.failed = false;
    say("live");
  };

  Stream.prototype.look = function () {
    var now = Date.now();
    if (now - this.heard < QUIET_MS && !this.failed) return;
    if (!this.failed) say("stalled");
    if (now - this.opened < AGAIN_MS) return;
    // the board the page has, by its event: the server sends what came after it
    var url = this.url.replace(/([?&])(after|v)=[^&]*&?/g, "$1").replace(/[?&]$/, "");
    url += (url.indexOf("?") < 0 ? "?" : "&") + "after=" + encodeURIComponent(last || "");
    this.connect(url);
  };

  Stream.prototype.addEventListener = function (name, listener) {
    (this.listeners[name] = this.listeners[name] || []).push(listener);
    this.source.addEventListener(name, listener);
  };

  Stream.prototype.removeEventListener = function (name, listener) {
    var kept = this.listeners[name] || [];
    this.listeners[name] = kept.filter(function (each) {
      return each !== listener;
    });
    this.source.removeEventListener(name, listener);
  };

  Stream.prototype.close = function () {
    window.clearInterval(this.timer);
    this.readyState = 2;
    this.source.close();
  };

  function back(event) {
    // the statistics' link back to the keeper's page: the phone's history, not an address
    var link = event.target.closest && event.target.closest("[data-back]");
    if (link && window.history.length > 1) {
      event.preventDefault();
      window.history.back();
    }
  }

  function ready() {
    document.addEventListener("click", back);
    if (window.htmx) {
      window.htmx.createEventSource = function (url) {
        return new Stream(url);
      };
    }
    if ("serviceWorker" in navigator && worker) {
      navigator.serviceWorker
        .register(worker)
        .then(keep)
        .catch(function () {}); // no worker (a plain http address on the LAN): works alike
    }
  }

  ready();
})();
