// The heuristic bots play only from their seat's view and only what `view.legal` offers
// (issue 10), over seeded games of dual: two cards a seat make a game many times longer, so it plays
// fewer games, in a file of its own so that it runs beside the others.
import { botLegalityTests } from './bot-games.ts';

botLegalityTests([['dual', 150]]);
