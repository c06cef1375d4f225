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

/** A text field for a whole number (a board or chart number), with its label and a line of help. */
export function numberField(name, label, placeholder, help) {
  return h('label', { class: 'field' }, h('span', { class: 'field-label' }, label),
    h('input', { type: 'text', name, inputmode: 'numeric', pattern: '[0-9]*', placeholder, autocomplete: 'off' }),
    h('span', { class: 'help' }, help));
}

/**
 * The number typed into `form`'s field `name` for a new game: `{seed}`
 * (undefined when the field is empty), or false after saying `message` as
 * an error toast (the dialog then stays open). `parse` reads the text and
 * gives null for what is no number.
 */
export function seedFromField(form, name, parse, message, toast) {
  const field = form.elements[name];
  const raw = field.value.trim();
  if (!raw) return { seed: undefined };
  const seed = parse(raw);
  if (seed !== null) return { seed };
  toast(message, { error: true });
  field.focus();
  return false;
}
