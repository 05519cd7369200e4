// The architecture's one written source: which part of Tianhei may import which. `npm test` runs it
// first (`npm run layers`); docs/architecture.md explains the layers in prose and points here.
//
// The layers, lowest first: the rules engine (worker/engine/) → the protocol (worker/protocol.ts) →
// push (worker/push/) → the room Durable Object (worker/room/) → the Worker's routes (worker/index.ts).
// The client (client/) sits beside the Worker: it speaks the protocol and runs a few engine modules.
//
// Type-only imports are told apart from imports that run (`tsPreCompilationDeps`): a `type-only` or
// `type-import` dependency is erased before the code runs, so it ships nothing to a phone.

/** The engine modules the browser runs (everything else the client takes from the engine is types). */
const ENGINE_IN_THE_BROWSER = [
  'index', // How to play (client/walkthrough.tsx) deals a real game with createGame; the replay (client/replay.ts) plays a record again with newGame and apply
  'record', // the replay reads a record's actions
  'view', // the replay viewer shows each step as the player saw it, through viewFor
  'deal', // the deal check after a game (client/game-over.tsx): the seed against the commitment
  'rulesets', // How to play asks each ruleset's own hooks (camps, calls) instead of copying them
  'catalog', // the rulesets' names, options and defaults for the create form and the rules sheet
  'pace', // the pace presets and limits the create form offers
  'log-reading', // the feed reads the log as the engine does (who said what, which step)
  'seat-names', // the feed, the story and the replay name an entry's player as the record and the webhook do
  'claim', // the claim composer offers the roles that act
  'bots/claims', // a claim in the reader's language, in the words bots use
  'log-tag', // the client's half of `have` on a reconnect: the tag of the log it holds (client/resume.ts)
  'owed', // the tab title and the favicon's dot say what this seat owes, from its own view
];

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment:
        'No import circle anywhere, types included: a file in a circle cannot be read, tested or ' +
        'changed without every other file of the circle, and a change to one can move them all.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'engine-is-pure',
      comment:
        'The engine (worker/engine/) imports only itself: it is pure (no I/O, clock or randomness ' +
        'of its own), runs the same in the Worker, the browser and the simulator, and every rule ' +
        'lives there. One library is allowed: @noble/hashes, the pure hash behind the deal commitment.',
      severity: 'error',
      from: { path: '^worker/engine/' },
      to: { pathNot: ['^worker/engine/', '^node_modules/@noble/hashes/'] },
    },
    {
      name: 'protocol-sits-on-the-engine',
      comment:
        'worker/protocol.ts is the contract between client and server (its voice frames in ' +
        'worker/protocol-voice.ts): it may name the engine\'s types and checks, the rules for names ' +
        '(worker/names.ts, a leaf both sides share) and valibot, nothing else. Anything the room or push defines that a frame carries moves down ' +
        'into it, or the client would depend on the room through it.',
      severity: 'error',
      from: { path: '^worker/protocol(-voice)?\\.ts$' },
      to: { pathNot: ['^worker/engine/', '^worker/names\\.ts$', '^worker/protocol-voice\\.ts$', '^node_modules/valibot/'] },
    },
    {
      name: 'push-below-the-room',
      comment:
        'Push (worker/push/) sits below the room: the room calls it with what it needs. Push ' +
        'reaching back up into worker/room/ makes one inbound frame wander between the two.',
      severity: 'error',
      from: { path: '^worker/push/' },
      to: { path: '^worker/room/' },
    },
    {
      name: 'client-not-the-server',
      comment:
        'The client runs on phones: the room (worker/room/) and push (worker/push/) are the ' +
        'server\'s own. What both sides need belongs in the protocol or the engine.',
      severity: 'error',
      from: { path: '^client/' },
      to: { path: '^worker/(room|push)/' },
    },
    {
      name: 'client-runs-only-browser-engine-modules',
      comment:
        'The client may name any engine type, but runs only the engine modules meant for the ' +
        'browser (ENGINE_IN_THE_BROWSER above: How to play, the replay, the deal check, the feed ' +
        'and claims): the rest is the server\'s judging, and would grow what a phone downloads.',
      severity: 'error',
      from: { path: '^client/' },
      to: {
        path: '^worker/engine/',
        pathNot: `^worker/engine/(${ENGINE_IN_THE_BROWSER.join('|')})\\.ts$`,
        dependencyTypesNot: ['type-only', 'type-import'],
      },
    },
    {
      name: 'not-to-unresolvable',
      comment:
        'An import this check cannot resolve escapes every rule above. The platform\'s own ' +
        'modules (cloudflare:workers) are the one exception.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^cloudflare:' },
    },
  ],
  options: {
    doNotFollow: { path: '^node_modules/' },
    // Type-only imports count (a circle of types is still a circle); the client rule tells them apart.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
};
