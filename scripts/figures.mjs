// npm run figures: renders every benchmark figure that README.md and docs/ quote from
// bench/results.json (each benchmark saves its section there), between marker comments:
//   <!-- figures:NAME -->…<!-- /figures -->   (NAME in lowercase: a-z, digits, hyphens)
// A block whose text starts on a new line is rendered as lines (tables, paragraphs); one that
// does not, as words inside a sentence. Met and missed come from the targets saved beside the
// figures. A block whose section is not in the file yet says so and how to measure it.
// Usage: node scripts/figures.mjs [--check] [--results FILE] [FILE...]
//   --check  changes nothing; exit 1 naming each file and block that the results render otherwise.
//   FILE     the Markdown files to render (default: README.md and every .md under docs/).
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { parseArgs } from 'node:util';

const root = join(import.meta.dirname, '..');
const block = /<!-- figures:([a-z][a-z0-9-]*) -->([\s\S]*?)<!-- \/figures -->/g;

const renderers = {
  'executable-size': renderExecutableSize,
  startup: renderStartup,
  'startup-own-work': renderOwnWork,
  'providers-verdict': renderProvidersVerdict,
  'completion-cost': renderCompletionCost,
  'completion-times': renderCompletionTimes,
  bulk: renderBulk,
  'bulk-memory': renderBulkMemory,
  'bulk-scale': renderBulkScale,
  'bulk-parts': renderBulkParts,
  'bulk-floor': renderBulkFloor,
  'bulk-floor-targets': renderBulkFloorTargets,
  missed: renderMissed,
  standalone: renderStandalone,
};

/** What each section's figures come from, for a block whose section is missing. */
const producers = { startup: 'npm run bench', standalone: 'npm run package, then npm run bench', bulk: 'npm run bench', bulkScale: 'npm run bench:bulk', bulkFloor: 'npm run bench:bulk' };

function main() {
  const { values, positionals } = parseArgs({ options: { check: { type: 'boolean' }, results: { type: 'string' } }, allowPositionals: true });
  const resultsPath = values.results ?? join(root, 'bench', 'results.json');
  if (!existsSync(resultsPath)) fail(`${resultsPath} does not exist: npm run bench writes it.`);
  const results = JSON.parse(readFileSync(resultsPath, 'utf8'));
  const files = positionals.length > 0 ? positionals : defaultFiles();
  const differing = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const shown = relative(process.cwd(), file);
    const { rendered, changed } = renderText(text, results, shown);
    if (changed.length === 0) continue;
    differing.push(...changed.map((name) => `${shown}: figures:${name}`));
    if (!values.check) writeFileSync(file, rendered);
  }
  if (values.check && differing.length > 0) {
    console.log(`These figures differ from ${relative(process.cwd(), resultsPath)} (npm run figures renders them):`);
    for (const line of differing) console.log(`  ${line}`);
    process.exitCode = 1;
  } else if (!values.check) {
    console.log(differing.length === 0 ? 'Every figure is as rendered.' : `Rendered:\n${differing.map((line) => `  ${line}`).join('\n')}`);
  }
}

function defaultFiles() {
  const docs = readdirSync(join(root, 'docs'), { recursive: true }).filter((name) => name.endsWith('.md'));
  return [join(root, 'README.md'), ...docs.sort().map((name) => join(root, 'docs', name))];
}

/** The text with every block rendered, and the names of the blocks that changed. */
function renderText(text, results, file) {
  const changed = [];
  const rendered = text.replace(block, (_, name, current) => {
    const render = renderers[name];
    if (!render) fail(`${file}: no renderer for figures:${name} (known: ${Object.keys(renderers).join(', ')})`);
    const lines = current.startsWith('\n');
    const body = renderOrFail(() => render(results, lines), `${file}: figures:${name}`).trim();
    const next = lines ? `\n${body}\n` : body;
    if (next !== current) changed.push(name);
    return `<!-- figures:${name} -->${next}<!-- /figures -->`;
  });
  return { rendered, changed };
}

/** A section of another shape than the renderer knows (a benchmark changed) is named, not a stack trace. */
function renderOrFail(render, where) {
  try {
    return render();
  } catch (error) {
    return fail(`${where} could not be rendered from the results file (has a benchmark changed what it saves?): ${error.message}`);
  }
}

function fail(message) {
  console.error(message);
  process.exit(2);
}

// Formats

/** 1.07×, and 140× (not 140.23×) for a ratio of ten or more. */
const ratio = (value) => `${value.toFixed(value >= 10 ? 0 : 2)}×`;
const ms = (value) => `${value.toFixed(1)} ms`;
const mib = (value) => `${value.toFixed(1)} MiB`;
const count = (value) => value.toLocaleString('en-US');
const wholeRate = (value) => `${Math.round(value).toLocaleString('en-US')}`;
/** "Node 24.21" for 24.21.0. */
const nodeName = (version) => `Node ${version.split('.').slice(0, 2).join('.')}`;
const verdict = (met) => (met ? 'met' : 'missed');
/** "; load average 1.2 at the start, 3.4 at the end", where the section has it. */
const load = (figures) => (figures.loadAverage ? `; the machine's load average ${figures.loadAverage.start} at the start, ${figures.loadAverage.end} at the end` : '');

/** The section's figures, or a note saying what measures them (the block then shows the note). */
function section(results, name, lines) {
  const figures = results[name];
  if (figures) return { figures };
  const note = `not measured yet (\`${producers[name]}\` saves them to \`bench/results.json\`)`;
  return { note: lines ? `Figures ${note}.` : note };
}

/** The bulk import against the durable floor (bench/floor/durable-bulk.mjs), beside the floor without durability: medians of the rounds, with their spread. */
function renderBulkFloor(results, lines) {
  const { figures, note } = section(results, 'bulkFloor', lines);
  if (note) return note;
  const rate = (run) => `${wholeRate(run.rowsPerSecond)} rows/s (${wholeRate(run.spread.rowsPerSecond[0])}–${wholeRate(run.spread.rowsPerSecond[1])})`;
  const micros = (run) => `${run.cpuMicrosPerRow.toFixed(0)} µs`;
  const header = ['Node', 'rows', 'rounds', 'floor, no durability', 'durable floor', 'ipctl', 'rate, ipctl / durable', 'CPU per row: floor, durable, ipctl', 'CPU, ipctl / durable', 'peak RSS: durable, ipctl', 'RSS above the durable floor'];
  const rows = figures.nodes.flatMap(({ node, sizes }) => sizes.map(({ rows: size, rounds, floor, durableFloor: durable, ipctl }) => [
    nodeName(node), count(size), String(rounds), rate(floor), rate(durable), rate(ipctl), ratio(ipctl.rowsPerSecond / durable.rowsPerSecond),
    `${micros(floor)}, ${micros(durable)}, ${micros(ipctl)}`, ratio(ipctl.cpuMicrosPerRow / durable.cpuMicrosPerRow), `${mib(durable.rssMiB)}, ${mib(ipctl.rssMiB)}`,
    `${(((ipctl.rssMiB - durable.rssMiB) * 1024 * 1024) / size).toFixed(0)} bytes a row`,
  ]));
  const verdicts = figures.verdicts.length === 0 ? '- No target applies at the sizes measured (they are judged at 100,000 and 1,000,000 rows).' : figures.verdicts.map((entry) => `- ${verdict(entry.met)}: ${nodeName(entry.node)}, ${entry.what}: ${entry.shown} (target ${entry.target})`).join('\n');
  return `Measured ${figures.date}${load(figures)} (the machine has 2 cores); results files in ${figures.folder}. Rows per second are the median of the rounds, with the lowest and highest in brackets.\n\n${table(header, rows)}\n\n${verdicts}`;
}

/** The targets the bulk import is held to against the durable floor, in words. */
function renderBulkFloorTargets(results, lines) {
  const { figures, note } = section(results, 'bulkFloor', lines);
  if (note) return note;
  const { rateAt, rate, cpu, memoryAt, bytesPerRow } = figures.targets;
  return `at ${count(rateAt)} rows, ipctl's rows/s ≥ ${ratio(rate)} the durable floor's and its CPU per row ≤ ${ratio(cpu)} the durable floor's; at ${count(memoryAt)} rows, peak RSS ≤ the durable floor's + ${bytesPerRow} bytes a row`;
}

// The standalone executable

function renderExecutableSize(results, lines) {
  const { figures, note } = section(results, 'standalone', lines);
  return note ?? `${mib(figures.executableMiB)} on ${figures.platform}`;
}

function renderStandalone(results, lines) {
  const { figures, note } = section(results, 'standalone', lines);
  if (note) return note;
  const { baseline, commands } = figures;
  const intro = `Measured ${figures.date}, both on ${nodeName(figures.node)}, as ratios to that Node's \`node -e 0\` (${ms(baseline.ms)}, ${mib(baseline.mib)}), ${figures.rounds} rounds after ${figures.warmUp} warm-up rounds, peak memory the median of ${figures.memoryRounds} runs${load(figures)}; the executable is ${mib(figures.executableMiB)} (Node ${figures.node.split('.')[0]}'s binary alone, with its debug symbols, is ${mib(figures.nodeBinaryMiB)}):`;
  const rows = commands.map((command) => [`\`${command.name}\``, ratio(command.npm.timeRatio), mib(command.npm.mib), ratio(command.executable.timeRatio), mib(command.executable.mib), ratio(command.executableToNpm)]);
  return `${intro}\n\n${table(['start-up', 'npm install: time', 'memory', 'standalone executable: time', 'memory', 'executable / npm'], rows)}`;
}

// Start-up

/** Each start-up row's label in the README, by the id the benchmark saves. */
const startupLabels = {
  version: '`ipctl --version`',
  help: '`ipctl --help`',
  completeProfile: '`ipctl __complete --profile ""`',
  completeSearch: '`ipctl __complete search Contact --where email`',
  stack: 'commander, zod/mini and undici alone, the same GET (`bench/floor/stack.ts`)',
  providersGet: '`ipctl providers get salesforce -o json`',
  invitesList: '`ipctl invites list -o json` (profile store)',
};

function renderStartup(results, lines) {
  const { figures, note } = section(results, 'startup', lines);
  if (note) return note;
  const bases = figures.nodes.map((node) => `${nodeName(node.version)}: \`node -e 0\` ${ms(node.baseline.ms)} and ${mib(node.baseline.mib)}, the floor ${ms(node.floor.ms)} and ${mib(node.floor.mib)}`);
  const intro = `Measured ${figures.date}, ${figures.rounds} rounds after ${figures.warmUp} warm-up rounds, peak memory the median of ${figures.memoryRounds} runs${load(figures)}. ${bases.join('; ')}.`;
  const header = ['start-up', 'ratio to'];
  for (const node of figures.nodes) header.push(`${nodeName(node.version)}: time`, 'memory');
  header.push('target');
  const rows = figures.rows.map((row) => {
    const cells = [startupLabels[row.id] ?? `\`${row.name}\``, row.against === 'node -e 0' ? '`node -e 0`' : 'floor'];
    for (const node of figures.nodes) cells.push(ratio(node.targets[row.id].timeRatio), ratio(node.targets[row.id].memoryRatio));
    cells.push(targetCell(figures.nodes, row.id));
    return cells;
  });
  return `${intro}\n\n${table(header, rows)}`;
}

/** "≤1.15× (met)", or each Node's limit and verdict where they differ; time and memory each where both have one. */
function targetCell(nodes, id) {
  const time = limitText(nodes, id, 'timeLimit', 'timeRatio');
  const memory = limitText(nodes, id, 'memoryLimit', 'memoryRatio');
  if (time && memory) return `time ${time}; memory ${memory}`;
  return time ?? memory ?? '';
}

function limitText(nodes, id, limitKey, ratioKey) {
  const limited = nodes.map((node) => ({ node, figures: node.targets[id] })).filter(({ figures }) => figures[limitKey] !== null);
  if (limited.length === 0) return undefined;
  const met = ({ figures }) => figures[ratioKey] <= figures[limitKey];
  const limits = new Set(limited.map(({ figures }) => figures[limitKey]));
  const verdicts = new Set(limited.map(met));
  if (limits.size === 1 && verdicts.size === 1) return `≤${[...limits][0]}× (${verdict(met(limited[0]))})`;
  if (limits.size === 1) return `≤${[...limits][0]}× (${limited.map((entry) => `${verdict(met(entry))} on ${entry.node.major}`).join(', ')})`;
  return limited.map((entry) => `≤${entry.figures[limitKey]}× on ${entry.node.major} (${verdict(met(entry))})`).join(', ');
}

/** The Node on which `providers get` has its tightest time limit. */
function tightestNode(figures) {
  return [...figures.nodes].sort((a, b) => a.targets.providersGet.timeLimit - b.targets.providersGet.timeLimit)[0];
}

function renderOwnWork(results, lines) {
  const { figures, note } = section(results, 'startup', lines);
  if (note) return note;
  const node = tightestNode(figures);
  const { stack, providersGet } = node.targets;
  const left = providersGet.timeLimit * node.floor.ms - stack.ms;
  const leaves = left > 0 ? `which leaves ${ms(left)} for all of ipctl's own work` : 'which leaves nothing for ipctl\'s own work';
  return `On ${nodeName(node.version)} the stack row takes ${ratio(stack.timeRatio)} of the ${providersGet.timeLimit}× the target allows, ${leaves}; that work (\`providers get\` less the stack row) measures ${ms(providersGet.ms - stack.ms)}.`;
}

function renderProvidersVerdict(results, lines) {
  const { figures, note } = section(results, 'startup', lines);
  if (note) return note;
  const nodes = [tightestNode(figures), ...figures.nodes.filter((node) => node !== tightestNode(figures))];
  const parts = nodes.map((node) => {
    const { timeRatio, timeLimit } = node.targets.providersGet;
    return `${ratio(timeRatio)} on ${nodeName(node.version)} (≤${timeLimit}×, ${verdict(timeRatio <= timeLimit)})`;
  });
  return `\`providers get\` takes ${parts.join(' and ')} of the floor's time`;
}

function renderCompletionCost(results, lines) {
  const { figures, note } = section(results, 'startup', lines);
  if (note) return note;
  const ratios = figures.nodes.map((node) => `${ratio(Math.max(node.targets.completeProfile.timeRatio, node.targets.completeSearch.timeRatio))} on ${nodeName(node.version)}`);
  const slowest = Math.max(...figures.nodes.flatMap((node) => [node.targets.completeProfile.ms, node.targets.completeSearch.ms]));
  return `up to ${ratios.join(' and ')} of \`node -e 0\`'s time, at most ${ms(slowest)} a Tab`;
}

function renderCompletionTimes(results, lines) {
  const { figures, note } = section(results, 'startup', lines);
  if (note) return note;
  const times = (id) => figures.nodes.map((node) => `${ms(node.targets[id].ms)} on ${nodeName(node.version)}`).join(' and ');
  return `answers profile names in ${times('completeProfile')}, and a value that needs a command's module in ${times('completeSearch')}, as \`bench/startup.mjs\` measured them on the development machine on ${figures.date}${load(figures)}`;
}

// Bulk import

function renderBulk(results, lines) {
  const { figures, note } = section(results, 'bulk', lines);
  if (note) return note;
  const { loop, memory, targets } = figures;
  const imported = figures.import;
  const rows = [
    [`${count(imported.rows)} rows, \`--from-file\`, default concurrency, vs a shell loop of one \`ipctl\` per row (${loop.rows} rows)`, `${ratio(figures.rateRatio)} the loop's rate (${wholeRate(imported.rowsPerSecond)} vs ${loop.rowsPerSecond.toFixed(1)} rows/s)`, `≥${targets.rate}× (${verdict(figures.rateRatio >= targets.rate)})`],
    [`peak memory, ${count(memory.bigRows)} rows vs ${count(memory.smallRows)} rows (the median of ${memory.smallRounds} runs)`, `${ratio(memory.ratio)} (${mib(memory.bigMiB)} vs ${mib(memory.smallMiB)})`, `≤${targets.memory}× (${verdict(memory.ratio <= targets.memory)})`],
  ];
  return `Measured ${figures.date}${load(figures)}:\n\n${table([`bulk import (${nodeName(figures.node)})`, 'figure', 'target'], rows)}`;
}

function renderBulkMemory(results, lines) {
  const { figures, note } = section(results, 'bulk', lines);
  if (note) return note;
  const { memory, targets } = figures;
  return `grows to ${ratio(memory.ratio)} from ${count(memory.smallRows)} to ${count(memory.bigRows)} rows (${mib(memory.smallMiB)} to ${mib(memory.bigMiB)}), against ≤${targets.memory}× (${verdict(memory.ratio <= targets.memory)}); the ${count(memory.bigRows)} rows take ${memory.bigSeconds.toFixed(1)} s`;
}

function renderBulkScale(results, lines) {
  const { figures, note } = section(results, 'bulkScale', lines);
  if (note) return note;
  const header = ['Node', 'rows', 'floor rows/s', 'ipctl rows/s', 'rate', 'floor CPU/row', 'ipctl CPU/row', 'CPU', 'floor peak RSS', 'ipctl peak RSS'];
  const rows = figures.nodes.flatMap(({ node, sizes }) => sizes.map(({ rows: size, floor, ipctl }) => [
    nodeName(node), count(size), wholeRate(floor.rowsPerSecond), wholeRate(ipctl.rowsPerSecond), ratio(ipctl.rowsPerSecond / floor.rowsPerSecond),
    `${floor.cpuMicrosPerRow.toFixed(0)} µs`, `${ipctl.cpuMicrosPerRow.toFixed(0)} µs`, ratio(ipctl.cpuMicrosPerRow / floor.cpuMicrosPerRow), mib(floor.rssMiB), mib(ipctl.rssMiB),
  ]));
  const listed = bulkScaleVerdicts(figures).map((entry) => `- ${verdictLine(entry)}, ${verdict(entry.met)})`).join('\n');
  return `Measured ${figures.date}${load(figures)}:\n\n${table(header, rows)}\n\n${listed}`;
}

/**
 * Where ipctl's CPU per row goes at the size the rate is held to, from the runs that leave a
 * part out (bench/bulk-scale.mjs, measureParts): the floor's share, the two checking passes,
 * the results file's disk, and the rest.
 */
function renderBulkParts(results, lines) {
  const { figures, note } = section(results, 'bulkScale', lines);
  if (note) return note;
  const measured = figures.nodes.map(({ node, sizes }) => ({ node, size: sizes.find((size) => size.parts) })).filter(({ size }) => size);
  if (measured.length === 0) return 'The latest `npm run bench:bulk` measured no parts (they are measured at the size the rate is held to).';
  const micros = (value) => `${value.toFixed(0)} µs`;
  const share = (value, whole) => `${Math.round((100 * value) / whole)}%`;
  const rows = measured.flatMap(({ node, size: { rows: size, floor, ipctl, parts } }) => {
    const whole = ipctl.cpuMicrosPerRow;
    const checking = 2 * parts.checkingPass.cpuMicrosPerRow;
    const entries = [
      ['what the floor does too: undici sending the rows, one results line each', floor.cpuMicrosPerRow],
      ['checking every row, in each of the two passes (`--dry-run` is one pass)', checking],
    ];
    if (parts.resultsInMemory) {
      const disk = whole - parts.resultsInMemory.cpuMicrosPerRow;
      entries.push(['the results file on the disk: its writes and `fdatasync` calls (against the same run with the file in `/dev/shm`)', disk]);
      entries.push(['the rest: building each request, checking each answer against its schema, the records, scrubbing, pacing', whole - floor.cpuMicrosPerRow - checking - disk]);
    } else {
      entries.push(['the rest, the results file included (no `/dev/shm` here to tell its disk apart)', whole - floor.cpuMicrosPerRow - checking]);
    }
    return entries.map(([what, value]) => [`${nodeName(node)}, ${count(size)} rows`, what, micros(value), share(value, whole)]);
  });
  return `Measured ${figures.date}, CPU per row of the client process, from the same run as the table above:\n\n${table(['Node', "part of ipctl's CPU per row", 'CPU per row', 'share'], rows)}`;
}

// Verdicts: each target of every section, as { what, value, target, met }

/** "what: 1.16× (≤1.15×" without the closing verdict. */
const verdictLine = (entry) => `${entry.what}: ${ratio(entry.value)} (${entry.target}`;

function renderMissed(results) {
  const missed = [...startupVerdicts(results.startup), ...bulkVerdicts(results.bulk), ...bulkScaleVerdicts(results.bulkScale)].filter((entry) => !entry.met);
  if (missed.length === 0) return 'The latest runs met every target.';
  return `The latest runs missed ${missed.length === 1 ? 'one target' : `${missed.length} targets`}:\n\n${missed.map((entry) => `- ${verdictLine(entry)})`).join('\n')}`;
}

function startupVerdicts(figures) {
  if (!figures) return [];
  return figures.rows.flatMap((row) => figures.nodes.flatMap((node) => {
    const measured = node.targets[row.id];
    const where = `${startupLabels[row.id] ?? `\`${row.name}\``} on ${nodeName(node.version)}`;
    const entries = [];
    if (measured.timeLimit !== null) entries.push({ what: `${where}, time against ${row.against === 'node -e 0' ? '`node -e 0`' : 'the floor'}`, value: measured.timeRatio, target: `≤${measured.timeLimit}×`, met: measured.timeRatio <= measured.timeLimit });
    if (measured.memoryLimit !== null) entries.push({ what: `${where}, memory against ${row.against === 'node -e 0' ? '`node -e 0`' : 'the floor'}`, value: measured.memoryRatio, target: `≤${measured.memoryLimit}×`, met: measured.memoryRatio <= measured.memoryLimit });
    return entries;
  }));
}

function bulkVerdicts(figures) {
  if (!figures) return [];
  const { memory, targets } = figures;
  return [
    { what: `the bulk import's rate against a shell loop (${nodeName(figures.node)})`, value: figures.rateRatio, target: `≥${targets.rate}×`, met: figures.rateRatio >= targets.rate },
    { what: `the bulk import's peak memory, ${count(memory.bigRows)} rows against ${count(memory.smallRows)} (${nodeName(figures.node)})`, value: memory.ratio, target: `≤${targets.memory}×`, met: memory.ratio <= targets.memory },
  ];
}

function bulkScaleVerdicts(figures) {
  if (!figures) return [];
  const { targets } = figures;
  return figures.nodes.flatMap(({ node, sizes }) => {
    const entries = [];
    const atRate = sizes.find((size) => size.rows === targets.rateAt);
    if (atRate) {
      const rate = atRate.ipctl.rowsPerSecond / atRate.floor.rowsPerSecond;
      const cpu = atRate.ipctl.cpuMicrosPerRow / atRate.floor.cpuMicrosPerRow;
      entries.push({ what: `${nodeName(node)}, ${count(targets.rateAt)} rows: the import's rate against the floor's`, value: rate, target: `≥${targets.rate}×`, met: rate >= targets.rate });
      entries.push({ what: `${nodeName(node)}, ${count(targets.rateAt)} rows: CPU per row against the floor's`, value: cpu, target: `≤${targets.cpu}×`, met: cpu <= targets.cpu });
    }
    const [smallest, largest] = [sizes[0], sizes.at(-1)];
    if (largest.rows > smallest.rows) {
      const growth = largest.ipctl.rssMiB / smallest.ipctl.rssMiB;
      entries.push({ what: `${nodeName(node)}: peak RSS at ${count(largest.rows)} rows against ${count(smallest.rows)}`, value: growth, target: `≤${targets.memory}×`, met: growth <= targets.memory });
    }
    return entries;
  });
}

/** A Markdown table. */
function table(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

main();
