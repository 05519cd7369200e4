// The page's sound for live voice: the microphone, and every peer's voice played through one Web Audio
// graph, so a peer the route no longer lets be heard (or that the player muted here) falls silent at
// once, even while its connection lingers; each voice's level feeds the meters, and the whole graph's
// output is what the page really plays (probeVoice).
let ctx: AudioContext | null = null;
let master: AnalyserNode | null = null;
let mic: { stream: MediaStream; meter: AnalyserNode } | null = null;

interface Voice {
  /** Chromium plays a remote WebRTC stream into Web Audio only while a media element also holds it (muted). */
  el: HTMLAudioElement;
  src: MediaStreamAudioSourceNode;
  gain: GainNode;
  meter: AnalyserNode;
}
const voices = new Map<string, Voice>();

/**
 * Starts the page's audio; called in the player's tap ("Join voice"), so the context may play, and
 * the only place the browser asks for the microphone. Resolves to the microphone's track.
 */
export async function openAudio(): Promise<MediaStreamTrack> {
  // Made before the first await: the tap's activation lets it start playing.
  ctx ??= new AudioContext();
  void ctx.resume();
  if (!master) {
    master = ctx.createAnalyser();
    master.fftSize = 8192;
    master.smoothingTimeConstant = 0;
    master.connect(ctx.destination);
  }
  const stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true, autoGainControl: true } });
  const meter = analyser(ctx);
  ctx.createMediaStreamSource(stream).connect(meter);
  mic = { stream, meter };
  return stream.getAudioTracks()[0]!;
}

/** Stops the microphone and everything played (leaving voice). */
export function closeAudio(): void {
  for (const peer of [...voices.keys()]) stopPlaying(peer);
  mic?.stream.getTracks().forEach((tr) => tr.stop());
  mic = null;
}

function analyser(c: AudioContext): AnalyserNode {
  const a = c.createAnalyser();
  a.fftSize = 512;
  return a;
}

/** Plays a peer's stream, at `heard` (silent until the route lets it be heard). */
export function play(peer: string, stream: MediaStream, heard: boolean): void {
  if (!ctx || !master) return;
  stopPlaying(peer);
  const el = new Audio();
  el.muted = true;
  el.srcObject = stream;
  void el.play().catch(() => {});
  const src = ctx.createMediaStreamSource(stream);
  const meter = analyser(ctx);
  const gain = ctx.createGain();
  gain.gain.value = heard ? 1 : 0;
  // The meter reads what is played: a muted voice shows no level.
  src.connect(gain).connect(meter);
  gain.connect(master);
  voices.set(peer, { el, src, gain, meter });
}

/** Whether a peer's voice is played now: set at once (no fade), the moment the route drops it. */
export function setHeard(peer: string, heard: boolean): void {
  const v = voices.get(peer);
  if (v) v.gain.gain.value = heard ? 1 : 0;
}

/** Stops playing a peer (its connection closed). */
export function stopPlaying(peer: string): void {
  const v = voices.get(peer);
  if (!v) return;
  v.gain.gain.value = 0;
  v.src.disconnect();
  v.gain.disconnect();
  v.el.srcObject = null;
  voices.delete(peer);
}

/** A voice's level now, 0 to 1 (−60 dBFS and below is 0): a peer's as played here, or the microphone's (`null`). */
export function levelOf(peer: string | null): number {
  const a = peer === null ? mic?.meter : voices.get(peer)?.meter;
  if (!a) return 0;
  const d = new Float32Array(a.fftSize);
  a.getFloatTimeDomainData(d);
  let sum = 0;
  for (const x of d) sum += x * x;
  const db = 10 * Math.log10(sum / d.length || 1e-12);
  return Math.min(1, Math.max(0, (db + 60) / 60));
}

/** What the page plays now: the loudest frequency and its level (dB), the level at each asked frequency, and the overall level (dBFS). */
export interface VoiceProbe {
  hz: number;
  db: number;
  at: number[];
  rms: number;
}

/** Measures what the page plays now (all voices after their gains, as they reach the speakers). */
export function probeVoice(freqs: number[] = []): VoiceProbe {
  if (!ctx || !master) return { hz: 0, db: -Infinity, at: freqs.map(() => -Infinity), rms: -Infinity };
  const bins = new Float32Array(master.frequencyBinCount);
  master.getFloatFrequencyData(bins);
  const binHz = ctx.sampleRate / master.fftSize;
  let top = 1;
  for (let i = 2; i < bins.length; i++) if (bins[i]! > bins[top]!) top = i;
  // A tone's level: the highest bin within two of its own (a window's leakage spreads it).
  const at = freqs.map((f) => {
    const i = Math.round(f / binHz);
    return Math.max(...Array.from({ length: 5 }, (_, k) => bins[i - 2 + k] ?? -Infinity));
  });
  const wave = new Float32Array(master.fftSize);
  master.getFloatTimeDomainData(wave);
  let sum = 0;
  for (const x of wave) sum += x * x;
  return { hz: top * binHz, db: bins[top]!, at, rms: 10 * Math.log10(sum / wave.length || 1e-12) };
}
