'use strict';
// The 13×13 hand-class grid (rows and columns ace first; pairs on the
// diagonal, suited above, offsuit below), as focusable buttons that arrow
// keys move between: the range builder and the strategy grids use it.
const RANKS = 'AKQJT98765432';

function classAt(row, column) {
  if (row === column) return RANKS[row] + RANKS[row];
  return row < column ? RANKS[row] + RANKS[column] + 's' : RANKS[column] + RANKS[row] + 'o';
}

// The cell (row, column) of a combo written like `AsKd`.
function cellOfCombo(combo) {
  const a = RANKS.indexOf(combo[0]), b = RANKS.indexOf(combo[2]);
  const high = Math.min(a, b), low = Math.max(a, b);
  if (a === b) return [a, a];
  return combo[1] === combo[3] ? [high, low] : [low, high];
}

// Combos in a class: 6 pairs, 4 suited, 12 offsuit.
function classCombos(row, column) {
  return row === column ? 6 : row < column ? 4 : 12;
}

// Builds a grid of 169 buttons in `container`; `activate(row, column)` runs
// on a click, Enter or Space, `focus(row, column)` on focus and hover.
function buildGrid(container, label, activate, focus) {
  container.textContent = '';
  container.setAttribute('role', 'grid');
  container.setAttribute('aria-label', label);
  const cells = [];
  for (let row = 0; row < 13; row++) {
    const line = document.createElement('div');
    line.setAttribute('role', 'row');
    line.className = 'grid-row';
    for (let column = 0; column < 13; column++) {
      const cell = document.createElement('button');
      cell.type = 'button';
      cell.className = 'cell';
      cell.setAttribute('role', 'gridcell');
      cell.dataset.class = classAt(row, column);
      cell.dataset.row = row;
      cell.dataset.column = column;
      cell.tabIndex = row === 0 && column === 0 ? 0 : -1;
      cell.textContent = classAt(row, column);
      if (activate) cell.addEventListener('click', () => activate(row, column));
      if (focus) {
        cell.addEventListener('focus', () => focus(row, column));
        cell.addEventListener('mouseenter', () => focus(row, column));
      }
      cell.addEventListener('keydown', event => moveFocus(cells, row, column, event));
      line.appendChild(cell);
      cells.push(cell);
    }
    container.appendChild(line);
  }
  return cells;
}

// Arrow keys, Home and End move the focus (one tab stop per grid).
function moveFocus(cells, row, column, event) {
  const moves = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
  let to = null;
  if (moves[event.key]) {
    const [dr, dc] = moves[event.key];
    to = [Math.min(12, Math.max(0, row + dr)), Math.min(12, Math.max(0, column + dc))];
  } else if (event.key === 'Home') {
    to = [row, 0];
  } else if (event.key === 'End') {
    to = [row, 12];
  }
  if (!to) return;
  event.preventDefault();
  cells[row * 13 + column].tabIndex = -1;
  const next = cells[to[0] * 13 + to[1]];
  next.tabIndex = 0;
  next.focus();
}

// A colour per action: check and call green, fold blue, bets and raises
// from orange to dark red by size order.
function actionColour(action, index, actions) {
  if (action === 'x' || action === 'c') return [46, 160, 67];
  if (action === 'f') return [52, 120, 200];
  const aggressive = actions.filter(a => a !== 'x' && a !== 'c' && a !== 'f');
  const k = aggressive.indexOf(action);
  const t = aggressive.length > 1 ? k / (aggressive.length - 1) : 0;
  return [Math.round(240 - 90 * t), Math.round(140 - 110 * t), Math.round(40 - 10 * t)];
}
