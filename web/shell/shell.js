// The frame every Tabula page shares: the top bar, modal dialogs, the key
// help, toasts for errors, and a small settings store in localStorage.

import { svgEl, setAttr } from './svg.js';
import { keepOfflineCopy } from './offline.js';

/** Creates an element: h('div', {class: 'x', onclick: fn}, child, 'text', …). */
export function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.className = v;
    else if (k === 'html') el.innerHTML = v;
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else setAttr(el, k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === undefined || c === null || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** Small line icons, drawn in the current text colour. */
const ICONS = {
  logo: '<rect x="2" y="2" width="20" height="20" rx="4" fill="none" stroke="currentColor" stroke-width="1.6"/>' +
    '<path d="M2 9h20M2 15h20" stroke="var(--weft)" stroke-width="2.6"/>' +
    '<path d="M9 2v7M9 15v7M15 2v1.5M15 7.5v1.5M15 15v7" stroke="var(--warp)" stroke-width="2.6"/>' +
    '<path d="M9 9v6M15 3.5v4" stroke="var(--warp)" stroke-width="2.6" opacity=".55"/>',
  new: '<path d="M4 12a8 8 0 1 0 2.5-5.8M4 4v4.5h4.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>',
  settings: '<path d="M4 7h10M18 7h2M4 17h2M10 17h10" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/><circle cx="16" cy="7" r="2.2" fill="none" stroke="currentColor" stroke-width="1.8"/><circle cx="8" cy="17" r="2.2" fill="none" stroke="currentColor" stroke-width="1.8"/>',
  rules: '<path d="M5 4.5A1.5 1.5 0 0 1 6.5 3H19v15H6.5A1.5 1.5 0 0 0 5 19.5zM5 19.5A1.5 1.5 0 0 0 6.5 21H19v-3" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/><path d="M9 7.5h6M9 11h6" stroke="currentColor" stroke-width="1.6" stroke-linecap="round"/>',
  help: '<circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.7.3-1 .9-1 1.6v.6" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/><circle cx="12" cy="17" r="1.1" fill="currentColor"/>',
  play: '<path d="M8 5.5v13l10-6.5z" fill="currentColor"/>',
  home: '<path d="M4 11l8-7 8 7M6 9.5V20h12V9.5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linejoin="round"/>',
  online: '<circle cx="7" cy="8" r="3" fill="none" stroke="currentColor" stroke-width="1.8"/><circle cx="17" cy="8" r="3" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M2.5 19c.6-3.2 2.3-5 4.5-5s3.9 1.8 4.5 5M12.5 19c.6-3.2 2.3-5 4.5-5s3.9 1.8 4.5 5" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round"/>',
  archive: '<rect x="3" y="4" width="18" height="5" rx="1.2" fill="none" stroke="currentColor" stroke-width="1.8"/><path d="M5 9v10a1 1 0 0 0 1 1h12a1 1 0 0 0 1-1V9M10 13h4" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>',
  import: '<path d="M12 4v11M7.5 10.5L12 15l4.5-4.5M5 19h14" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"/>',
};

/** One of the small line icons, as an SVG element hidden from screen readers. */
export function icon(name) {
  const svg = svgEl('svg', { viewBox: '0 0 24 24', 'aria-hidden': 'true', focusable: 'false' });
  svg.innerHTML = ICONS[name] || '';
  return svg;
}

/* ---------- Settings store ---------- */

/** A settings object kept in localStorage under `tabula.<name>`. */
export function createStore(name, defaults) {
  const key = `tabula.${name}`;
  let values = { ...defaults };
  try {
    const saved = JSON.parse(localStorage.getItem(key) || 'null');
    if (saved && typeof saved === 'object') {
      for (const k of Object.keys(defaults)) if (k in saved) values[k] = saved[k];
    }
  } catch {
    /* storage unavailable or corrupt: keep the defaults */
  }
  const save = () => {
    try {
      localStorage.setItem(key, JSON.stringify(values));
    } catch {
      /* private mode: settings last for this page only */
    }
  };
  return {
    get: (k) => values[k],
    all: () => ({ ...values }),
    set(k, v) {
      values[k] = v;
      save();
    },
    update(obj) {
      values = { ...values, ...obj };
      save();
    },
  };
}

/** The site-wide settings (theme). */
/** Settings every page shares: the theme, and the pace of the computer's moves ('quick' or 'calm'). */
export const siteSettings = createStore('site', { theme: 'system', pace: 'quick', engine: 'browser' });

export function applyTheme(theme = siteSettings.get('theme')) {
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
  else delete document.documentElement.dataset.theme;
}
applyTheme();

/* ---------- Top bar ---------- */

/**
 * Fills the page's top bar.
 * @param {{title?: string, titleHref?: string, actions?: Array<{label: string, icon?: string,
 *   onClick?: Function, href?: string, key?: string, id?: string}>}} opts
 */
export function mountTopbar({ title, titleHref, actions = [] } = {}) {
  keepOfflineCopy();
  let bar = document.querySelector('header.topbar');
  if (!bar) {
    bar = h('header', { class: 'topbar' });
    document.body.prepend(bar);
  }
  bar.replaceChildren();
  const home = h('a', { class: 'home', href: '/', title: 'Tabula: all games' }, icon('logo'), h('span', { class: 'word' }, 'Tabula'));
  bar.append(home);
  if (title) {
    bar.append(h('span', { class: 'crumb-sep', 'aria-hidden': 'true' }, '/'));
    bar.append(titleHref ? h('a', { class: 'title plain-link', href: titleHref }, title) : h('span', { class: 'title' }, title));
  }
  bar.append(h('span', { class: 'spacer' }));
  const nav = h('nav', { 'aria-label': 'Page actions' });
  for (const a of actions) {
    const tip = a.key ? `${a.label} (${a.key})` : a.label;
    const content = [a.icon ? icon(a.icon) : null, h('span', { class: 'label' }, a.label)];
    const el = a.href
      ? h('a', { class: 'tb-btn', href: a.href, title: tip, id: a.id, 'aria-label': a.label }, ...content)
      : h('button', { class: 'tb-btn', type: 'button', title: tip, id: a.id, 'aria-label': a.label, onclick: a.onClick }, ...content);
    if (a.href && a.onClick) {
      el.addEventListener('click', (e) => {
        if (e.ctrlKey || e.metaKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        a.onClick(e);
      });
    }
    nav.append(el);
  }
  bar.append(nav);
  return bar;
}

/* ---------- Dialogs ---------- */

let openDialogs = [];

export function dialogOpen() {
  // A dialog closed a moment ago is no longer open, though its 'close' event may not have run yet.
  return openDialogs.some((d) => d.open);
}

/**
 * Opens a modal dialog. Esc closes it (the browser's own dialog behaviour).
 * @param {{title: string, body: Node|string, actions?: Array<{label: string, primary?: boolean,
 *   run?: Function, close?: boolean, key?: string}>, wide?: boolean, className?: string,
 *   onClose?: Function, id?: string}} opts
 * @returns {{dialog: HTMLDialogElement, close: Function, body: HTMLElement}}
 */
export function openDialog({ title, body, actions = [], wide = false, className = '', onClose, id }) {
  const titleId = `dlg-title-${Math.random().toString(36).slice(2, 8)}`;
  const bodyEl = h('div', { class: 'modal-body' });
  if (typeof body === 'string') bodyEl.innerHTML = body;
  else if (body) bodyEl.append(body);
  const dialog = h('dialog', { class: `modal ${wide ? 'wide' : ''} ${className}`.trim(), 'aria-labelledby': titleId, id });
  const closeBtn = h('button', { class: 'modal-close', type: 'button', 'aria-label': 'Close', title: 'Close (Esc)' }, '×');
  dialog.append(h('div', { class: 'modal-head' }, h('h2', { id: titleId }, title), closeBtn), bodyEl);
  if (actions.length) {
    const foot = h('div', { class: 'modal-foot' });
    for (const a of actions) {
      const b = h('button', { class: `btn ${a.primary ? 'primary' : ''}`, type: 'button' }, a.label);
      b.addEventListener('click', async () => {
        let keepOpen = false;
        if (a.run) keepOpen = (await a.run(api)) === false;
        if (!keepOpen && a.close !== false) close();
      });
      foot.append(b);
    }
    dialog.append(foot);
  }
  const previousFocus = document.activeElement;
  let closed = false;
  function close() {
    if (closed) return;
    closed = true;
    if (dialog.open) dialog.close();
  }
  dialog.addEventListener('close', () => {
    closed = true;
    openDialogs = openDialogs.filter((d) => d !== dialog);
    dialog.remove();
    if (previousFocus && previousFocus.isConnected && typeof previousFocus.focus === 'function') {
      previousFocus.focus({ preventScroll: true });
    }
    if (onClose) onClose();
  });
  // A click on the backdrop (outside the box) closes the dialog.
  dialog.addEventListener('mousedown', (e) => {
    if (e.target === dialog) {
      const r = dialog.getBoundingClientRect();
      const inside = e.clientX >= r.left && e.clientX <= r.right && e.clientY >= r.top && e.clientY <= r.bottom;
      if (!inside) close();
    }
  });
  closeBtn.addEventListener('click', close);
  document.body.append(dialog);
  openDialogs.push(dialog);
  dialog.showModal();
  // Start with the dialog's content, not its close button, so no ring shows
  // until the keyboard is used; the content can then be scrolled with the keys,
  // and Tab comes back to it (a region that scrolls must be reachable by Tab).
  bodyEl.setAttribute('tabindex', '0');
  bodyEl.focus({ preventScroll: true });
  const api = { dialog, close, body: bodyEl };
  return api;
}

export function closeAllDialogs() {
  for (const d of [...openDialogs]) if (d.open) d.close();
}

/* ---------- Toasts ---------- */

let toastBox = null;

/** Shows a short message at the bottom of the page (errors in red). Never an alert box. */
export function toast(message, { error = false, timeout = error ? 6000 : 3500 } = {}) {
  if (!toastBox) {
    toastBox = h('div', { class: 'toasts', role: 'status', 'aria-live': 'polite' });
    document.body.append(toastBox);
  }
  // Toasts must stay above an open modal dialog, which lives in the top layer.
  const host = openDialogs[openDialogs.length - 1] || document.body;
  if (toastBox.parentNode !== host) host.append(toastBox);
  const t = h('div', { class: `toast ${error ? 'error' : ''}` }, h('span', {}, message));
  const x = h('button', { type: 'button', 'aria-label': 'Dismiss' }, '×');
  x.addEventListener('click', () => t.remove());
  t.append(x);
  toastBox.append(t);
  while (toastBox.children.length > 3) toastBox.firstChild.remove();
  setTimeout(() => t.remove(), timeout);
  return t;
}

/** A message as a sentence: a capital first letter and a full stop. */
export function sentence(text) {
  const t = String(text || '').trim();
  if (!t) return t;
  const first = t[0].toUpperCase() + t.slice(1);
  return /[.!?…]$/.test(first) ? first : `${first}.`;
}

/** Shows an error (an ApiError's message, or a generic sentence). */
export function showError(err) {
  if (err && err.name === 'AbortError') return;
  toast(sentence((err && err.message) || 'Something went wrong.'), { error: true });
}

/* ---------- Keys ---------- */

let keyList = [];

/**
 * Declares this page's keys. Each entry: {key, label, run, show?}. `key` is a
 * KeyboardEvent.key value ("r", "F1", "ArrowLeft", "?"). Entries with no `run`
 * are only listed in the help (keys handled elsewhere, such as arrows). An
 * entry {heading} starts a group of the keys dialog, {note} puts a line of
 * text in it.
 */
export function registerKeys(list) {
  keyList = list;
}

/** The keys declared now (to put them back after a mode that changes them). */
export function currentKeys() {
  return keyList;
}

function keyLabel(k) {
  const names = { ArrowLeft: '←', ArrowRight: '→', ArrowUp: '↑', ArrowDown: '↓', Escape: 'Esc', Enter: 'Enter', ' ': 'Space' };
  return names[k] || (k.length === 1 ? k.toUpperCase() : k);
}

/** The `?` dialog: every key of this page. */
export function showKeys() {
  if (document.getElementById('keys-dialog')) return;
  const table = h('table', { class: 'keys-table' });
  const rows = [...keyList, { key: '?', label: 'Show these keys' }, { key: 'Escape', label: 'Close a dialog' }];
  for (const k of rows) {
    if (k.show === false) continue;
    if (k.heading || k.note) {
      table.append(h('tr', { class: k.heading ? 'keys-heading' : 'keys-note' }, h(k.heading ? 'th' : 'td', { colspan: '2', scope: k.heading ? 'colgroup' : undefined }, k.heading || k.note)));
      continue;
    }
    const keys = k.keys || [k.key];
    const cell = h('td');
    keys.forEach((kk, i) => {
      if (i) cell.append(' ');
      cell.append(h('kbd', {}, keyLabel(kk)));
    });
    table.append(h('tr', {}, cell, h('td', {}, k.label)));
  }
  openDialog({ title: 'Keys', body: table, id: 'keys-dialog' });
}

function typingInto(el) {
  if (!el) return false;
  const tag = el.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || el.isContentEditable;
}

document.addEventListener('keydown', (e) => {
  if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
  if (e.key === 'F1') e.preventDefault(); // never the browser's own help page
  if (dialogOpen()) return; // a dialog has the keyboard; Esc closes it
  if (typingInto(e.target)) return;
  if (e.key === '?') {
    e.preventDefault();
    showKeys();
    return;
  }
  const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
  const entry = keyList.find((x) => x.run && (x.keys || [x.key]).some((kk) => (kk.length === 1 ? kk.toLowerCase() : kk) === k));
  if (entry) {
    e.preventDefault();
    entry.run(e);
  }
});

/** Waits `ms` milliseconds. */
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// What the match source says once (why the server plays instead of the browser, say).
window.addEventListener('tabula:notice', (e) => toast(sentence(String(e.detail || ''))));
