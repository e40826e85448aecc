"""The table page's script (``/static/table.js``): it only improves the page, which works without it.

- Each form is sent with ``fetch`` and kept in ``localStorage`` until the server answers, so an entry made
  while the link is down is sent, in order, when it returns (each carries its entry id: a resend never
  records twice); the page says how many wait, and stays usable meanwhile.
- A hand is checked as it is entered (``/t/KEY/check``) and drawn as the server draws it (cards, the sum,
  the totals: ``gin_ref.serve.handview``).
- The pads: a count's or a PIN's digits on keys in the page; their fields are made read-only with
  ``inputmode="none"``, so no system keyboard opens (without the script the pads stay hidden and the fields
  are typed in).
- The upcard's knock limit, and why, is said as its rank and suit are chosen (the server's words).
- A count over the limit is asked about in the page (Yes: the illegal knock is recorded; No: nothing is
  sent, the hand stays in the form to be corrected, who enters it too).
- "I am" (who enters an entry, #34) is never remembered: one phone serves the whole table, so each entry
  names its entrant. A name a form holds stays only while that form is being filled in (a refused entry, the
  question answered No, a live reload while it is typed); a form put in anew asks again. A name an older
  page stored in ``localStorage`` is forgotten.
- No dead state: after any answer (recorded, refused, a question answered either way, a lost link) the
  buttons work again. A refused confirm, reject or undo (another phone or the command line wrote the file
  first: a stale entry) shows the page as the server has it now, with why.
- Live: the page follows its match through ``/t/KEY/events`` (``gin_ref.serve.tablelive``): when the
  table's stamp is not the page's, the page fetches itself again and puts in its new content, keeping what
  is being typed; a stamp older than the page's (overtaken by the page it asked for) fetches nothing more.
  A lost stream is opened again after 1, 2, 4 ... 30 seconds. The page's root says ``data-synced="1"``
  while it shows the table as the stream last told it.
"""

SCRIPT = r"""
(function () {
  "use strict";
  var page = location.pathname.replace(/\/+$/, "");
  var QUEUE = "gin-ref-queue:" + page;
  var sending = false, asking = false, wanted = false, fetching = false;
  var said = null, linkText = "", latest = null, delay = 1000, retry = 3000;

  function words() {  // the page's words in its language, made by the server (data-words on <main>)
    try { return JSON.parse((main() && main().getAttribute("data-words")) || "{}"); } catch (e) { return {}; }
  }
  function put(text, fields) {
    return String(text || "").replace(/%\((\w+)\)s/g, function (all, name) { return name in fields ? fields[name] : all; });
  }
  function queue() { try { return JSON.parse(localStorage.getItem(QUEUE) || "[]"); } catch (e) { return []; } }
  function keep(items) { localStorage.setItem(QUEUE, JSON.stringify(items)); showWaiting(); }
  function main() { return document.querySelector("main"); }
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
    var said = words(), waits = said.waits || [];
    box.textContent = n === 0 ? "" : (offline ? (said.offline || "No link to the server.") + " " : "") +
      put(waits[Math.min(n, waits.length - 1)] || "%(count)s", {count: n});
  }
  function say(text, problem) {
    said = text ? {text: text, problem: problem} : null;
    var p = document.getElementById("said");
    if (!text) { if (p) { p.remove(); } return; }
    if (!p) {
      p = document.createElement("p"); p.id = "said"; p.setAttribute("role", "status");
      var h = document.querySelector("h1"); h.parentNode.insertBefore(p, h.nextSibling);
    }
    p.className = problem ? "problem" : "note"; p.textContent = text;
  }
  function link(text) { linkText = text; var p = document.getElementById("link"); if (p) { p.textContent = text; } }
  function enable() {
    if (asking) { return; }
    document.querySelectorAll("form[data-queue] button").forEach(function (b) { b.disabled = false; });
  }
  function formOf(item) {
    return item.form ? document.querySelector('form[data-form="' + item.form + '"]') : null;
  }
  function post(url, text) {
    return fetch(url, {method: "POST", body: text, credentials: "same-origin",
      headers: {"Accept": "application/json", "Content-Type": "application/x-www-form-urlencoded"}});
  }

  // -- sending the queue, in order ---------------------------------------------------------------------
  function flush() {
    if (sending || asking) { return; }
    var items = queue();
    if (!items.length) { enable(); if (wanted) { refresh(); } return; }
    sending = true;
    var item = items[0];
    post(item.action, item.body)
      .then(function (answer) {
        return answer.json().catch(function () { return {ok: false, problem: "the server answered " + answer.status}; });
      })
      .then(function (reply) {
        var rest = queue(); rest.shift(); keep(rest); sending = false; retry = 3000;
        if (reply.ok) {
          if (!rest.length) { location.replace(reply.url); } else { flush(); }
          return;
        }
        if (reply.question) { ask(item, reply.question); return; }
        var problem = reply.problem || "refused";
        if (/\/enter$/.test(item.action)) {  // the hand stays in its form, to be corrected and sent again
          enable(); say(put(words().not_recorded_js || "Not recorded: %(problem)s", {problem: problem}), true);
          var field = formOf(item) && formOf(item).querySelector("input[type=text]");
          if (field && !field.readOnly) { field.focus(); }
        } else {  // a confirm, reject or undo refused: the page as the server has it now, and why
          said = {text: problem, problem: true}; refresh();
        }
        flush();
      })
      .catch(function () {
        sending = false; showWaiting(true); enable();
        setTimeout(flush, retry); retry = Math.min(retry * 2, 30000);
      });
  }

  // -- the over-limit question, asked in the page ------------------------------------------------------
  function ask(item, question) {
    asking = true;
    var box = document.createElement("div");
    box.id = "ask"; box.className = "ask"; box.setAttribute("role", "alertdialog");
    box.setAttribute("aria-labelledby", "ask-text");
    var p = document.createElement("p"); p.id = "ask-text"; p.className = "problem"; p.textContent = question;
    var yes = document.createElement("button"); yes.type = "button"; yes.className = "go"; yes.id = "ask-yes";
    yes.textContent = words().yes_illegal || "Yes: record the illegal knock";
    var no = document.createElement("button"); no.type = "button"; no.className = "no"; no.id = "ask-no";
    no.textContent = words().no_change || "No: it was a slip, change the hand";
    box.appendChild(p); box.appendChild(yes); box.appendChild(no);
    var form = formOf(item);
    var check = form && form.querySelector(".check");
    if (check) { check.textContent = ""; }  // the question is asked once: in the box, not again under the field
    if (form) { form.parentNode.insertBefore(box, form); } else { main().appendChild(box); }
    yes.focus();
    yes.addEventListener("click", function () {
      box.remove(); asking = false;
      var params = new URLSearchParams(item.body);
      if (params.get("line")) { params.set("line", params.get("line").replace(/\s*!?\s*$/, "") + " !"); }
      else { params.set("illegal", "1"); }
      keep([{action: item.action, form: item.form, body: params.toString()}].concat(queue())); flush();
    });
    no.addEventListener("click", function () {
      box.remove(); asking = false; enable();
      say(words().slip || "Not recorded: it was a slip. Change the hand and enter it again.", true);
      var field = form && form.querySelector("input[name=count], input[name=line]");
      if (field) { field.focus(); }
      flush();
    });
  }

  // -- the page again, as the server has it now ---------------------------------------------------------
  function newer(stamp, shown) {  // is the table's stamp newer than the page's (its change time and journal first)?
    if (!stamp || stamp === shown) { return false; }
    var a = stamp.split("-")[0], b = (shown || "").split("-")[0];
    return a.length !== b.length || a >= b;
  }
  function synced(yes) { document.documentElement.setAttribute("data-synced", yes ? "1" : "0"); }
  function refresh() {
    synced(false);
    if (sending || asking || fetching || queue().length) { wanted = true; return; }
    wanted = false; fetching = true;
    fetch(page, {credentials: "same-origin", headers: {"Accept": "text/html"}})
      .then(function (answer) { return answer.text(); })
      .then(function (text) {
        fetching = false; wanted = false;  // an announcement made meanwhile is weighed below (newer)
        var fresh = new DOMParser().parseFromString(text, "text/html").querySelector("main");
        var old = main();
        if (!fresh || !old || sending || asking) { wanted = true; return; }
        var focused = document.activeElement, where = null;
        if (focused && focused.form && focused.name) { where = [focused.form.getAttribute("data-form"), focused.name]; }
        old.querySelectorAll("form[data-touched]").forEach(function (form) { carry(form, fresh); });
        old.querySelectorAll("details[open][class]").forEach(function (shown) {  // what was unfolded stays so
          var twin = fresh.querySelector("details." + shown.className.split(" ")[0]);
          if (twin) { twin.open = true; }
        });
        old.replaceWith(document.adoptNode(fresh));
        arm(); showWaiting(); link(linkText);
        if (said) { say(said.text, said.problem); }
        if (where) {
          var back = document.querySelector('form[data-form="' + where[0] + '"] [name="' + where[1] + '"]');
          if (back) { back.focus(); }
        }
        if (newer(latest, fresh.getAttribute("data-stamp"))) { refresh(); } else { synced(true); }
      })
      .catch(function () { fetching = false; wanted = true; });
  }
  function carry(form, fresh) {  // what is being typed in a form goes into the same form of the new page
    var other = fresh.querySelector('form[data-form="' + form.getAttribute("data-form") + '"]');
    if (!other) { return; }
    other.setAttribute("data-touched", "1");
    form.querySelectorAll("input, select").forEach(function (field) {
      if (!field.name || field.name === "form_token" || field.name === "check_token") { return; }
      if (field.type === "radio" || field.type === "checkbox") {
        var twin = other.querySelector('[name="' + field.name + '"][value="' + field.value + '"]');
        if (twin) { twin.checked = field.checked; }
        return;
      }
      var same = other.querySelector('[name="' + field.name + '"]');
      if (same) { same.value = field.value; }
    });
    var out = form.querySelector(".check"), into = other.querySelector(".check");
    if (out && into) { into.className = out.className; into.innerHTML = out.innerHTML; }
  }

  // -- live: the table's stream -------------------------------------------------------------------------
  function listen() {
    if (!window.EventSource) { return; }
    var source = new EventSource(page + "/events");
    source.addEventListener("open", function () { delay = 1000; link(""); flush(); });  // the link is back
    source.addEventListener("table", function (event) {
      latest = event.data;
      var shown = main();
      if (shown && newer(event.data, shown.getAttribute("data-stamp"))) { refresh(); }
      else if (!fetching) { synced(true); }
    });
    source.onerror = function () {
      source.close();
      link(put(words().no_link || "No live link to the server: trying again in %(seconds)s s.",
               {seconds: Math.round(delay / 1000)}));
      setTimeout(listen, delay); delay = Math.min(delay * 2, 30000);
    };
  }

  // -- checking a hand as it is typed -------------------------------------------------------------------
  function check(form) {
    var token = form.querySelector("[name=check_token]"), out = form.querySelector(".check");
    if (!token || !out) { return; }
    var data = new URLSearchParams(new FormData(form));
    data.set("form_token", token.value); data.delete("check_token");
    if (form.dataset.form === "hand" && data.get("count") !== "dead" && !(data.get("count") && data.get("defender"))) {
      out.textContent = ""; return;
    }
    if (form.dataset.form === "cards" && !(picked(data, "k_") && picked(data, "d_"))) { out.textContent = ""; return; }
    if (form.dataset.form === "line" && !data.get("line")) { out.textContent = ""; return; }
    post(page + "/check", data.toString())
      .then(function (a) { return a.json(); })
      .then(function (r) {
        var now = document.querySelector('form[data-form="' + form.dataset.form + '"] .check') || out;
        now.className = "check " + (r.ok ? "note" : "problem");
        if (r.ok && r.html) { now.innerHTML = r.html; } else { now.textContent = r.ok ? (r.words || []).join("\n") : (r.problem || (asking ? "" : r.question) || ""); }
      }).catch(function () { out.textContent = ""; });
  }

  function picked(data, side) {
    var found = false;
    data.forEach(function (value, key) { if (key.indexOf(side) === 0) { found = true; } });
    return found;
  }

  // -- the pad: a count's (or a PIN's) digits on keys in the page, no system keyboard ----------------------
  function arm() {  // the pads shown, their fields read-only (no keyboard opens): again after each refresh
    document.querySelectorAll("[data-pad-for]").forEach(function (pad) {
      var field = document.getElementById(pad.getAttribute("data-pad-for"));
      if (!field) { return; }
      pad.hidden = false; field.readOnly = true; field.setAttribute("inputmode", "none");
    });
  }
  function press(key) {
    var field = document.getElementById(key.getAttribute("data-pad"));
    if (!field) { return; }
    field.value = key.value ? (field.value + key.value).slice(0, field.maxLength > 0 ? field.maxLength : 8)
                            : field.value.slice(0, -1);
    field.dispatchEvent(new Event("input", {bubbles: true}));
  }

  // -- the knock limit of the upcard, shown as it is chosen (the rules' words, made by the server) --------
  function limit(field) {
    var out = field.form && field.form.querySelector("[data-limit]"), limits = {}, held = out && out.closest("[data-limits]");
    if (!out || !held) { return; }
    try { limits = JSON.parse(held.getAttribute("data-limits") || "{}"); } catch (e) { return; }
    var rank = field.form.querySelector("[name=up_rank]:checked"), suit = field.form.querySelector("[name=up_suit]:checked");
    var text = rank && suit ? rank.value + suit.value : "";
    var words = limits[text] || (text ? "" : held.getAttribute("data-empty") || "");
    var card = /^(10|[2-9AJQK])([♥♦])/.exec(words);  // a red card in the page's red, as the server draws it
    out.textContent = card ? words.slice(card[0].length) : words;
    if (card) {
      var red = document.createElement("span"); red.className = "red"; red.textContent = card[0];
      out.insertBefore(red, out.firstChild);
    }
  }

  document.addEventListener("DOMContentLoaded", function () {
    var timer = null;
    try { localStorage.removeItem("gin-ref-by:" + page); } catch (e) { /* storage off: nothing was kept */ }
    document.addEventListener("input", function (event) {
      if (event.target.name === "up_rank" || event.target.name === "up_suit") { limit(event.target); }
      var form = event.target.closest && event.target.closest("form[data-queue]");
      if (!form) { return; }
      form.setAttribute("data-touched", "1");
      clearTimeout(timer); timer = setTimeout(function () { check(form); }, 350);
    });
    document.addEventListener("submit", function (event) {
      var form = event.target.closest && event.target.closest("form[data-queue]");
      if (!form) { return; }
      event.preventDefault();
      if (asking) { return; }
      say("");
      var items = queue();
      items.push({action: form.getAttribute("action"), form: form.getAttribute("data-form"), body: body(form)});
      keep(items);
      form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
      flush();
    });
    document.addEventListener("click", function (event) {
      var key = event.target.closest && event.target.closest("[data-pad]");
      if (key) { event.preventDefault(); press(key); }
    });
    window.addEventListener("online", flush);
    arm(); showWaiting(); flush(); listen();
  });
})();
"""
