import sharp from 'sharp';
import { mixSeed, Random, type DemoListing } from './demo-listings';

/**
 * Size and encoding of every demo picture. PNG at zlib level 1 without filtering: measured at half the CPU of a
 * JPEG encode for these flat images (~10 vs ~20 ms), lossless before the upload pipeline re-encodes, ~100 KB.
 */
export const DEMO_IMAGE_WIDTH = 1200;
export const DEMO_IMAGE_HEIGHT = 800;
export const DEMO_IMAGE_MIME = 'image/png';
export const DEMO_IMAGE_EXTENSION = 'png';

const W = DEMO_IMAGE_WIDTH;
const H = DEMO_IMAGE_HEIGHT;

// ---- tiny SVG helpers: numbers rounded to keep the markup short, colours as hex (no reliance on CSS colour parsing)

const r1 = (v: number) => Math.round(v * 10) / 10;

function hsl(h: number, s: number, l: number): string {
  const hue = ((h % 360) + 360) % 360;
  const sat = Math.max(0, Math.min(100, s)) / 100;
  const lig = Math.max(0, Math.min(100, l)) / 100;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = sat * Math.min(lig, 1 - lig);
  const channel = (n: number) => Math.round(255 * (lig - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return `#${[0, 8, 4].map((n) => channel(n).toString(16).padStart(2, '0')).join('')}`;
}

function rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): string {
  return `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${r1(cx)}" cy="${r1(cy)}" r="${r1(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

const ellipse = (cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') =>
  `<ellipse cx="${r1(cx)}" cy="${r1(cy)}" rx="${r1(rx)}" ry="${r1(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

const polygon = (points: readonly (readonly [number, number])[], fill: string, extra = '') =>
  `<polygon points="${points.map(([x, y]) => `${r1(x)},${r1(y)}`).join(' ')}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;

/** A thick dashed line draws a row of bars in one element: railings, fences, cladding, plank joints. */
const bars = (x: number, y: number, w: number, h: number, colour: string, dash: number, gap: number, offset = 0) =>
  `<line x1="${r1(x)}" y1="${r1(y + h / 2)}" x2="${r1(x + w)}" y2="${r1(y + h / 2)}" stroke="${colour}" stroke-width="${r1(h)}" stroke-dasharray="${dash} ${gap}" stroke-dashoffset="${offset}"/>`;

const gradient = (id: string, top: string, bottom: string, horizontal = false) =>
  `<linearGradient id="${id}" x1="0" y1="0" x2="${horizontal ? 1 : 0}" y2="${horizontal ? 0 : 1}"><stop offset="0" stop-color="${top}"/><stop offset="1" stop-color="${bottom}"/></linearGradient>`;

// ---- shared pieces

interface Palette {
  accent: string;
  accentDark: string;
  second: string;
  glass: string;
  leaf: string;
  leafDark: string;
}

function palette(rng: Random): Palette {
  const hue = rng.range(0, 360);
  const secondHue = hue + rng.range(120, 240); // a complementary-ish second colour keeps scenes lively
  return {
    accent: hsl(hue, rng.range(45, 65), rng.range(45, 58)),
    accentDark: hsl(hue, 45, 32),
    second: hsl(secondHue, rng.range(35, 55), rng.range(60, 72)),
    glass: hsl(rng.range(195, 215), 35, rng.range(62, 72)),
    leaf: hsl(rng.range(95, 135), rng.range(35, 50), rng.range(38, 48)),
    leafDark: hsl(rng.range(100, 140), 40, 28),
  };
}

function sky(rng: Random): { defs: string; body: string } {
  const dusk = rng.chance(0.2);
  const top = dusk ? hsl(rng.range(220, 240), 40, 48) : hsl(rng.range(198, 215), rng.range(55, 75), rng.range(55, 64));
  const bottom = dusk ? hsl(rng.range(18, 35), 85, 74) : hsl(rng.range(190, 205), 60, 88);
  const sun = circle(
    rng.range(80, W - 80),
    rng.range(70, 180),
    rng.range(40, 65),
    dusk ? '#ffd9a0' : '#fff3b0',
    'fill-opacity="0.9"',
  );
  const clouds = Array.from({ length: rng.int(2, 4) }, () => {
    const x = rng.range(0, W);
    const y = rng.range(60, 220);
    const s = rng.range(0.7, 1.3);
    // Opaque on purpose: translucent overlapping puffs would show seams, and group opacity costs a full-size layer.
    return (
      ellipse(x, y, 70 * s, 26 * s, '#f7fbff') +
      circle(x - 25 * s, y - 18 * s, 30 * s, '#f7fbff') +
      circle(x + 20 * s, y - 24 * s, 36 * s, '#f7fbff')
    );
  }).join('');
  return { defs: gradient('sky', top, bottom), body: rect(0, 0, W, H, 'url(#sky)') + sun + clouds };
}

function tree(x: number, ground: number, size: number, p: Palette, rng: Random): string {
  const trunk = rect(x - 7 * size, ground - 120 * size, 14 * size, 120 * size, '#6b4f3a');
  const crown = [
    circle(x, ground - 170 * size, 62 * size, p.leafDark),
    circle(x - 40 * size, ground - 140 * size, 48 * size, p.leaf),
    circle(x + 42 * size, ground - 145 * size, 50 * size, p.leaf),
    circle(x + rng.range(-10, 10) * size, ground - 200 * size, 44 * size, p.leaf),
  ];
  return trunk + crown.join('');
}

const cypress = (x: number, ground: number, height: number, colour: string) =>
  ellipse(x, ground - height / 2, height / 6, height / 2, colour);

// ---- exteriors

/** A Haussmann-style block: shops at street level, stone floors, wrought-iron balconies, zinc mansard roof. */
function parisBlock(rng: Random, x: number, w: number, ground: number, p: Palette): string {
  const floors = rng.int(4, 6);
  const floorH = rng.range(64, 74); // six floors plus the roof still leave some sky above
  const shopH = 100;
  const top = ground - shopH - floors * floorH;
  const stone = hsl(rng.range(30, 48), rng.range(20, 45), rng.range(76, 87));
  const stoneDark = hsl(35, 18, 64);
  const cols = Math.max(3, Math.floor(w / 105));
  const bay = w / cols;
  const out: string[] = [rect(x, top, w, ground - top, stone)];
  // Zinc mansard with dormers and chimneys.
  const roofH = rng.range(70, 95);
  const zinc = hsl(rng.range(200, 220), 12, rng.range(52, 64));
  out.push(
    polygon(
      [
        [x - 6, top],
        [x + w + 6, top],
        [x + w - 22, top - roofH],
        [x + 22, top - roofH],
      ],
      zinc,
    ),
  );
  for (let c = 0; c < cols; c++) {
    const cx = x + bay * (c + 0.5);
    out.push(
      polygon(
        [
          [cx - 22, top - 20],
          [cx + 22, top - 20],
          [cx, top - 48],
        ],
        zinc,
        `stroke="${stoneDark}" stroke-width="2"`,
      ),
    );
    out.push(rect(cx - 18, top - 20, 36, 30, stone), rect(cx - 12, top - 14, 24, 22, p.glass));
  }
  for (const cx of [x + w * 0.2, x + w * 0.75]) {
    out.push(
      rect(cx, top - roofH - 26, 34, 30, '#b5654a'),
      rect(cx + 4, top - roofH - 36, 8, 12, '#9c5038'),
      rect(cx + 20, top - roofH - 36, 8, 12, '#9c5038'),
    );
  }
  // Upper floors: cornice line, windows, balconies (continuous on the 2nd and top floors, as on real façades).
  for (let f = 0; f < floors; f++) {
    const y = ground - shopH - (f + 1) * floorH;
    out.push(rect(x - 4, y + floorH - 6, w + 8, 6, stoneDark));
    const continuous = f === 1 || f === floors - 1;
    if (continuous)
      out.push(
        rect(x - 2, y + floorH - 14, w + 4, 5, '#2f2f35'),
        bars(x, y + floorH * 0.62, w, floorH * 0.3, '#2f2f35', 2, 7),
      );
    for (let c = 0; c < cols; c++) {
      const wx = x + bay * (c + 0.5) - 22;
      const wy = y + floorH * 0.14;
      out.push(rect(wx - 4, wy - 4, 52, floorH * 0.7 + 4, '#f4efe6'), rect(wx, wy, 44, floorH * 0.66, p.glass));
      out.push(rect(wx + 21, wy, 2, floorH * 0.66, '#f4efe6'));
      if (!continuous) out.push(bars(wx - 2, wy + floorH * 0.42, 48, floorH * 0.22, '#2f2f35', 2, 6));
    }
  }
  // Street level: shop fronts with awnings and a carriage door in the middle.
  const doorCol = Math.floor(cols / 2);
  for (let c = 0; c < cols; c++) {
    const bx = x + bay * c;
    if (c === doorCol) {
      const dw = 56;
      const dx = bx + bay / 2 - dw / 2;
      out.push(
        `<path d="M${r1(dx)} ${ground} V${ground - 62} A${dw / 2} ${dw / 2} 0 0 1 ${r1(dx + dw)} ${ground - 62} V${ground} Z" fill="${p.accentDark}"/>`,
      );
      continue;
    }
    out.push(
      rect(bx + 10, ground - shopH + 26, bay - 20, shopH - 26, '#3b4250'),
      rect(bx + 16, ground - shopH + 32, bay - 32, shopH - 50, p.glass, 'fill-opacity="0.8"'),
    );
    const awning = c % 2 === 0 ? p.accent : p.second;
    out.push(
      polygon(
        [
          [bx + 6, ground - shopH + 10],
          [bx + bay - 6, ground - shopH + 10],
          [bx + bay + 2, ground - shopH + 40],
          [bx - 2, ground - shopH + 40],
        ],
        awning,
      ),
    );
    out.push(bars(bx + 2, ground - shopH + 10, bay - 4, 30, '#ffffff', 10, 10, -4));
  }
  return out.join('');
}

function streetScene(rng: Random, p: Palette): string {
  const ground = 700;
  const w = rng.range(560, 660);
  const x = (W - w) / 2 + rng.range(-60, 60);
  const neighbour = (nx: number, nw: number) =>
    parisBlock(rng, nx, nw, ground, { ...p, accent: p.second, second: p.accent });
  return [
    neighbour(x - 360, 340),
    neighbour(x + w + 20, 360),
    parisBlock(rng, x, w, ground, p),
    rect(0, ground, W, 30, '#c9c6bf'),
    rect(0, ground + 30, W, H - ground - 30, '#5d6068'),
    bars(0, ground + 62, W, 6, '#e9e6dc', 60, 40),
    tree(rng.range(60, 200), ground + 10, rng.range(0.9, 1.1), p, rng),
    tree(rng.range(1000, 1140), ground + 10, rng.range(0.9, 1.1), p, rng),
  ].join('');
}

function houseScene(rng: Random, p: Palette): string {
  const ground = 640;
  const w = rng.range(460, 560);
  const h = rng.range(250, 290);
  const x = (W - w) / 2 + rng.range(-80, 80);
  const top = ground - h;
  const roofH = rng.range(140, 185);
  const wall = rng.pick([hsl(40, 45, 88), hsl(20, 35, 80), hsl(rng.range(0, 360), 30, 84), hsl(8, 45, 52)]);
  const roof = rng.chance(0.6) ? hsl(rng.range(8, 20), 55, rng.range(40, 48)) : hsl(210, 14, 36);
  const shutter = rng.chance(0.5) ? p.accent : hsl(rng.pick([150, 200, 210, 0]), 35, 45);
  const window = (wx: number, wy: number) =>
    rect(wx - 30, wy, 26, 80, shutter) +
    rect(wx + 58, wy, 26, 80, shutter) +
    rect(wx - 4, wy - 4, 62, 88, '#fbfaf5') +
    rect(wx, wy, 54, 80, p.glass) +
    rect(wx + 26, wy, 2, 80, '#fbfaf5');
  const doorX = x + w / 2 - 40;
  return [
    ...Array.from({ length: 7 }, (_, i) =>
      circle(
        i * 200 + rng.range(-40, 40),
        ground - rng.range(40, 90),
        rng.range(90, 130),
        i % 2 ? p.leafDark : p.leaf,
        'fill-opacity="0.9"',
      ),
    ),
    rect(0, ground, W, H - ground, `url(#lawn)`),
    rect(x + w * 0.7, top - roofH * 0.8, 40, roofH * 0.6, '#9c5a44'),
    polygon(
      [
        [x - 30, top],
        [x + w / 2, top - roofH],
        [x + w + 30, top],
      ],
      roof,
    ),
    rect(x, top, w, h, wall),
    circle(x + w / 2, top - roofH * 0.4, 24, '#fbfaf5') + circle(x + w / 2, top - roofH * 0.4, 18, p.glass),
    window(x + 70, top + 30),
    window(x + w - 124, top + 30),
    window(x + 70, top + 160),
    window(x + w - 124, top + 160),
    rect(doorX, ground - 150, 80, 150, p.accentDark) +
      rect(doorX + 14, ground - 130, 52, 40, p.glass) +
      circle(doorX + 66, ground - 70, 4, '#e8c76a'),
    polygon(
      [
        [doorX, ground],
        [doorX + 80, ground],
        [doorX + 150, H],
        [doorX - 70, H],
      ],
      '#d8cbb3',
    ),
    bars(0, ground + 4, doorX - 40, 36, '#fbfaf5', 6, 14),
    bars(doorX + 120, ground + 4, W - doorX - 120, 36, '#fbfaf5', 6, 14),
    rect(0, ground + 8, doorX - 40, 5, '#fbfaf5') + rect(doorX + 120, ground + 8, W, 5, '#fbfaf5'),
    ...Array.from({ length: 8 }, () =>
      ellipse(rng.range(20, W - 20), rng.range(ground + 60, H - 30), rng.range(50, 90), rng.range(25, 40), p.leafDark),
    ),
    ...Array.from({ length: 30 }, () =>
      circle(
        rng.range(0, W),
        rng.range(ground + 50, H - 10),
        rng.range(4, 7),
        rng.pick([p.accent, p.second, '#ffffff', '#f2c94c']),
      ),
    ),
    tree(rng.range(70, 170), ground + 40, 1.1, p, rng),
  ].join('');
}

function villaScene(rng: Random, p: Palette): string {
  const ground = 600;
  const white = hsl(40, rng.range(8, 20), rng.range(93, 97));
  const wood = hsl(rng.range(22, 32), 45, rng.range(48, 58));
  const lowX = rng.range(170, 260);
  const lowW = rng.range(700, 800);
  const upX = lowX + rng.range(-40, 260);
  const upW = rng.range(380, 460);
  const glassPane = (gx: number, gy: number, gw: number, gh: number) =>
    rect(gx, gy, gw, gh, 'url(#glass)') +
    polygon(
      [
        [gx + gw * 0.15, gy + gh],
        [gx + gw * 0.35, gy],
        [gx + gw * 0.5, gy],
        [gx + gw * 0.3, gy + gh],
      ],
      '#ffffff',
      'fill-opacity="0.18"',
    ) +
    bars(gx, gy, gw, gh, '#2e3440', 3, gw / 3 - 3, -gw / 3);
  return [
    ...Array.from({ length: 6 }, (_, i) =>
      cypress(i * 230 + rng.range(0, 80), ground, rng.range(220, 320), i % 2 ? p.leafDark : p.leaf),
    ),
    rect(0, ground, W, H - ground, 'url(#lawn)'),
    rect(lowX, ground - 200, lowW, 200, white),
    rect(upX, ground - 370, upW, 170, white),
    rect(upX - 10, ground - 378, upW + 20, 10, '#3a3f48') + rect(lowX - 12, ground - 208, lowW + 24, 10, '#3a3f48'),
    rect(upX + upW * 0.62, ground - 368, upW * 0.38, 168, wood) +
      bars(upX + upW * 0.62, ground - 368, upW * 0.38, 168, hsl(25, 40, 38), 3, 11),
    glassPane(upX + 24, ground - 350, upW * 0.52, 120),
    glassPane(lowX + 40, ground - 180, lowW * 0.55, 170),
    rect(lowX + lowW * 0.7, ground - 190, lowW * 0.26, 190, wood) +
      bars(lowX + lowW * 0.7, ground - 190, lowW * 0.26, 190, hsl(25, 40, 38), 3, 11),
    rect(lowX - 40, ground, lowW + 80, 40, hsl(30, 25, 70)) +
      bars(lowX - 40, ground, lowW + 80, 40, hsl(30, 20, 60), 2, 28),
    `<rect x="180" y="${ground + 62}" width="840" height="110" rx="14" fill="#f1ede4"/>`,
    `<rect x="194" y="${ground + 74}" width="812" height="86" rx="8" fill="url(#pool)"/>`,
    ...Array.from({ length: 9 }, () => {
      const wx = rng.range(220, 960);
      const wy = rng.range(ground + 86, ground + 150);
      return `<path d="M${r1(wx)} ${r1(wy)} q12 -6 24 0 t24 0" stroke="#ffffff" stroke-width="3" fill="none" stroke-opacity="0.6"/>`;
    }),
    tree(rng.range(1040, 1140), ground + 20, 1.2, p, rng),
  ].join('');
}

// ---- interiors

interface Room {
  defs: string;
  body: string;
}

/** Wall, wooden floor and a window looking onto Paris roofs; shared by every interior. */
function roomShell(rng: Random, p: Palette, windowX: number): Room {
  const wall = hsl(rng.range(0, 360), rng.range(12, 35), rng.range(82, 91));
  const woodHue = rng.range(22, 36);
  const floorTop = 560;
  const plank = 40;
  const joints = Array.from(
    { length: Math.ceil((H - floorTop) / plank) },
    (_, i) =>
      rect(0, floorTop + i * plank, W, 2, hsl(woodHue, 35, 38), 'fill-opacity="0.5"') +
      bars(0, floorTop + i * plank, W, plank, hsl(woodHue, 35, 40), 2, 178, rng.range(0, 180)),
  ).join('');
  // Roofs seen through the window, kept inside the pane by construction (a clip-path would cost an extra layer).
  const roofline = Array.from({ length: 8 }, (_, i) => {
    const bx = windowX + i * 38;
    const bw = Math.min(rng.range(40, 70), windowX + 300 - bx);
    const bh = rng.range(40, 110);
    return rect(bx, 440 - bh, bw, bh, hsl(215, 12, rng.range(62, 74)));
  }).join('');
  const curtain = (cx: number) =>
    `<path d="M${cx} 90 h60 q-14 180 10 400 h-76 q-10 -220 6 -400 Z" fill="${p.second}"/>`;
  const body = [
    rect(0, 0, W, floorTop, wall),
    rect(0, floorTop, W, H - floorTop, hsl(woodHue, rng.range(35, 50), rng.range(50, 60))),
    joints,
    rect(0, floorTop - 14, W, 14, '#f7f5f0'),
    rect(windowX - 12, 108, 324, 344, '#f7f5f0'),
    rect(windowX, 120, 300, 320, 'url(#sky)') + roofline,
    rect(windowX + 146, 120, 8, 320, '#f7f5f0') + rect(windowX, 270, 300, 8, '#f7f5f0'),
    curtain(windowX - 60) + curtain(windowX + 290),
    rect(windowX - 70, 84, 440, 8, '#5b5148'),
  ].join('');
  return { defs: '', body };
}

function plant(x: number, floor: number, p: Palette): string {
  const leaves = [-50, -25, 0, 25, 50]
    .map(
      (angle, i) =>
        `<ellipse cx="${r1(x)}" cy="${r1(floor - 150 - (i % 2) * 20)}" rx="22" ry="70" fill="${i % 2 ? p.leafDark : p.leaf}" transform="rotate(${angle} ${r1(x)} ${floor - 80})"/>`,
    )
    .join('');
  return (
    leaves +
    polygon(
      [
        [x - 40, floor - 80],
        [x + 40, floor - 80],
        [x + 30, floor],
        [x - 30, floor],
      ],
      hsl(20, 45, 55),
    )
  );
}

/** A framed abstract print: sun over a band, mountains, or colour blocks. */
function artwork(rng: Random, x: number, y: number, w: number, h: number, p: Palette): string {
  const frame = rect(x - 8, y - 8, w + 16, h + 16, '#3d3a36') + rect(x, y, w, h, '#fbf8f2');
  const kind = rng.int(0, 2);
  if (kind === 0) {
    const sun = circle(x + w * rng.range(0.3, 0.7), y + h * rng.range(0.3, 0.5), Math.min(w, h) * 0.25, p.accent);
    return frame + sun + rect(x + w * 0.15, y + h * 0.62, w * 0.7, h * 0.16, p.second);
  }
  if (kind === 1) {
    const peak = x + w * rng.range(0.35, 0.65);
    return (
      frame +
      circle(x + w * 0.78, y + h * 0.28, Math.min(w, h) * 0.1, p.accent) +
      polygon(
        [
          [x + 8, y + h - 8],
          [peak, y + h * 0.3],
          [x + w - 8, y + h - 8],
        ],
        p.second,
      ) +
      polygon(
        [
          [x + 8, y + h - 8],
          [x + w * 0.3, y + h * 0.55],
          [x + w * 0.6, y + h - 8],
        ],
        p.accentDark,
      )
    );
  }
  const split = rng.range(0.35, 0.65);
  return (
    frame +
    rect(x + 10, y + 10, (w - 20) * split - 4, h - 20, p.accent) +
    rect(x + 10 + (w - 20) * split + 4, y + 10, (w - 20) * (1 - split) - 4, (h - 20) * 0.55, p.second) +
    rect(
      x + 10 + (w - 20) * split + 4,
      y + 10 + (h - 20) * 0.55 + 8,
      (w - 20) * (1 - split) - 4,
      (h - 20) * 0.45 - 8,
      p.glass,
    )
  );
}

function livingRoom(rng: Random, p: Palette, mirrored: boolean): Room {
  const shell = roomShell(rng, p, mirrored ? 760 : 120);
  const sofa = hsl(rng.range(0, 360), rng.range(20, 45), rng.range(40, 60));
  const sx = mirrored ? 120 : 540;
  const parts = [
    ellipse(sx + 260, 700, 380, 70, p.second, 'fill-opacity="0.7"'),
    artwork(rng, sx + 150, 190, 220, 150, p),
    `<rect x="${sx}" y="400" width="520" height="130" rx="28" fill="${sofa}"/>`,
    `<rect x="${sx - 20}" y="470" width="560" height="110" rx="22" fill="${sofa}"/>`,
    `<rect x="${sx - 40}" y="440" width="70" height="140" rx="24" fill="${sofa}"/>`,
    `<rect x="${sx + 490}" y="440" width="70" height="140" rx="24" fill="${sofa}"/>`,
    `<rect x="${sx + 60}" y="420" width="110" height="80" rx="16" fill="${p.accent}" transform="rotate(-8 ${sx + 115} 460)"/>`,
    `<rect x="${sx + 350}" y="420" width="110" height="80" rx="16" fill="${p.second}" transform="rotate(7 ${sx + 405} 460)"/>`,
    rect(sx, 580, 14, 30, '#3d3a36') + rect(sx + 506, 580, 14, 30, '#3d3a36'),
    ellipse(sx + 260, 660, 150, 26, hsl(30, 30, 30)) +
      rect(sx + 180, 666, 12, 60, hsl(30, 30, 25)) +
      rect(sx + 328, 666, 12, 60, hsl(30, 30, 25)),
    rect(sx + 210, 618, 24, 34, p.accentDark) + circle(sx + 222, 605, 16, p.accent),
    plant(mirrored ? 1080 : 80, 640, p),
    rect(mirrored ? 700 : 480, 300, 6, 330, '#3d3a36') +
      polygon(
        [
          [(mirrored ? 703 : 483) - 45, 300],
          [(mirrored ? 703 : 483) + 45, 300],
          [(mirrored ? 703 : 483) + 30, 240],
          [(mirrored ? 703 : 483) - 30, 240],
        ],
        '#f3e3c3',
      ),
  ];
  return { defs: shell.defs, body: shell.body + parts.join('') };
}

function bedroom(rng: Random, p: Palette, mirrored: boolean): Room {
  const shell = roomShell(rng, p, mirrored ? 80 : 800);
  const bx = mirrored ? 520 : 160;
  const duvet = rng.chance(0.5) ? p.second : hsl(rng.range(0, 360), 25, 78);
  const lamp = (lx: number) =>
    rect(lx - 6, 420, 12, 40, '#3d3a36') +
    polygon(
      [
        [lx - 30, 420],
        [lx + 30, 420],
        [lx + 20, 380],
        [lx - 20, 380],
      ],
      '#f3e3c3',
    );
  const table = (tx: number) =>
    rect(tx, 460, 100, 110, hsl(30, 30, 40)) + rect(tx + 10, 500, 80, 3, hsl(30, 30, 28)) + lamp(tx + 50);
  const parts = [
    `<rect x="${bx - 40}" y="610" width="600" height="150" rx="20" fill="${p.accent}" fill-opacity="0.55"/>`,
    artwork(rng, bx + 110, 160, 140, 110, p) + artwork(rng, bx + 280, 160, 140, 110, p),
    `<rect x="${bx}" y="320" width="520" height="260" rx="26" fill="${p.accentDark}"/>`,
    rect(bx + 10, 470, 500, 150, '#fbfaf5'),
    `<rect x="${bx + 40}" y="410" width="180" height="80" rx="22" fill="#ffffff" stroke="#e4e0d8" stroke-width="3"/>`,
    `<rect x="${bx + 300}" y="410" width="180" height="80" rx="22" fill="#ffffff" stroke="#e4e0d8" stroke-width="3"/>`,
    `<rect x="${bx}" y="500" width="520" height="140" rx="14" fill="${duvet}"/>`,
    rect(bx, 590, 520, 26, p.accent, 'fill-opacity="0.8"'),
    table(bx - 130),
    table(bx + 550),
  ];
  return { defs: shell.defs, body: shell.body + parts.join('') };
}

// ---- entry point

type Scene = 'exterior' | 'living' | 'bedroom';
const SCENES: readonly Scene[] = ['exterior', 'living', 'bedroom'];

/** FNV-1a, to fold the title into the seed: two listings sharing a seed still get different pictures. */
function hashText(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** Builds the SVG markup of one demo picture (exported for tests and for previewing without sharp). */
export function demoImageSvg(
  listing: Pick<DemoListing, 'type' | 'title' | 'isRental'>,
  variant: number,
  seed: number,
): string {
  const rng = new Random(mixSeed(seed, variant, hashText(listing.title), listing.isRental ? 1 : 0));
  const scene = SCENES[Math.abs(Math.floor(variant)) % SCENES.length];
  const p = palette(rng);
  const skyPart = sky(rng);
  const lawn = gradient('lawn', hsl(rng.range(85, 115), 45, 52), hsl(rng.range(90, 120), 45, 40));
  const pool = gradient('pool', hsl(188, 75, 62), hsl(198, 70, 45));
  const glass = gradient('glass', hsl(205, 35, 40), hsl(195, 45, 72), true);
  let defs = skyPart.defs + lawn + pool + glass;
  let body: string;
  if (scene === 'exterior') {
    const draw = listing.type === 'apartment' ? streetScene : listing.type === 'house' ? houseScene : villaScene;
    body = skyPart.body + draw(rng, p);
  } else {
    const room = (scene === 'living' ? livingRoom : bedroom)(rng, p, rng.chance(0.5));
    defs += room.defs;
    body = room.body;
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}"><defs>${defs}</defs>${body}</svg>`;
}

/**
 * Renders a flat illustration for a listing as a 1200×800 PNG: variant 0 is the outside (block, house or villa
 * by type), 1 a living room, 2 a bedroom, then the cycle repeats with new colours. No text: fonts are not reliable.
 */
export async function renderDemoImage(
  listing: Pick<DemoListing, 'type' | 'title' | 'isRental'>,
  variant: number,
  seed: number,
): Promise<Buffer> {
  const svg = demoImageSvg(listing, variant, seed);
  return sharp(Buffer.from(svg)).png({ compressionLevel: 1, adaptiveFiltering: false }).toBuffer();
}
