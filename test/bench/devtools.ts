// The DevTools protocol against `wrangler dev`'s inspector, for the benches that profile workerd's
// JavaScript (test/bench/profile.ts under load, test/bench/room-ballot.ts in a busy ballot).

export interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
export interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** A minimal DevTools protocol client: one socket, numbered calls. */
export async function devtools(url: string): Promise<(method: string, params?: object) => Promise<any>> {
  // The inspector proxy of `wrangler dev` wants an Origin; undici's WebSocket takes headers here.
  const ws = new WebSocket(url, { headers: { origin: new URL(url).origin.replace('ws:', 'http:') } } as unknown as string[]);
  await new Promise((resolve, reject) => {
    ws.addEventListener('open', resolve);
    ws.addEventListener('error', reject);
  });
  let next = 1;
  const waiting = new Map<number, (result: unknown) => void>();
  ws.addEventListener('message', (e) => {
    const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
    if (msg.id !== undefined) waiting.get(msg.id)?.(msg.result);
  });
  return (method, params = {}) =>
    new Promise((resolve) => {
      const id = next++;
      waiting.set(id, resolve);
      ws.send(JSON.stringify({ id, method, params }));
    });
}

/** The first worker's DevTools client on `wrangler dev`'s inspector port. */
export async function workerDevtools(inspectorPort: number): Promise<(method: string, params?: object) => Promise<any>> {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { webSocketDebuggerUrl: string }[];
  return devtools(targets[0]!.webSocketDebuggerUrl);
}

/** Prints the busy time sampled, per action, and the 40 functions with the most self time. */
export function printSelfTime(profile: Profile, actions: number): void {
  // Self time per function: samples landing in each node, counted, each worth the typical gap between
  // samples. Not the sum of the gaps: workerd's sampler stops while the isolate waits for the next
  // message, and the gap before the first sample after a wait (tens of milliseconds) fell on whatever
  // ran first, so the frame parser looked like a third of the room's time.
  const gaps = [...profile.timeDeltas].sort((a, b) => a - b);
  const sampleUs = gaps[Math.floor(gaps.length / 2)] ?? 0;
  const byNode = new Map<number, number>();
  profile.samples.forEach((id) => byNode.set(id, (byNode.get(id) ?? 0) + sampleUs));
  const byFunction = new Map<string, number>();
  for (const node of profile.nodes) {
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${url.split('/').slice(-2).join('/')}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + (byNode.get(node.id) ?? 0));
  }
  const total = [...byFunction.values()].reduce((a, b) => a + b, 0);
  const idle = [...byFunction].filter(([k]) => k.startsWith('(idle)')).reduce((a, [, v]) => a + v, 0);
  console.log(`busy ${((total - idle) / 1000).toFixed(0)} ms of ${(total / 1000).toFixed(0)} ms sampled; ${((total - idle) / 1000 / Math.max(1, actions)).toFixed(3)} ms JS per action`);
  for (const [key, us] of [...byFunction].filter(([k]) => !k.startsWith('(idle)')).sort((a, b) => b[1] - a[1]).slice(0, 40)) {
    console.log(`${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / (total - idle)).toFixed(1).padStart(5)}%  ${key}`);
  }
}
