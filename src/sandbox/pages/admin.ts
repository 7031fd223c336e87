import { SITUATION_NAMES, Situation } from '../model/types.js';

/**
 * The moves the admin page offers on each proposal (`POST /_sandbox/proposals/{codigo}/situacao`):
 * what a developer does by hand that the partner does by itself (its analysts, its bank).
 */
export const PAGE_MOVES: ReadonlyArray<{ label: string; situacao: number }> = [
  { label: 'Approve', situacao: Situation.Approved },
  { label: 'Reject', situacao: Situation.Rejected },
  { label: 'Finalize (signed)', situacao: Situation.Finalized },
  { label: 'Disburse', situacao: Situation.Disbursed },
  { label: 'Cancel', situacao: Situation.Cancelled },
];

/** Situation names for the page's script: `{ "2": "Aprovada", ... }`. */
const NAMES = JSON.stringify(SITUATION_NAMES);

/**
 * `GET /_sandbox/`: one HTML page that lists the admin actions and performs them through the admin
 * API (same origin, JSON): the proposals with their situation and moves, the clock, faults, the
 * OpenAPI documents, and reset. No framework, no external resource: the sandbox works offline.
 */
export function adminPage(): string {
  const moves = JSON.stringify(PAGE_MOVES);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Sandbox admin</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
  body { font: 14px/1.4 system-ui, sans-serif; margin: 1.5rem; color: #1d1d1f; }
  h1 { font-size: 1.4rem; } h2 { font-size: 1.1rem; margin-top: 2rem; }
  table { border-collapse: collapse; } th, td { border-bottom: 1px solid #ddd; padding: .3rem .6rem; text-align: left; }
  code { font-size: 12px; } button { margin: 0 .2rem .2rem 0; }
  #status { min-height: 1.4em; color: #0a5; } #status.error { color: #b00; }
  .warn { color: #8a5a00; }
</style>
</head>
<body>
<h1>Sandbox admin</h1>
<p>The partner's twin. What the partner does by itself (its analysts approving, its bank disbursing, time passing, failing)
is done here by hand. Every action calls the admin API; its OpenAPI documents:
<a href="/_sandbox/admin/openapi.json">admin API</a> and <a href="/_sandbox/openapi.json">partner API</a> (the 18 operations).</p>
<p id="status" role="status"></p>

<h2>Proposals</h2>
<table id="proposals" aria-label="proposals">
<thead><tr><th>Number</th><th>Operation code</th><th>Situation</th><th>codigo</th><th>Move to</th></tr></thead>
<tbody></tbody>
</table>

<h2>Clock</h2>
<p>Business clock: <strong id="now">…</strong>
<button type="button" data-advance="1">+1 day</button>
<button type="button" data-advance="30">+30 days</button>
<button type="button" data-advance-seconds="10">+10 seconds (ends a credit analysis)</button></p>

<h2>Faults</h2>
<form id="faults">
<label>Error rate (0 to 1) <input name="errorRate" type="number" min="0" max="1" step="0.05" value="0"></label>
<label>Latency (ms) <input name="latencyMs" type="number" min="0" step="50" value="0"></label>
<label>Fail the next <input name="failNext" type="number" min="0" step="1" value="0"> calls</label>
<button type="submit">Set faults</button>
<button type="button" id="clear-faults">Clear faults</button>
</form>
<p>Now: <code id="fault-settings">…</code></p>

<h2>Reset</h2>
<p class="warn">Resets the sandbox alone: a graph's ledger would then name proposals the partner does not know.
With the graph stopped, <code>npm run reset</code> resets both together.</p>
<button type="button" id="reset">Reset the sandbox</button>

<script>
const NAMES = ${NAMES};
const MOVES = ${moves};
const status = document.getElementById('status');
function say(text, error) { status.textContent = text; status.className = error ? 'error' : ''; }
async function call(method, path, body) {
  const response = await fetch(path, { method, headers: body === undefined ? {} : { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const answer = await response.json().catch(() => ({}));
  if (!response.ok) { throw new Error(answer.error || ('HTTP ' + response.status)); }
  return answer;
}
function cell(text) { const td = document.createElement('td'); td.textContent = text; return td; }
async function load() {
  const [proposals, clock, faults] = await Promise.all([call('GET', '/_sandbox/proposals'), call('GET', '/_sandbox/clock'), call('GET', '/_sandbox/faults')]);
  const body = document.querySelector('#proposals tbody');
  body.replaceChildren(...proposals.map((p) => {
    const row = document.createElement('tr');
    row.dataset.codigo = p.codigo;
    row.append(cell(String(p.numero)), cell(p.codigoOperacao || '—'), cell(p.situacao + ' ' + (NAMES[p.situacao] || '')), cell(p.codigo));
    const actions = document.createElement('td');
    for (const move of MOVES) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = move.label;
      button.disabled = move.situacao === p.situacao;
      button.addEventListener('click', () => act(move.label + ' ' + p.numero, () => call('POST', '/_sandbox/proposals/' + encodeURIComponent(p.codigo) + '/situacao', { situacao: move.situacao })));
      actions.append(button);
    }
    row.append(actions);
    return row;
  }));
  document.getElementById('now').textContent = clock.now;
  document.getElementById('fault-settings').textContent = JSON.stringify(faults);
}
async function act(what, run) {
  try { await run(); await load(); say(what + ': done'); } catch (error) { say(what + ': ' + error.message, true); }
}
for (const button of document.querySelectorAll('[data-advance]')) {
  button.addEventListener('click', () => act('Clock ' + button.textContent, () => call('POST', '/_sandbox/clock', { advanceDays: Number(button.dataset.advance) })));
}
for (const button of document.querySelectorAll('[data-advance-seconds]')) {
  button.addEventListener('click', () => act('Clock ' + button.textContent, () => call('POST', '/_sandbox/clock', { advanceSeconds: Number(button.dataset.advanceSeconds) })));
}
document.getElementById('faults').addEventListener('submit', (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const settings = {};
  for (const [name, value] of form) { if (Number(value) > 0) { settings[name] = Number(value); } }
  act('Faults', () => call('PUT', '/_sandbox/faults', settings));
});
document.getElementById('clear-faults').addEventListener('click', () => act('Faults cleared', () => call('DELETE', '/_sandbox/faults')));
document.getElementById('reset').addEventListener('click', () => {
  if (confirm('Reset the sandbox alone? Its proposals go back to the demo data.')) { act('Reset', () => call('POST', '/_sandbox/reset')); }
});
load().catch((error) => say('Could not load: ' + error.message, true));
</script>
</body>
</html>
`;
}
