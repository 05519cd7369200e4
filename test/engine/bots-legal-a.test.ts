// The heuristic bots play only from their seat's view and only what `view.legal` offers,
// over seeded games of classic, original and infernal (the three files take about the
// same time, so they run side by side on two cores).
import { botLegalityTests } from './bot-games.ts';

botLegalityTests([['classic', 700], ['original', 550], ['infernal', 550]]);
