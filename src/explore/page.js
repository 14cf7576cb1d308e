"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("explore-data").textContent);
  const $ = (id) => document.getElementById(id);
  /** Ranks from high to low, as the solvers label hands. */
  const ORDER = ["A", "T", "9", "8", "7", "6", "5", "4", "3", "2"];
  const WORDS = { A: "an ace", T: "a ten-value card" };

  function el(tag, text, attrs) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }
  const ev = (x) => (x >= 0 ? "+" : "") + x.toFixed(4);
  const pct = (p) => (100 * p).toFixed(1) + " %";
  const prob = (p) => (p === 0 ? "0" : p < 0.01 ? p.toExponential(0) : p.toFixed(2));

  /** One card as `advise` reads it: 2-9, 10 or T, J, Q, K (ten-value), A or 1. */
  function rank(token) {
    const t = token.trim().toUpperCase();
    if (t === "A" || t === "1") return "A";
    if (["T", "10", "J", "Q", "K"].includes(t)) return "T";
    if (/^[2-9]$/.test(t)) return t;
    return null;
  }

  /** A hand typed by a person, as a label (ranks high to low), or an error. */
  function parseHand(text) {
    const parts = text.split(/[\s,-]+/).filter((p) => p.length > 0);
    const tokens = parts.length === 1 && parts[0] !== "10" ? Array.from(parts[0]) : parts;
    if (tokens.length === 0) return { error: "type a hand, e.g. A 6 5" };
    const ranks = [];
    for (const token of tokens) {
      const r = rank(token);
      if (r === null) return { error: "`" + token + "` is not a card; use 2-9, 10 or T, J, Q, K, A" };
      ranks.push(r);
    }
    ranks.sort((a, b) => ORDER.indexOf(a) - ORDER.indexOf(b));
    return { label: ranks.join(""), cards: ranks.length };
  }

  const state = { variant: 0, engine: "dp", side: "player" };
  const variants = DATA.banluck;

  function setup() {
    $("title").textContent = "banluck-lab explore: " + DATA.title;
    document.title = "explore: " + DATA.title;
    const hasB = variants.length > 0, hasJ = DATA.blackjack.length > 0, hasP = DATA.poker.length + DATA.turn.length > 0;
    $("tab-banluck").hidden = !hasB;
    $("tab-blackjack").hidden = !hasJ;
    $("tab-poker").hidden = !hasP;
    for (const tab of ["banluck", "blackjack", "poker"]) $("tab-" + tab).addEventListener("click", () => showTab(tab));
    if (hasB) setupBanluck();
    if (hasJ) setupBlackjack();
    showTab(hasB ? "banluck" : hasJ ? "blackjack" : "poker");
  }

  function showTab(name) {
    for (const tab of ["banluck", "blackjack", "poker"]) {
      $(tab).hidden = tab !== name;
      $("tab-" + tab).setAttribute("aria-pressed", String(tab === name));
    }
  }

  function setupBanluck() {
    variants.forEach((v, i) => $("variant").append(el("option", v.name, { value: String(i) })));
    for (const r of ORDER) $("upcard").append(el("option", r, { value: r }));
    for (const r of ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T"]) {
      const b = el("button", r === "T" ? "10" : r, { type: "button", "aria-label": "add " + (WORDS[r] || "a " + r) });
      b.addEventListener("click", () => { $("hand").value = ($("hand").value.trim() + " " + r).trim(); render(); });
      $("cards").append(b);
    }
    const back = el("button", "⌫", { type: "button", "aria-label": "remove the last card", id: "card-back" });
    back.addEventListener("click", () => {
      // Drop the last card: the last word, or the last letter of "A65".
      const parts = $("hand").value.trim().split(/[\s,-]+/);
      const cards = parts.length > 1 || parts[0] === "10" ? parts : Array.from(parts[0]);
      $("hand").value = cards.slice(0, -1).join(" ");
      render();
    });
    const clear = el("button", "Clear", { type: "button", id: "card-clear" });
    clear.addEventListener("click", () => { $("hand").value = ""; render(); $("hand").focus(); });
    $("cards").append(back, clear);
    $("variant").addEventListener("change", () => { state.variant = Number($("variant").value); renderCharts(); render(); });
    for (const input of document.querySelectorAll("input[name=engine], input[name=side]")) {
      input.addEventListener("change", () => {
        state[input.name] = input.value;
        if (input.name === "engine") renderCharts();
        render();
      });
    }
    $("upcard").addEventListener("change", () => { renderCharts(); render(); });
    $("player-cards").addEventListener("change", render);
    $("hand").addEventListener("input", render);
    $("controls").addEventListener("submit", (e) => { e.preventDefault(); render(); });
    const v = variants[0];
    if (v.hands.T6 !== undefined) $("hand").value = "T 6";
    renderCharts();
    render();
  }

  /** What one hand does: hit, stand, reveal or mixed (p between 0.001 and 0.999). */
  function actionOf(hit, reveal) {
    const stand = Math.max(0, 1 - hit - (reveal || 0));
    if (hit > 0.999) return "hit";
    if (reveal > 0.999) return "reveal";
    if (stand > 0.999) return "stand";
    return "mixed";
  }

  /** A total's place in a chart: hard totals first, then soft, each ascending. */
  function totalOrder(total) {
    const [kind, n] = total.split(" ");
    return (kind === "soft" ? 100 : 0) + Number(n);
  }

  /**
   * A chart as rows of cells: `hands` maps a hand's label to its column
   * and action; hands of one total and column share a cell.
   */
  function chartCells(v, hands) {
    const rows = new Map();
    for (const h of hands) {
      const total = v.hands[h.label];
      if (!rows.has(total)) rows.set(total, new Map());
      const row = rows.get(total);
      if (!row.has(h.column)) row.set(h.column, []);
      row.get(h.column).push(h);
    }
    return [...rows.entries()].sort((a, b) => totalOrder(a[0]) - totalOrder(b[0]));
  }

  /** A cell's action: the one its hands share, else "varies" (label: each action's letter, the most common first). */
  function cellAction(hands) {
    const counts = new Map();
    for (const h of hands) counts.set(h.action, (counts.get(h.action) || 0) + 1);
    const sorted = [...counts.entries()].sort((a, b) => b[1] - a[1]);
    if (sorted.length === 1) return { action: sorted[0][0], text: ACTIONS[sorted[0][0]].code };
    return { action: "varies", text: sorted.map(([a]) => ACTIONS[a].code).join("/") };
  }

  /** The actions of the Banluck charts, in legend order. */
  const ACTIONS = {
    hit: { code: "H", meaning: "hit" },
    stand: { code: "S", meaning: "stand" },
    reveal: { code: "R", meaning: "reveal a 3+-card player (else stand)" },
    mixed: { code: "M", meaning: "mixed: hit with some probability" },
    varies: { code: "H/S", meaning: "the cell's hands play differently (most common first)" },
  };

  function legendKey(action, code, meaning) {
    const item = el("span", null, { class: "item", "data-action": action });
    item.append(el("span", code, { class: "key a-" + action }), meaning);
    return item;
  }

  /** Draws one chart: rows of totals, a column per card count. */
  function drawChart(table, v, hands, columns, columnTitle, onPick) {
    table.replaceChildren();
    const head = el("tr");
    head.append(el("th", columnTitle, { scope: "col" }));
    for (const c of columns) head.append(el("th", String(c), { scope: "col" }));
    table.append(el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    for (const [total, row] of chartCells(v, hands)) {
      const tr = el("tr");
      tr.append(el("th", total, { scope: "row" }));
      for (const c of columns) {
        const td = el("td");
        const cellHands = row.get(c);
        if (cellHands) {
          const { action, text } = cellAction(cellHands);
          const labels = cellHands.map((h) => h.label);
          const b = el("button", text, {
            type: "button", class: "a-" + action, "data-action": action, "data-total": total,
            "data-column": String(c), "data-hands": labels.join(" "), "aria-pressed": "false",
            "aria-label": total + ", " + c + ": " + (action === "varies" ? text : ACTIONS[action].meaning),
          });
          b.addEventListener("click", () => onPick(labels, c));
          td.append(b);
        }
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
  }

  /** Both charts of the chosen variant, engine and upcard, and the legend. */
  function renderCharts() {
    const v = variants[state.variant];
    const engine = v[state.engine];
    const upcard = v.upcard ? $("upcard").value : null;
    const keep = (key) => {
      const [label, u] = key.split("|");
      return upcard === null || u === upcard ? label : null;
    };
    const playerHands = [];
    for (const [key, entry] of Object.entries(engine.player)) {
      const label = keep(key);
      if (label !== null) playerHands.push({ label, column: label.length, action: actionOf(entry[0], 0) });
    }
    const cardCounts = [];
    for (let c = 2; c <= v.max_cards[0]; c++) cardCounts.push(c);
    drawChart($("player-chart"), v, playerHands, cardCounts.filter((c) => playerHands.some((h) => h.column === c)),
      "total \\ cards", (labels) => pickCell("player", labels, null));
    const dealerHands = [];
    for (const [key, row] of Object.entries(engine.dealer)) {
      const label = keep(key);
      if (label === null) continue;
      for (const c of cardCounts) dealerHands.push({ label, column: c, action: actionOf(row[c - 2][0], row[c - 2][1]) });
    }
    drawChart($("dealer-chart"), v, dealerHands, cardCounts, "total \\ player", (labels, c) => pickCell("dealer", labels, c));
    const dealt = Object.entries(engine.surrender).filter(([key]) => keep(key) !== null);
    $("dealer-deal").textContent = dealt.length === 0 ? "" : "Dealt a hard 15, the dealer surrenders: " +
      dealt.map(([key, p]) => keep(key) + " with p = " + prob(p)).join(", ") + ".";
    const used = new Set([...document.querySelectorAll(".chart button")].map((b) => b.dataset.action));
    const legend = $("bl-legend");
    legend.replaceChildren();
    for (const [action, a] of Object.entries(ACTIONS)) {
      if (used.has(action) || action === "hit" || action === "stand") legend.append(legendKey(action, a.code, a.meaning));
    }
  }

  /** A chart cell picked: its side and hands; the first hand's answer. */
  function pickCell(side, labels, cards) {
    $("side-" + side).checked = true;
    state.side = side;
    if (cards !== null) $("player-cards").value = String(cards);
    const box = $("cell-hands");
    box.replaceChildren(el("span", "Hands in this cell: "));
    for (const label of labels) {
      const b = el("button", label, { type: "button", class: "hand-pick" });
      b.addEventListener("click", () => { $("hand").value = label; render(); });
      box.append(b);
    }
    $("hand").value = labels[0];
    render();
  }

  /** Marks the chart cell that holds the shown hand. */
  function markCell(label, dealerSide, cards) {
    for (const b of document.querySelectorAll(".chart button[aria-pressed=true]")) b.setAttribute("aria-pressed", "false");
    if (label === null) return;
    const chart = dealerSide ? "#dealer-chart" : "#player-chart";
    for (const b of document.querySelectorAll(chart + " button")) {
      const inCell = b.dataset.hands.split(" ").includes(label);
      if (inCell && (!dealerSide || b.dataset.column === String(cards))) b.setAttribute("aria-pressed", "true");
    }
  }

  function clearResult() {
    for (const id of ["r-hand", "r-why", "r-caption"]) $(id).textContent = "";
    $("r-action").textContent = "";
    $("r-action").dataset.action = "";
    $("r-rows").replaceChildren();
    $("r-table").hidden = true;
  }

  function render() {
    const v = variants[state.variant];
    const engine = v[state.engine];
    const dealerSide = state.side === "dealer";
    $("upcard-row").hidden = !v.upcard;
    $("player-cards-row").hidden = !dealerSide;
    $("hand-label").textContent = dealerSide ? "Dealer's hand" : "Player's hand";
    let info = v.description + " Rules hash " + v.rules_hash + ". ";
    info += state.engine === "dp"
      ? "Best play against the fixed dealer: EV " + ev(engine.value) + " per hand."
      : "Game value " + ev(engine.value) + " per hand, exploitability " + engine.exploitability.toExponential(1) + " after " + engine.iterations + " iterations.";
    $("variant-info").textContent = info;
    clearResult();
    markCell(null);
    const text = $("hand").value;
    if (text.trim() === "") { $("r-hand").textContent = "Type a hand, or click a cell of a chart."; return; }
    const hand = parseHand(text);
    if (hand.error) { $("r-hand").textContent = hand.error; return; }
    const limit = v.max_cards[dealerSide ? 1 : 0];
    if (hand.cards < 2 || hand.cards > limit) {
      $("r-hand").textContent = "a hand holds 2 to " + limit + " cards; this one has " + hand.cards;
      return;
    }
    const total = v.hands[hand.label];
    if (total === undefined) { $("r-hand").textContent = hand.label + ": this hand cannot be dealt from these rules' deck"; return; }
    const upcard = v.upcard ? $("upcard").value : null;
    if (dealerSide && upcard !== null && !hand.label.includes(upcard)) {
      $("r-hand").textContent = hand.label + ": the dealer's upcard " + upcard + " is one of its cards; pick one it holds";
      return;
    }
    $("r-hand").textContent = hand.label + " (" + total + ")" + (upcard ? (dealerSide ? ", showing " : " against a dealer ") + upcard : "");
    const key = upcard ? hand.label + "|" + upcard : hand.label;
    markCell(hand.label, dealerSide, $("player-cards").value);
    if (dealerSide) dealerAnswer(v, engine, hand, key); else playerAnswer(v, engine, hand, key);
  }

  function showAction(action, word) {
    $("r-action").dataset.action = action;
    $("r-action").textContent = word;
  }

  function addRow(action, value, frequency, best) {
    const tr = el("tr", null, { "data-action": action });
    if (best) tr.className = "best";
    tr.append(el("td", action));
    const cell = el("td", value === null ? "—" : ev(value), { class: "ev" });
    if (value !== null) cell.dataset.ev = String(value);
    tr.append(cell);
    const f = el("td", frequency === null ? "—" : pct(frequency), { class: "freq" });
    if (frequency !== null) f.dataset.p = String(frequency);
    tr.append(f);
    $("r-rows").append(tr);
    $("r-table").hidden = false;
  }

  /** The dealer's reveal in words, for a player holding `cards` cards. */
  function revealWords(engine, cards) {
    if (cards < 3) return "the dealer cannot reveal a 2-card hand";
    const row = engine.reveal[String(cards)];
    if (!row) return "the equilibrium dealer does not reveal " + cards + "-card hands (p < 0.001 at every total)";
    const parts = Object.entries(row).map(([t, p]) => "at " + t + " with p = " + prob(p));
    return "the dealer reveals " + cards + "-card hands " + parts.join(" and ");
  }

  function playerAnswer(v, engine, hand, key) {
    const note = v.notes[hand.label];
    if (note) { showAction("none", "no choice"); $("r-why").textContent = note; return; }
    const entry = engine.player[key];
    if (!entry) {
      showAction("none", "no choice");
      $("r-why").textContent = "this hand never plays on (every deal with it ends at once)";
      return;
    }
    const [hit, evStand, evHit] = entry;
    const mixed = state.engine === "eq" && hit > 0.001 && hit < 0.999;
    const action = mixed ? "mixed" : hit > 0.5 ? "hit" : "stand";
    showAction(action, mixed ? "MIXED: hit " + pct(hit) + ", stand " + pct(1 - hit) : action.toUpperCase());
    $("r-caption").textContent = state.engine === "dp"
      ? "EVs given the hand plays on, against the fixed dealer"
      : "EVs given the hand plays on, against the equilibrium dealer; frequencies of the equilibrium player";
    addRow("stand", evStand, 1 - hit, action === "stand");
    addRow("hit", evHit, hit, action === "hit");
    const [better, worse, gap] = evHit > evStand ? ["hit", "stand", evHit - evStand] : ["stand", "hit", evStand - evHit];
    let why = mixed
      ? "mixed: the equilibrium player hits with p = " + prob(hit) + "; hit − stand = " + ev(evHit - evStand) + " against the equilibrium dealer"
      : action + ": " + ev(action === better ? gap : -gap) + " over " + (action === better ? worse : better);
    if (state.engine === "eq" && entry[3] === 0) why += " (a hand the equilibrium never reaches: its frequency is arbitrary)";
    $("r-why").textContent = why + "; " + (state.engine === "dp" ? engine.dealer_rule : revealWords(engine, hand.cards)) + ".";
  }

  /** The rows of a dealt hand the dealer may surrender, and the words for them. */
  function surrenderRows(engine, key) {
    const surrender = engine.surrender[key];
    if (surrender === undefined) return "";
    addRow("surrender (at the deal)", 0, surrender, false);
    addRow("play on (at the deal)", engine.play_ev[key], 1 - surrender, false);
    return "; dealt this hand it surrenders with p = " + prob(surrender) + " (playing on is worth " + ev(engine.play_ev[key]) + " to it, surrendering 0)";
  }

  function dealerAnswer(v, engine, hand, key) {
    const note = v.dealer_notes[hand.label];
    if (note) {
      showAction("none", "no choice");
      $("r-caption").textContent = "The dealer's EVs at the deal (per bet, to the dealer) and frequencies";
      $("r-why").textContent = note + surrenderRows(engine, key);
      return;
    }
    const row = engine.dealer[key];
    if (!row) { showAction("none", "no choice"); $("r-why").textContent = "the dealer never holds this hand"; return; }
    const cards = Number($("player-cards").value);
    const [hit, reveal] = row[cards - 2];
    const stand = Math.max(0, 1 - hit - reveal);
    const [evHit, evStop] = (engine.dealer_ev[key] || [])[cards - 2] || [null, null];
    const total = Number(v.hands[hand.label].split(" ")[1]);
    const reveals = cards >= 3 && v.reveal_totals.includes(total);
    const options = [["hit", hit, evHit], ["reveal", reveal, reveals ? evStop : null], ["stand", stand, evStop]];
    const top = options.reduce((a, b) => (b[1] > a[1] ? b : a));
    const mixed = top[1] < 0.999;
    showAction(mixed ? "mixed" : top[0], mixed ? "MIXED" : top[0].toUpperCase());
    $("r-caption").textContent = "The dealer's EVs (per bet, to the dealer, given it meets a player holding " + cards +
      " cards) and frequencies (" + (state.engine === "dp" ? "fixed dealer against the DP player" : "equilibrium") + ")";
    for (const [name, p, value] of options) addRow(name, value, p, !mixed && name === top[0]);
    const dealt = surrenderRows(engine, key);
    const said = options.filter(([, p]) => p > 0.0005).map(([n, p]) => n + " with p = " + prob(p));
    let why = "against " + cards + " cards the dealer will " + said.join(", ");
    if (evHit !== null && evStop !== null) {
      why += "; drawing is worth " + ev(evHit - evStop) + " over " + (reveals ? "revealing or standing" : "standing") + " to it";
    } else if (evHit === null && evStop === null) {
      why += "; no player hand of " + cards + " cards meets this hand, so it has no EV";
    }
    $("r-why").textContent = why + dealt + "; " + engine.dealer_rule + ".";
  }

  function setupBlackjack() {
    DATA.blackjack.forEach((v, i) => $("bj-variant").append(el("option", v.name, { value: String(i) })));
    $("bj-variant").addEventListener("change", renderChart);
    renderChart();
  }

  function renderChart() {
    const v = DATA.blackjack[Number($("bj-variant").value)];
    $("bj-info").textContent = v.description + " EV per round with the best play " + ev(v.ev) + ". Splits: " + v.split_convention.replace(/\.?$/, ". ") + "Click a cell (or Tab to it and press Enter) for each move's EV.";
    const colour = new Map(v.legend.map((m) => [m.code, m.colour]));
    const legend = $("bj-legend");
    legend.replaceChildren();
    const used = new Set(v.cells.map((c) => c.move));
    for (const m of v.legend.filter((m) => used.has(m.code))) {
      const item = el("span", null, { class: "item", "data-move": m.code });
      const key = el("span", m.code, { class: "key" });
      key.style.background = m.colour;
      item.append(key, m.meaning);
      legend.append(item);
    }
    legend.append(el("span", "underlined: some hands of the cell play otherwise", { class: "item" }));
    const table = $("bj-chart");
    table.replaceChildren();
    const head = el("tr");
    head.append(el("th", "hand \\ upcard", { scope: "col" }));
    for (const u of v.upcards) head.append(el("th", u === "T" ? "10" : u, { scope: "col" }));
    table.append(el("thead"));
    table.tHead.append(head);
    const body = el("tbody");
    let first = null;
    for (const row of v.rows) {
      const tr = el("tr");
      tr.append(el("th", row, { scope: "row" }));
      for (const u of v.upcards) {
        const cell = v.cells.find((c) => c.row === row && c.upcard === u);
        const td = el("td");
        if (cell) {
          const evs = Object.entries(cell.ev).map(([m, x]) => m + " " + ev(x)).join(", ");
          const b = el("button", cell.move, {
            type: "button", class: cell.mixed ? "mixed" : "", title: evs,
            "aria-label": row + " against " + u + ": " + cell.move, "aria-pressed": "false",
            "data-row": row, "data-upcard": u, "data-move": cell.move,
          });
          b.style.background = colour.get(cell.move) || "#fff";
          b.addEventListener("click", () => showCell(cell, b));
          td.append(b);
          if (row === "hard 16" && u === "T") first = [cell, b];
        }
        tr.append(td);
      }
      body.append(tr);
    }
    table.append(body);
    $("bj-cell").replaceChildren(el("p", "Click a cell for each move's EV."));
    if (first) showCell(first[0], first[1]);
  }

  function showCell(cell, button) {
    for (const b of document.querySelectorAll("#bj-chart button[aria-pressed=true]")) b.setAttribute("aria-pressed", "false");
    button.setAttribute("aria-pressed", "true");
    const box = $("bj-cell");
    box.replaceChildren(el("h2", cell.row + " against " + (cell.upcard === "T" ? "10" : cell.upcard) + ": " + cell.move));
    const t = el("table");
    t.append(el("caption", "Each move's EV over the cell's hands, weighted by how often they are dealt"));
    const best = Math.max(...Object.values(cell.ev));
    for (const [m, x] of Object.entries(cell.ev).sort((a, b) => b[1] - a[1])) {
      const tr = el("tr", null, { "data-action": m });
      if (x === best) tr.className = "best";
      const td = el("td", ev(x), { class: "ev" });
      td.dataset.ev = String(x);
      tr.append(el("td", m), td);
      t.append(tr);
    }
    box.append(t, el("p", "Hands: " + cell.hands.join(", ")));
  }

  setup();
})();
