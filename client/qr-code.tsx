// The invite link as a QR code, drawn as one SVG path from uqr's module matrix.
import { encode } from 'uqr';

/** A QR code for `text`, scalable, dark modules on white. */
export function QrCode({ text }: { text: string }) {
  const { data } = encode(text, { ecc: 'M', border: 2 });
  let d = '';
  data.forEach((row, y) => row.forEach((on, x) => on && (d += `M${x} ${y}h1v1h-1z`)));
  return (
    <svg class="qr" viewBox={`0 0 ${data.length} ${data.length}`} shape-rendering="crispEdges" role="img" aria-label={text}>
      <rect width="100%" height="100%" fill="#fff" />
      <path d={d} fill="#000" />
    </svg>
  );
}
