"use strict";
(function () {
  const DATA = JSON.parse(document.getElementById("explore-data").textContent);
  if (DATA.poker.length === 0) return;
  const $ = (id) => document.getElementById(id);
  const spot = DATA.poker[0];
  /** Frequencies are stored in ten-thousandths. */
  const SCALE = 10000;
  const RANKS = "AKQJT98765432";
  const pct = (p) => (100 * p).toFixed(2) + " %";
  const chips = (x) => String(Math.round(x * 100) / 100);

  function el(tag, text, attrs) {
    const node = document.createElement(tag);
    if (text !== undefined && text !== null) node.textContent = text;
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    return node;
  }

  /** A combo's hand class and its grid cell (pairs on the diagonal, suited above). */
  function classOf(combo) {
    const a = RANKS.indexOf(combo[0]), b = RANKS.indexOf(combo[2]);
    const hi = Math.min(a, b), lo = Math.max(a, b);
    if (a === b) return { name: combo[0] + combo[2], row: a, col: a };
    const suited = combo[1] === combo[3];
    const name = RANKS[hi] + RANKS[lo] + (suited ? "s" : "o");
    return suited ? { name, row: hi, col: lo } : { name, row: lo, col: hi };
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

  /** Reach-weighted sums of a node's combos, per hand class and in total. */
  function summarize(node) {
    const n = node.reach.length, k = node.actions.length;
    const cells = new Map();
    const total = { weight: 0, sums: new Array(k).fill(0) };
    for (let h = 0; h < n; h++) {
      const combo = node.hands.slice(4 * h, 4 * h + 4);
      const c = classOf(combo);
      if (!cells.has(c.name)) cells.set(c.name, { weight: 0, sums: new Array(k).fill(0), combos: [] });
      const cell = cells.get(c.name);
      const r = node.reach[h];
      const ps = node.actions.map((_, a) => node.freq[a * n + h] / SCALE);
      for (const target of [cell, total]) {
        target.weight += r;
        ps.forEach((p, a) => { target.sums[a] += r * p; });
      }
      cell.combos.push({ combo, reach: r, ps, ev: node.ev ? node.ev[h] : null });
    }
    return { cells, total };
  }

  const state = { node: 0, cell: null };

  function nodeLabel(node) {
    const path = node.path === "" ? "(root)" : node.path;
    return path + " · " + spot.players[node.player];
  }

  function setup() {
    $("pk-info").textContent = spot.name + ": " + spot.position + " · value " + spot.players[0] + " " +
      spot.value[0].toFixed(3) + ", " + spot.players[1] + " " + spot.value[1].toFixed(3) +
      " chips · exploitability " + spot.exploitability_pct_pot.toFixed(3) + " % of the pot (" + spot.algorithm + ")";
    const list = $("pk-nodes");
    spot.nodes.forEach((node, i) => {
      const li = el("li");
      const depth = (node.path.match(/[xcfbr]/g) || []).length;
      li.style.paddingLeft = depth * 0.8 + "rem";
      const b = el("button", nodeLabel(node), { type: "button", "data-index": String(i), "data-path": node.path });
      b.tabIndex = i === 0 ? 0 : -1;
      b.addEventListener("click", () => openNode(i));
      b.addEventListener("keydown", (e) => moveNode(e, i));
      li.append(b);
      list.append(li);
    });
    openNode(0);
  }

  /** Arrow keys, Home and End move between nodes (and open them). */
  function moveNode(e, i) {
    const last = spot.nodes.length - 1;
    const to = { ArrowDown: Math.min(i + 1, last), ArrowUp: Math.max(i - 1, 0), Home: 0, End: last }[e.key];
    if (to === undefined) return;
    e.preventDefault();
    openNode(to);
    document.querySelector('#pk-nodes button[data-index="' + to + '"]').focus();
  }

  function openNode(i) {
    state.node = i;
    for (const b of document.querySelectorAll("#pk-nodes button")) {
      const on = Number(b.dataset.index) === i;
      b.setAttribute("aria-current", String(on));
      b.tabIndex = on ? 0 : -1;
    }
    const node = spot.nodes[i];
    const info = $("pk-node");
    info.dataset.path = node.path;
    info.textContent = (node.path === "" ? "(root)" : node.path) + ": " + spot.players[node.player] +
      " to act · pot " + chips(node.pot) + " · behind " + spot.players[0] + " " + chips(node.stacks[0]) +
      ", " + spot.players[1] + " " + chips(node.stacks[1]);
    renderGrid(node);
  }

  function mix(sums, weight, cols) {
    let at = 0;
    const stops = [];
    sums.forEach((s, a) => {
      const next = at + (100 * s) / weight;
      stops.push(cols[a] + " " + at.toFixed(1) + "% " + next.toFixed(1) + "%");
      at = next;
    });
    return "linear-gradient(to right, " + stops.join(", ") + ")";
  }

  function renderGrid(node) {
    const { cells, total } = summarize(node);
    const cols = colours(node.actions);
    const legend = $("pk-legend");
    legend.replaceChildren();
    node.actions.forEach((a, k) => {
      const p = total.weight > 0 ? total.sums[k] / total.weight : 0;
      const key = el("span", a + " " + pct(p), { class: "pk-key", "data-action": a, "data-p": String(p) });
      key.style.background = cols[k];
      legend.append(key);
    });
    const grid = $("pk-grid");
    grid.replaceChildren();
    for (let row = 0; row < 13; row++) {
      const tr = el("tr");
      for (let col = 0; col < 13; col++) {
        const name = labelAt(row, col);
        const cell = cells.get(name);
        const td = el("td");
        const b = el("button", name, { type: "button", "data-class": name, "aria-pressed": "false" });
        if (!cell || cell.weight <= 0) {
          b.className = "empty";
          b.setAttribute("aria-label", name + ": not in the range here");
        } else {
          b.style.background = mix(cell.sums, cell.weight, cols);
          b.setAttribute("aria-label", name + ": " + node.actions.map((a, k) => a + " " + pct(cell.sums[k] / cell.weight)).join(", "));
          const show = () => showCell(node, name, cell, b);
          b.addEventListener("click", show);
          b.addEventListener("focus", show);
          b.addEventListener("mouseenter", show);
        }
        td.append(b);
        tr.append(td);
      }
      grid.append(tr);
    }
    const keep = state.cell && cells.get(state.cell);
    const box = $("pk-cell");
    box.replaceChildren();
    if (keep && keep.weight > 0) showCell(node, state.cell, keep, grid.querySelector('button[data-class="' + state.cell + '"]'));
  }

  function showCell(node, name, cell, button) {
    state.cell = name;
    for (const b of document.querySelectorAll("#pk-grid button")) b.setAttribute("aria-pressed", String(b === button));
    const box = $("pk-cell");
    box.replaceChildren();
    box.dataset.class = name;
    box.append(el("h2", name + " · " + spot.players[node.player] + " · " + cell.combos.length + " combos, reach " + cell.weight.toPrecision(4)));
    const t = el("table", null, { id: "pk-combos" });
    const head = el("tr");
    head.append(el("th", "Combo", { scope: "col" }));
    for (const a of node.actions) head.append(el("th", a, { scope: "col" }));
    head.append(el("th", "EV", { scope: "col" }), el("th", "Reach", { scope: "col" }));
    t.append(head);
    const row = (label, ps, ev, reach, attrs) => {
      const tr = el("tr", null, attrs);
      tr.append(el("td", label));
      ps.forEach((p, k) => tr.append(el("td", pct(p), { "data-action": node.actions[k], "data-p": String(p) })));
      tr.append(el("td", ev === null ? "–" : ev.toFixed(3)), el("td", reach.toPrecision(4)));
      t.append(tr);
    };
    const evs = cell.combos.filter((c) => c.ev !== null);
    const classEv = evs.length > 0 ? evs.reduce((s, c) => s + c.reach * c.ev, 0) / evs.reduce((s, c) => s + c.reach, 0) : null;
    row(name + " (class)", cell.sums.map((s) => s / cell.weight), classEv, cell.weight, { class: "best", "data-combo": name });
    for (const c of cell.combos) row(c.combo, c.ps, c.ev, c.reach, { "data-combo": c.combo });
    box.append(t);
    if (!node.ev) box.append(el("p", "This saved solution records no per-combo EVs.", { class: "info" }));
  }

  setup();
})();
