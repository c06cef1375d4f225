// "New game and settings", the dialog every play page opens: the frame the
// four games share (opponent, computer level, side, display, theme and the
// computer's pace), into
// which each page puts its own fields.
import { radioGroup } from './form.js';

/**
 * Opens "New game and settings" (once): two columns, the game's (opponent,
 * computer level, your side, then `fields.game`) and the display's
 * (`fields.before`, a "Display" fieldset with `fields.display` and the theme,
 * then `fields.after`). The level and side are off while the opponent is a
 * friend; display settings take effect at once (`onChange(target, form)`,
 * the theme here), the rest with the next game. "Close" calls `save`,
 * "Start new game" calls `start(form, save)` (false keeps the dialog open).
 *
 * @param {object} o
 * @param {object} o.shell   shell.js
 * @param {object} o.store   the page's settings store (mode, level, side, …)
 * @param {object[]} o.levels  the game's computer levels
 * @param {Array} o.sides    the radio choices for "You play": [value, label, swatch]
 * @param {string} [o.sideLegend='You play']
 * @param {string} [o.friend='A friend, same screen']  the label of the two-person mode
 * @param {(settings: object) => {game?: Node[], before?: Node[], display?: Node[], after?: Node[]}} o.fields  the page's own fields, from the stored settings
 * @param {(target: Element, form: HTMLFormElement) => void} [o.onChange]
 * @param {(elements: HTMLFormControlsCollection, settings: object) => void} o.save  keeps the game settings
 * @param {(form: HTMLFormElement, save: () => void) => (boolean|void)} o.start
 */
export function openSettingsDialog({ shell, store, levels, sides, sideLegend = 'You play', friend = 'A friend, same screen', fields, onChange, save, start }) {
  if (document.getElementById('settings-dialog')) return;
  const { h } = shell;
  const st = store.all();
  const form = h('form', { class: 'settings-form', id: 'settings-form', onsubmit: (e) => e.preventDefault() });
  const levelHelp = h('span', { class: 'help', id: 'level-help' });
  const levelField = h('fieldset', { id: 'level-field' }, h('legend', {}, 'Computer level'),
    radioGroup('level', st.level, levels.map((l) => [l.key, l.name])), levelHelp);
  const sideField = h('fieldset', { id: 'side-field' }, h('legend', {}, sideLegend), radioGroup('side', st.side, sides));
  const own = fields(st);
  const pace = h('select', { name: 'pace' });
  for (const [v, l] of [['quick', 'Quick: as soon as it is drawn'], ['calm', 'Calm: a pause before each']]) {
    pace.append(h('option', { value: v, selected: shell.siteSettings.get('pace') === v }, l));
  }
  const engine = h('select', { name: 'engine' });
  for (const [v, l] of [['browser', 'In this browser'], ['server', 'On the server']]) {
    engine.append(h('option', { value: v, selected: shell.siteSettings.get('engine') === v }, l));
  }
  const theme = h('select', { name: 'theme' });
  for (const [v, l] of [['system', 'Same as the system'], ['light', 'Light'], ['dark', 'Dark']]) {
    theme.append(h('option', { value: v, selected: shell.siteSettings.get('theme') === v }, l));
  }
  form.append(
    h('div', { class: 'settings-col' },
      h('fieldset', {}, h('legend', {}, 'Opponent'), radioGroup('mode', st.mode, [['computer', 'The computer'], ['two', friend]])),
      levelField,
      sideField,
      ...(own.game || [])),
    h('div', { class: 'settings-col' },
      ...(own.before || []),
      h('fieldset', {}, h('legend', {}, 'Display'),
        ...(own.display || []),
        h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Theme'), theme),
        h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'The computer’s moves'), pace),
        h('label', { class: 'field' }, h('span', { class: 'field-label' }, 'Games are played'), engine)),
      ...(own.after || [])));

  const sync = () => {
    const vsComp = form.elements.mode.value === 'computer';
    levelField.disabled = !vsComp;
    sideField.disabled = !vsComp;
    const lvl = levels.find((l) => l.key === form.elements.level.value);
    levelHelp.textContent = lvl && lvl.about ? `${lvl.name}: ${lvl.about}.` : '';
  };
  form.addEventListener('change', (e) => {
    sync();
    const t = e.target;
    // Display settings take effect at once; game settings with the next game.
    if (onChange) onChange(t, form);
    if (t.name === 'pace') shell.siteSettings.set('pace', t.value);
    if (t.name === 'engine') shell.siteSettings.set('engine', t.value);
    if (t.name === 'theme') {
      shell.siteSettings.set('theme', t.value);
      shell.applyTheme(t.value);
    }
  });
  sync();

  const keep = () => save(form.elements, st);
  shell.openDialog({
    title: 'New game and settings',
    body: form,
    id: 'settings-dialog',
    wide: true,
    actions: [
      { label: 'Close', run: () => keep() },
      { label: 'Start new game', primary: true, run: () => start(form, keep) },
    ],
  });
}
