"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("explore-data").textContent);
  if (DATA.poker.length === 0 && DATA.turn.length === 0) return;
  const $ = (id) => document.getElementById(id);
  const RANKS = "AKQJT98765432";
  const chips = (x) => String(Math.round(x * 100) / 100);

  function el(tag, text, attrs) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  /** A combo's hand class (pairs on the diagonal, suited above). */
  function classOf(combo) {
    const a = RANKS.indexOf(combo[0]), b = RANKS.indexOf(combo[2]);
    if (a === b) return combo[0] + combo[2];
    return RANKS[Math.min(a, b)] + RANKS[Math.max(a, b)] + (combo[1] === combo[3] ? "s" : "o");
  }

  function labelAt(row, col) {
    if (row === col) return RANKS[row] + RANKS[row];
    return row < col ? RANKS[row] + RANKS[col] + "s" : RANKS[col] + RANKS[row] + "o";
  }

  /** A colour per action: calls and checks green, folds blue, bets and raises red, darker when bigger. */
  function colours(actions) {
    const aggressive = actions.filter((a) => a[0] === "b" || a[0] === "r").length;
    let seen = 0;
    return actions.map((a) => {
      if (a === "f") return "#8fb8e8";
      if (a === "x" || a === "c") return "#92cf8a";
      const light = aggressive > 1 ? 78 - (30 * seen) / (aggressive - 1) : 62;
      seen += 1;
      return "hsl(4, 70%, " + light + "%)";
    });
  }

  /**
   * A saved river solution: every combo's frequency (ten-thousandths) and
   * reach; a class is summed from its combos, weighted by reach.
   */
  function riverView(spot) {
    const SCALE = 10000;
    const view = (node) => {
      const n = node.reach.length, k = node.actions.length;
      const cells = new Map();
      const total = { weight: 0, sums: new Array(k).fill(0) };
      for (let h = 0; h < n; h++) {
        const combo = node.hands.slice(4 * h, 4 * h + 4);
        const name = classOf(combo);
        if (!cells.has(name)) cells.set(name, { weight: 0, sums: new Array(k).fill(0), combos: [] });
        const cell = cells.get(name);
        const r = node.reach[h];
        const ps = node.actions.map((_, a) => node.freq[a * n + h] / SCALE);
        for (const target of [cell, total]) {
          target.weight += r;
          ps.forEach((p, a) => { target.sums[a] += r * p; });
        }
        cell.combos.push({ combo, reach: r, ps, ev: node.ev ? node.ev[h] : null });
      }
      const shown = new Map();
      for (const [name, c] of cells) {
        if (c.weight <= 0) continue;
        const evs = c.combos.filter((x) => x.ev !== null);
        const w = evs.reduce((s, x) => s + x.reach, 0);
        shown.set(name, {
          ps: c.sums.map((s) => s / c.weight), ev: w > 0 ? evs.reduce((s, x) => s + x.reach * x.ev, 0) / w : null,
          detail: c.combos.length + " combos, reach " + c.weight.toPrecision(4), combos: c.combos,
        });
      }
      return {
        total: total.sums.map((s) => (total.weight > 0 ? s / total.weight : 0)), cells: shown, digits: 2,
        note: node.ev ? null : "This saved solution records no per-combo EVs.",
      };
    };
    return {
      spot, cards: [],
      nodes: spot.nodes.map((node) => ({ node, label: node.path === "" ? "(root)" : node.path, path: () => node.path })),
      view: (entry) => view(entry.node),
    };
  }

  /** A saved turn solution: packed blocks per node (and river card), see `src/explore/turn.rs`. */
  function turnView(spot) {
    const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz-_";
    const ABSENT = 4095;
    const value = new Map([...DIGITS].map((d, i) => [d, i]));
    const nodes = spot.nodes.map((node) => {
      const river = node.after !== null;
      const join = (card) => [node.path, card, node.after].filter((s) => s).join(" ");
      const label = river ? join("··") : node.path === "" ? "(root)" : node.path;
      return { node, label, river, path: (card) => (river ? join(card) : node.path) };
    });
    function decode(block, node) {
      let at = 0;
      const read = (width) => {
        let v = 0;
        for (let i = 0; i < width; i++) v = v * 64 + value.get(block[at++]);
        return v;
      };
      const k = node.actions.length, evNone = Math.pow(64, spot.ev_width) - 1;
      const ev = () => { const v = read(spot.ev_width); return v === evNone ? null : (v - spot.ev_offset) / 1000; };
      const freqs = (first) => [first, ...Array.from({ length: k - 1 }, () => read(2))].map((v) => v / 1000);
      const cells = new Map();
      const first = read(2);
      if (first === ABSENT) return { total: new Array(k).fill(0), cells, digits: 1, note: "No hand of " + spot.players[node.player] + " reaches this node." };
      const total = freqs(first), totalEv = ev();
      const hands = spot.hands[node.player];
      const combos = new Map();
      for (const name of spot.classes[node.player]) {
        const share = read(2);
        if (share === ABSENT) continue;
        const ps = freqs(read(2));
        cells.set(name, { ps, ev: ev(), detail: (share / 10).toFixed(1) + " % of the range here", combos: [] });
      }
      const withCombos = at < block.length;
      if (withCombos) {
        for (let h = 0; 4 * h < hands.length; h++) {
          const f = read(2);
          if (f === ABSENT) continue;
          const combo = hands.slice(4 * h, 4 * h + 4);
          const entry = { combo, reach: null, ps: freqs(f), ev: ev() };
          const cell = cells.get(classOf(combo));
          if (cell) cell.combos.push(entry);
          combos.set(combo, entry);
        }
      }
      return {
        total, totalEv, cells, digits: 1,
        note: withCombos ? null : "On the river this page keeps hand classes only (per-combo data would make it too large): run poker show FILE --node PATH --hand CLASS for combos.",
      };
    }
    return {
      spot, cards: spot.cards, nodes,
      view: (entry, card) => decode(entry.river ? entry.node.blocks[card] : entry.node.blocks[0], entry.node),
    };
  }

  const model = DATA.poker.length > 0 ? riverView(DATA.poker[0]) : turnView(DATA.turn[0]);
  const spot = model.spot;
  const state = { node: 0, card: 0, cell: null };
  const pct = (p, digits) => (100 * p).toFixed(digits) + " %";

  function setup() {
    $("pk-info").textContent = spot.name + ": " + spot.position + " · value " + spot.players[0] + " " +
      spot.value[0].toFixed(3) + ", " + spot.players[1] + " " + spot.value[1].toFixed(3) +
      " chips · exploitability " + spot.exploitability_pct_pot.toFixed(3) + " % of the pot (" + spot.algorithm + ")";
    const list = $("pk-nodes");
    model.nodes.forEach((entry, i) => {
      const li = el("li");
      const depth = (entry.label.match(/[xcfbr]|··/g) || []).length;
      li.style.paddingLeft = depth * 0.8 + "rem";
      const who = spot.players[entry.node.player];
      const b = el("button", entry.label + " · " + who, { type: "button", "data-index": String(i), "data-path": entry.label });
      b.tabIndex = i === 0 ? 0 : -1;
      b.addEventListener("click", () => openNode(i));
      b.addEventListener("keydown", (e) => move(e, i, model.nodes.length, openNode, "#pk-nodes"));
      li.append(b);
      list.append(li);
    });
    $("pk-river").hidden = model.cards.length === 0;
    model.cards.forEach((card, i) => {
      const b = el("button", card, { type: "button", "data-index": String(i), "data-card": card, "aria-pressed": String(i === 0) });
      b.tabIndex = i === 0 ? 0 : -1;
      b.addEventListener("click", () => pickCard(i));
      b.addEventListener("keydown", (e) => move(e, i, model.cards.length, pickCard, "#pk-cards"));
      $("pk-cards").append(b);
    });
    openNode(0);
  }

  /** Arrow keys, Home and End move through a list (and open the item). */
  function move(e, i, count, open, list) {
    const next = { ArrowDown: i + 1, ArrowRight: i + 1, ArrowUp: i - 1, ArrowLeft: i - 1, Home: 0, End: count - 1 }[e.key];
    if (next === undefined) return;
    e.preventDefault();
    const to = Math.min(Math.max(next, 0), count - 1);
    open(to);
    document.querySelector(list + ' button[data-index="' + to + '"]').focus();
  }

  function pickCard(i) {
    state.card = i;
    for (const b of document.querySelectorAll("#pk-cards button")) {
      const on = Number(b.dataset.index) === i;
      b.setAttribute("aria-pressed", String(on));
      b.tabIndex = on ? 0 : -1;
    }
    openNode(state.node);
  }

  function openNode(i) {
    state.node = i;
    for (const b of document.querySelectorAll("#pk-nodes button")) {
      const on = Number(b.dataset.index) === i;
      b.setAttribute("aria-current", String(on));
      b.tabIndex = on ? 0 : -1;
    }
    const entry = model.nodes[i], node = entry.node;
    const card = model.cards[state.card];
    for (const b of document.querySelectorAll("#pk-cards button")) b.disabled = !entry.river;
    $("pk-cards-label").textContent = entry.river ? "River card: " + card : "River card (on river nodes)";
    const path = entry.path(card);
    const info = $("pk-node");
    info.dataset.path = path;
    info.textContent = (path === "" ? "(root)" : path) + ": " + spot.players[node.player] +
      " to act · pot " + chips(node.pot) + " · behind " + spot.players[0] + " " + chips(node.stacks[0]) +
      ", " + spot.players[1] + " " + chips(node.stacks[1]);
    renderGrid(node, model.view(entry, state.card));
  }

  function mix(ps, cols) {
    let at = 0;
    const stops = [];
    ps.forEach((p, a) => {
      const next = at + 100 * p;
      stops.push(cols[a] + " " + at.toFixed(1) + "% " + next.toFixed(1) + "%");
      at = next;
    });
    return "linear-gradient(to right, " + stops.join(", ") + ")";
  }

  function renderGrid(node, view) {
    const cols = colours(node.actions);
    const legend = $("pk-legend");
    legend.replaceChildren();
    node.actions.forEach((a, k) => {
      const p = view.total[k];
      const key = el("span", a + " " + pct(p, view.digits), { class: "pk-key", "data-action": a, "data-p": String(p) });
      key.style.background = cols[k];
      legend.append(key);
    });
    if (view.totalEv !== undefined && view.totalEv !== null) legend.append(el("span", "EV " + view.totalEv.toFixed(3), { id: "pk-ev" }));
    const grid = $("pk-grid");
    grid.replaceChildren();
    for (let row = 0; row < 13; row++) {
      const tr = el("tr");
      for (let col = 0; col < 13; col++) {
        const name = labelAt(row, col);
        const cell = view.cells.get(name);
        const td = el("td");
        const b = el("button", name, { type: "button", "data-class": name, "aria-pressed": "false" });
        if (!cell) {
          b.className = "empty";
          b.setAttribute("aria-label", name + ": not in the range here");
        } else {
          b.style.background = mix(cell.ps, cols);
          b.setAttribute("aria-label", name + ": " + node.actions.map((a, k) => a + " " + pct(cell.ps[k], view.digits)).join(", "));
          const show = () => showCell(node, view, name, b);
          b.addEventListener("click", show);
          b.addEventListener("focus", show);
          b.addEventListener("mouseenter", show);
        }
        td.append(b);
        tr.append(td);
      }
      grid.append(tr);
    }
    $("pk-cell").replaceChildren();
    if (state.cell && view.cells.has(state.cell)) showCell(node, view, state.cell, grid.querySelector('button[data-class="' + state.cell + '"]'));
    $("pk-note").textContent = view.note || "";
  }

  function showCell(node, view, name, button) {
    state.cell = name;
    const cell = view.cells.get(name);
    for (const b of document.querySelectorAll("#pk-grid button")) b.setAttribute("aria-pressed", String(b === button));
    const box = $("pk-cell");
    box.replaceChildren();
    box.dataset.class = name;
    box.append(el("h2", name + " · " + spot.players[node.player] + " · " + cell.detail));
    const t = el("table", null, { id: "pk-combos" });
    const head = el("tr");
    head.append(el("th", "Hand", { scope: "col" }));
    for (const a of node.actions) head.append(el("th", a, { scope: "col" }));
    head.append(el("th", "EV", { scope: "col" }));
    const reach = cell.combos.some((c) => c.reach !== null);
    if (reach) head.append(el("th", "Reach", { scope: "col" }));
    t.append(head);
    const row = (label, ps, ev, r, attrs) => {
      const tr = el("tr", null, attrs);
      tr.append(el("td", label));
      ps.forEach((p, k) => tr.append(el("td", pct(p, view.digits), { "data-action": node.actions[k], "data-p": String(p) })));
      tr.append(el("td", ev === null ? "–" : ev.toFixed(3), { "data-ev": ev === null ? "" : String(ev) }));
      if (reach) tr.append(el("td", r === null ? "–" : r.toPrecision(4)));
      t.append(tr);
    };
    row(name + " (class)", cell.ps, cell.ev, null, { class: "best", "data-combo": name });
    for (const c of cell.combos) row(c.combo, c.ps, c.ev, c.reach, { "data-combo": c.combo });
    box.append(t);
  }

  setup();
})();
