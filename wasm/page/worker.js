'use strict';
// The solver's worker: one instance of the wasm per spot. It iterates in
// small steps, measures every `every` iterations (as `poker solve` does),
// posts each measurement, and yields between steps so that a Stop arrives.
let ex = null;
let ready = null;
let stopping = false;

function call(name, ...args) {
  const code = ex[name](...args);
  const bytes = new Uint8Array(ex.memory.buffer, ex.output_ptr(), ex.output_len());
  const text = new TextDecoder().decode(bytes);
  if (code !== 0) throw new Error(text);
  return JSON.parse(text);
}

function send(text) {
  const bytes = new TextEncoder().encode(text);
  const at = ex.input(bytes.length); // may grow the memory: read the buffer after
  new Uint8Array(ex.memory.buffer, at, bytes.length).set(bytes);
}

// Lets queued messages (a Stop) run; no timer clamping.
function breathe() {
  return new Promise(resolve => {
    const channel = new MessageChannel();
    channel.port1.onmessage = resolve;
    channel.port2.postMessage(0);
  });
}

async function solve(job) {
  send(JSON.stringify(job.request));
  const summary = call('spot_open');
  postMessage({ type: 'opened', summary });
  const target = job.targetPct / 100 * summary.pot;
  const started = performance.now();
  let measured = call('spot_measure');
  let iteration = 0;
  let rested = started;
  postMessage({ type: 'progress', measured, iteration, target, seconds: 0 });
  while (!(measured.exploitability <= target || iteration >= job.maxIterations)) {
    if (stopping) break;
    iteration = call('spot_iterate', 1).iteration;
    if (iteration % job.every === 0 || iteration >= job.maxIterations) {
      measured = call('spot_measure');
      const seconds = (performance.now() - started) / 1000;
      postMessage({ type: 'progress', measured, iteration, target, seconds });
    }
    if (performance.now() - rested > 30) {
      await breathe();
      rested = performance.now();
    }
  }
  if (measured.iteration !== iteration) measured = call('spot_measure');
  const seconds = (performance.now() - started) / 1000;
  postMessage({ type: 'done', measured, iteration, target, seconds, stopped: stopping });
}

onmessage = async event => {
  const message = event.data;
  try {
    if (message.type === 'init') {
      ready = WebAssembly.instantiate(message.module, {}).then(i => { ex = i.exports; });
      return;
    }
    await ready;
    if (message.type === 'solve') {
      stopping = false;
      await solve(message);
    } else if (message.type === 'stop') {
      stopping = true;
    } else if (message.type === 'node') {
      postMessage({ type: 'node', node: call('spot_node', message.index) });
    }
  } catch (error) {
    postMessage({ type: 'error', message: String(error.message || error) });
  }
};
