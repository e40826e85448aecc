"""The table page's script (``/static/table.js``): it only improves the page, which works without it.

- Each form is sent with ``fetch`` and kept in ``localStorage`` until the server answers, so an entry made
  while the link is down is sent, in order, when it returns (each carries its entry id: a resend never
  records twice); the page says how many wait.
- A hand is checked as it is typed (``/t/KEY/check``), with the command line's words.
- A count over the limit asks whether the knock really happened; "I am" is remembered.
"""

SCRIPT = r"""
(function () {
  "use strict";
  var page = location.pathname.replace(/\/+$/, "");
  var QUEUE = "gin-ref-queue:" + page;
  var sending = false;

  function queue() { try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { return []; } }
  function keep(items) { localStorage.setItem(QUEUE, JSON.stringify(items)); showWaiting(); }
  function body(form, extra) {
    var data = new URLSearchParams(new FormData(form));
    data.delete("check_token");
    for (var key in (extra || {})) { data.set(key, extra[key]); }
    return data.toString();
  }
  function showWaiting(offline) {
    var box = document.getElementById("offline"), n = queue().length;
    if (!box) { return; }
    box.hidden = n === 0;
    box.textContent = n === 0 ? "" : (offline ? "No link to the server. " : "") + n +
      (n === 1 ? " entry waits" : " entries wait") + " to be sent: it goes when the link returns (keep this page open).";
  }
  function say(text, problem) {
    var p = document.getElementById("said");
    if (!p) {
      p = document.createElement("p"); p.id = "said"; p.setAttribute("role", "status");
      var h = document.querySelector("h1"); h.parentNode.insertBefore(p, h.nextSibling);
    }
    p.className = problem ? "problem" : "note"; p.textContent = text;
  }
  function flush() {
    if (sending) { return; }
    var items = queue();
    if (!items.length) { return; }
    sending = true;
    var item = items[0];
    fetch(item.action, {method: "POST", body: item.body, credentials: "same-origin",
      headers: {"Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"}})
      .then(function (answer) {
        return answer.json().catch(function () { return {ok: false, problem: "the server answered " + answer.status}; });
      })
      .then(function (reply) {
        var rest = queue(); rest.shift(); keep(rest); sending = false;
        if (reply.ok) {
          if (!rest.length) { location.replace(reply.url); } else { flush(); }
        } else if (reply.question) {
          if (window.confirm(reply.question)) {
            var params = new URLSearchParams(item.body);
            if (params.get("line")) { params.set("line", params.get("line").replace(/\s*!?\s*$/, "") + " !"); }
            else { params.set("illegal", "1"); }
            keep([{action: item.action, body: params.toString()}].concat(queue())); flush();
          } else { say("Not recorded: enter the hand again.", true); }
        } else { say(reply.problem || "refused", true); }
      })
      .catch(function () { sending = false; showWaiting(true); setTimeout(flush, 3000); });
  }
  function check(form) {
    var token = form.querySelector("[name=check_token]"), out = form.querySelector(".check");
    if (!token || !out) { return; }
    var data = new URLSearchParams(new FormData(form));
    data.set("form_token", token.value); data.delete("check_token");
    if (form.dataset.form === "hand" && !data.get("count") && data.get("result") === "knock") { out.textContent = ""; return; }
    if (form.dataset.form === "line" && !data.get("line")) { out.textContent = ""; return; }
    fetch(page + "/check", {method: "POST", body: data.toString(), credentials: "same-origin",
      headers: {"Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"}})
      .then(function (a) { return a.json(); })
      .then(function (r) {
        out.className = "check " + (r.ok ? "note" : "problem");
        out.textContent = r.ok ? (r.words || []).join("\n") : (r.problem || r.question || "");
      }).catch(function () { out.textContent = ""; });
  }
  document.addEventListener("DOMContentLoaded", function () {
    var by = localStorage.getItem("gin-ref-by:" + page);
    document.querySelectorAll("select[data-remember]").forEach(function (select) {
      if (by) { select.value = by; }
      select.addEventListener("change", function () { localStorage.setItem("gin-ref-by:" + page, select.value); });
    });
    document.querySelectorAll("form[data-queue]").forEach(function (form) {
      var timer = null;
      form.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(function () { check(form); }, 350); });
      form.addEventListener("submit", function (event) {
        event.preventDefault();
        var items = queue();
        items.push({action: form.getAttribute("action"), body: body(form)});
        keep(items);
        form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
        flush();
      });
    });
    window.addEventListener("online", flush);
    showWaiting(); flush();
  });
})();
"""
