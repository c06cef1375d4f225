// Small form widgets the play pages' settings dialogs share.
import { h } from './shell.js';

/** A row of radio buttons; `choices` are [value, label, optional leading element]. */
export function radioGroup(name, current, choices) {
  return h('div', { class: 'segmented', role: 'radiogroup' },
    ...choices.map(([value, label, extra]) => h('label', {},
      h('input', { type: 'radio', name, value, checked: String(current) === String(value) }),
      extra || null, label)));
}

/** A checkbox with its label and an optional line of help. */
export function checkbox(name, checked, label, help) {
  return h('label', { class: 'check' },
    h('input', { type: 'checkbox', name, checked }),
    h('span', {}, label, help ? h('span', { class: 'help' }, help) : null));
}
