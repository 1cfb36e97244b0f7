// A module (its own scope), not a script sharing the names of typography.test.ts.
export {};

// The web's types carry no Node: the fs and path calls made here, typed by hand.
const { readFileSync } = jest.requireActual<{ readFileSync: (path: string, encoding: 'utf8') => string }>('fs');
const { join } = jest.requireActual<{ join: (...parts: string[]) => string }>('path');
declare const __dirname: string;

const css = readFileSync(join(__dirname, 'legal.css'), 'utf8');

/** Relative luminance of a #rgb / #rrggbb colour (WCAG 2). */
function luminance(hex: string): number {
  const full = hex.length === 4 ? [...hex.slice(1)].map((c) => c + c).join('') : hex.slice(1);
  const [r, g, b] = [0, 2, 4].map((i) => {
    const c = Number.parseInt(full.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

describe('energy and climate scales', () => {
  const classes = [...css.matchAll(/\.class-chip--(energy|climate)-([A-G]) \{([^}]*)\}/g)];

  it('should give every class letter a 4.5:1 contrast on its reference colour', () => {
    expect(classes).toHaveLength(14);
    const weak = classes
      .map(([, scale, letter, body]) => {
        const bg = /background: (#[0-9a-f]+)/i.exec(body)![1];
        const fg = /(?:^|\s)color: (#[0-9a-f]+)/i.exec(body)![1];
        return { label: `${scale} ${letter}`, ratio: contrast(bg, fg) };
      })
      .filter(({ ratio }) => ratio < 4.5);
    expect(weak).toEqual([]);
  });

  it('should draw the bars of the full scale in those colours, not faded (a faded bar lowers the contrast)', () => {
    const bars = [...css.matchAll(/\.class-scale__bar[\w-]*[^{]*\{([^}]*)\}/g)].map(([, body]) => body);
    expect(bars.length).toBeGreaterThan(0);
    expect(bars.filter((body) => /opacity:\s*0?\.\d/.test(body))).toEqual([]);
  });
});
