'use strict';
// The page: the spot form and range builder, the solve in a Web Worker
// (started from a blob URL, so the page works from file://), the progress
// with a Stop button, and the result browsed node by node.
const $ = id => document.getElementById(id);
let wasmModule = null;
let parser = null;
let worker = null;
let solving = false;
let nodes = new Map();
let crumbs = [];
let current = null;

// ---- the wasm: compiled once, one instance here for reading ranges ----
async function loadWasm() {
  const text = $('wasm-base64').textContent.trim();
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  wasmModule = await WebAssembly.compile(bytes);
  parser = (await WebAssembly.instantiate(wasmModule, {})).exports;
}

function parse(name, text) {
  const bytes = new TextEncoder().encode(text);
  const at = parser.input(bytes.length); // may grow the memory: read the buffer after
  new Uint8Array(parser.memory.buffer, at, bytes.length).set(bytes);
  const code = parser[name]();
  const out = new TextDecoder().decode(
    new Uint8Array(parser.memory.buffer, parser.output_ptr(), parser.output_len()));
  return code === 0 ? { ok: JSON.parse(out) } : { error: out };
}

// ---- ranges: text and grid are two views of one range per player ----
const weights = { oop: new Array(169).fill(0), ip: new Array(169).fill(0) };
let builderCells = [];

function painter() {
  return $('paint-ip').checked ? 'ip' : 'oop';
}

function readRange(player) {
  const info = $(`range-${player}-info`);
  const read = parse('range_grid', $(`range-${player}`).value);
  if (read.error) {
    info.textContent = read.error;
    info.className = 'info error';
    return false;
  }
  for (let row = 0; row < 13; row++) {
    for (let column = 0; column < 13; column++) {
      weights[player][row * 13 + column] = read.ok.weighted[row][column] / classCombos(row, column);
    }
  }
  info.textContent = `${read.ok.combos} combos`;
  info.className = 'info';
  if (player === painter()) paintBuilder();
  return true;
}

function paintBuilder() {
  const w = weights[painter()];
  builderCells.forEach((cell, i) => {
    cell.style.background = w[i] > 0 ? `rgba(46, 160, 67, ${0.25 + 0.75 * w[i]})` : '';
    cell.setAttribute('aria-pressed', w[i] > 0 ? 'true' : 'false');
    cell.title = `${cell.dataset.class}: ${Math.round(100 * w[i])} %`;
  });
}

// The text of a grid: each class with its weight (`AKs`, `AKs:0.5`).
function rangeText(w) {
  const parts = [];
  for (let i = 0; i < 169; i++) {
    if (w[i] <= 0) continue;
    const name = classAt(Math.floor(i / 13), i % 13);
    parts.push(w[i] >= 1 ? name : `${name}:${Number(w[i].toFixed(3))}`);
  }
  return parts.join(',');
}

function paintCell(row, column) {
  const player = painter();
  const weight = Math.min(100, Math.max(0, Number($('weight').value) || 0)) / 100;
  const i = row * 13 + column;
  weights[player][i] = weights[player][i] === weight ? 0 : weight;
  $(`range-${player}`).value = rangeText(weights[player]);
  readRange(player);
}

// ---- sizes per player and street: each field named as poker solve's flag ----
const STREETS = ['', 'flop', 'turn', 'river'];
const SIZE_COLUMNS = [['', 'bet', 'bets'], ['', 'raise', 'raises'], ['oop', 'bet', 'OOP bets'],
  ['oop', 'raise', 'OOP raises'], ['ip', 'bet', 'IP bets'], ['ip', 'raise', 'IP raises']];
const sizeFields = [];

function buildSizes() {
  const table = $('sizes-table');
  const head = table.insertRow();
  head.appendChild(document.createElement('th'));
  for (const [, , title] of SIZE_COLUMNS) {
    const th = document.createElement('th');
    th.textContent = title;
    head.appendChild(th);
  }
  for (const street of STREETS) {
    const row = table.insertRow();
    const th = document.createElement('th');
    th.textContent = street || 'every street';
    row.appendChild(th);
    for (const [player, what, title] of SIZE_COLUMNS) {
      const td = row.insertCell();
      if (!street && !player) {
        td.textContent = what === 'bet' ? 'Bets above' : 'Raises above';
        td.className = 'help';
        continue;
      }
      const name = [street, player, what].filter(Boolean).join('-');
      const input = document.createElement('input');
      input.id = name;
      input.setAttribute('aria-label', `${street || 'every street'}: ${title}`);
      input.placeholder = 'as above';
      td.appendChild(input);
      sizeFields.push(input);
    }
  }
}

// ---- the solve ----
function request() {
  const board = $('board').value.replace(/[\s/,]/g, '');
  const stacks = [$('stack-oop').value, $('stack-ip').value].map(s => String(s).trim());
  const sizes = {};
  for (const input of sizeFields) if (input.value.trim() !== '') sizes[input.id] = input.value;
  return {
    position: `OOP:??:S${stacks[0]}/IP:??:S${stacks[1]}|P${String($('pot').value).trim()}|${board}||>OOP`,
    ranges: [['OOP', $('range-oop').value], ['IP', $('range-ip').value]],
    bet: $('bet').value,
    raise: $('raise').value,
    sizes,
    algorithm: $('algorithm').value,
  };
}

let clock = null;
function startClock() {
  const started = performance.now();
  const element = $('clock');
  element.dataset.ticks = '0';
  clearInterval(clock);
  clock = setInterval(() => {
    element.dataset.ticks = String(Number(element.dataset.ticks) + 1);
    element.textContent = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  }, 50);
}

function solve() {
  if (!readRange('oop') || !readRange('ip')) {
    $('error').textContent = 'fix the ranges first';
    return;
  }
  if (worker) worker.terminate();
  const source = $('worker-source').textContent;
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  worker = new Worker(url);
  URL.revokeObjectURL(url);
  worker.onmessage = event => onWorker(event.data);
  worker.postMessage({ type: 'init', module: wasmModule });
  worker.postMessage({
    type: 'solve',
    request: request(),
    targetPct: Number($('target').value),
    maxIterations: Math.max(1, Math.floor(Number($('max-iterations').value) || 1)),
    every: 10,
  });
  solving = true;
  $('error').textContent = '';
  $('stop').disabled = false;
  $('bar').value = 0;
  $('status').textContent = 'building the tree…';
  $('result').hidden = true;
  delete $('summary').dataset.done;
  startClock();
}

function stop() {
  if (worker && solving) {
    worker.postMessage({ type: 'stop' });
    $('status').textContent = 'stopping…';
  }
}

function finish() {
  solving = false;
  clearInterval(clock);
  $('stop').disabled = true;
}

let first = null;
function onWorker(message) {
  if (message.type === 'error') {
    finish();
    $('error').textContent = message.message;
    $('status').textContent = 'not solved';
  } else if (message.type === 'opened') {
    const s = message.summary;
    $('status').textContent = `${s.street} spot: ${s.hands[0]} × ${s.hands[1]} hands, ${s.nodes} nodes, about ${(s.memory_bytes / 1e6).toFixed(1)} MB`;
    first = null;
  } else if (message.type === 'progress' || message.type === 'done') {
    const m = message.measured;
    const pct = m.exploitability_pct_pot;
    if (first === null && m.exploitability > 0) first = m.exploitability;
    if (first !== null && m.exploitability > 0 && message.target > 0 && first > message.target) {
      const share = Math.log(first / m.exploitability) / Math.log(first / message.target);
      $('bar').value = Math.min(1, Math.max(0, share));
    }
    $('status').textContent = `iteration ${message.iteration}: exploitability ${pct.toFixed(4)} % of the pot`;
    if (message.type === 'done') {
      finish();
      $('bar').value = m.exploitability <= message.target ? 1 : $('bar').value;
      showSummary(message);
      nodes = new Map();
      crumbs = [{ label: '(root)', index: 0 }];
      worker.postMessage({ type: 'node', index: 0 });
    }
  } else if (message.type === 'node') {
    nodes.set(message.node.index, message.node);
    showNode(message.node);
  }
}

function showSummary(message) {
  const m = message.measured;
  const summary = $('summary');
  summary.innerHTML = '';
  const add = (text, id, data) => {
    const span = document.createElement('span');
    span.textContent = text;
    if (id) span.id = id;
    Object.assign(span.dataset, data || {});
    summary.appendChild(span);
  };
  add('Value: OOP ');
  add(m.value.oop.toFixed(4), 'value-oop', { value: m.value.oop });
  add(', IP ');
  add(m.value.ip.toFixed(4), 'value-ip', { value: m.value.ip });
  add(' chips. Exploitability ');
  add(`${m.exploitability.toFixed(5)} chips = ${m.exploitability_pct_pot.toFixed(4)} % of the pot`, 'exploit',
    { chips: m.exploitability, pct: m.exploitability_pct_pot, target: message.target });
  add(` after ${message.iteration} iterations in `);
  add(`${message.seconds.toFixed(3)} s`, 'seconds', { seconds: message.seconds, iterations: message.iteration });
  add(message.stopped ? ' (stopped).' : '.');
  add(` OOP's game value is in [${m.bracket[0].toFixed(4)}, ${m.bracket[1].toFixed(4)}].`);
  $('clock').dataset.solveTicks = $('clock').dataset.ticks;
  summary.dataset.done = 'true';
  $('result').hidden = false;
}

// ---- the result, node by node ----
function goTo(index, label, depth) {
  crumbs = crumbs.slice(0, depth);
  crumbs.push({ label, index });
  if (nodes.has(index)) showNode(nodes.get(index));
  else worker.postMessage({ type: 'node', index });
}

function button(text, onClick) {
  const b = document.createElement('button');
  b.type = 'button';
  b.textContent = text;
  b.addEventListener('click', onClick);
  return b;
}

// Per action, the reach-weighted frequency over `hands`.
function frequencies(hands, actions) {
  const sum = new Array(actions).fill(0);
  let total = 0;
  for (const h of hands) {
    total += h.reach;
    h.strategy.forEach((p, k) => { sum[k] += h.reach * p; });
  }
  return total > 0 ? sum.map(s => s / total) : null;
}

function showNode(node) {
  current = node;
  const crumbBar = $('crumbs');
  crumbBar.textContent = '';
  crumbs.forEach((c, depth) => {
    const b = button(c.label, () => goTo(c.index, c.label, depth));
    if (depth === crumbs.length - 1) b.setAttribute('aria-current', 'step');
    crumbBar.appendChild(b);
  });
  const who = node.kind === 'decision' ? `${node.player} to act` :
    node.kind === 'chance' ? `the ${node.deals} card is dealt` :
    node.kind === 'fold' ? `${node.player} folds` : 'showdown';
  $('node-title').textContent = `${node.path || '(root)'}: ${who}, pot ${node.pot}`;
  $('node-title').dataset.index = node.index;
  const children = $('children');
  children.textContent = '';
  const labels = node.children.map(c => c.label);
  const freq = node.hands ? frequencies(node.hands, labels.length) : null;
  node.children.forEach((c, k) => {
    const text = freq ? `${c.label} ${(100 * freq[k]).toFixed(1)} %` : c.label;
    const b = button(text, () => goTo(c.index, c.label, crumbs.length));
    b.dataset.action = c.label;
    if (freq) {
      const [r, g, bl] = actionColour(c.label, k, labels);
      b.style.borderColor = `rgb(${r}, ${g}, ${bl})`;
    }
    children.appendChild(b);
  });
  $('strategy').textContent = freq ? `${node.player}'s strategy over the range at this node (reach-weighted); hover or focus a cell for its combos.` :
    node.mirrors && node.mirrors.length ? `Also dealt, each solved as a listed card with two suits exchanged (suit isomorphism): ${node.mirrors.map(m => `${m.card} as ${m.as}`).join(', ')}.` : '';
  showGrids(node, labels);
  $('detail').textContent = '';
}

// Per action a 13×13 grid, each class coloured by its frequency there.
function showGrids(node, labels) {
  const grids = $('grids');
  grids.textContent = '';
  if (!node.hands) return;
  const byCell = new Map();
  for (const h of node.hands) {
    const [row, column] = cellOfCombo(h.hand);
    const key = row * 13 + column;
    if (!byCell.has(key)) byCell.set(key, []);
    byCell.get(key).push(h);
  }
  labels.forEach((label, k) => {
    const box = document.createElement('div');
    box.className = 'strategy-grid';
    const title = document.createElement('h4');
    title.textContent = label;
    box.appendChild(title);
    const grid = document.createElement('div');
    grid.className = 'grid small';
    grid.dataset.action = label;
    box.appendChild(grid);
    grids.appendChild(box);
    const cells = buildGrid(grid, `frequency of ${label}`, null,
      (row, column) => showDetail(row, column, byCell.get(row * 13 + column), labels));
    const [r, g, b] = actionColour(label, k, labels);
    cells.forEach((cell, i) => {
      const hands = byCell.get(i);
      const f = hands ? frequencies(hands, labels.length) : null;
      if (!f) {
        cell.classList.add('empty');
        return;
      }
      cell.style.background = `rgba(${r}, ${g}, ${b}, ${0.08 + 0.92 * f[k]})`;
      cell.dataset.frequency = f[k];
      cell.title = `${cell.dataset.class}: ${label} ${(100 * f[k]).toFixed(1)} %`;
    });
  });
}

// The reach-weighted equity of `hands` (those with one), or null.
function classEquity(hands) {
  let weight = 0, sum = 0;
  for (const h of hands) {
    if (typeof h.equity !== 'number') continue;
    weight += h.reach;
    sum += h.reach * h.equity;
  }
  return weight > 0 ? sum / weight : null;
}

function showDetail(row, column, hands, labels) {
  const detail = $('detail');
  detail.textContent = '';
  const name = classAt(row, column);
  if (!hands) {
    detail.textContent = `${name}: not in the range here`;
    return;
  }
  const table = document.createElement('table');
  const head = table.insertRow();
  for (const text of ['combo', 'reach', ...labels, 'EV', 'equity']) {
    const th = document.createElement('th');
    th.textContent = text;
    head.appendChild(th);
  }
  const total = frequencies(hands, labels.length);
  const rows = [{ hand: name, reach: hands.reduce((s, h) => s + h.reach, 0), strategy: total || [], ev: null, equity: classEquity(hands) }, ...hands];
  for (const h of rows) {
    const tr = table.insertRow();
    tr.dataset.hand = h.hand;
    tr.insertCell().textContent = h.hand;
    tr.insertCell().textContent = h.reach.toFixed(3);
    labels.forEach((_, k) => {
      const td = tr.insertCell();
      td.textContent = h.strategy[k] === undefined ? '' : `${(100 * h.strategy[k]).toFixed(1)} %`;
      if (h.strategy[k] !== undefined) td.dataset.p = h.strategy[k];
    });
    const ev = tr.insertCell();
    ev.textContent = h.ev === null || h.ev === undefined ? '' : h.ev.toFixed(3);
    if (typeof h.ev === 'number') ev.dataset.ev = h.ev;
    const equity = tr.insertCell();
    equity.textContent = typeof h.equity === 'number' ? `${(100 * h.equity).toFixed(1)} %` : '';
    if (typeof h.equity === 'number') equity.dataset.equity = h.equity;
  }
  const caption = table.createCaption();
  caption.textContent = `${name} at ${current.path || '(root)'}`;
  detail.appendChild(table);
}

// ---- wiring ----
async function start() {
  await loadWasm();
  builderCells = buildGrid($('builder'), 'range builder', paintCell, null);
  buildSizes();
  for (const player of ['oop', 'ip']) {
    $(`range-${player}`).addEventListener('input', () => readRange(player));
    readRange(player);
  }
  for (const id of ['paint-oop', 'paint-ip']) $(id).addEventListener('change', paintBuilder);
  $('builder-clear').addEventListener('click', () => {
    weights[painter()].fill(0);
    $(`range-${painter()}`).value = '';
    $(`range-${painter()}-info`).textContent = 'empty';
    paintBuilder();
  });
  $('spot').addEventListener('submit', event => { event.preventDefault(); solve(); });
  $('stop').addEventListener('click', stop);
  document.addEventListener('keydown', event => { if (event.key === 'Escape') stop(); });
  document.body.dataset.ready = 'true';
}

start().catch(error => { $('error').textContent = `cannot start the solver: ${error.message}`; });
