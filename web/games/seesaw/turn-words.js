// Seesaw's turns in words, for the play page's status and move list: what a
// played turn did (from the server's annotations of the move), which way a
// stack moves, and where a capture chain being clicked stands.
import { h } from '/static/shell/shell.js';

/** What a turn did, from its `info` (the server's words for the move): "took the stack on b3, stepped on to c4". */
export function describeTurn(info, entry) {
  if (!info || info.kind === 'pass') return !info && entry.move !== 'pass' ? `played ${entry.move}` : 'passed, having no legal turn';
  if (info.kind === 'deploy') return `deployed a new stack on ${info.to}`;
  if (info.kind !== 'capture') return `moved ${info.from}–${info.to}`;
  const order = (info.parts || []).filter((p) => p.capture).map((p) => p.to);
  const taken = order.length ? order : info.captures || [];
  const bits = [`took ${taken.length === 1 ? 'the stack' : `${taken.length} stacks`} on ${taken.join(' and ')}`];
  if (info.pass) bits.push(`stopped on ${info.to}`);
  else if (info.to !== (info.captures || []).slice(-1)[0]) bits.push(`stepped on to ${info.to}`);
  return bits.join(', ');
}

/** Which way a stack steps, as the server says it: "forward (up the board)". */
export function headingWord(stack) {
  return stack ? `${stack.direction} (${stack.heading} the board)` : '';
}

/** The status line of a capture chain part-way (`sel` {from, hops}, `opts` its chainOptions, `me` the capturing stack), with the captures so far. */
export function chainDetail(sel, opts, me) {
  const took = sel.hops[sel.hops.length - 1];
  const leftText = `${opts.left} step${opts.left === 1 ? '' : 's'} left`;
  let at = sel.from;
  const steps = sel.hops.map((cell, i) => {
    const hop = opts.cands[0] && opts.cands[0].hops[i];
    const item = h('li', { class: i === sel.hops.length - 1 ? 'now' : '' }, `${at}×${cell}${hop ? ` · ${hop.steps} step${hop.steps === 1 ? '' : 's'}` : ''}`);
    at = cell;
    return item;
  });
  return h('span', {}, opts.captures.size
    ? `Took ${took}; ${leftText}. Another capture is compulsory: ${[...opts.captures].join(' or ')}.`
    : `Took ${took}; ${leftText} and nothing more to take. Step on ${opts.left === 1 ? 'one step' : `up to ${opts.left} steps`} ${headingWord(me)}, or stop here.`,
  h('ul', { class: 'chain-steps', id: 'chain-steps', 'aria-label': 'Captures so far' }, ...steps));
}
