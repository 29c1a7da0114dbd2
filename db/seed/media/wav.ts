/** Minimal RIFF/WAVE (PCM, mono) encoder for float samples in [-1, 1]. */

export type BitDepth = 8 | 16;

const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/** Round half away from zero; Math.round is a slow call on some V8 targets and this runs per sample. */
const round = (x: number) => (x + (x < 0 ? -0.5 : 0.5)) | 0;

/** `gain` scales samples on the way out (used to normalise without an extra pass). */
export function encodeWav(samples: Float32Array | Float64Array, sampleRate: number, bits: BitDepth = 16, gain = 1): Uint8Array {
  const bytesPerSample = bits / 8;
  const dataBytes = samples.length * bytesPerSample;
  // RIFF chunks are word aligned: an odd-length data chunk gets one pad byte.
  const pad = dataBytes % 2;
  const buf = new Uint8Array(44 + dataBytes + pad);
  const view = new DataView(buf.buffer);
  const ascii = (offset: number, text: string) => {
    for (let i = 0; i < text.length; i++) buf[offset + i] = text.charCodeAt(i);
  };
  ascii(0, "RIFF");
  view.setUint32(4, 36 + dataBytes + pad, true);
  ascii(8, "WAVE");
  ascii(12, "fmt ");
  view.setUint32(16, 16, true); // fmt chunk size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * bytesPerSample, true); // byte rate
  view.setUint16(32, bytesPerSample, true); // block align
  view.setUint16(34, bits, true);
  ascii(36, "data");
  view.setUint32(40, dataBytes, true);
  if (bits === 16) {
    // Typed-array writes are several times faster than DataView; WAV is little-endian like the host.
    const pcm = LITTLE_ENDIAN ? new Int16Array(buf.buffer, 44, samples.length) : null;
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]! * gain;
      const v = round((s > 1 ? 1 : s < -1 ? -1 : s) * 32767);
      if (pcm) pcm[i] = v;
      else view.setInt16(44 + 2 * i, v, true);
    }
  } else {
    // 8-bit WAV is unsigned, centred on 128.
    for (let i = 0; i < samples.length; i++) {
      const s = samples[i]! * gain;
      buf[44 + i] = 128 + round((s > 1 ? 1 : s < -1 ? -1 : s) * 127);
    }
  }
  return buf;
}
