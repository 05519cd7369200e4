// A table the bots' tests start from: day 1 of classic 8 after a night that left nothing to go on.
import { Table } from './table.ts';

/** Classic, 8 players: killers 1–2, police 3–4. Night 1 the killers kill 5, the police check 6 (not a killer); 5 passes its last words. */
export function quietDayOne(): Table {
  const t = new Table('classic', 'KKPPCCCC');
  t.night(5);
  t.night(6);
  t.act(5, { type: 'pass' });
  return t;
}
