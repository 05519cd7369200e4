// The heuristic bots play only from their seat's view and only what `view.legal` offers,
// over seeded games of runoff and dual: two cards a seat make a dual game many times
// longer, so it plays fewer games.
import { botLegalityTests } from './bot-games.ts';

botLegalityTests([['runoff', 800], ['dual', 60]]);
