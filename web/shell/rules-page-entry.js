// The script of every rules page (web/rules/*.html): mounts the page for the
// game its <body> names (data-game, data-name). A file of its own because the
// portal's Content Security Policy allows no inline scripts.
import { mountRulesPage } from './rules-page.js';

const { game, name } = document.body.dataset;
mountRulesPage({ slug: game, name });
