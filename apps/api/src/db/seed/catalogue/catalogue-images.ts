/**
 * The demo catalogue's pictures, drawn as small SVGs by the generator (a lamp silhouette per lamp
 * type in the collection's first finish), so that no screen shows a broken image.
 */

const r1 = (value: number): string => value.toFixed(1);

/** A lamp silhouette centred in a 400 × 300 box, by lamp-type category (17–28). */
function lamp(category: number, colour: string, rnd: () => number): string {
  const glow = `<ellipse cx="200" cy="250" rx="${r1(90 + rnd() * 40)}" ry="14" fill="#fff6d6" opacity="0.7"/>`;
  const w = 50 + rnd() * 50;
  switch (category) {
    case 19:
    case 26:
    case 25: {
      const drop = 90 + rnd() * 60;
      const hangX = category === 25 ? 120 : 200;
      const arm = category === 25 ? `<rect x="60" y="30" width="10" height="60" fill="#555"/><rect x="60" y="30" width="${hangX - 60}" height="6" fill="#555"/>` : `<rect x="170" y="12" width="60" height="8" rx="3" fill="#555"/>`;
      return `${glow}${arm}<line x1="${hangX}" y1="20" x2="${hangX}" y2="${r1(drop + 16)}" stroke="#333" stroke-width="2"/><path d="M${r1(hangX - w)} ${r1(drop + 55)} Q${hangX} ${r1(drop - 25)} ${r1(hangX + w)} ${r1(drop + 55)} Z" fill="${colour}" stroke="#0002"/><ellipse cx="${hangX}" cy="${r1(drop + 55)}" rx="${r1(w * 0.7)}" ry="6" fill="#fff3c4"/>`;
    }
    case 20:
    case 28:
      return `${glow}<rect x="196" y="80" width="8" height="170" fill="#444"/><ellipse cx="200" cy="252" rx="45" ry="8" fill="#333"/><path d="M${r1(200 - w * 0.8)} 110 L${r1(200 - w * 0.4)} 40 L${r1(200 + w * 0.4)} 40 L${r1(200 + w * 0.8)} 110 Z" fill="${colour}" stroke="#0002"/>`;
    case 23:
      return `${glow}<rect x="195" y="150" width="10" height="90" fill="#444"/><ellipse cx="200" cy="242" rx="40" ry="8" fill="#333"/><path d="M${r1(200 - w * 0.7)} 160 Q200 ${r1(60 - rnd() * 20)} ${r1(200 + w * 0.7)} 160 Z" fill="${colour}" stroke="#0002"/>`;
    case 21:
    case 27:
      return `${glow}<rect x="40" y="20" width="320" height="6" fill="#999"/><ellipse cx="200" cy="40" rx="${r1(w * 1.4)}" ry="${r1(16 + rnd() * 10)}" fill="${colour}" stroke="#0002"/><ellipse cx="200" cy="52" rx="${r1(w)}" ry="6" fill="#fff3c4"/>`;
    case 22:
      return `${glow}<rect x="180" y="90" width="40" height="160" rx="6" fill="${colour}" stroke="#0002"/><rect x="186" y="100" width="28" height="30" rx="3" fill="#fff3c4"/><rect x="150" y="248" width="100" height="8" fill="#6b5"/>`;
    case 24:
      return `${glow}<rect x="40" y="30" width="320" height="10" fill="#444"/><rect x="190" y="40" width="20" height="25" fill="#444"/><rect x="${r1(200 - w * 0.4)}" y="65" width="${r1(w * 0.8)}" height="${r1(60 + rnd() * 30)}" rx="8" fill="${colour}" stroke="#0002"/>`;
    default:
      return `${glow}<rect x="60" y="20" width="12" height="240" fill="#bbb"/><path d="M72 ${r1(90 + rnd() * 20)} h${r1(w)} a30 30 0 0 1 0 90 h-${r1(w)} Z" fill="${colour}" stroke="#0002"/><ellipse cx="${r1(72 + w)}" cy="${r1(140 + rnd() * 20)}" rx="10" ry="40" fill="#fff3c4" opacity="0.8"/>`;
  }
}

/** The picture alone: no words drawn in it, since the screens name it in the user's language (img alt). */
function frame(body: string, background: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 300" width="400" height="300"><rect width="400" height="300" fill="${background}"/>${body}</svg>`;
}

const BACKGROUNDS = ['#f7f7f7', '#eeeeee', '#ddd9d2', '#f1eee9', '#e9eef2'];

export function collectionSvg(category: number, colour: string, rnd: () => number): string {
  return frame(lamp(category, colour, rnd), BACKGROUNDS[Math.floor(rnd() * BACKGROUNDS.length)] ?? '#f7f7f7');
}

export function modelSvg(category: number, colour: string, rnd: () => number): string {
  return frame(lamp(category, colour, rnd), BACKGROUNDS[Math.floor(rnd() * BACKGROUNDS.length)] ?? '#f7f7f7');
}
