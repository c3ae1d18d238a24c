/** The colour of an LED's light, for every 3D view of the web (no three.js here). */

/** The colour of white light at a correlated colour temperature (kelvin), 0..1 per channel (Tanner Helland's fit). */
export function kelvinToRgb(kelvin: number): [number, number, number] {
  const t = Math.min(40000, Math.max(1000, kelvin)) / 100;
  const red = t <= 66 ? 255 : 329.698727446 * Math.pow(t - 60, -0.1332047592);
  const green = t <= 66 ? 99.4708025861 * Math.log(t) - 161.1195681661 : 288.1221695283 * Math.pow(t - 60, -0.0755148492);
  const blue = t >= 66 ? 255 : t <= 19 ? 0 : 138.5177312231 * Math.log(t - 10) - 305.0447927307;
  const c = (v: number) => Math.min(1, Math.max(0, v / 255));
  return [c(red), c(green), c(blue)];
}

/**
 * The kelvin of an LED colour-temperature code as the catalogue writes them (2 → 2700 K, 3 → 3000 K,
 * 4 → 4000 K, 5 → 3500 K, 7 → 2200 K, D → dim to warm, read as 2700 K); unknown codes → 3000 K.
 */
export function kelvinOfCode(code: string | undefined): number {
  switch (code) {
    case '2':
      return 2700;
    case '4':
      return 4000;
    case '5':
      return 3500;
    case '7':
      return 2200;
    case 'D':
      return 2700;
    default:
      return 3000;
  }
}
