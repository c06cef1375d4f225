// Starts the engine's worker as early as a play page can: this module is
// loaded `async` from the page's head, so it runs as soon as it and
// engine.js have arrived, before the page's other modules, and the
// WebAssembly module compiles while they load. Does nothing where the
// browser's engine is not to be used.
import { warm } from './engine.js';

warm();
