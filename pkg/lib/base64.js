// The bytes of base64 text: the module of the /inline entries (pkg/wasm/<build>.inline.js).

export function fromBase64(text) {
  if (typeof Uint8Array.fromBase64 === 'function') return Uint8Array.fromBase64(text);
  if (typeof Buffer === 'function') return Buffer.from(text, 'base64');
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
